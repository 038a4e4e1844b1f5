"""Benchmarks: `python -m bench.run --out docs/benchmarks.md` (see bench/run.py)."""
