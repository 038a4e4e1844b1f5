"""Builders for hand-made Sarı Cüce deals and positions, and checks used by several test files."""

from __future__ import annotations

import json
from pathlib import Path

from cardlib import cards_text, make_deck, parse_cards
from cardlib.saricuce import BOX_NAMES, BOXES, STAKES, Hand, Rules

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "examples"
DECK = make_deck()


def rest(*groups) -> list:
    """The cards of the deck not in any of ``groups`` (text or lists), in deck order."""
    used = set()
    for g in groups:
        used.update(parse_cards(g) if g else [])
    return [c for c in DECK if c not in used]


def deal_with(rules: Rules, fixed: dict[int, str], dead: str | None = None, dealer=None, chips=None, board=None) -> Hand:
    """A deal where the seats in ``fixed`` hold exactly those cards; ``dead`` (default: the last cards of
    the remaining deck) is the dead stock; every other seat is filled from the remaining deck in order."""
    n, k = rules.players, rules.cards_per_player
    left = rest(*fixed.values(), dead or "")
    if dead is None:
        dead_cards = left[len(left) - rules.dead_count:]
        left = left[:len(left) - rules.dead_count]
    else:
        dead_cards = parse_cards(dead)
    hands = []
    for s in range(n):
        if s in fixed:
            hands.append(fixed[s])
        else:
            hands.append(cards_text(left[:k]))
            left = left[k:]
    start = {"dealer": n - 1 if dealer is None else dealer, "hands": hands, "dead": cards_text(dead_cards),
             "chips": chips or [rules.starting_chips] * n,
             "board": board or {b: 0 for b in BOX_NAMES}}
    return Hand.from_start(rules, start)


def position(rules: Rules, hands: list[str], *, to_act: int, last: int, last_card: str, needed=None,
             dead: str | None = None, played_by=None, chips=None, board=None, dealer=0) -> Hand:
    """A mid-hand position: ``hands`` as given, ``dead`` (default: taken from the cards nobody holds),
    every other card already played, ``last_card`` the last one, played by ``last``.  The board holds
    this hand's stakes on every box whose card was not played (unless ``board`` is given) and the chips
    make up the rest of the total evenly (unless ``chips`` is given)."""
    n = rules.players
    held = [c for h in hands for c in parse_cards(h)]
    free = rest(*hands, dead or "", last_card)
    if dead is None:
        dead_cards = free[:rules.dead_count]
        free = free[rules.dead_count:]
    else:
        dead_cards = parse_cards(dead)
    played = free + parse_cards(last_card)
    if board is None:
        board = {b: (0 if box in played else stake * n) for b, box, stake in zip(BOX_NAMES, BOXES, STAKES)}
    if chips is None:
        total = rules.starting_chips * n - sum(board.values())
        chips = [total // n + (1 if s < total % n else 0) for s in range(n)]
    start = {"dealer": dealer, "hands": hands, "dead": cards_text(dead_cards), "chips": chips, "board": board,
             "to_act": to_act, "needed": needed, "last": last, "played": cards_text(played),
             "played_by": list(range(n)) if played_by is None else played_by}
    assert len(held) + len(dead_cards) + len(played) == 52
    return Hand.from_start(rules, start)


def norm_position(p: dict) -> dict:
    """A position with card lists as lists of canonical card text (records may use strings or lists)."""
    out = dict(p)
    out["hands"] = [[str(c) for c in parse_cards(h)] for h in p["hands"]]
    for key in ("dead", "played"):
        if key in out:
            out[key] = [str(c) for c in parse_cards(out[key])]
    return out


def load_example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def snapshot(hand: Hand):
    """Everything observable about a hand, for "unchanged" checks."""
    return (hand.position(), hand.events, list(hand.move_stack), hand.result(), [str(m) for m in hand.legal_moves])


def check_invariants(hand: Hand) -> None:
    """NJ-28 and "every card in exactly one place" (RULES.md 3.4)."""
    rules = hand.rules
    assert sum(hand.chips) + sum(hand.board) == rules.starting_chips * rules.players
    assert all(c >= 0 for c in hand.chips) and all(b >= 0 for b in hand.board)
    every = [c for h in hand.hands for c in h] + hand.dead + hand.played
    assert sorted(every, key=lambda c: c.index) == DECK
    assert bool(list(hand.legal_moves)) == (not hand.is_over())
    assert (hand.to_act is None) == hand.is_over() == (hand.result() is not None)
