"""Issue 11: a Sarı Cüce simulation table says what each hand started from (``start_chips_k`` before the
stakes, ``start_board_B`` per box) and what each box held after it (``board_B``), so a lesson needs no
``shift`` to rebuild them; both engines, single hands and games."""

import numpy as np
import pytest

from cardlib.saricuce.rules import BOX_NAMES
from cardlib.simulate import simulate

PLAYERS = 4


def _check_start_columns(t, start_chips: int, series: bool):
    chips = t[[f"chips_{k}" for k in range(PLAYERS)]].to_numpy()
    start = t[[f"start_chips_{k}" for k in range(PLAYERS)]].to_numpy()
    boxes = t[[f"board_{b}" for b in BOX_NAMES]].to_numpy()
    boxes_start = t[[f"start_board_{b}" for b in BOX_NAMES]].to_numpy()
    net = t[[f"net_{k}" for k in range(PLAYERS)]].to_numpy()
    assert (net == chips - start).all()
    assert (boxes.sum(axis=1) == t["board"].to_numpy()).all()
    # chips and boxes are conserved at the start of a hand as after it (NJ-28)
    assert (start.sum(axis=1) + boxes_start.sum(axis=1) == PLAYERS * start_chips).all()
    if not series:
        assert (start == start_chips).all() and (boxes_start == 0).all()
        return
    game = t["series"].to_numpy()
    first = np.r_[True, game[1:] != game[:-1]]
    assert (start[first] == start_chips).all() and (boxes_start[first] == 0).all()
    later = ~first
    assert later.any()                       # the check below is about something
    assert (start[later] == chips[np.flatnonzero(later) - 1]).all()
    assert (boxes_start[later] == boxes[np.flatnonzero(later) - 1]).all()
    assert (boxes_start[later] > 0).any()    # some box carried over


@pytest.mark.parametrize("engine", ["reference", "fast"])
@pytest.mark.parametrize("series", [False, True])
def test_a_hand_row_says_what_the_hand_started_from(engine, series):
    n = 40 if engine == "reference" else 400
    sim = simulate("sari-cuce", players=PLAYERS, n=n, seed=3, engine=engine, series=series,
                   progress=False, starting_chips=60)
    _check_start_columns(sim.table, 60, series)
