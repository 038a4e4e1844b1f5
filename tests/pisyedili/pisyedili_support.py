"""Builders for small Pis Yedili positions and checks used by several test files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from cardlib import make_deck, parse_cards
from cardlib.pisyedili import Hand, Rules, complete_position
from cardlib.pisyedili.legal import SITUATIONS, situation

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"
GOLDEN = Path(__file__).resolve().parent / "golden"


def rules(preset: str = "classic", players: int = 3, **options) -> Rules:
    return Rules.preset_rules(preset, players, **options)


def position(r: Rules, hands, discard, stock="", to_act=0, **fields) -> Hand:
    """A mid-hand position: ``hands`` (texts), the ``discard`` (bottom first, top last) and the ``stock``
    (top first); every other card of the deck is buried under the top card (RULES.md §3 item 2)."""
    start = {"hands": list(hands), "stock": stock, "discard": discard, "to_act": to_act, **fields}
    return Hand.from_start(r, complete_position(r, start))


def moves(hand: Hand) -> list[str]:
    return [str(m) for m in hand.legal_moves]


def hand_text(hand: Hand, seat: int) -> str:
    return " ".join(str(c) for c in hand.hands[seat])


def stock_text(hand: Hand) -> str:
    """The stock, top first."""
    return hand.position()["stock"]


def check_invariants(hand: Hand) -> None:
    """RULES.md §3 item 4 and the engine contract."""
    r = hand.rules
    have = Counter()
    for h in hand.hands:
        have.update(h)
    have.update(hand.stock)
    have.update(hand.discard)
    assert have == Counter(make_deck(r.decks, r.jokers_per_deck))
    top = hand.discard[-1] if hand.discard else None
    if hand.pending:
        assert top is not None and not top.is_joker and int(top.rank) == 7
    if hand.named_suit is not None:
        assert top.is_joker or int(top.rank) == 11
    assert hand.direction in (1, -1)
    for s in hand.tek:
        assert len(hand.hands[s]) == 1
    assert bool(list(hand.legal_moves)) == (not hand.is_over())
    assert (hand.result() is not None) == hand.is_over()
    assert situation(hand.state) in SITUATIONS


def kinds(events) -> list[str]:
    return [e.kind for e in events]


__all__ = ["rules", "position", "moves", "hand_text", "stock_text", "check_invariants", "kinds",
           "EXAMPLES", "GOLDEN", "parse_cards", "Hand", "Rules"]


def deal(r: Rules, hands, stock_top: str = "", dealer: int | None = None) -> Hand:
    """A deal with the given 7-card hands; the stock starts with ``stock_top`` and then holds every other
    card in deck order."""
    used = Counter()
    for h in hands:
        used.update(parse_cards(h))
    top = parse_cards(stock_top)
    used.update(top)
    rest = list((Counter(make_deck(r.decks, r.jokers_per_deck)) - used).elements())
    rest.sort()
    start = {"hands": list(hands), "stock": [str(c) for c in top + rest]}
    if dealer is not None:
        start["dealer"] = dealer
    return Hand.from_start(r, start)


def split_deck(r: Rules, *groups):
    """The deck minus ``groups``, sorted."""
    used = Counter()
    for g in groups:
        used.update(parse_cards(g))
    return sorted((Counter(make_deck(r.decks, r.jokers_per_deck)) - used).elements())
