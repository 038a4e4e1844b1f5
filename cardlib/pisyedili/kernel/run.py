"""Pis Yedili's fast engine called from Python: a table of random hands, and the replay of a deal.

The kernel (:mod:`._kernel`) plays on a work array ``W``; this module reads the options (:mod:`.options`),
makes the table's arrays and the work array, and reads back the result.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._fast import Lazy, aot, check_n, check_seed, raise_replay
from ...cards import make_deck
from ...errors import InvalidRecordError
from . import _layout
from .options import encode, read

__all__ = ["simulate", "table", "replay", "team_sums", "AOT"]

_py = Lazy("cardlib.pisyedili.kernel._kernel")

#: the kernel compiled ahead of time (``python -m cardlib._fast.warmup``): the arrays simulate and replay pass
#: (C-contiguous); the layout of ``W`` is plain Python (:mod:`._layout`), so a run by the compiled kernel
#: imports no numba
AOT = aot.Ahead(
    module="cardlib.pisyedili.kernel._kernel", function="run",
    signature=("i8(i8, i8, i8, i8[::1], b1, i8, i8[::1], i8[::1], i8[::1], i1[::1], i1[::1], i1[::1], i1[::1], "
               "i4[::1], i2[::1], i2[::1], i2[::1], i2[::1], i2[::1], i1[::1], i1[::1], i2[::1], i4[:, ::1], "
               "i8[::1], i1[:, ::1], i8[::1])"),
    sources=("cardlib.pisyedili.kernel._kernel", "cardlib.pisyedili.kernel._layout", "cardlib._fast._bits",
             "cardlib._fast._rng", "cardlib.pisyedili.play", "cardlib.pisyedili.scoring"))


def _kernel():
    """``_kernel.run``: the ahead-of-time compiled one when it is there and current, else numba's."""
    return aot.compiled(AOT) or _py.run


