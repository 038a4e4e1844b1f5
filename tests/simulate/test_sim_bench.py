"""bench/run.py, the benchmark harness: timing, optional modules that are missing or broken, the report."""

import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import run as bench  # noqa: E402


def test_measure_takes_the_median_of_the_runs():
    calls = []

    def fn(count, seed):
        calls.append((count, seed))
        sum(range(count))  # work in proportion to count
        return count, 3 * count

    rate = bench.measure(fn, repeats=3, seconds=0.01)
    assert len(rate.runs) == 3 and rate.units_per_s > 0
    assert rate.moves_per_unit == 3
    assert len({seed for _, seed in calls[-3:]}) == 3          # each timed run has its own seed


def test_missing_and_broken_modules_become_rows(monkeypatch):
    rows, result = bench.run_module_bench("no_such_bench_module", "fast engines", quick=True)
    assert result is None and rows[0].status == "not available" and "missing" in rows[0].note

    broken = types.ModuleType("bench.broken_bench")
    broken.run = lambda: 1 / 0
    monkeypatch.setitem(sys.modules, "bench.broken_bench", broken)
    rows, result = bench.run_module_bench("broken_bench", "x", quick=False)
    assert rows[0].status == "error" and "ZeroDivisionError" in rows[0].note


def test_module_dicts_are_flattened(monkeypatch):
    mod = types.ModuleType("bench.fake_bench")
    mod.run = lambda: {"hands_per_s": 1234.5, "table": {"bytes": 10, "kind": "numpy"},
                       "step": {"value": 2.5, "unit": "ms", "target": "< 50 ms", "pass": True}}
    monkeypatch.setitem(sys.modules, "bench.fake_bench", mod)
    rows, result = bench.run_module_bench("fake_bench", "widgets", quick=False)
    by = {r.measure: r for r in rows}
    assert by["hands_per_s"].value == 1234.5 and by["hands_per_s"].unit == "/s"
    assert by["table.bytes"].value == 10 and by["table.kind"].note == "numpy"
    assert by["step"].value == 2.5 and by["step"].status == "PASS" and by["step"].target == "< 50 ms"


def test_markdown_report_has_machine_targets_and_missing_rows():
    res = {"machine": bench.machine_info(None), "seconds": 1.0, "repeats": 5, "run_seconds": 1.0, "quick": False,
           "rows": [bench.Row("targets", "X >= 3", 4.0, "hands/s", target=">= 3", ratio=1.33, status="PASS"),
                    bench.Row("probability", "bench/prob_bench.py", status="not available", note="module missing")]}
    text = bench.render_markdown(res, "python -m bench.run --out docs/benchmarks.md")
    assert "`python -m bench.run --out docs/benchmarks.md`" in text
    assert "**PASS**" in text and "not available" in text and "module missing" in text
    assert "Python" in text and "numpy" in text and "numba" in text


@pytest.mark.process
@pytest.mark.slow
def test_quick_run_end_to_end(tmp_path):
    out = tmp_path / "bench.md"
    proc = subprocess.run([sys.executable, "-m", "bench.run", "--quick", "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert "## Targets" in text and "Sarı Cüce reference hands/s" in text


def test_the_bench_report_carries_the_latest_strength_table(tmp_path):
    from bench.run import strength_section

    doc = tmp_path / "expert-strength.md"
    doc.write_text("# x\n\n- command: `python -m bench.expert_strength --hands 9`\n\n"
                   "| game | win |\n|---|---|\n| Sarı Cüce | 33% [29%, 37%] |\n\nolder:\n\n| game | win |\n|---|---|\n| old | 1% |\n",
                   encoding="utf-8")
    lines = strength_section(doc)
    assert "| Sarı Cüce | 33% [29%, 37%] |" in lines and "| old | 1% |" not in lines
    assert any("python -m bench.expert_strength --hands 9" in line for line in lines)
    assert strength_section(tmp_path / "missing.md") == []
