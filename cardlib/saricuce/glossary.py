"""This game's words for the glossary (:mod:`cardlib.glossary`), each with the rule that says it, in the
order of the glossary notebook's table; marked for the catalogs (context ``"glossary"``), translated there."""

from __future__ import annotations

from ..glossary import Term
from ..i18n import NP_

__all__ = ["TERMS"]

TERMS: tuple[Term, ...] = (
    Term(NP_("glossary", "box"), "NJ-05"),
    Term(NP_("glossary", "stakes"), "NJ-06"),
    Term(NP_("glossary", "yellow dwarf"), "NJ-06"),
    Term(NP_("glossary", "chip"), "NJ-04"),
    Term(NP_("glossary", "board"), "NJ-05"),
    Term(NP_("glossary", "carry-over"), "NJ-07"),
    Term(NP_("glossary", "dead stock"), "NJ-11"),
    Term(NP_("glossary", "run"), "NJ-13"),
    Term(NP_("glossary", "needed rank"), "NJ-13"),
    Term(NP_("glossary", "the turn follows the card"), "NJ-14"),
    Term(NP_("glossary", "King"), "NJ-17"),
    Term(NP_("glossary", "stall"), "NJ-18"),
    Term(NP_("glossary", "sans"), "NJ-A02"),
    Term(NP_("glossary", "capture"), "NJ-19"),
    Term(NP_("glossary", "card points"), "NJ-22"),
    Term(NP_("glossary", "doubling"), "NJ-23"),
    Term(NP_("glossary", "short of chips"), "NJ-26"),
    Term(NP_("glossary", "Opéra"), "NJ-24"),
    Term(NP_("glossary", "hand"), "NJ-10"),
    Term(NP_("glossary", "game"), "NJ-09"),
)
