"""Issue 25: what a player sees speaks the language chosen.

A seeded hand played at the Table in Turkish, French and Polish narrates, titles, pictures and settles in
that language with no English word of the source catalog left (the players' names and the card codes
aside); plural forms are right at 1, 2, 5, 22 and 25; no marked message hides inside an f-string (where
Babel's extractor cannot see it, so it would never reach a catalog).
"""

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardlib import i18n
from cardlib.widgets import Table

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["tr", "fr", "pl"]
NAMES = {"ada", "bora", "cem", "deniz", "ece", "filiz", "gül", "hakan"}


def _words(text: str) -> set[str]:
    text = re.sub(r"\{\w+\}", " ", text)            # placeholders
    text = re.sub(r"\w+_\w+", " ", text)             # option names (draw_policy): code, not words
    text = re.sub(r"\b[A-Za-z]+\d\w*", " ", text)      # option values (linear3, doubling3)
    text = re.sub(r"\([A-Z]{2}-[\w-]+(, [A-Z]{2}-[\w-]+)*\)", " ", text)   # rule ids
    return {w.lower() for w in re.findall(r"[^\W\d_]{3,}", text)}


def _catalog_words(lang: str | None) -> set[str]:
    """Every word of the source msgids (``lang`` None) or of ``lang``'s translations."""
    path = (i18n.LOCALE_DIR / "cardlib.pot") if lang is None else (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "cardlib.po")
    cat = read_po(path.open("rb"))
    out: set[str] = set()
    for m in cat:
        if not m.id:
            continue
        texts = (m.id if isinstance(m.id, tuple) else (m.id,)) if lang is None else (
            m.string if isinstance(m.string, tuple) else (m.string,))
        for t in texts:
            out |= _words(t)
    return out


def _english_only(lang: str) -> set[str]:
    """Words of the English source that the language's own catalog never uses (``joker``, ``tek``, ``as``
    and ``Opéra`` are words of both, so they may stay)."""
    return _catalog_words(None) - _catalog_words(lang) - NAMES


