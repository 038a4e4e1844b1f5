"""This game's words for the glossary (:mod:`cardlib.glossary`), each with the rule that says it, in the
order of the glossary notebook's table; marked for the catalogs (context ``"glossary"``), translated there."""

from __future__ import annotations

from ..glossary import Term
from ..i18n import NP_

__all__ = ["TERMS"]

TERMS: tuple[Term, ...] = (
    Term(NP_("glossary", "stock"), "PY-05"),
    Term(NP_("glossary", "discard pile"), "PY-05"),
    Term(NP_("glossary", "deal"), "PY-05"),
    Term(NP_("glossary", "club opening"), "PY-06"),
    Term(NP_("glossary", "opening card"), "PY-08"),
    Term(NP_("glossary", "matching"), "PY-12"),
    Term(NP_("glossary", "named suit"), "PY-13"),
    Term(NP_("glossary", "draw"), "PY-16"),
    Term(NP_("glossary", "pass"), "PY-18"),
    Term(NP_("glossary", "pending sevens"), "PY-19"),
    Term(NP_("glossary", "penalty draw"), "PY-20"),
    Term(NP_("glossary", "skip"), "PY-22"),
    Term(NP_("glossary", "reverse"), "PY-23"),
    Term(NP_("glossary", "Ace follow-up"), "PY-24"),
    Term(NP_("glossary", "stock ending"), "PY-28"),
    Term(NP_("glossary", "multiplier"), "PY-30"),
    Term(NP_("glossary", "match"), "PY-31"),
    Term(NP_("glossary", "opening round"), "PY-09T"),
    Term(NP_("glossary", "one draw"), "PY-17T"),
    Term(NP_("glossary", "tek"), "PY-T1"),
    Term(NP_("glossary", "reshuffle"), "PY-28T"),
    Term(NP_("glossary", "safety valve"), "PY-F5"),
    Term(NP_("glossary", "Turkish Ace"), "PY-24T"),
    Term(NP_("glossary", "no going out on an Ace"), "PY-T5"),
    Term(NP_("glossary", "end penalty draws"), "PY-T2"),
    Term(NP_("glossary", "joker"), "PY-J1"),
    Term(NP_("glossary", "pairs"), "PY-P1"),
    Term(NP_("glossary", "partner"), "PY-P1"),
)
