"""Sarı Cüce's fast engine called from Python: a table of random hands (or games), and the replay of a deal.

The kernel (:mod:`._kernel`) plays on integer arrays; this module reads the options (:mod:`.options`),
makes the table's arrays, and picks the ahead-of-time compiled kernel when it is there and current
(:mod:`cardlib._fast.aot`), else numba's.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..._fast import Lazy, check_n, check_seed, raise_replay
from ..._fast import aot
from ...errors import InvalidPositionError
from ..rules import BOX_NAMES, STAKE_PER_PLAYER
from . import _codes
from .options import encode, read

__all__ = ["simulate", "table", "replay", "AOT"]

_nj = Lazy("cardlib.saricuce.kernel._kernel")

#: the kernel compiled ahead of time (``python -m cardlib._fast.warmup``): the arrays simulate and replay
#: pass (C-contiguous)
AOT = aot.Ahead(
    module="cardlib.saricuce.kernel._kernel", function="run",
    signature=("i8(i8, i8, i8, i8, i8[::1], b1, b1, i8, i8[::1], i8[::1], i8[::1], i8[::1], "
               "i1[::1], b1[::1], i2[::1], i2[::1], i2[::1], i2[::1], i2[::1], i4[::1], i2[::1], i4[::1], i4[::1], i1[::1], "
               "i4[:, ::1], i4[:, ::1], i4[:, ::1], i4[:, ::1], i4[:, ::1], i8[::1], i1[:, ::1])"),
    sources=("cardlib.saricuce.kernel._kernel", "cardlib._fast._bits", "cardlib._fast._rng",
             "cardlib.saricuce.kernel._codes"))


def _kernel():
    """``_kernel.run``: the ahead-of-time compiled one when it is there and current, else numba's."""
    return aot.compiled(AOT) or _nj.run


