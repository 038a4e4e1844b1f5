"""The games' words in the four languages, each with the rule that says it (issue 25): the glossary's table
(notebook 01) and the terminology tables of docs/terms-tr.md, terms-fr.md and terms-pl.md are written from
here and the catalogs, so a word means the same in a notebook, a picture and a rule sheet.

Each term is marked with the context ``"glossary"`` (a noun, as a dictionary gives it: "draw" is the act of
drawing here, the button elsewhere says "çek"/"pioche"); its translation comes from the catalogs, where the
games' own words are chosen (docs/languages.md): sinek, karo, kupa, maça; trèfle, carreau, cœur, pique ...

>>> [t.word for t in TERMS][:3]
['box', 'stakes', 'yellow dwarf']
>>> term("yellow dwarf").said("fr"), term("tek").said("tr"), term("clubs").said("pl")
('le nain jaune', 'tek', 'trefl')
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from .i18n import LANGUAGES, NP_, pgettext

__all__ = ["Term", "TERMS", "term", "glossary_rows", "glossary_html", "glossary_markdown"]

LANGUAGE_NAMES = {"en": "English", "tr": "Türkçe", "fr": "Français", "pl": "Polski"}


@dataclass(frozen=True)
class Term:
    """A word of a game (``game``: ``"sari-cuce"``, ``"pis-yedili"``, ``"cards"`` or ``"probability"``) and
    the rule id that says it (``"—"`` for none)."""

    word: str
    rule: str
    game: str

    def said(self, language: str) -> str:
        """The word in ``language`` (``"en"`` ``"tr"`` ``"fr"`` ``"pl"``)."""
        return pgettext("glossary", self.word, language=language)


# The words, in the order of the glossary notebook's tables; marked here for the catalogs.
TERMS: tuple[Term, ...] = (
    Term(NP_("glossary", "box"), "NJ-05", "sari-cuce"),
    Term(NP_("glossary", "stakes"), "NJ-06", "sari-cuce"),
    Term(NP_("glossary", "yellow dwarf"), "NJ-06", "sari-cuce"),
    Term(NP_("glossary", "chip"), "NJ-04", "sari-cuce"),
    Term(NP_("glossary", "board"), "NJ-05", "sari-cuce"),
    Term(NP_("glossary", "carry-over"), "NJ-07", "sari-cuce"),
    Term(NP_("glossary", "dead stock"), "NJ-11", "sari-cuce"),
    Term(NP_("glossary", "run"), "NJ-13", "sari-cuce"),
    Term(NP_("glossary", "needed rank"), "NJ-13", "sari-cuce"),
    Term(NP_("glossary", "the turn follows the card"), "NJ-14", "sari-cuce"),
    Term(NP_("glossary", "King"), "NJ-17", "sari-cuce"),
    Term(NP_("glossary", "stall"), "NJ-18", "sari-cuce"),
    Term(NP_("glossary", "sans"), "NJ-A02", "sari-cuce"),
    Term(NP_("glossary", "capture"), "NJ-19", "sari-cuce"),
    Term(NP_("glossary", "card points"), "NJ-22", "sari-cuce"),
    Term(NP_("glossary", "doubling"), "NJ-23", "sari-cuce"),
    Term(NP_("glossary", "short of chips"), "NJ-26", "sari-cuce"),
    Term(NP_("glossary", "Opéra"), "NJ-24", "sari-cuce"),
    Term(NP_("glossary", "hand"), "NJ-10", "sari-cuce"),
    Term(NP_("glossary", "game"), "NJ-09", "sari-cuce"),
    Term(NP_("glossary", "stock"), "PY-05", "pis-yedili"),
    Term(NP_("glossary", "discard pile"), "PY-05", "pis-yedili"),
    Term(NP_("glossary", "deal"), "PY-05", "pis-yedili"),
    Term(NP_("glossary", "club opening"), "PY-06", "pis-yedili"),
    Term(NP_("glossary", "opening card"), "PY-08", "pis-yedili"),
    Term(NP_("glossary", "matching"), "PY-12", "pis-yedili"),
    Term(NP_("glossary", "named suit"), "PY-13", "pis-yedili"),
    Term(NP_("glossary", "draw"), "PY-16", "pis-yedili"),
    Term(NP_("glossary", "pass"), "PY-18", "pis-yedili"),
    Term(NP_("glossary", "pending sevens"), "PY-19", "pis-yedili"),
    Term(NP_("glossary", "penalty draw"), "PY-20", "pis-yedili"),
    Term(NP_("glossary", "skip"), "PY-22", "pis-yedili"),
    Term(NP_("glossary", "reverse"), "PY-23", "pis-yedili"),
    Term(NP_("glossary", "Ace follow-up"), "PY-24", "pis-yedili"),
    Term(NP_("glossary", "stock ending"), "PY-28", "pis-yedili"),
    Term(NP_("glossary", "multiplier"), "PY-30", "pis-yedili"),
    Term(NP_("glossary", "match"), "PY-31", "pis-yedili"),
    Term(NP_("glossary", "opening round"), "PY-09T", "pis-yedili"),
    Term(NP_("glossary", "one draw"), "PY-17T", "pis-yedili"),
    Term(NP_("glossary", "tek"), "PY-T1", "pis-yedili"),
    Term(NP_("glossary", "reshuffle"), "PY-28T", "pis-yedili"),
    Term(NP_("glossary", "safety valve"), "PY-F5", "pis-yedili"),
    Term(NP_("glossary", "Turkish Ace"), "PY-24T", "pis-yedili"),
    Term(NP_("glossary", "no going out on an Ace"), "PY-T5", "pis-yedili"),
    Term(NP_("glossary", "end penalty draws"), "PY-T2", "pis-yedili"),
    Term(NP_("glossary", "joker"), "PY-J1", "pis-yedili"),
    Term(NP_("glossary", "pairs"), "PY-P1", "pis-yedili"),
    Term(NP_("glossary", "partner"), "PY-P1", "pis-yedili"),
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

GAME_TITLES = {"sari-cuce": "Sarı Cüce (Nain Jaune)", "pis-yedili": "Pis Yedili", "cards": "cards",
               "probability": "probability"}


def term(word: str) -> Term:
    """The term whose English word is ``word``; ``KeyError`` naming it when there is none."""
    for t in TERMS:
        if t.word == word:
            return t
    raise KeyError(f"{word!r} is not a glossary term")


def glossary_rows(game: str | None = None, languages: tuple[str, ...] = LANGUAGES) -> list[list[str]]:
    """One row per term (of ``game``, or all): the word in each language, then the rule id."""
    return [[t.said(lang) for lang in languages] + [t.rule] for t in TERMS if game is None or t.game == game]


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
    for game, title in GAME_TITLES.items():
        out.append(f'<tr><th colspan="{len(languages) + 1}" style="{cell};padding-top:10px;font-size:14px">'
                   f"{html.escape(title)}</th></tr>")
        out.append("<tr>" + "".join(f'<th style="{cell}">{html.escape(LANGUAGE_NAMES.get(lang, lang))}</th>'
                                    for lang in languages) + f'<th style="{cell}">rule</th></tr>')
        for row in glossary_rows(game, languages):
            out.append("<tr>" + "".join(f'<td style="{cell}">{html.escape(c)}</td>' for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)