def _table_text(t: Table) -> str:
    """Everything the table shows in words: status, narration, outcome, every button, the picture's text
    and alt text."""
    parts = [t.status.value, t.log_box.value, str(t.outcome or ""), t.static_text(), t.style_box.value]
    parts += [(getattr(b, "description", None) or "") + " " + (getattr(b, "tooltip", None) or "") for b in t.buttons.values()]
    svg = str(t.picture)
    parts += re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    parts += re.findall(r"<(?:title|desc)>([^<]*)</(?:title|desc)>", svg)
    text = " ".join(parts)
    text = re.sub(r"<style>.*?</style>", lambda m: " ".join(re.findall(r'content: "([^"]*)"', m.group(0))), text,
                  flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


def _static_text(html: str) -> str:
    """The words of a widget's static form (issue 24): its text and its pictures' alt text."""
    alts = re.findall(r'alt="([^"]*)"', html)
    return re.sub(r"<[^>]+>", " ", re.sub(r"<img\b[^>]*>", " ", html)) + " " + " ".join(alts)


def _play_out(game: str, lang: str, seed: int) -> tuple[Table, list[str]]:
    t = Table(game=game, seed=seed, language=lang)
    seen = [_table_text(t), _static_text(t.static_html())]
    while not t.hand.is_over():
        t.play(t.legal()[-1])
        seen.append(_table_text(t))
    seen.append(_static_text(t.static_html()))
    return t, seen


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,seed", [("pis-yedili", 3), ("pis-yedili", 11), ("sari-cuce", 5), ("sari-cuce", 8)])
def test_a_seeded_hand_has_no_english_word_left(game, seed, lang):
    english = _english_only(lang)
    t, seen = _play_out(game, lang, seed)
    text = " ".join(seen)
    left = sorted(_words(text) & english)
    assert not left, f"English words left in a {lang} {game} hand: {left}"
    assert t.hand.is_over() and t.outcome is not None
    # and the same hand in English does use those words: the check can fail
    t_en, seen_en = _play_out(game, "en", seed)
    assert len(_words(" ".join(seen_en)) & english) > 20


def test_english_stays_the_source():
    """English is the default: the words a player saw before the catalogs existed are unchanged."""
    t = Table(game="pis-yedili", seed=3)
    assert t.narration[0] == "Deniz deals 7 cards to each player; 24 cards stay face down in the stock."
    assert t.new_button.description == "new hand"


def test_language_is_per_widget_and_leaves_the_process_language_alone():
    i18n.set_language("fr")
    try:
        tr = Table(game="sari-cuce", seed=5, language="tr")
        fr = Table(game="sari-cuce", seed=5)
        assert tr.narration[0].endswith("ölü destede kapalı kalır.")
        assert "talon" in fr.narration[0]
        assert i18n.get_language() == "fr"
        tr.play(tr.legal()[0])                 # a later click still speaks the table's language
        assert "oynar" in " ".join(tr.narration[-3:]) or "açar" in " ".join(tr.narration[-3:])
    finally:
        i18n.set_language("en")
    with pytest.raises(ValueError, match="xx"):
        Table(game="sari-cuce", seed=5, language="xx")


def test_errors_for_programmers_stay_english():
    from cardlib import IllegalMoveError
    t = Table(game="pis-yedili", seed=3, language="tr")
    hand = t.hand
    illegal = next(c for c in hand.hands[hand.to_act] if str(c) not in t.legal())
    with i18n.using("tr"):
        with pytest.raises(IllegalMoveError, match="is not legal: "):
            hand.push(str(illegal))
        from cardlib.pisyedili.reasons import why_illegal
        from cardlib.pisyedili import Move
        why = why_illegal(hand, Move.parse(str(illegal)))
    assert why and not re.search(r"\b(play|draw|the)\b", why), why


PLURALS = {
    "pl": {"card": ["1 karta", "2 karty", "5 kart", "22 karty", "25 kart"],
           "chip": ["1 żeton", "2 żetony", "5 żetonów", "22 żetony", "25 żetonów"],
           "point": ["1 punkt", "2 punkty", "5 punktów", "22 punkty", "25 punktów"]},
    "fr": {"card": ["1 carte", "2 cartes", "5 cartes", "22 cartes", "25 cartes"],
           "chip": ["1 jeton", "2 jetons", "5 jetons", "22 jetons", "25 jetons"]},
    "tr": {"card": ["1 kart", "2 kart", "5 kart", "22 kart", "25 kart"],
           "chip": ["1 fiş", "2 fiş", "5 fiş", "22 fiş", "25 fiş"]},
}


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_at_1_2_5_22_25(lang):
    for what, want in PLURALS[lang].items():
        assert [i18n.count_words(what, n, language=lang) for n in (1, 2, 5, 22, 25)] == want


@pytest.mark.parametrize("n,want", [(1, "1 karta ze stosu odrzuconych zostaje potasowana"),
                                    (2, "2 karty ze stosu odrzuconych zostają potasowane"),
                                    (5, "5 kart ze stosu odrzuconych zostaje potasowanych"),
                                    (22, "22 karty ze stosu odrzuconych zostają potasowane"),
                                    (25, "25 kart ze stosu odrzuconych zostaje potasowanych")])
def test_polish_sentence_agrees_with_its_number(n, want):
    from cardlib import Card
    from cardlib.pisyedili.events import Reshuffle
    with i18n.using("pl"):
        assert want in Reshuffle(stock=(Card.parse("2C"),) * n).describe()


def _marked_calls_in_fstrings(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for sub in ast.walk(node):
                if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)
                        and sub.func.id in ("_", "gettext", "ngettext", "pgettext", "N_")
                        and sub.args and isinstance(sub.args[0], ast.Constant)):
                    bad.append(sub.lineno)
    return bad


def test_no_marked_message_inside_an_fstring():
    """Babel's extractor does not read inside f-strings: a message marked there never reaches a catalog
    (and the completeness check could not see it)."""
    found = {str(p.relative_to(ROOT)): lines for p in sorted((ROOT / "cardlib").rglob("*.py"))
             if (lines := _marked_calls_in_fstrings(p))}
    assert not found
    sample = ROOT / "tests" / "i18n" / "_fstring_sample.txt"
    assert _marked_calls_in_fstrings(sample) == [1]       # the check finds one when there is one


def _gettext_shadowed(path: Path) -> list[str]:
    """Functions that call ``_()`` and also bind the name ``_`` (``for _ in ...``, ``x, _ = ...``): there
    ``_`` is a local and the call fails (found in an explorer)."""
    bad = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        calls = binds = False
        todo = list(ast.iter_child_nodes(fn))
        while todo:
            node = todo.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
                                 ast.DictComp, ast.GeneratorExp)):
                continue                                     # their own scope
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_":
                calls = True
            if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
                binds = True
            todo.extend(ast.iter_child_nodes(node))
        if calls and binds:
            bad.append(f"{fn.name}:{fn.lineno}")
    return bad


def test_no_function_hides_gettext_behind_a_local_underscore():
    found = {str(p.relative_to(ROOT)): b for p in sorted((ROOT / "cardlib").rglob("*.py")) if (b := _gettext_shadowed(p))}
    assert not found
    sample = ROOT / "tests" / "i18n" / "_shadow_sample.txt"
    assert _gettext_shadowed(sample) == ["f:1"]


