"""Bit operations on 64-bit masks for the compiled kernels: population count and trailing zeros.

numba has no ``popcount``; these are LLVM's ``ctpop`` and ``cttz`` intrinsics, which become single
``popcnt`` / ``tzcnt`` instructions on the machine numba compiles for (and portable bit tricks
elsewhere).  A hand is one ``uint64`` mask (bit ``c`` set: the card of index ``c`` is held), so the
``k``-th legal card in ascending card order is :func:`select` ``(legal, k)``.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

ONE = np.uint64(1)


@intrinsic
def popcount(typingctx, x):
    """Set bits of a ``uint64``, as an ``int64``."""
    if x != types.uint64:
        return None
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def ctz(typingctx, x):
    """Index of the lowest set bit of a non-zero ``uint64`` (trailing zeros), as an ``int64``."""
    if x != types.uint64:
        return None
    sig = types.int64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@njit(cache=True, inline="always")
def select(m, k):
    """The index of the ``k``-th (0-based) set bit of ``m``, in ascending order (``k < popcount(m)``)."""
    for _ in range(k):
        m &= m - ONE
    return ctz(m)


@njit(cache=True, inline="always")
def bit(c):
    """``1 << c`` as a ``uint64``."""
    return ONE << np.uint64(c)


@intrinsic
def unowned(typingctx, arr):
    """The same array without its reference count (a null ``meminfo``): numba then counts no references
    to it, so passing it to inlined helpers costs no atomic increments.  Only for an array that the
    caller keeps alive for as long as the view is used: a kernel's own arguments, or an array it made and
    hands to :func:`alive` at its end (numba frees an array after the last use of its variable, which for
    an owner whose views do the work is the call to ``unowned``)."""
    if not isinstance(arr, types.Array):
        return None
    sig = arr(arr)

    def codegen(context, builder, signature, args):
        from numba.core import cgutils
        src = cgutils.create_struct_proxy(signature.args[0])(context, builder, value=args[0])
        out = cgutils.create_struct_proxy(signature.return_type)(context, builder)
        for name in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(out, name, getattr(src, name))
        out.meminfo = context.get_constant_null(types.MemInfoPointer(arr.dtype))
        out.parent = context.get_constant_null(types.pyobject)
        return out._getvalue()

    return sig, codegen


@njit(cache=True)
def alive(*arrays):
    """Nothing; a use of ``arrays`` where it is called, so that numba frees them (and their
    :func:`unowned` views stop pointing at freed memory) only after it: call it at the end of a kernel
    with the arrays it made and works on through views."""
    return None
