"""The same questions as :mod:`cardlib.prob.exact`, answered by dealing many random hands at once.

Every function deals ``n`` real deals (a full shuffle of the whole deck per deal, dealt one card at a
time round the table from seat 0, the dealer's left, as NJ-11 and PY-05 say) and counts how often the
event happens.  The answer is an :class:`~cardlib.prob.results.Estimate`: hits / n with a 95% **Wilson
score** interval, and ``n``.  A question with a condition ("given the opener holds no club") counts
only the deals that meet it, so its ``n`` is smaller than ``deals``.

``seed`` is required: each call builds its own ``numpy.random.Generator(PCG64(seed))``, so the same
seed and ``n`` give the same estimate everywhere, and no global random state is used.

>>> from cardlib.prob import exact, montecarlo as mc
>>> est = mc.card_dead(4, n=100_000, seed=1)
>>> exact.card_dead(4) in est          # 1/13 lies inside the 95% interval
True
>>> est == mc.card_dead(4, n=100_000, seed=1)
True

:func:`convergence` gives the running estimate after 10, 100, 1000, … deals of one long run, for a plot.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from typing import Any

from ..cards import Card, make_deck
from ..errors import InvalidOptionError
from .deals import check_count
from .estimate import Estimate
from .results import DistEstimate
from .shuffle import CHUNK, deck_array, generator, shuffle_into, shuffled_rows
from ..jsonio import shown

__all__ = ["deal", "split_hands", "convergence", "deals_per_second", "Sim", "question", "card_table", "check_seat"]


# --------------------------------------------------------------------------------------------------
# Deals

def deal(n: int, seed: int, *, decks: int = 1, jokers_per_deck: int = 0) -> np.ndarray:
    """``n`` shuffled decks as an ``(n, deck size)`` ``uint8`` array of ``Card.index`` (joker 52), top
    card first.

    >>> rows = deal(2, seed=5)
    >>> rows.shape, sorted(rows[0]) == list(range(52))
    ((2, 52), True)
    """
    check_count("n", n)
    return shuffled_rows(deck_array(decks, jokers_per_deck), n, seed)


def split_hands(rows: np.ndarray, players: int, hand_size: int) -> tuple[np.ndarray, np.ndarray]:
    """Deal each row one card at a time round the table: card i goes to seat i mod players.

    Returns ``hands`` with shape ``(n, players, hand_size)`` and the rest (dead stock / stock, top
    first) with shape ``(n, deck size − players × hand_size)``.

    >>> hands, rest = split_hands(np.arange(10)[None, :], 3, 2)
    >>> hands[0].tolist(), rest[0].tolist()
    ([[0, 3], [1, 4], [2, 5]], [6, 7, 8, 9])
    """
    dealt = players * hand_size
    if dealt > rows.shape[1]:
        raise InvalidOptionError(f"players={shown(players)}, hand_size={shown(hand_size)}: more cards than the deck holds")
    hands = rows[:, :dealt].reshape(rows.shape[0], hand_size, players).transpose(0, 2, 1)
    return hands, rows[:, dealt:]


def card_table(pred: Callable[[Card], bool]) -> np.ndarray:
    """A lookup table over card indices 0..52 (52 = joker)."""
    cards = make_deck(1, 1)                      # the 52 cards then the joker: position = Card.index
    assert [c.index for c in cards] == list(range(53))
    return np.array([bool(pred(c)) for c in cards], dtype=bool)


# --------------------------------------------------------------------------------------------------
# The engine: deal in blocks, classify each deal, count

@dataclass(frozen=True)
class Sim:
    """A question to simulate: a deck, and ``outcome(rows) -> labels index per deal`` (−1 = the deal
    does not meet the condition)."""

    deck: np.ndarray
    outcome: Callable[[np.ndarray], np.ndarray]
    labels: tuple = (False, True)
    #: optional (positions, cards): these deal positions always get these cards (your own hand);
    #: ``deck`` then holds only the other cards, which are shuffled into the remaining positions
    fixed: tuple[np.ndarray, np.ndarray] | None = None

    def _blocks(self, n: int, seed: int):
        gen = generator(seed)
        rows_max = min(n, CHUNK)
        buf = np.empty((rows_max, self.deck.size), dtype=np.uint8)
        if self.fixed is not None:
            pos, cards = self.fixed
            width = self.deck.size + pos.size
            free = np.setdiff1d(np.arange(width), pos)
            full = np.empty((rows_max, width), dtype=np.uint8)
            full[:, pos] = cards
        for start in range(0, n, CHUNK):
            rows = shuffle_into(gen, self.deck, buf[:min(CHUNK, n - start)])
            if self.fixed is not None:
                full[:rows.shape[0], free] = rows
                rows = full[:rows.shape[0]]
            yield self.outcome(rows)

    def counts(self, n: int, seed: int) -> tuple[np.ndarray, int]:
        """Deals per outcome label, and the number of deals that did not meet the condition."""
        check_count("n", n, low=1)
        total = np.zeros(len(self.labels) + 1, dtype=np.int64)      # slot 0: excluded deals
        for out in self._blocks(n, seed):
            if out.dtype == np.bool_:
                hits = np.count_nonzero(out)
                total[1] += out.size - hits
                total[2] += hits
            else:
                total += np.bincount(out.astype(np.intp) + 1, minlength=len(self.labels) + 1)
        return total[1:], int(total[0])

    def outcomes(self, n: int, seed: int) -> np.ndarray:
        check_count("n", n, low=1)
        return np.concatenate([np.asarray(o, dtype=np.int16) for o in self._blocks(n, seed)])

    def estimate(self, n: int, seed: int):
        c, _excluded = self.counts(n, seed)
        met = int(c.sum())
        if self.labels == (False, True):
            return Estimate(int(c[1]), met, n)
        return DistEstimate((label, Estimate(int(c[i]), met, n)) for i, label in enumerate(self.labels))


_BUILDERS: dict[Callable, Callable[..., Sim]] = {}


def question(builder: Callable[..., Sim]) -> Callable:
    """Turn a ``Sim`` builder into the public function ``f(*args, n, seed, **options)``."""
    sig = inspect.signature(builder)
    params = list(sig.parameters.values())
    kw = [p for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY]
    pos = [p for p in params if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    extra = [inspect.Parameter("n", inspect.Parameter.KEYWORD_ONLY, annotation=int),
             inspect.Parameter("seed", inspect.Parameter.KEYWORD_ONLY, annotation=int)]

    def run(*args, n: int, seed: int, **options):
        return builder(*args, **options).estimate(n, seed)

    run.__name__ = run.__qualname__ = builder.__name__.lstrip("_")
    run.__doc__ = builder.__doc__
    run.__module__ = builder.__module__
    setattr(run, "__signature__", sig.replace(parameters=pos + extra + kw, return_annotation="Estimate"))   # what help() shows
    _BUILDERS[run] = builder
    return run


def check_seat(seat: int, players: int) -> int:
    return check_count("seat", seat, high=players - 1)


# --------------------------------------------------------------------------------------------------
# Convergence and speed

def _decades(top: int) -> list[int]:
    out, k = [], 10
    while k < top:
        out.append(k)
        k *= 10
    return out + [top]


def convergence(question: Callable, *args, seed: int, n: int = 10 ** 6,
                checkpoints: Sequence[int] | None = None, outcome=True, **options):
    """The running estimate of one long run, read after 10, 100, 1000, … deals (up to ``n``).

    ``question`` is one of this module's functions, called with ``*args`` and ``**options``;
    ``outcome`` is the outcome whose chance is tracked (``True`` for a yes/no question, e.g. ``2`` for
    "2 box cards dead").  Returns a pandas DataFrame with columns ``deals``, ``n`` (deals meeting the
    condition), ``hits``, ``estimate``, ``low`` and ``high`` (95% Wilson interval), ready to plot.

    >>> from cardlib.prob.montecarlo import card_dead
    >>> df = convergence(card_dead, 4, seed=1, n=1000)
    >>> df["deals"].tolist()
    [10, 100, 1000]
    """
    import pandas as pd  # only when asked for

    builder = _BUILDERS.get(question)
    if builder is None:
        raise InvalidOptionError(f"question={shown(question)}: not one of cardlib.prob.montecarlo's questions")
    sim = builder(*args, **options)
    if outcome not in sim.labels:
        raise InvalidOptionError(f"outcome={shown(outcome)}: this question's outcomes are {shown(list(sim.labels))}")
    check_count("n", n, low=1)
    points = _decades(n) if checkpoints is None else sorted({check_count("checkpoints", int(c), low=1)
                                                               for c in checkpoints})
    if points[-1] > n:
        n = points[-1]
    out = sim.outcomes(n, seed)
    idx = sim.labels.index(outcome)
    hits = np.cumsum(out == idx)
    met = np.cumsum(out >= 0)
    rows = []
    for k in points:
        e = Estimate(int(hits[k - 1]), int(met[k - 1]), k)
        rows.append({"deals": k, "n": e.n, "hits": e.hits, "estimate": e.value, "low": e.low, "high": e.high})
    return pd.DataFrame(rows)


def deals_per_second(question: Callable | None = None, *args, n: int = 10 ** 6, repeats: int = 5, seed: int = 0,
                     cpu: bool = False, **options) -> float:
    """Median deals per second of ``question`` (default: ``card_dead(4)``) over ``repeats`` runs of ``n``
    deals, after one small warm-up run (which also compiles the shuffle).

    ``cpu=True`` divides by the CPU time of this process instead of the wall-clock time: on a busy
    machine that is the speed the code would have with a core to itself.
    """
    import time

    if question is None:
        question, args = __getattr__("card_dead"), (4,)
    check_count("repeats", repeats, low=1)
    clock = time.process_time if cpu else time.perf_counter
    question(*args, n=1000, seed=seed, **options)
    times = []
    for r in range(repeats):
        t0 = clock()
        question(*args, n=n, seed=seed + r, **options)
        times.append(max(clock() - t0, 1e-9))
    return n / float(np.median(times))


def __getattr__(name: str) -> Any:
    """Each game's simulated questions (``card_dead``, ``opener_no_club`` ...), from its simulated-odds face."""
    from ..games import face_export
    return face_export("simulated_odds", name, __name__)
