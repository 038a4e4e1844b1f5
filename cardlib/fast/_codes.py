"""Codes the Sarı Cüce kernel and its Python side share, in a module without numba (so that loading
the ahead-of-time compiled kernel, :mod:`cardlib.fast.aot`, never imports numba)."""

DEAD = -1
PLAYED = -2
STOP = 53          # the move "stop" (allow_voluntary_stop)
DEAL_MT = 0        # the reference deal: Rng(hand seed), Python's Mersenne Twister
DEAL_COUNTER = 1   # the counter-based deal of issue 17, part 2 (bench only for now)
