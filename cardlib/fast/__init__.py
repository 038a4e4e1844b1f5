"""Fast simulation engines: Sarı Cüce and Pis Yedili compiled to machine code with numba.

The reference engines (:mod:`cardlib.saricuce`, :mod:`cardlib.pisyedili`) are for playing, teaching
and checking one hand at a time; this package plays the same rules with random bots on integer arrays,
a million hands in about 1.2 s (Sarı Cüce) or 2.4 s (Pis Yedili, classic; 21 s Turkish, whose hands
are ten times longer) on one core, within 1.2x of plain C (``make bench``, 2026-12-01,
docs/fast-engine.md), for the probability notebooks, ``cardlib.simulate(engine="fast")`` and the bench.

>>> from cardlib import fast
>>> t = fast.simulate_saricuce(1000, players=4, seed=1)      # dict of numpy arrays, one row per hand
>>> t["winner"].shape, t["paid"].shape
((1000,), (1000, 4))
>>> fast.to_frame(t).columns[:4].tolist()
['winner', 'opera', 'moves', 'leads']
>>> fast.replay("sari-cuce", {"players": 4}, record["start"], record["moves"])   # doctest: +SKIP
{'winner': 1, 'opera': False, 'paid': [15, 0, 15, 21], ...}

The random bot picks uniformly among the legal moves of the player to act, listed in a canonical
order (ascending card index, then ``stop``; Pis Yedili: a J or joker once per named suit C D H S, each
without then with a tek declaration where one is possible, then ``draw``, ``pass``, ``end``): the same
set of moves as the reference engines' ``legal_moves``.  Every run is seeded: hand ``i`` of
``simulate_*(seed=s)`` is the same for every ``n_hands``,
and nothing touches a global random state.  Hand ``i`` is dealt with the seed
:func:`cardlib.seeds.hand_seed` ``(s, i)`` (the table's ``seed`` column) exactly as the reference
engines deal it: ``Hand.deal(rules, seed=hand_seed(s, i))`` holds the same cards (the SplitMix64
shuffle of :class:`cardlib.rng.Rng`, compiled in ``_rng.deal_shuffle``), so the same seed gives the
same deal in the reference engine, the fast engine and :func:`cardlib.simulate.simulate`.  The random bots' choices come from their own stream.

``make venv`` leaves the kernels compiled (``python -m cardlib.fast.warmup``: the Sarı Cüce kernel
ahead of time, :mod:`cardlib.fast.aot`, loaded without numba; every numba kernel into numba's disk
cache, ``cache=True``); otherwise a first call compiles the kernel it needs (about 10 s for Sarı Cüce, 25 to 40 s for Pis Yedili), and
:func:`warmup` compiles or loads them all and returns the time taken.
Option values the fast engines do not play raise :class:`~cardlib.errors.InvalidOptionError` naming
them (``SUPPORTED`` lists what they play); see ``docs/fast-engine.md``.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from ..cards import make_deck
from ..errors import IllegalMoveError, InvalidPositionError, InvalidRecordError
from ..pisyedili.play import SAFETY_VALVE_TURNS
from ..saricuce.rules import BOX_NAMES, STAKE_PER_PLAYER
from ..saricuce.kernel import _codes
from .options import (
    NJ_SUPPORTED, PY_SUPPORTED, nj_encode, nj_options, py_encode, py_options,
)

__all__ = [
    "simulate", "simulate_saricuce", "simulate_pisyedili", "replay", "to_frame", "warmup",
    "table_nbytes", "SUPPORTED", "GAMES",
]

class _Lazy:
    """A kernel module imported on first use: numba loads only when a call needs it (and the Sarı Cüce
    engine runs without it when its ahead-of-time module is there, :mod:`cardlib.fast.aot`)."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attr: str):
        if attr.startswith("__"):        # inspect and doctest probe for __wrapped__ etc.: not an import
            raise AttributeError(attr)
        from importlib import import_module
        return getattr(import_module(self._name, __name__), attr)


_py = _Lazy("cardlib.pisyedili.kernel._kernel")
_nj = _Lazy("cardlib.saricuce.kernel._kernel")


