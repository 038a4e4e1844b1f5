"""What a simulation may ask of this machine: a table that cannot fit in memory is refused before any
work, with the input that asked for it, the size it would take and what would fit (issue 16).

The size is an estimate from the table's own columns (fast engines: the bytes of one row of the kernel's
arrays, held twice while they become the simulation's columns; reference engines: about 1.6 KB a hand,
measured), compared with the memory this process can have: the kernel's ``MemAvailable`` and, when it
is lower, the address-space limit (``ulimit -v``).
"""

from __future__ import annotations

from ..errors import InvalidOptionError

__all__ = ["available_memory", "check_fits", "REFERENCE_BYTES_PER_HAND"]

#: what the reference engines keep a hand (rows of Python objects), measured: 1.46 GB a million hands
REFERENCE_BYTES_PER_HAND = 1600


def available_memory() -> int | None:
    """Bytes this process can still take (``None`` when the system does not say)."""
    avail = None
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    avail = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError, IndexError):
        pass
    if avail is None:
        try:
            import os
            avail = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        except (AttributeError, ValueError, OSError):
            avail = None
    try:
        import resource
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft != resource.RLIM_INFINITY and soft > 0:
            avail = soft if avail is None else min(avail, soft)
    except (ImportError, AttributeError, ValueError, OSError):
        pass
    return avail


def _size(nbytes: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if nbytes >= scale:
            return f"{nbytes / scale:,.1f} {unit}"
    return f"{nbytes / 1e3:,.0f} kB"


def check_fits(what: str, count: int, unit: str, bytes_each: float, available: int | None = None) -> None:
    """Raise :class:`InvalidOptionError` naming ``what`` (e.g. ``"n=1,000,000,000"``) when ``count``
    ``unit`` at ``bytes_each`` bytes each would not fit in the memory available."""
    avail = available_memory() if available is None else available
    need = count * bytes_each
    if avail is None or need <= avail:
        return
    fits = int(avail // max(bytes_each, 1))
    raise InvalidOptionError(
        f"{what}: the table of {count:,} {unit} would take about {_size(need)} ({bytes_each:,.0f} bytes each), "
        f"more than the {_size(avail)} of memory available; about {fits:,} {unit} fit (run several "
        f"simulations with other seeds and add up their summaries for more)")