EXPLORER_SETTINGS = {
    "WhatMayIPlay": [{}, {"phase": "opening"}, {"pending": 2}, {"phase": "ace", "preset": "turkish"},
                     {"top": "X", "named": "S"}],
    "SevenChain": [{}, {"sevens": 4, "penalty": "doubling3"}],
    "WhoPlaysNext": [{}, {"card": "10"}, {"players": 2, "card": "10", "reverse_as_skip": True}, {"card": "9"}],
    "AceTurn": [{}, {"rule": "all_draw", "aces_all_at_once": True}, {"cards": "", "ace_cannot_finish": True},
                {"tek": "forgets", "cards": "5H"}],
    "SayTek": [{}, {"said": False}, {"between": "ace"}, {"between": "seven", "said": False}],
    "HandScore": [{}, {"last": "JH", "penalty_draws": True}, {"multipliers": False}],
    "NextPlayerExplorer": [{}, {"holders": ()}, {"last": 0, "holders": (0, 2)}],
    "DealExplorer": [{}, {"players": 5, "carried": ("7D", "QS")}, {"players": 2}, {"players": 9},
                     {"players": 2, "allow_two_players": True}, {"carried": ("KH",)}],
    "StallExplorer": [{}, {"card": "KS"}, {"holders": (2,), "declines": True}, {"stall_rule": "skip_rank"},
                      {"card": "QH"}],
    "SettlementExplorer": [{}, {"step": 3}, {"chips1": 5, "step": 2}],
    "OperaExplorer": [{}, {"hand": "single"}, {"hand": "interrupted"}, {"opera_reward": "double_payments"},
                      {"opera_definition": "single_run"}],
    "GameEndExplorer": [{}, {"chips2": 10}, {"hands_played": 5}, {"end_mode": "bankruptcy"}],
}


# the engine's diagnostics stay English (docs/languages.md: errors for programmers); an explorer quotes one
# when the controls ask for an impossible position: the quote is left out of the check, the wrapper is not
DIAGNOSTICS = ["This position cannot happen: {error}.", "(A real hand could not reach this position: {warning}.)",
               "This cannot be set up: {error}.", "Your hand cannot be read: {error}."]


def _without_diagnostics(text: str, lang: str) -> str:
    for msg in DIAGNOSTICS:
        said = i18n._(msg, language=lang)
        pattern = re.escape(said).replace(re.escape("{error}"), ".*?").replace(re.escape("{warning}"), ".*?")
        text = re.sub(pattern + "(?=\\s|$)", " ", text)
    return text


def _explorer_text(e) -> str:
    import ipywidgets as W
    parts = [_without_diagnostics(e.sentence, e.language or "en"), e.heading.value]
    for c in e.controls.values():
        parts.append(c.description or "")
        options = getattr(c, "options", None) or ()
        parts += [o[0] if isinstance(o, tuple) else str(o) for o in options]
        if isinstance(c, W.Text):
            parts.append("")
    svg = str(e.picture or "")
    parts += re.findall(r"<text[^>]*>([^<]*)</text>", svg) + re.findall(r"<(?:title|desc)>([^<]*)</", svg)
    return re.sub(r"<[^>]+>", " ", " ".join(parts))


def played_explorers(lang: str):
    """Every explorer of both games in ``lang``, set to each of its EXPLORER_SETTINGS in turn: (name, the
    explorer, the values just set).  Also played by test_picture_fit.py."""
    from cardlib.widgets.explorers import explorers_of
    for game in ("pis-yedili", "sari-cuce"):
        for name, cls in explorers_of(game).items():
            e = cls(language=lang)
            for values in EXPLORER_SETTINGS.get(name, [{}]):
                if values:
                    e.set(**values)
                yield name, e, values


@pytest.mark.parametrize("lang", LANGS)
def test_the_explorers_speak_the_language(lang):
    from cardlib.widgets.explorers import explorers_of
    english = _english_only(lang) - {"restart", "hands", "bankruptcy", "classic", "turkish"}   # option values
    found = {}
    last = {}
    for name, e, values in played_explorers(lang):
        left = _words(_explorer_text(e)) & english
        if left:
            found[f"{name} {values}"] = sorted(left)
        last[name] = e
    for name, e in last.items():                       # each explorer's static form, at its last setting
        static = _words(_without_diagnostics(_static_text(e.static_html()), lang)) & english
        if static:
            found[f"{name} static form"] = sorted(static)
    assert not found
    en = explorers_of("sari-cuce")["StallExplorer"](language="en")
    assert len(_words(_explorer_text(en)) & english) > 10          # the check can fail
