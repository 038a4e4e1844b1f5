"""The layout of the Pis Yedili kernel's work vector ``W`` and its codes (moves, phases, turn sub-states,
reasons, errors, option offsets), and the plain-Python helpers that read and fill it.

Plain Python and numpy, no numba: the kernel (:mod:`._kernel`) compiles these numbers in as constants, and
the Python side (:mod:`.run`, :mod:`.codec`) builds and reads ``W`` with them without importing numba, so
that a run by the ahead-of-time compiled kernel (``run.AOT``) starts without it (issue 23: a command line
call for Pis Yedili spent most of its start importing numba).  No ``__all__``: the kernel takes every
public name (``from ._layout import *``).
"""

from __future__ import annotations

import numpy as np


DRAW = 1000
PASS = 1001
END = 1002
NONE = -1
JOKER = 52
NC = 53            # card kinds (52 and the joker)
CAP = 112          # cards a pile can hold (two decks and four jokers: 108)
MAXP = 16          # seats

PH_OPENING = 0
PH_PLAY = 1
PH_ACE = 2

SUB_NONE = 0
SUB_TEK_DRAW = 1
SUB_TEK = 2
SUB_AFTER_PENALTY = 3
SUB_T5 = 4
SUB_ACE_DRAWN = 5

# reasons a hand ended
R_OUT = 0
R_STOCK = 1
R_NO_PLAY = 2
R_VALVE = 3

# errors (replay)
ERR_ILLEGAL = 1
ERR_SHORT = 2
ERR_LONG = 3
ERR_CHANCE = 6       # a reshuffle order that is missing, misplaced or not the discards under the top

# options (offsets in the option block)
O_SINGLE = 0
O_DOUBLING3 = 1
O_MULTIPLIERS = 2
O_PLAY_AFTER_PENALTY = 3
O_TWO_PLAYER_SKIP = 4
O_MUST_CHANGE = 5
O_DECKS = 6
O_JOKERS = 7
O_FIRST_ROUND = 8
O_ALL_DRAW = 9
O_ACES_AT_ONCE = 10
O_ACE_CANNOT_FINISH = 11
O_RESHUFFLE = 12
O_TEK = 13
O_END_PENALTY = 14
O_PARTNERS = 15         # partnerships (RULES.md 2.5): the play is the same; PY-P5 changes the end
O_PARTNER_FREE = 16
O_PACKETS = 17          # PY-05b: three packet sizes (0 0 0: one card at a time, PY-05)
N_OPT = 20

# scalar state
SN = 0
DN = 1
TO_ACT = 2
DIR = 3
PHASE = 4
SUB = 5
PENDING = 6
DRAWN = 7
NAMED = 8
PLAYED = 9
TURNS = 10
IDLE = 11
OVER = 12
WINNER = 13
MULT = 14
REASON = 15
OL_HEAD = 16
OL_LEN = 17
DRAWN_CARD = 18
MOVES = 19
PLAYS = 20
DRAWS = 21
PENALTY_CARDS = 22
RESHUFFLES = 23
CH_PTR = 24
CH_CARD_PTR = 25
ERR = 26
LAST_CARD = 27
NP = 28            # players
FREE = 29          # the seat that goes free with the winner (PY-P5), else -1
DRAW_MOVES = 30    # draw moves (DRAWS counts the cards drawn)
N_STATE = 32
# blocks of W
HSIZE = 32
TEKF = HSIZE + MAXP
OL = TEKF + MAXP
STOCK = OL + MAXP
DISC = STOCK + CAP
PM = DISC + CAP            # the hand masks, one a seat (int64 holding the 53 bits)
CNT = PM + MAXP            # copies held: CNT + seat * NC + card
SCORES = CNT + MAXP * NC
OPT = SCORES + MAXP
SCRATCH = OPT + N_OPT      # NC entries (the replay's reshuffle check)
W_SIZE = SCRATCH + NC


def new_state(n: int, opt: np.ndarray) -> np.ndarray:
    """A fresh ``W`` for ``n`` players with the option vector ``opt`` (plain Python)."""
    W = np.zeros(W_SIZE, dtype=np.int64)
    W[NP] = n
    W[OPT:OPT + len(opt)] = opt
    return W


def set_hand(W: np.ndarray, seat: int, cards) -> None:
    """Give ``seat`` the cards of index ``cards`` in ``W`` (plain Python; a replay's start)."""
    W[CNT + seat * NC:CNT + (seat + 1) * NC] = 0
    mask = 0
    for c in cards:
        W[CNT + seat * NC + c] += 1
        mask |= 1 << int(c)
    W[PM + seat] = mask
    W[HSIZE + seat] = len(cards)


def hand_cards(W: np.ndarray, seat: int) -> list[int]:
    """The card indices ``seat`` holds in ``W``, ascending, a card twice when held twice (plain Python)."""
    return [c for c in range(NC) for _ in range(int(W[CNT + seat * NC + c]))]
