"""The games' words in the four languages, each with the rule that says it (issue 25): the glossary's table
(notebook 01) and the terminology tables of docs/terms-tr.md, terms-fr.md and terms-pl.md are written from
here and the catalogs, so a word means the same in a notebook, a picture and a rule sheet.

Each term is marked with the context ``"glossary"`` (a noun, as a dictionary gives it: "draw" is the act of
drawing here, the button elsewhere says "çek"/"pioche"); its translation comes from the catalogs, where the
games' own words are chosen (docs/languages.md): sinek, karo, kupa, maça; trèfle, carreau, cœur, pique ...

>>> [t.word for t in terms()][:3]
['box', 'stakes', 'yellow dwarf']
>>> term("yellow dwarf").said("fr"), term("tek").said("tr"), term("clubs").said("pl")
('le nain jaune', 'tek', 'trefl')
"""

from __future__ import annotations

import html
import importlib
from dataclasses import dataclass, replace
from typing import Any

from .i18n import LANGUAGES, NP_, pgettext

__all__ = ["Term", "COMMON", "terms", "topics", "term", "glossary_rows", "glossary_html", "glossary_markdown"]

LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe", "fr": "Français", "pl": "Polski"}


@dataclass(frozen=True)
class Term:
    """A word of a game (``game``: ``"sari-cuce"``, ``"pis-yedili"``, ``"cards"`` or ``"probability"``) and
    the rule id that says it (``"—"`` for none)."""

    word: str
    rule: str
    game: str = ""

    def said(self, language: str) -> str:
        """The word in ``language`` (``"en"`` ``"tr"`` ``"fr"`` ``"pl"``)."""
        return pgettext("glossary", self.word, language=language)


#: the words every game shares (the cards) and the probability notebooks' words; each game's own words are in
#: its package (``cardlib/<game>/glossary.py``, the game's glossary), gathered by :func:`terms`
COMMON: tuple[Term, ...] = (
    Term(NP_("glossary", "clubs"), "—", "cards"),
    Term(NP_("glossary", "diamonds"), "—", "cards"),
    Term(NP_("glossary", "hearts"), "—", "cards"),
    Term(NP_("glossary", "spades"), "—", "cards"),
    Term(NP_("glossary", "suit"), "—", "cards"),
    Term(NP_("glossary", "rank"), "—", "cards"),
    Term(NP_("glossary", "Jack"), "—", "cards"),
    Term(NP_("glossary", "Queen"), "—", "cards"),
    Term(NP_("glossary", "Ace"), "—", "cards"),
    Term(NP_("glossary", "seven"), "—", "cards"),
    Term(NP_("glossary", "chance"), "—", "probability"),
    Term(NP_("glossary", "exact answer"), "—", "probability"),
    Term(NP_("glossary", "estimate"), "—", "probability"),
    Term(NP_("glossary", "interval (95%)"), "—", "probability"),
    Term(NP_("glossary", "seed"), "—", "probability"),
    Term(NP_("glossary", "hypergeometric law"), "—", "probability"),
)
TOPIC_TITLES = {"cards": "cards", "probability": "probability"}


def _game_terms(spec: Any) -> tuple[Term, ...]:
    """The glossary module of a game's package (``cardlib.saricuce.glossary``), its terms marked with the
    game; none for a game without one."""
    package = spec.hand.__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".glossary")
    except ModuleNotFoundError:
        return ()
    return tuple(replace(t, game=spec.name) for t in module.TERMS)


def terms() -> tuple[Term, ...]:
    """Every term: each registered game's own (in registration order), then the shared ones."""
    from .games import GAMES
    return tuple(t for spec in GAMES.values() for t in _game_terms(spec)) + COMMON


def topics() -> dict[str, str]:
    """The glossary's sections: each game with terms (its name -> its title), then cards and probability."""
    from .games import GAMES
    return {**{spec.name: spec.title for spec in GAMES.values() if _game_terms(spec)}, **TOPIC_TITLES}


def term(word: str) -> Term:
    """The term whose English word is ``word``; ``KeyError`` naming it when there is none."""
    for t in terms():
        if t.word == word:
            return t
    raise KeyError(f"{word!r} is not a glossary term")


def glossary_rows(game: str | None = None, languages: tuple[str, ...] = LANGUAGES) -> list[list[str]]:
    """One row per term (of ``game``, or all): the word in each language, then the rule id."""
    return [[t.said(lang) for lang in languages] + [t.rule] for t in terms() if game is None or t.game == game]


def glossary_markdown(game: str | None = None, languages: tuple[str, ...] = LANGUAGES) -> str:
    """The glossary as a Markdown table (docs/terms-*.md, the printed sheets)."""
    head = [LANGUAGE_NAMES.get(lang, lang) for lang in languages] + ["rule"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(row) + " |" for row in glossary_rows(game, languages)]
    return "\n".join(lines)


def glossary_html(languages: tuple[str, ...] = LANGUAGES) -> str:
    """The glossary as a plain HTML table, one section per game (shown by notebook 01 without a kernel)."""
    cell = "padding:2px 10px;border-bottom:1px solid #d8d4c8;text-align:left"
    out = ['<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px">']
    for game, title in topics().items():
        out.append(f'<tr><th colspan="{len(languages) + 1}" style="{cell};padding-top:10px;font-size:14px">'
                   f"{html.escape(title)}</th></tr>")
        out.append("<tr>" + "".join(f'<th style="{cell}">{html.escape(LANGUAGE_NAMES.get(lang, lang))}</th>'
                                    for lang in languages) + f'<th style="{cell}">rule</th></tr>')
        for row in glossary_rows(game, languages):
            out.append("<tr>" + "".join(f'<td style="{cell}">{html.escape(c)}</td>' for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)
