"""The ahead-of-time compiled Sarı Cüce kernel (cardlib.fast.aot, built by ``make venv``): the same tables
as the numba kernel, refused when the sources changed, and a command line call without numba or pandas."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from cardlib import fast
from cardlib.fast import aot

needs_aot = pytest.mark.skipif(aot.saricuce_run() is None,
                               reason="no current ahead-of-time module (python -m cardlib.fast.warmup builds it)")


@needs_aot
@pytest.mark.parametrize("players, rules, games", [
    (4, {}, False), (3, {"allow_voluntary_stop": True, "stall_rule": "skip_rank"}, False),
    (8, {"payment_unit": "per_card", "opera_reward": "double_payments"}, False),
    (4, {"end_mode": "bankruptcy", "starting_chips": 40}, True), (5, {"hands_limit": 3}, True),
])
def test_compiled_and_numba_kernels_give_the_same_tables(monkeypatch, players, rules, games):
    a = fast.simulate_saricuce(2000, players=players, seed=7, rules=rules, games=games, deals=True)
    monkeypatch.setitem(aot._LOADED, "run", None)                  # the numba kernel
    b = fast.simulate_saricuce(2000, players=players, seed=7, rules=rules, games=games, deals=True)
    for k in a:
        assert np.array_equal(a[k], b[k]), k


def test_a_module_built_from_other_sources_is_not_used(monkeypatch):
    monkeypatch.setattr(aot, "_LOADED", {})
    monkeypatch.setattr(aot, "source_hash", lambda: -1)
    assert aot.saricuce_run() is None
    monkeypatch.setattr(aot, "_LOADED", {})
    monkeypatch.setenv("CARDLIB_NO_AOT", "1")
    assert aot.saricuce_run() is None


@pytest.mark.process
def test_a_command_line_simulation_loads_neither_pandas_nor_plotly_and_no_numba_with_the_module():
    code = ("import sys; from cardlib.cli import main; "
            "main(['simulate', '--game', 'sari-cuce', '--engine', 'fast', '--hands', '200']); "
            "print(sorted(m for m in ('pandas', 'plotly', 'numba', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = out.strip().splitlines()[-1]
    want = "[]" if aot.saricuce_run() is not None else "['numba']"
    assert loaded == want, out
