"""Hidden cards, placed at random in the places the seat cannot see, consistently with what it has seen.

A seat's information (its :func:`~cardlib.expert.observation`) says which cards it cannot see, how many
each hidden place holds (the other hands, the stock or the dead cards) and, sometimes, where a card
cannot be (a Sarı Cüce seat that was passed over when a rank was needed holds none of that rank, NJ-14).
:class:`Placement` draws ways of putting those cards into those places, each consistent way equally
likely:

- a card that fits one place only goes there;
- the cards that fit anywhere are shuffled and cut into the room the others leave: exactly uniform;
- the cards that fit some places only (the *constrained* cards) are placed first, by a Markov chain whose
  stationary law is their exact marginal law under the uniform placement of all cards: with ``r[p]`` the
  room left in place ``p`` by the other constrained cards, the number of ways to fill the rest is
  ``U! / prod(r[p]!)``, so a Gibbs update puts a card in an allowed place ``p`` with chance proportional
  to ``r[p]``; swaps of two constrained cards and rotations of three (symmetric proposals that change no
  ``r``) keep the chain moving even when the room runs out.  The chain
  starts from a consistent placement found by bipartite matching on the cards and places alone, burns
  in, and runs a few sweeps between the placements it returns.

Everything is seeded: the chain's start depends only on the cards, sizes and constraints, and every
random choice comes from the :class:`~cardlib.rng.Rng` passed in.

>>> from cardlib import Card, parse_cards
>>> from cardlib.rng import Rng
>>> p = Placement(parse_cards("AS 2S 3S 4S"), [1, 3])
>>> [len(cards) for cards in p.sample(Rng(1))]
[1, 3]
>>> q = Placement(parse_cards("AS 2S 3S"), [1, 2], allowed=[{1}, {0, 1}, {0, 1}])   # AS not in place 0
>>> all(Card.parse("AS") in q.sample(Rng(s))[1] for s in range(20))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..errors import InvalidPositionError
from ..rng import Rng

__all__ = ["Placement", "InconsistentObservation"]


class InconsistentObservation(InvalidPositionError):
    """No placement of the hidden cards agrees with what the seat has seen (a bug, or an impossible
    hand-written position)."""


class Placement:
    """Uniformly random placements of ``cards`` into places of the given ``sizes``.

    ``allowed`` (optional) gives, card by card, the set of places that card may be in; ``None`` (or a
    card whose set holds every place) means anywhere.  ``sample(rng)`` returns one list of cards per
    place.  The sizes must add up to the number of cards.
    """

    #: Gibbs sweeps over the constrained cards before the first placement, and between placements
    BURN_IN = 40
    SWEEPS = 4

    def __init__(self, cards: Sequence[Card], sizes: Sequence[int], allowed: Sequence[Iterable[int]] | None = None):
        self.cards = tuple(cards)
        self.sizes = tuple(int(s) for s in sizes)
        if any(s < 0 for s in self.sizes) or sum(self.sizes) != len(self.cards):
            raise InconsistentObservation(
                f"{len(self.cards)} hidden cards cannot fill places of sizes {list(self.sizes)}")
        everywhere = frozenset(range(len(self.sizes)))
        if allowed is None:
            sets = [everywhere] * len(self.cards)
        else:
            sets = [frozenset(a) & everywhere for a in allowed]
            if len(sets) != len(self.cards):
                raise ValueError("one allowed set per card")
        self._allowed = [sorted(a) for a in sets]
        # cards that can go to one place only are put there once and for all
        fixed: list[list[int]] = [[] for _ in self.sizes]
        loose: list[int] = []          # fit anywhere
        tied: list[int] = []           # fit some places only
        for i, a in enumerate(sets):
            if not a:
                raise InconsistentObservation(f"{self.cards[i]} can be in none of the hidden places")
            if len(a) == 1:
                fixed[next(iter(a))].append(i)
            elif a == everywhere:
                loose.append(i)
            else:
                tied.append(i)
        room = [s - len(f) for s, f in zip(self.sizes, fixed)]
        if any(x < 0 for x in room):
            raise InconsistentObservation("more cards must be in a place than it holds")
        self._fixed = fixed
        self._loose = loose
        self._tied = tied
        self._room = room
        self._where: list[int] | None = None     # tied card (by position in _tied) -> place
        self._first = self._start() if tied else None

    @property
    def exact(self) -> bool:
        """True when the placements are drawn exactly (no card fits only some of several places)."""
        return not self._tied

    def arrays(self) -> tuple:
        """The placement as the compiled samplers take it (``cardlib.saricuce.expert._playout``), as int64
        arrays over the card positions: the place of each card that fits one place only (-1 for the
        others), the cards that fit anywhere, the constrained cards, their allowed places (a 0/1 matrix,
        constrained card by place), the room each place has beside its fixed cards, and the chain's
        consistent start."""
        import numpy as np
        fixed = np.full(len(self.cards), -1, dtype=np.int64)
        for p, cards in enumerate(self._fixed):
            for i in cards:
                fixed[i] = p
        allowed = np.zeros((len(self._tied), len(self.sizes)), dtype=np.int64)
        for t, i in enumerate(self._tied):
            allowed[t, self._allowed[i]] = 1
        start = self._first if self._first is not None else []
        return (fixed, np.array(self._loose, dtype=np.int64), np.array(self._tied, dtype=np.int64), allowed,
                np.array(self._room, dtype=np.int64), np.array(start, dtype=np.int64))

    def first(self) -> list[list[Card]]:
        """One consistent placement, always the same and drawn with no chain (for what every placement
        shares: the compiled samplers and the bots' own choices read no hidden card)."""
        out = [[self.cards[i] for i in f] for f in self._fixed]
        left = list(self._room)
        if self._first is not None:
            for i, p in zip(self._tied, self._first):
                out[p].append(self.cards[i])
                left[p] -= 1
        k = 0
        for p, s in enumerate(left):
            out[p].extend(self.cards[i] for i in self._loose[k:k + s])
            k += s
        return out

    def sample(self, rng: Rng) -> list[list[Card]]:
        """One placement: a list of cards per place (each list in no particular order)."""
        out = [[self.cards[i] for i in f] for f in self._fixed]
        left = list(self._room)
        if self._tied:
            if self._where is None:
                self._where = list(self._first) if self._first is not None else self._start()
                self._sweep(rng, self.BURN_IN)
            else:
                self._sweep(rng, self.SWEEPS)
            for i, p in zip(self._tied, self._where):
                out[p].append(self.cards[i])
                left[p] -= 1
        order = list(self._loose)
        rng.shuffle(order)
        k = 0
        for p, s in enumerate(left):
            out[p].extend(self.cards[i] for i in order[k:k + s])
            k += s
        return out

    # -- the chain over the constrained cards ----------------------------------------------------------
    def _start(self) -> list[int]:
        """A consistent placement of the constrained cards (Kuhn's augmenting paths over the slots)."""
        slots = [p for p, s in enumerate(self._room) for _ in range(s)]
        owner = [-1] * len(slots)                       # slot -> tied card (position in _tied)
        slots_of: dict[int, list[int]] = {}
        for j, p in enumerate(slots):
            slots_of.setdefault(p, []).append(j)
        allowed = [self._allowed[i] for i in self._tied]

        def augment(t: int, seen: set[int]) -> bool:
            for p in allowed[t]:
                for j in slots_of.get(p, ()):
                    if j in seen:
                        continue
                    seen.add(j)
                    if owner[j] < 0 or augment(owner[j], seen):
                        owner[j] = t
                        return True
            return False

        for t in sorted(range(len(allowed)), key=lambda t: (len(allowed[t]), t)):   # most constrained first
            if not augment(t, set()):
                raise InconsistentObservation("no placement of the hidden cards agrees with what the seat has seen")
        where = [-1] * len(allowed)
        for j, t in enumerate(owner):
            if t >= 0:
                where[t] = slots[j]
        return where

    def _sweep(self, rng: Rng, sweeps: int) -> None:
        where = self._where
        assert where is not None
        allowed = [self._allowed[i] for i in self._tied]
        free = list(self._room)                          # room left by the constrained cards
        for p in where:
            free[p] -= 1
        rnd = rng.random
        n = len(where)
        for _ in range(sweeps):
            # Gibbs: each constrained card to an allowed place, with chance proportional to its room
            for t in range(n):
                old = where[t]
                free[old] += 1
                opts = allowed[t]
                total = 0
                for p in opts:
                    total += free[p]
                x = rnd() * total
                for p in opts:
                    x -= free[p]
                    if x < 0 and free[p] > 0:
                        break
                else:
                    p = old                               # (rounding) stay
                where[t] = p
                free[p] -= 1
            # rotations: k constrained cards in k different places move one place round
            if n >= 2:
                for _ in range(n):
                    a, b = int(rnd() * n), int(rnd() * n)
                    if a == b or where[a] == where[b]:
                        continue
                    pa, pb = where[a], where[b]
                    if pb in allowed[a] and pa in allowed[b]:
                        where[a], where[b] = pb, pa
                if n >= 3:
                    for _ in range(n):
                        a, b, c = int(rnd() * n), int(rnd() * n), int(rnd() * n)
                        pa, pb, pc = where[a], where[b], where[c]
                        if len({pa, pb, pc}) < 3:
                            continue
                        if pb in allowed[a] and pc in allowed[b] and pa in allowed[c]:
                            where[a], where[b], where[c] = pb, pc, pa
