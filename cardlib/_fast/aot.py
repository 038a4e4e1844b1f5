"""A game's kernel compiled ahead of time, so a command line call needs neither numba nor a compile.

A numba kernel costs every new process about a second before its first hand, even with numba's
on-disk cache: importing numba (0.6 s here) and its typing registries when the cached code loads.
``python -m cardlib._fast.warmup`` (run by ``make venv``) therefore also compiles, for every registered
game whose kernel face (``GameSpec.kernel``) names an :class:`Ahead` as ``AOT``, that kernel's function
with numba's ahead-of-time compiler (``numba.pycc``, for this machine's CPU) into the extension module
``_aot`` next to the kernel (Sarı Cüce: ``cardlib/saricuce/kernel/_aot*.so``), and :func:`compiled`
loads it with a plain import: no numba.

The module carries a hash of the kernel's sources (:attr:`Ahead.sources`; the compiled module depends on
nothing else, not even numba); when the sources change, the hash differs and the engine uses the numba
kernel (``cache=True``) again until the next warm-up.  Without a C compiler (pycc links through one)
nothing is built and the numba kernel serves; ``CARDLIB_NO_AOT=1`` turns the compiled modules off.  The
two compute the same thing: the tests run the numba kernel, the bench and ``tests/fast/test_fast_aot.py``
check that the compiled one gives the same tables.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Ahead", "compiled", "source_hash", "build", "build_all"]

MODULE = "_aot"


@dataclass(frozen=True)
class Ahead:
    """What a kernel face compiles ahead of time: ``function`` of the numba module ``module`` (dotted) with
    the numba ``signature``; ``sources``: the modules (dotted) whose text the compiled code depends on."""

    module: str
    function: str
    signature: str
    sources: tuple[str, ...]

    @property
    def package(self) -> str:
        """The package the compiled module ``_aot`` goes in: the kernel module's."""
        return self.module.rpartition(".")[0]

    def folder(self) -> Path:
        return Path(_origin(self.module)).parent


def _origin(module: str) -> str:
    found = importlib.util.find_spec(module)        # imports the parent packages only, never numba
    if found is None or found.origin is None:
        raise ImportError(f"no module {module}")
    return found.origin


def _sha256() -> Any:
    """CPython's own SHA-256 (the digest of ``hashlib.sha256``), which loads in a fraction of a millisecond:
    hashlib loads OpenSSL's libcrypto, 3 to 4 ms of every command line start (``_sha2`` from Python 3.12)."""
    for name in ("_sha256", "_sha2"):
        try:
            return importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            pass
    import hashlib

    return hashlib.sha256


def source_hash(ahead: Ahead) -> int:
    """63 bits of the SHA-256 of the kernel's sources."""
    h = _sha256()()
    for name in ahead.sources:
        with open(_origin(name), "rb") as f:
            h.update(f.read())
    return int.from_bytes(h.digest()[:8], "little") >> 1


_LOADED: dict[Ahead, Any] = {}


def compiled(ahead: Ahead) -> Any:
    """The compiled function if its module is there and built from these sources, else ``None``."""
    if ahead in _LOADED:
        return _LOADED[ahead]
    run = None
    if os.environ.get("CARDLIB_NO_AOT", "") in ("", "0"):
        try:
            mod = importlib.import_module(f"{ahead.package}.{MODULE}")
            if mod.source_hash() == source_hash(ahead):
                run = getattr(mod, ahead.function)
        except (ImportError, OSError, AttributeError):
            run = None
    _LOADED[ahead] = run
    return run


def build(ahead: Ahead, verbose: bool = False) -> Path | None:
    """Compile ``ahead`` into its kernel's folder; returns the module's path, or ``None`` (with the reason
    on stderr) when it cannot be built here."""
    import shutil
    import tempfile

    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("cardlib._fast.aot: no C compiler: the numba kernel will serve", file=sys.stderr)
        return None
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # pycc is "pending deprecation": no replacement exists yet
        from numba.pycc import CC
    kernel = importlib.import_module(ahead.module)

    digest = source_hash(ahead)
    namespace: dict[str, Any] = {}
    exec(f"def source_hash():\n    return {digest}\n", namespace)   # a constant the module reports
    here = ahead.folder()
    with tempfile.TemporaryDirectory(prefix="cardlib-aot-") as tmp:
        cc = CC(MODULE)
        cc.output_dir = tmp
        cc.target_cpu = "host"            # popcnt and tzcnt, as the JIT uses
        cc.verbose = verbose
        cc.export(ahead.function, ahead.signature)(getattr(kernel, ahead.function).py_func)
        cc.export("source_hash", "i8()")(namespace["source_hash"])
        try:
            cc.compile()
        except Exception as exc:  # noqa: BLE001 - a compiler problem: say so, the JIT still works
            print(f"cardlib._fast.aot: {ahead.module} not built ({type(exc).__name__}: {exc}); the numba kernel "
                  "will serve", file=sys.stderr)
            return None
        built = next(Path(tmp).glob(f"{MODULE}*"))
        for old in here.glob(f"{MODULE}.*"):
            old.unlink()
        target = here / built.name
        shutil.move(str(built), target)
    _LOADED.pop(ahead, None)
    return target


def build_all(verbose: bool = False) -> list[Path | None]:
    """:func:`build` for every registered game whose kernel face names an ``AOT``: one entry each (``None``:
    not built, the reason on stderr)."""
    from ..games import GAMES

    return [build(ahead, verbose) for spec in GAMES.values()
            if spec.has_face("kernel") and (ahead := getattr(spec.face("kernel"), "AOT", None)) is not None]