def simulate(n_hands: int, players: int | None = None, seed: int = 0, rules: Any = None,
             games: bool = False, deals: bool = False, first: int = 0, game_streams: bool = False,
             out: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Play ``n_hands`` Sarı Cüce hands with random bots; one row per hand.

    ``rules``: a rules dict (the record's ``rules``) or a reference ``Rules``; ``players`` defaults to
    the rules' count, else 4.  ``games=False``: every hand starts afresh (``starting_chips`` each, empty
    board, dealer n-1 so seat 0 leads).  ``games=True``: hands are grouped into games (NJ-08..NJ-10):
    chips and boxes carry over, the deal passes left, and a new game starts when one ends.

    Columns: ``winner`` ``opera`` ``moves`` (cards played, and stops) ``leads`` (sequences started) ``stalls``
    ``kings`` (King restarts) ``stops`` (declines, allow_voluntary_stop) ``swept`` (Opéra sweep) ``captures``
    (box cards played, NJ-19) ``game``
    ``hand`` (index in its game) ``dealer``,
    and per seat (shape (n_hands, n)): ``paid`` ``doubled`` ``captured`` ``chips`` (after the hand);
    ``board`` (n_hands, 5) after the hand in box order 10D JC QS KH 7D; ``seed``: the seed the hand was
    dealt with, ``hand_seed(seed, i)`` (games: ``hand_seed(seed + game, hand)``, the hands of ``Game(seed=seed + game)``), so
    ``Hand.deal(rules, seed=row_seed, dealer=row_dealer)`` is the same deal.
    ``deals=True`` (a check) adds ``deal`` (n_hands, 52): the seat dealt each card (by card index), -1 dead.
    ``first`` (``games=False``): the rows are hands ``first .. first + n_hands - 1`` of the run seeded
    ``seed`` (the same rows as a longer run's: how ``simulate(workers=...)`` splits a run).
    ``game_streams`` (``games=True``): the bots of game ``g`` draw from the stream of ``(seed + g, hand)``
    rather than of the row number, so game ``g`` is exactly game 0 of the run seeded ``seed + g`` (how
    ``simulate(series=True, workers=...)`` splits by game; the default keeps the stored results).
    ``out``: arrays to fill instead of new ones (the columns above but ``deal``, ``n_hands`` rows, the
    dtypes of :func:`table`; views into a larger table work: how ``simulate(workers=...)`` writes
    its parts into one shared table); returned.
    """
    o = read(rules, players)
    n = o["players"]
    N = check_n(n_hands)
    seed = check_seed(seed)
    first = check_n(first)
    if games and first:
        raise ValueError("first applies to single hands (games=False); split games by seed (game_streams=True)")
    t = table(N, n) if out is None else out
    dealt = np.empty((N if deals else 0, 52), np.int8)
    _run(N, n, seed, o, bool(games), False, n - 1, np.empty(52, np.int64), np.empty(n, np.int64),
         np.empty(5, np.int64), np.empty(0, np.int64), t, dealt, first=first, game_streams=bool(game_streams))
    if deals:
        t["deal"] = dealt
    return t


def table(N: int, n: int, empty=np.empty) -> dict[str, np.ndarray]:
    """The arrays of a Sarı Cüce table of ``N`` hands and ``n`` players, each made by ``empty(shape,
    dtype)`` (``np.empty``, or shared memory for ``simulate(workers=...)``)."""
    one = {"winner": np.int8, "opera": np.bool_, "moves": np.int16, "leads": np.int16, "stalls": np.int16,
           "kings": np.int16, "stops": np.int16, "swept": np.int32, "captures": np.int16, "game": np.int32, "hand": np.int32,
           "dealer": np.int8}
    seats = {"paid": np.int32, "doubled": np.int32, "captured": np.int32, "chips": np.int32}
    t = {k: empty((N,), d) for k, d in one.items()}
    t.update({k: empty((N, n), d) for k, d in seats.items()})
    t["board"] = empty((N, 5), np.int32)
    t["seed"] = empty((N,), np.int64)
    return t


def _run(N, n, seed, o, games, scripted, dealer, loc, chips, board, script, t, dealt=None,
         first: int = 0, game_streams: bool = False) -> int:
    if dealt is None:
        dealt = np.empty((0, 52), np.int8)
    return _kernel()(N, n, seed, first, encode(o, game_streams), games, scripted, dealer, loc, chips,
                     board, script,
                     t["winner"], t["opera"], t["moves"], t["leads"], t["stalls"], t["kings"], t["stops"], t["swept"],
                     t["captures"], t["game"], t["hand"], t["dealer"], t["paid"], t["doubled"], t["captured"], t["chips"],
                     t["board"], t["seed"], dealt)


# The start and the moves are read by the reference engine (cardlib._fast.codecs); the kernel plays them.
def replay(rules: Any, start: Any, moves: list, end: bool = False, table_only: bool = False):
    """Replay a deal (records.md ``start``) with the given moves; the record's ``result`` (winner, opera,
    paid, doubled, chips, board), with ``end=True`` ``(result, end)``, ``end`` holding the final hands
    (sorted by card) and the dead cards (see :func:`cardlib._fast.replay`); ``table_only=True``: the
    kernel's table of the one hand (``cardlib.simulate.fast.replay_row`` makes it simulate's row)."""
    from ..._fast.codecs import card_text, deal_hand
    from .. import GAME
    from . import codec

    o = read(rules)
    n = o["players"]
    hand = deal_hand(GAME, rules, start)
    dealer, loc, chips, board = codec.deal(hand)
    script = codec.moves(moves)
    t = table(1, n)
    err = _run(1, n, 0, o, False, True, dealer, loc, chips, board, script, t)
    raise_replay(err, int(t["moves"][0]), moves, {4: InvalidPositionError(
        f"a seat holds fewer than {STAKE_PER_PLAYER} chips at the deal (NJ-08)")})
    if table_only:
        return t
    result = {
        "winner": int(t["winner"][0]), "opera": bool(t["opera"][0]), "paid": t["paid"][0].tolist(),
        "doubled": t["doubled"][0].tolist(), "chips": chips.tolist(),
        "board": {b: int(v) for b, v in zip(BOX_NAMES, board)},
    }
    if not end:
        return result
    pos = {
        "dealer": dealer,
        "hands": [[card_text(c) for c in range(52) if loc[c] == s] for s in range(n)],
        "dead": [card_text(c) for c in range(52) if loc[c] == _codes.DEAD],
        "chips": chips.tolist(), "board": dict(result["board"]),
    }
    return result, pos
