"""Sarı Cüce's fast engine: the numba kernel (``_kernel``) and simulate's side of it (``adapter``)."""
