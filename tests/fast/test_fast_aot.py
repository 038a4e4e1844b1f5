"""The ahead-of-time compiled kernels (cardlib._fast.aot, built by ``make venv`` for each game whose kernel face
names an ``AOT``: both games since issue 23): the same tables as the numba kernel, refused when the sources changed, found
through the spec, and a command line call without numba or pandas."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cardlib._fast import aot
from cardlib.games import GAMES, find_game
from cardlib.pisyedili import kernel as py_kernel
from cardlib.saricuce import kernel as sc_kernel

AHEAD = sc_kernel.AOT
needs_aot = pytest.mark.skipif(aot.compiled(AHEAD) is None,
                               reason="no current ahead-of-time module (python -m cardlib._fast.warmup builds it)")
needs_py_aot = pytest.mark.skipif(aot.compiled(py_kernel.AOT) is None,
                                  reason="no current Pis Yedili ahead-of-time module (python -m cardlib._fast.warmup)")


@needs_aot
@pytest.mark.parametrize("players, rules, games", [
    (4, {}, False), (3, {"allow_voluntary_stop": True, "stall_rule": "skip_rank"}, False),
    (8, {"payment_unit": "per_card", "opera_reward": "double_payments"}, False),
    (4, {"end_mode": "bankruptcy", "starting_chips": 40}, True), (5, {"hands_limit": 3}, True),
])
def test_compiled_and_numba_kernels_give_the_same_tables(monkeypatch, players, rules, games):
    a = sc_kernel.simulate(2000, players=players, seed=7, rules=rules, games=games, deals=True)
    monkeypatch.setitem(aot._LOADED, AHEAD, None)                  # the numba kernel
    b = sc_kernel.simulate(2000, players=players, seed=7, rules=rules, games=games, deals=True)
    for k in a:
        assert np.array_equal(a[k], b[k]), k


@needs_py_aot
@pytest.mark.parametrize("players, rules", [
    (4, {}), (4, {"preset": "turkish"}), (4, {"partnerships": True, "partner_goes_free": True}),
    (6, {"decks": 2, "jokers_per_deck": 2}), (3, {"stock_exhaustion": "reshuffle"}),
])
def test_the_compiled_pis_yedili_kernel_gives_the_numba_tables(monkeypatch, players, rules):
    a = py_kernel.simulate(1000, players=players, seed=7, rules=rules, deals=True)
    monkeypatch.setitem(aot._LOADED, py_kernel.AOT, None)          # the numba kernel
    b = py_kernel.simulate(1000, players=players, seed=7, rules=rules, deals=True)
    for k in a:
        assert np.array_equal(a[k], b[k]), k


def test_a_module_built_from_other_sources_is_not_used(monkeypatch):
    monkeypatch.setattr(aot, "_LOADED", {})
    monkeypatch.setattr(aot, "source_hash", lambda ahead: -1)
    assert aot.compiled(AHEAD) is None
    monkeypatch.setattr(aot, "_LOADED", {})
    monkeypatch.setenv("CARDLIB_NO_AOT", "1")
    assert aot.compiled(AHEAD) is None


def test_the_build_follows_the_spec_and_goes_next_to_the_kernel():
    """What is compiled ahead of time is found through each game's kernel face, and its module is built in
    the kernel's own folder, hashing the kernel's own sources (a change to any of them is seen)."""
    named = {spec.name: getattr(spec.face("kernel"), "AOT", None) for spec in GAMES.values() if spec.has_face("kernel")}
    assert named["sari-cuce"] is AHEAD and named["pis-yedili"] is py_kernel.AOT
    kernel_file = Path(sys.modules[find_game("sari-cuce").kernel].__file__).parent / "_kernel.py"
    assert AHEAD.folder() == kernel_file.parent and AHEAD.package == "cardlib.saricuce.kernel"
    assert str(kernel_file) in {str(Path(aot._origin(m))) for m in AHEAD.sources}
    other = aot.Ahead(AHEAD.module, AHEAD.function, AHEAD.signature, AHEAD.sources[:-1])
    assert aot.source_hash(other) != aot.source_hash(AHEAD)


@pytest.mark.process
@pytest.mark.parametrize("game, face", [("sari-cuce", sc_kernel), ("pis-yedili", py_kernel)])
def test_a_command_line_simulation_loads_neither_pandas_nor_plotly_and_no_numba_with_the_module(game, face):
    code = ("import sys; from cardlib.cli import main; "
            f"main(['simulate', '--game', '{game}', '--engine', 'fast', '--hands', '200']); "
            "print(sorted(m for m in ('pandas', 'plotly', 'numba', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = out.strip().splitlines()[-1]
    want = "[]" if aot.compiled(face.AOT) is not None else "['numba']"
    assert loaded == want, out
