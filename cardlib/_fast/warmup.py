"""``python -m cardlib._fast.warmup``: leave the fast engines ready, so that nothing compiles at first use.

``make venv`` (hence ``make lab`` and ``make test``) runs it once after installing.  It

1. compiles ahead of time every registered game's kernel whose kernel face names an ``AOT``
   (:mod:`cardlib._fast.aot`; needs a C compiler, else it says so and is skipped), so a command line call
   starts without numba;
2. meanwhile, in this process, compiles every numba kernel (every game's simulation and replay, and the
   expert's playouts) into numba's on-disk cache (``cache=True``, ``__pycache__`` next to the sources), so
   notebooks and tests only load them.

It prints what it did and the seconds each took; the exit status is 0 even when step 1 could not be
done (the numba kernel then serves).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    t0 = time.perf_counter()
    print("cardlib._fast.warmup: compiling the fast engines, once (about 3 minutes on two cores; nothing to "
          "do meanwhile, and nothing compiles at first use after)...", file=sys.stderr, flush=True)
    child = None
    if "--no-aot" not in argv:
        child = subprocess.Popen([sys.executable, "-c", "import sys; from cardlib._fast import aot; "
                                  "built = aot.build_all(); sys.exit(0 if built and all(built) else 1)"])
    os.environ["CARDLIB_NO_AOT"] = "1"         # this process warms the numba kernels themselves
    from cardlib import _fast

    jit = _fast.warm_all()
    from cardlib.expert.warmup import warm as warm_expert      # the expert's playouts and ISMCTS (issue 27)
    jit += warm_expert()
    msg = f"cardlib._fast.warmup: numba kernels compiled into the cache in {jit:.1f} s"
    if child is not None:
        ok = child.wait() == 0
        msg += ("; kernels compiled ahead of time" if ok else "; not every ahead-of-time kernel (see above)")
    print(f"{msg}; {time.perf_counter() - t0:.1f} s in all", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
