"""Each game's fast engine is its kernel face (GameSpec.kernel, issue 22): what the face offers, the private
machinery reaching it through the spec, the cost per hand on the face, and the old ``cardlib.fast`` names
still working with a warning that names the new way."""

from __future__ import annotations

import importlib
import warnings

import numpy as np
import pytest

from cardlib import _fast
from cardlib.engine import GameSpec
from cardlib.errors import MissingFaceError
from cardlib.games import GAMES, find_game
from cardlib.simulate.parallel import auto_workers, seconds_per_hand

KERNEL_NAMES = ("KERNEL", "SUPPORTED", "AOT", "COLUMN_LABELS", "simulate", "table", "replay", "warm",
                "seconds_per_hand")


@pytest.mark.parametrize("game", ["sari-cuce", "pis-yedili"])
def test_the_face_offers_what_FACES_promises(game):
    face = find_game(game).face("kernel")
    assert face.__name__ == find_game(game).kernel and face.__name__.startswith(find_game(game).hand.__module__
                                                                              .rpartition(".")[0] + ".")
    for name in KERNEL_NAMES:
        assert hasattr(face, name), (game, name)
        assert name in GameSpec.FACES["kernel"], name
    assert face.KERNEL.name == game
    t = face.table(3, 4)
    assert set(t) <= set(face.simulate(3, players=4, seed=1)) and all(len(v) == 3 for v in t.values())


def test_the_machinery_finds_the_kernel_through_the_spec():
    assert _fast.games() == tuple(name for name, spec in GAMES.items() if spec.kernel is not None)
    a = _fast.simulate("pis-yedili", 50, players=3, seed=4)
    b = find_game("pis-yedili").face("kernel").simulate(50, players=3, seed=4)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    with pytest.raises(MissingFaceError, match=r"has no fast engine \(GameSpec.kernel\)"):
        _fast.kernel(GameSpec(**{**find_game("pis-yedili").__dict__, "name": "no-kernel", "kernel": None}))


def test_to_frame_labels_the_columns_the_face_labels():
    t = _fast.simulate("sari-cuce", 20, players=5, seed=1)
    cols = _fast.to_frame(t).columns.tolist()
    assert [c for c in cols if c.startswith("board_")] == ["board_10D", "board_JC", "board_QS", "board_KH", "board_7D"]
    assert [c for c in cols if c.startswith("paid_")] == [f"paid_{k}" for k in range(5)]
    assert _fast.to_frame(t, "sari-cuce").columns.tolist() == cols


@pytest.mark.parametrize("engine, game, rules, seconds", [
    ("reference", "sari-cuce", {}, 4e-4), ("reference", "pis-yedili", {}, 1e-3),
    ("reference", "pis-yedili", {"preset": "turkish"}, 8e-3), ("fast", "sari-cuce", {}, 6e-6),
    ("fast", "pis-yedili", {}, 1e-5), ("fast", "pis-yedili", {"preset": "turkish"}, 8e-5)])
def test_the_cost_per_hand_comes_from_the_spec_and_the_face(engine, game, rules, seconds):
    assert seconds_per_hand(engine, game, {"players": 4, **rules}) == pytest.approx(seconds)
    just_under = int(2.0 / seconds) - 10       # AUTO_SPLIT_SECONDS: one core below it, every core from it
    assert auto_workers(engine, game, just_under, False, {"players": 4, **rules}) == 1


@pytest.mark.parametrize("name, new", [
    ("simulate_saricuce", "cardlib.saricuce.kernel.run"), ("simulate_pisyedili", "cardlib.pisyedili.kernel.run"),
    ("simulate", "cardlib._fast"), ("replay", "cardlib._fast"), ("warmup", "cardlib._fast"), ("to_frame", "cardlib._fast")])
def test_the_old_names_still_work_with_a_warning(name, new):
    old = importlib.import_module("cardlib.fast")
    with pytest.warns(DeprecationWarning, match=rf"cardlib.fast.{name} is deprecated: use cardlib.simulate\(\.\.\., "
                                                r"engine='fast'\)"):
        value = getattr(old, name)
    assert value.__module__ == new


def test_the_old_tables_and_an_unknown_name():
    old = importlib.import_module("cardlib.fast")
    with pytest.warns(DeprecationWarning):
        assert old.GAMES == ("sari-cuce", "pis-yedili")
    with pytest.warns(DeprecationWarning):
        assert old.SUPPORTED["sari-cuce"]["stall_rule"] == ("restart", "skip_rank")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="'cardlib.fast' has no attribute 'simulate_highcard'"):
            old.simulate_highcard  # noqa: B018
