"""Codes the Sarı Cüce kernel and its Python side share, in a module without numba (so that loading
the ahead-of-time compiled kernel, :mod:`cardlib._fast.aot`, never imports numba)."""

DEAD = -1
PLAYED = -2
STOP = 53          # the move "stop" (allow_voluntary_stop)
