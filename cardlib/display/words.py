"""Small pieces of the words pictures and tables show: counts with their noun, signed amounts."""

from __future__ import annotations

__all__ = ["plural", "signed", "DASH"]

#: the cell of a table that has no value for this row
DASH = "–"


def plural(k: int, word: str) -> str:
    """``1 chip``, ``2 chips`` (``card``, ``chip`` and ``point`` in the language spoken: ``5 żetonów``)."""
    if word in ("card", "chip", "point"):
        from ..i18n import count_words
        return count_words(word, k)
    return f"{k} {word}{'' if k == 1 else 's'}"


def signed(k: int) -> str:
    """``+65``, ``−47`` (a true minus sign), ``0``."""
    return f"+{k}" if k > 0 else f"−{-k}" if k < 0 else "0"