def _nj_kernel():
    """``_saricuce.run``: the ahead-of-time compiled one when it is there and current, else numba's."""
    from .aot import saricuce_run
    return saricuce_run() or _nj.run


GAMES = ("sari-cuce", "pis-yedili")
#: the option values each fast engine plays (None: any whole number); anything else raises
SUPPORTED = {"sari-cuce": NJ_SUPPORTED, "pis-yedili": PY_SUPPORTED}



def _check_n(n_hands: int) -> int:
    if isinstance(n_hands, bool) or not isinstance(n_hands, (int, np.integer)) or n_hands < 0:
        raise ValueError(f"n_hands={n_hands!r}: must be a whole number >= 0")
    return int(n_hands)


def _check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**63:
        raise ValueError(f"seed={seed!r}: must be a whole number in 0 .. 2**63-1")
    return int(seed)


# ------------------------------------------------------------------------------------- simulation
def simulate_saricuce(n_hands: int, players: int | None = None, seed: int = 0, rules: Any = None,
                      games: bool = False, deals: bool = False, first: int = 0, game_streams: bool = False,
                      out: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Play ``n_hands`` Sarı Cüce hands with random bots; one row per hand.

    ``rules``: a rules dict (the record's ``rules``) or a reference ``Rules``; ``players`` defaults to
    the rules' count, else 4.  ``games=False``: every hand starts afresh (``starting_chips`` each, empty
    board, dealer n-1 so seat 0 leads).  ``games=True``: hands are grouped into games (NJ-08..NJ-10):
    chips and boxes carry over, the deal passes left, and a new game starts when one ends.

    Columns: ``winner`` ``opera`` ``moves`` (cards played, and stops) ``leads`` (sequences started) ``stalls``
    ``kings`` (King restarts) ``stops`` (declines, allow_voluntary_stop) ``swept`` (Opéra sweep) ``game``
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
    ``simulate(game_mode=True, workers=...)`` splits by game; the default keeps the stored results).
    ``out``: arrays to fill instead of new ones (the columns above but ``deal``, ``n_hands`` rows, the
    dtypes of :func:`nj_table`; views into a larger table work: how ``simulate(workers=...)`` writes
    its parts into one shared table); returned.
    """
    o = nj_options(rules, players)
    n = o["players"]
    N = _check_n(n_hands)
    seed = _check_seed(seed)
    first = _check_n(first)
    if games and first:
        raise ValueError("first applies to single hands (games=False); split games by seed (game_streams=True)")
    t = _nj_table(N, n) if out is None else out
    dealt = np.empty((N if deals else 0, 52), np.int8)
    _nj_run(N, n, seed, o, bool(games), False, n - 1, np.empty(52, np.int64), np.empty(n, np.int64),
            np.empty(5, np.int64), np.empty(0, np.int64), t, dealt, first=first,
            game_streams=bool(game_streams))
    if deals:
        t["deal"] = dealt
    return t


def nj_table(N: int, n: int, empty=np.empty) -> dict[str, np.ndarray]:
    """The arrays of a Sarı Cüce table of ``N`` hands and ``n`` players, each made by ``empty(shape,
    dtype)`` (``np.empty``, or shared memory for ``simulate(workers=...)``)."""
    one = {"winner": np.int8, "opera": np.bool_, "moves": np.int16, "leads": np.int16, "stalls": np.int16,
           "kings": np.int16, "stops": np.int16, "swept": np.int32, "game": np.int32, "hand": np.int32,
           "dealer": np.int8}
    seats = {"paid": np.int32, "doubled": np.int32, "captured": np.int32, "chips": np.int32}
    t = {k: empty((N,), d) for k, d in one.items()}
    t.update({k: empty((N, n), d) for k, d in seats.items()})
    t["board"] = empty((N, 5), np.int32)
    t["seed"] = empty((N,), np.int64)
    return t


def _nj_table(N: int, n: int) -> dict[str, np.ndarray]:
    return nj_table(N, n)


def _nj_run(N, n, seed, o, games, scripted, dealer, loc, chips, board, script, t, dealt=None,
            first: int = 0, game_streams: bool = False) -> int:
    if dealt is None:
        dealt = np.empty((0, 52), np.int8)
    return _nj_kernel()(N, n, seed, first, nj_encode(o, game_streams), games, scripted, dealer, loc, chips,
                   board, script,
                   t["winner"], t["opera"], t["moves"], t["leads"], t["stalls"], t["kings"], t["stops"], t["swept"],
                   t["game"], t["hand"], t["dealer"], t["paid"], t["doubled"], t["captured"], t["chips"],
                   t["board"], t["seed"], dealt)


def simulate_pisyedili(n_hands: int, players: int | None = None, seed: int = 0,
                       rules: Any = None, deals: bool = False, first: int = 0,
                       out: dict[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
    """Play ``n_hands`` independent Pis Yedili hands with random bots; one row per hand.

    Dealer n-1, so seat 0 opens.  Columns: ``winner`` (-1 when the hand ended without one)
    ``ended_by`` (0 out, 1 stock) ``reason`` (0 out, 1 stock PY-28, 2 no play PY-28B, 3 safety valve
    PY-F5) ``multiplier`` ``moves`` (every action: plays, draws, passes, ends) ``plays`` ``draws`` (cards
    drawn, forced draws included) ``penalty`` (cards drawn for sevens) ``turns`` ``reshuffles``
    ``last_card`` (index of the last card played) ``stock_left``, and ``scores`` (n_hands, n): the
    hand's points per seat (PY-28..PY-30); ``seed``: the seed the hand was dealt with,
    ``hand_seed(seed, i)``, so ``Hand.deal(rules, seed=row_seed)`` is the same deal.  ``deals=True`` (a
    check) adds ``deal`` (n_hands, deck size): the shuffled deck by card index (joker 52), dealt from
    index 0 one card at a time (or in packets, PY-05b) from the dealer's left, the rest the stock (top first).
    ``first``: the rows are hands ``first .. first + n_hands - 1`` of the run seeded ``seed`` (the same
    rows as a longer run's: how ``simulate(workers=...)`` splits a run).  ``out``: arrays to fill instead
    of new ones (the columns of :func:`py_table`, ``n_hands`` rows; views into a larger table work);
    returned.
    """
    o = py_options(rules, players)
    n = o["players"]
    N = _check_n(n_hands)
    seed = _check_seed(seed)
    first = _check_n(first)
    t = py_table(N, n) if out is None else out
    w = _py_work(o)
    dealt = np.empty((N if deals else 0, len(w["deck"])), np.int8)
    _py_run(N, seed, False, n - 1, w, np.empty(0, np.int64), np.zeros(1, np.int64), t, dealt, first=first)
    if deals:
        t["deal"] = dealt
    return t


def py_table(N: int, n: int, empty=np.empty) -> dict[str, np.ndarray]:
    """The arrays of a Pis Yedili table of ``N`` hands and ``n`` players, each made by ``empty(shape,
    dtype)`` (``np.empty``, or shared memory for ``simulate(workers=...)``)."""
    one = {"winner": np.int8, "ended_by": np.int8, "reason": np.int8, "multiplier": np.int8, "moves": np.int32,
           "plays": np.int16, "draws": np.int16, "penalty": np.int16, "turns": np.int16, "reshuffles": np.int16,
           "last_card": np.int8, "stock_left": np.int8}
    t = {k: empty((N,), d) for k, d in one.items()}
    t["scores"] = empty((N, n), np.int32)
    t["seed"] = empty((N,), np.int64)
    return t


def team_sums(scores: np.ndarray) -> np.ndarray:
    """PY-P1, PY-P4: the teams' sums of per-seat ``scores`` (last axis), team k being seats k and k + n/2."""
    h = scores.shape[-1] // 2
    return scores[..., :h] + scores[..., h:]


def _py_table(N: int, n: int) -> dict[str, np.ndarray]:
    return py_table(N, n)


def _py_work(o: dict) -> dict[str, np.ndarray]:
    return {"deck": np.array([c.index for c in make_deck(o["decks"], o["jokers_per_deck"])], dtype=np.int64),
            "W": _py.new_state(o["players"], py_encode(o))}


def _py_run(N, seed, scripted, dealer, w, script, CH, t, dealt=None, counts=None, first: int = 0) -> int:
    if dealt is None:
        dealt = np.empty((0, len(w["deck"])), np.int8)
    if counts is None:
        counts = np.empty(0, np.int64)
    return _py.run(N, seed, first, w["deck"], scripted, dealer, w["W"], script, CH, t["winner"], t["ended_by"],
                   t["reason"], t["multiplier"], t["moves"], t["plays"], t["draws"], t["penalty"], t["turns"],
                   t["reshuffles"], t["last_card"], t["stock_left"], t["scores"], t["seed"], dealt, counts)


def simulate(game: str, n_hands: int, players: int | None = None, seed: int = 0, rules: Any = None,
             **kwargs) -> dict[str, np.ndarray]:
    """``simulate_saricuce`` or ``simulate_pisyedili`` by the game's name (``GAME`` of its package)."""
    return _engine(game)[0](n_hands, players, seed, rules, **kwargs)


def to_frame(table: dict[str, np.ndarray]):
    """A pandas DataFrame of a simulation table: 2-D columns become ``paid_0``, ``paid_1``, ... and
    ``board_10D`` ... ``board_7D``."""
    import pandas as pd

    cols: dict[str, np.ndarray] = {}
    for k, v in table.items():
        if v.ndim == 1:
            cols[k] = v
        elif k == "board":
            for b, name in enumerate(BOX_NAMES):
                cols[f"board_{name}"] = v[:, b]
        else:
            for s in range(v.shape[1]):
                cols[f"{k}_{s}"] = v[:, s]
    return pd.DataFrame(cols)


def table_nbytes(table: dict[str, np.ndarray]) -> int:
    """Bytes held by a simulation table's arrays."""
    return sum(v.nbytes for v in table.values())


def warmup() -> float:
    """Compile (or load from numba's cache) every kernel; returns the seconds it took."""
    t0 = time.perf_counter()
    simulate_saricuce(2, players=4, seed=0)
    simulate_saricuce(2, players=4, seed=0, games=True)
    simulate_pisyedili(2, players=4, seed=0)
    for game in GAMES:  # the replay kernels: an empty move list compiles them, then stops short
        try:
            replay(game, {"players": 4}, {"seed": 0}, [])
        except InvalidRecordError:
            pass
    return time.perf_counter() - t0


# ----------------------------------------------------------------------------------------- replay
# The start and the moves are read by the reference engine (cardlib.fast.codecs); the kernel plays them.

def _nj_replay(rules: Any, start: Any, moves: list, end: bool):
    from . import codecs

    o = nj_options(rules)
    n = o["players"]
    hand = codecs.deal_hand("sari-cuce", rules, start)
    dealer, loc, chips, board = codecs.nj_deal(hand)
    script = codecs.nj_moves(moves)
    t = _nj_table(1, n)
    err = _nj_run(1, n, 0, o, False, True, dealer, loc, chips, board, script, t)
    _raise_replay(err, int(t["moves"][0]), moves)
    result = {
        "winner": int(t["winner"][0]), "opera": bool(t["opera"][0]), "paid": t["paid"][0].tolist(),
        "doubled": t["doubled"][0].tolist(), "chips": chips.tolist(),
        "board": {b: int(v) for b, v in zip(BOX_NAMES, board)},
    }
    if not end:
        return result
    pos = {
        "dealer": dealer,
        "hands": [[codecs.card_text(c) for c in range(52) if loc[c] == s] for s in range(n)],
        "dead": [codecs.card_text(c) for c in range(52) if loc[c] == _codes.DEAD],
        "chips": chips.tolist(), "board": dict(result["board"]),
    }
    return result, pos


def _raise_replay(err: int, at: int, moves: list) -> None:
    if err == 0:
        return
    if err == 1:
        raise IllegalMoveError(f"move {at} {moves[at]!r} is not legal in the fast engine's position")
    if err == 2:
        raise InvalidRecordError(f"the moves end after {len(moves)} moves, before the hand is over")
    if err == 3:
        raise InvalidRecordError(f"the hand is over after move {at - 1}, but {len(moves) - at} more moves follow")
    if err == 4:
        raise InvalidPositionError(f"a seat holds fewer than {STAKE_PER_PLAYER} chips at the deal (NJ-08)")
    raise InvalidRecordError(f"the hand ran past the {SAFETY_VALVE_TURNS}-turn safety valve (PY-F5) at move {at}")


def _py_replay(rules: Any, start: Any, moves: list, end: bool, counts: np.ndarray | None = None):
    """``replay`` for Pis Yedili; ``counts`` (int64, one per move) receives the number of legal moves
    before each move (the equivalence tests compare it with the reference engine's)."""
    from . import codecs

    o = py_options(rules)
    n = o["players"]
    hand = codecs.deal_hand("pis-yedili", rules, start)
    w = _py_work(o)
    W = w["W"]
    codecs.py_deal(hand, W)
    script, CH, plain = codecs.py_moves(moves)
    t = _py_table(1, n)
    err = _py_run(1, 0, True, hand.dealer, w, script, CH, t, counts=counts)
    scores = t["scores"][0]
    if err == _py.ERR_CHANCE:
        raise InvalidRecordError(
            f"move {W[_py.MOVES] - 1}: a reshuffle happened without its 'reshuffle ...' entry, or an entry "
            "is not the discards under the top card, or is left over (the fast replay needs every order)")
    _raise_replay(err, int(W[_py.MOVES]), plain)
    winner = int(W[_py.WINNER])
    reason = int(W[_py.REASON])
    result = {
        "winner": None if winner < 0 else winner, "ended_by": "out" if reason == _py.R_OUT else "stock",
        "multiplier": int(W[_py.MULT]), "scores": scores.tolist(),
    }
    if o["partnerships"]:                                    # PY-P4, PY-P7: team k is seats k and k + n/2
        result["team_scores"] = team_sums(scores).tolist()
    if reason == _py.R_VALVE:
        result["safety_valve"] = True
    if not end:
        return result
    hands_end = []
    for s in range(n):
        hands_end.append([codecs.card_text(c) for c in _py.hand_cards(W, s)])
    pos = {
        "dealer": hand.dealer,
        "hands": hands_end,
        "stock": [codecs.card_text(c) for c in W[_py.STOCK:_py.STOCK + W[_py.SN]][::-1]],
        "discard": [codecs.card_text(c) for c in W[_py.DISC:_py.DISC + W[_py.DN]]],
    }
    return result, pos


def replay(game: str, rules: Any, start: dict, moves: list[str], end: bool = False):
    """Replay a deal (records.md ``start``) with the given moves in the fast engine.

    Returns the record's ``result`` dict (Sarı Cüce: winner, opera, paid, doubled, chips, board;
    Pis Yedili: winner, ended_by, multiplier, scores); with ``end=True`` returns ``(result, end)``,
    ``end`` holding the final hands (sorted by card) and dead cards or stock (top first) and discards.
    Every move is checked against the fast engine's own legal moves: an illegal one raises
    :class:`IllegalMoveError` with its index, too few or too many moves :class:`InvalidRecordError`.
    """
    if isinstance(moves, str):
        moves = moves.split()
    return _engine(game)[1](rules, start, list(moves), end)


def _engine(game: Any) -> tuple:
    """(simulate, replay) of a game's fast engine, by the game's name."""
    engine = _ENGINES.get(game) if isinstance(game, str) else None
    if engine is None:
        raise ValueError(f"game {game!r}: not one of {', '.join(GAMES)}")
    return engine


#: each game's fast engine (simulate, replay), by the game's name (cardlib.games)
_ENGINES = {GAMES[0]: (simulate_saricuce, _nj_replay), GAMES[1]: (simulate_pisyedili, _py_replay)}