def simulate(n_hands: int, players: int | None = None, seed: int = 0,
             rules: Any = None, deals: bool = False, first: int = 0,
             out: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Play ``n_hands`` independent Pis Yedili hands with random bots; one row per hand.

    Dealer n-1, so seat 0 opens.  Columns: ``winner`` (-1 when the hand ended without one)
    ``ended_by`` (0 out, 1 stock) ``reason`` (0 out, 1 stock PY-28, 2 no play PY-28B, 3 safety valve
    PY-F5) ``multiplier`` ``moves`` (every action: plays, draws, passes, ends) ``plays`` ``draws`` (cards
    drawn, forced draws included) ``penalty`` (cards drawn for sevens) ``turns`` ``reshuffles``
    ``last_card`` (index of the last card played) ``stock_left`` ``draw_moves`` (draw moves: ``draws`` counts
    the cards), and ``scores`` (n_hands, n): the
    hand's points per seat (PY-28..PY-30); ``seed``: the seed the hand was dealt with,
    ``hand_seed(seed, i)``, so ``Hand.deal(rules, seed=row_seed)`` is the same deal.  ``deals=True`` (a
    check) adds ``deal`` (n_hands, deck size): the shuffled deck by card index (joker 52), dealt from
    index 0 one card at a time (or in packets, PY-05b) from the dealer's left, the rest the stock (top first).
    ``first``: the rows are hands ``first .. first + n_hands - 1`` of the run seeded ``seed`` (the same
    rows as a longer run's: how ``simulate(workers=...)`` splits a run).  ``out``: arrays to fill instead
    of new ones (the columns of :func:`table`, ``n_hands`` rows; views into a larger table work);
    returned.
    """
    o = read(rules, players)
    n = o["players"]
    N = check_n(n_hands)
    seed = check_seed(seed)
    first = check_n(first)
    t = table(N, n) if out is None else out
    w = _work(o)
    dealt = np.empty((N if deals else 0, len(w["deck"])), np.int8)
    _run(N, seed, False, n - 1, w, np.empty(0, np.int64), np.zeros(1, np.int64), t, dealt, first=first)
    if deals:
        t["deal"] = dealt
    return t


def table(N: int, n: int, empty=np.empty) -> dict[str, np.ndarray]:
    """The arrays of a Pis Yedili table of ``N`` hands and ``n`` players, each made by ``empty(shape,
    dtype)`` (``np.empty``, or shared memory for ``simulate(workers=...)``)."""
    one = {"winner": np.int8, "ended_by": np.int8, "reason": np.int8, "multiplier": np.int8, "moves": np.int32,
           "plays": np.int16, "draws": np.int16, "penalty": np.int16, "turns": np.int16, "reshuffles": np.int16,
           "last_card": np.int8, "stock_left": np.int8, "draw_moves": np.int16}
    t = {k: empty((N,), d) for k, d in one.items()}
    t["scores"] = empty((N, n), np.int32)
    t["seed"] = empty((N,), np.int64)
    return t


def team_sums(scores: np.ndarray) -> np.ndarray:
    """PY-P1, PY-P4: the teams' sums of per-seat ``scores`` (last axis), team k being seats k and k + n/2."""
    h = scores.shape[-1] // 2
    return scores[..., :h] + scores[..., h:]


def _work(o: dict) -> dict[str, np.ndarray]:
    return {"deck": np.array([c.index for c in make_deck(o["decks"], o["jokers_per_deck"])], dtype=np.int64),
            "W": _layout.new_state(o["players"], encode(o))}


def _run(N, seed, scripted, dealer, w, script, CH, t, dealt=None, counts=None, first: int = 0) -> int:
    if dealt is None:
        dealt = np.empty((0, len(w["deck"])), np.int8)
    if counts is None:
        counts = np.empty(0, np.int64)
    return _kernel()(N, seed, first, w["deck"], scripted, dealer, w["W"], script, CH, t["winner"], t["ended_by"],
                   t["reason"], t["multiplier"], t["moves"], t["plays"], t["draws"], t["penalty"], t["turns"],
                   t["reshuffles"], t["last_card"], t["stock_left"], t["draw_moves"], t["scores"], t["seed"], dealt,
                   counts)


# The start and the moves are read by the reference engine (cardlib._fast.codecs); the kernel plays them.
def replay(rules: Any, start: Any, moves: list, end: bool = False, counts: np.ndarray | None = None,
           table_only: bool = False):
    """Replay a deal (records.md ``start``) with the given moves; the record's ``result`` (winner, ended_by,
    multiplier, scores), with ``end=True`` ``(result, end)``, ``end`` holding the final hands (sorted by
    card), the stock (top first) and the discards (see :func:`cardlib._fast.replay`).  ``counts`` (int64,
    one per move) receives the number of legal moves before each move (the equivalence tests compare it
    with the reference engine's); ``table_only=True``: the kernel's table of the one hand
    (``cardlib.simulate.fast.replay_row`` makes it simulate's row)."""
    from ..._fast.codecs import card_text, deal_hand
    from .. import GAME
    from . import codec

    o = read(rules)
    n = o["players"]
    hand = deal_hand(GAME, rules, start)
    w = _work(o)
    W = w["W"]
    codec.deal(hand, W)
    script, CH, plain = codec.moves(moves)
    t = table(1, n)
    err = _run(1, 0, True, hand.dealer, w, script, CH, t, counts=counts)
    scores = t["scores"][0]
    if err == _layout.ERR_CHANCE:
        raise InvalidRecordError(
            f"move {W[_layout.MOVES] - 1}: a reshuffle happened without its 'reshuffle ...' entry, or an entry "
            "is not the discards under the top card, or is left over (the fast replay needs every order)")
    raise_replay(err, int(W[_layout.MOVES]), plain)
    if table_only:
        return t
    winner = int(W[_layout.WINNER])
    reason = int(W[_layout.REASON])
    result = {
        "winner": None if winner < 0 else winner, "ended_by": "out" if reason == _layout.R_OUT else "stock",
        "multiplier": int(W[_layout.MULT]), "scores": scores.tolist(),
    }
    if o["partnerships"]:                                    # PY-P4, PY-P7: team k is seats k and k + n/2
        result["team_scores"] = team_sums(scores).tolist()
    if reason == _layout.R_VALVE:
        result["safety_valve"] = True
    if not end:
        return result
    hands_end = []
    for s in range(n):
        hands_end.append([card_text(c) for c in _layout.hand_cards(W, s)])
    pos = {
        "dealer": hand.dealer,
        "hands": hands_end,
        "stock": [card_text(c) for c in W[_layout.STOCK:_layout.STOCK + W[_layout.SN]][::-1]],
        "discard": [card_text(c) for c in W[_layout.DISC:_layout.DISC + W[_layout.DN]]],
    }
    return result, pos
