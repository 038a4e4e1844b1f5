"""High Card's columns of a simulation table."""

from __future__ import annotations

from typing import Any

VALVE = False
SUMMARY: tuple[tuple[str, str, str], ...] = (("mean", "mean tricks seat {k}", "tricks_{k}"),)
SERIES_SUMMARY: tuple[tuple[str, str, str], ...] = (("mean", "mean hands won seat {k}", "wins_{k}"),)
SERIES_VALUE = ("wins_", max)


def hand_row(hand: Any) -> dict[str, Any]:
    return {f"tricks_{k}": t for k, t in enumerate(hand.result().tricks)}


def series_row(match: Any) -> dict[str, Any]:
    return {f"wins_{k}": w for k, w in enumerate(match.result().wins)}
