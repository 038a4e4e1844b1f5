"""The Sarı Cüce kernel compiled ahead of time, so a command line call needs neither numba nor a compile.

A numba kernel costs every new process about a second before its first hand, even with numba's
on-disk cache: importing numba (0.6 s here) and its typing registries when the cached code loads.
``python -m cardlib.fast.warmup`` (run by ``make venv``) therefore also compiles
``_saricuce.run`` with numba's ahead-of-time compiler (``numba.pycc``, for this machine's CPU) into
the extension module ``cardlib/fast/_aot_saricuce*.so``, next to the sources, and
:func:`saricuce_run` loads it with a plain import: no numba.

The module carries a hash of the kernel's sources (``_saricuce.py``, ``_bits.py``, ``_rng.py``,
``_codes.py``; the compiled module depends on nothing else, not even numba); when the
sources change, the hash differs and
the engine uses the numba kernel (``cache=True``) again until the next warm-up.  Without a C compiler
(pycc links through one) nothing is built and the numba kernel serves; ``CARDLIB_NO_AOT=1`` turns the
compiled module off.  The two compute the same thing: the tests run the numba kernel, the bench and
``tests/fast/test_fast_aot.py`` check that the compiled one gives the same tables.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULE = "_aot_saricuce"
KERNEL_DIR = HERE.parent / "saricuce" / "kernel"
SOURCES = (KERNEL_DIR / "_kernel.py", HERE / "_bits.py", HERE / "_rng.py", KERNEL_DIR / "_codes.py")

#: the kernel's signature: the arrays simulate_saricuce and replay pass (C-contiguous)
SIGNATURE = ("i8(i8, i8, i8, i8, i8[::1], b1, b1, i8, i8[::1], i8[::1], i8[::1], i8[::1], "
             "i1[::1], b1[::1], i2[::1], i2[::1], i2[::1], i2[::1], i2[::1], i4[::1], i4[::1], i4[::1], i1[::1], "
             "i4[:, ::1], i4[:, ::1], i4[:, ::1], i4[:, ::1], i4[:, ::1], i8[::1], i1[:, ::1])")


def source_hash() -> int:
    """63 bits of the SHA-256 of the kernel's sources."""
    h = hashlib.sha256()
    for name in SOURCES:
        h.update(name.read_bytes())
    return int.from_bytes(h.digest()[:8], "little") >> 1


_LOADED: dict[str, object] = {}


def saricuce_run():
    """The compiled ``run`` if the module is there and built from these sources, else ``None``."""
    if "run" in _LOADED:
        return _LOADED["run"]
    run = None
    if os.environ.get("CARDLIB_NO_AOT", "") in ("", "0"):
        try:
            mod = importlib.import_module(f"{__package__}.{MODULE}")
            if mod.source_hash() == source_hash():
                run = mod.run
        except (ImportError, OSError, AttributeError):
            run = None
    _LOADED["run"] = run
    return run


def build(verbose: bool = False) -> Path | None:
    """Compile ``_saricuce.run`` ahead of time into ``cardlib/fast/``; returns the module's path, or
    ``None`` (with the reason on stderr) when it cannot be built here."""
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("cardlib.fast.aot: no C compiler: the numba kernel will serve", file=sys.stderr)
        return None
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # pycc is "pending deprecation": no replacement exists yet
        from numba.pycc import CC
    from ..saricuce.kernel import _kernel as _saricuce

    digest = source_hash()
    namespace: dict[str, object] = {}
    exec(f"def source_hash():\n    return {digest}\n", namespace)   # a constant the module reports
    with tempfile.TemporaryDirectory(prefix="cardlib-aot-") as tmp:
        cc = CC(MODULE)
        cc.output_dir = tmp
        cc.target_cpu = "host"            # popcnt and tzcnt, as the JIT uses
        cc.verbose = verbose
        cc.export("run", SIGNATURE)(_saricuce.run.py_func)
        cc.export("source_hash", "i8()")(namespace["source_hash"])
        try:
            cc.compile()
        except Exception as exc:  # noqa: BLE001 - a compiler problem: say so, the JIT still works
            print(f"cardlib.fast.aot: not built ({type(exc).__name__}: {exc}); the numba kernel will serve",
                  file=sys.stderr)
            return None
        built = next(Path(tmp).glob(f"{MODULE}*"))
        for old in HERE.glob(f"{MODULE}*"):
            old.unlink()
        target = HERE / built.name
        shutil.move(str(built), target)
    _LOADED.clear()
    return target
