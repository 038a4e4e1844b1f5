"""Splitting a simulation over processes (``workers``) or a Dask cluster (``scheduler``).

Every hand of a simulation depends only on the run's seed and its own index (:mod:`cardlib.seeds`), and
series ``g`` of a run with ``series=True`` is seeded ``seed + g``; so hands ``a .. b-1`` (or games) can be
played anywhere and the parts put back in order give exactly the table of one process.  This module
plans the parts, runs them (``multiprocessing`` workers, or Dask futures) and returns their results in
order; :mod:`cardlib.simulate.core` and :mod:`cardlib.simulate.fast` say what a part is.

Ctrl-C stops everything: the workers ignore SIGINT (no traceback from each of them), the parent
terminates them (or cancels the Dask futures) and raises :class:`SimulationInterrupted`, which says how
many parts were done.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from ..jsonio import shown

__all__ = ["default_workers", "auto_workers", "plan", "Runner", "SimulationInterrupted", "PARTS_PER_WORKER",
           "seconds_per_hand", "SERIES_HANDS", "picklable", "where"]

#: parts per worker: a few, so that the work stays balanced and the progress bar moves
PARTS_PER_WORKER = 4


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during a simulation: every worker has been stopped; ``done`` of ``total`` parts (``units``
    of ``of`` hands or games) had finished."""

    def __init__(self, done: int, total: int, units: int, of: int, unit: str, workers: bool = True):
        self.done, self.total, self.units, self.of, self.unit = done, total, units, of, unit
        if total > 1:
            text = (f"interrupted ({done} of {total} parts were done: {units:,} of {of:,} {unit})"
                    + ("; every worker is stopped" if workers else "") + "; nothing written")
        else:
            text = f"interrupted (after {units:,} of {of:,} {unit}); nothing written"
        super().__init__(text)


def default_workers() -> int:
    """The cores this process may run on (``os.process_cpu_count()``, else the affinity mask)."""
    count = getattr(os, "process_cpu_count", None)
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def plan(n: int, parts: int) -> list[tuple[int, int]]:
    """``parts`` (at most ``n``) consecutive ranges ``(a, b)`` covering ``0 .. n-1``, sizes within one."""
    parts = max(1, min(parts, n))
    cuts = [k * n // parts for k in range(parts + 1)]
    return [(cuts[k], cuts[k + 1]) for k in range(parts)]


#: hands a series (a game or match) is taken to last, to guess the time of a run with series=True
SERIES_HANDS = 4
#: split by default only when the run is about this long on one core (starting workers costs ~1 s)
AUTO_SPLIT_SECONDS = 2.0


def seconds_per_hand(engine: str, game: str, rules: dict[str, Any]) -> float:
    """Rough single-core seconds one hand of ``game`` takes under ``rules`` (a rules dict) in ``engine``: the
    spec's ``hand_seconds`` (reference) or its kernel face's ``seconds_per_hand`` (fast)."""
    from ..games import find_game

    spec = find_game(game)
    made = spec.make_rules(rules)
    return float(spec.face("kernel").seconds_per_hand(made) if engine == "fast" else spec.hand_seconds(made))


def auto_workers(engine: str, game: str, n: int, series: bool, rules: dict[str, Any]) -> int:
    """``workers=None``: every core for a run of ``AUTO_SPLIT_SECONDS`` or more, else 1 (``rules``: the rules
    dict, ``players`` included)."""
    cost = seconds_per_hand(engine, game, rules) * n * (SERIES_HANDS if series else 1)
    return default_workers() if cost >= AUTO_SPLIT_SECONDS else 1


def picklable(obj: Any) -> bool:
    """``obj`` can go to another process (bots given as objects may not)."""
    import pickle
    try:
        pickle.dumps(obj)
        return True
    except Exception:  # noqa: BLE001 - any failure means: cannot go to another process
        return False


def where(scheduler: Any) -> str | None:
    """Where a run went, for its ``extra``: ``None`` (this machine), ``"local"`` or the scheduler's address."""
    if scheduler is None or isinstance(scheduler, str):
        return scheduler
    info: dict[str, Any] = getattr(scheduler, "scheduler_info", dict)()
    return str(info.get("address", type(scheduler).__name__))


# ---------------------------------------------------------------------------------------------------
# running the parts
# ---------------------------------------------------------------------------------------------------
def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _start_pool(ctx, processes: int):
    """A pool whose workers ignore SIGINT from their first instruction: SIGINT is blocked while they
    start (a fork or a spawned process inherits the mask), so a Ctrl-C then cannot print a traceback
    from a half-started worker; the parent gets it as soon as the pool is made."""
    if not hasattr(signal, "pthread_sigmask"):
        return ctx.Pool(processes=processes, initializer=_ignore_sigint)
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return ctx.Pool(processes=processes, initializer=_ignore_sigint)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _call(job: tuple[Callable, tuple]) -> Any:
    fn, args = job
    return fn(*args)


def _context():
    """How workers start.  On Linux, in a process without other threads (a script, the command line):
    ``fork``, which starts at once with the modules and compiled kernels already loaded, and needs no
    ``if __name__ == "__main__":`` guard in the caller's script.  Otherwise (threads, as in Jupyter;
    macOS; Windows) ``forkserver`` where there is one, else ``spawn``: a script must then guard its
    main code, as for any multiprocessing program (a notebook need not)."""
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    if "fork" in methods and sys.platform.startswith("linux") and threading.active_count() == 1:
        return mp.get_context("fork")
    if "forkserver" in methods and sys.platform != "win32":
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["cardlib.simulate.parallel", "numpy"])
        return ctx
    return mp.get_context("spawn")


class Runner:
    """Where the parts run: ``workers`` processes, or a Dask cluster (``scheduler``).  ``slots`` is how
    many parts run at once (the workers, or the cluster's threads); :meth:`map` runs parts in order."""

    def __init__(self, workers: int, scheduler: Any = None):
        self.workers = workers
        self.scheduler = scheduler
        self.client = None
        self.ctx = None
        self._close: Callable[[], None] = lambda: None
        self.slots = workers
        if scheduler is not None:
            self.client, self._close = dask_client(scheduler, workers)
            self.slots = max(1, sum(self.client.nthreads().values()))
        elif workers > 1:
            self.ctx = _context()

    @property
    def shares_memory(self) -> bool:
        """The parts run in this process or in forked workers: they can all write into one table made
        by :func:`shared_empty` before :meth:`map` (nothing to send back, nothing to put together)."""
        return self.client is None and (self.ctx is None or self.ctx.get_start_method() == "fork")

    def empty(self, shape: tuple, dtype) -> np.ndarray:
        """An array the parts can fill (see :attr:`shares_memory`): shared memory for forked workers."""
        return shared_empty(shape, dtype) if self.ctx is not None else np.empty(shape, dtype)

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        self._close()
        self._close = lambda: None

    def map(self, fn: Callable, jobs: Sequence[tuple], sizes: Sequence[int], unit: str,
            on_done: Callable[[int], None] | None = None) -> list[Any]:
        """``[fn(*job) for job in jobs]``, in order.  ``sizes[k]`` (hands or games in part ``k``) feeds
        ``on_done`` and the interruption message.  A part that raises stops the others; its error is
        raised here."""
        if self.client is not None:
            return _map_dask(self.client, fn, jobs, sizes, unit, on_done)
        if self.ctx is None:
            return _map_here(fn, jobs, sizes, unit, on_done)
        return _map_pool(self.ctx, self.workers, fn, jobs, sizes, unit, on_done)


#: tables the parts of a run write into, by key (forked workers inherit this dict)
SHARED: dict[int, dict[str, np.ndarray]] = {}


def shared_empty(shape: tuple, dtype) -> np.ndarray:
    """An array in anonymous shared memory: what a forked worker writes into it, this process sees."""
    import mmap

    dtype = np.dtype(dtype)
    nbytes = int(np.prod(shape)) * dtype.itemsize
    if nbytes == 0:
        return np.empty(shape, dtype)
    return np.frombuffer(mmap.mmap(-1, nbytes), dtype=dtype).reshape(shape)


def _map_here(fn, jobs, sizes, unit, on_done) -> list[Any]:
    """In this process, part after part (a compiled kernel sees Ctrl-C only when it returns: parts keep
    that short)."""
    results: list[Any] = []
    try:
        for k, job in enumerate(jobs):
            results.append(fn(*job))
            if on_done is not None:
                on_done(sizes[k])
    except KeyboardInterrupt:
        raise SimulationInterrupted(len(results), len(jobs), sum(sizes[:len(results)]), sum(sizes), unit,
                                    workers=False) from None
    return results


def _map_pool(ctx, workers, fn, jobs, sizes, unit, on_done) -> list[Any]:
    results: list[Any] = []
    pool = None
    try:
        pool = _start_pool(ctx, min(workers, len(jobs)))
        for k, res in enumerate(pool.imap(_call, [(fn, tuple(j)) for j in jobs])):
            results.append(res)
            if on_done is not None:
                on_done(sizes[k])
        pool.close()
    except KeyboardInterrupt:
        if pool is not None:
            pool.terminate()
            pool.join()
        raise SimulationInterrupted(len(results), len(jobs), sum(sizes[:len(results)]), sum(sizes), unit) from None
    except BaseException:
        if pool is not None:
            pool.terminate()
            pool.join()
        raise
    pool.join()
    return results


def dask_client(scheduler: Any, workers: int):
    """``(client, close)`` for ``scheduler``: ``"local"`` starts a ``LocalCluster`` of ``workers``
    one-thread processes on 127.0.0.1 (no dashboard); a string is a scheduler's address; a ``Client`` is
    used as it is (and not closed)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        from ..errors import InvalidOptionError
        raise InvalidOptionError(
            "scheduler= needs dask.distributed: pip install 'cardlib[cluster]' (or dask[distributed])") from exc
    if isinstance(scheduler, Client):
        return scheduler, lambda: None
    if scheduler == "local":
        cluster, client = _local_cluster(LocalCluster, Client, workers)

        def close() -> None:
            with _quiet_distributed():       # a cancelled run: no warnings about cancelled tasks, no tracebacks
                client.close()
                cluster.close()
        return client, close
    if not isinstance(scheduler, str):
        from ..errors import InvalidOptionError
        raise InvalidOptionError(f"scheduler={shown(scheduler)}: 'local', an address such as 'tcp://host:8786', "
                                 "or a dask.distributed.Client")
    client = Client(scheduler)
    return client, client.close


#: what the worker processes of a local cluster log: only what would end them (a Ctrl-C cancels their
#: tasks and closes them, which they would otherwise report in warnings and tracebacks on our stderr;
#: an error in a part reaches the caller as that part's exception all the same)
WORKER_LOG_LEVEL = "critical"


#: the dashboard off, the right way (issue 28): ``dashboard_address=None`` alone turns the dashboard off but
#: the scheduler still serves its HTTP routes on port 8787, and warns on stderr when another program holds
#: that port (dask/distributed#8136); so the HTTP server takes any free port of 127.0.0.1 instead
NO_DASHBOARD: dict[str, Any] = {"dashboard_address": None, "scheduler_kwargs": {"dashboard_address": "127.0.0.1:0"}}


def _local_cluster(LocalCluster, Client, workers: int):
    """A ``LocalCluster`` of ``workers`` one-thread processes on 127.0.0.1 and its client.  Its worker
    processes ignore SIGINT from their first instruction, as the pool workers do: a terminal's Ctrl-C goes
    to the whole process group, and only this process should act on it (by cancelling the parts and
    closing the cluster).  They are spawned (fork and exec) while this process ignores SIGINT: an ignored
    signal stays ignored across exec, and Python then installs no KeyboardInterrupt handler (blocking the
    signal is not enough: distributed spawns from threads that do not inherit a mask set here).  So a
    Ctrl-C during the cluster's start (a second or two) is not seen; from then on it is.  The workers log
    only critical messages (``DASK_LOGGING__DISTRIBUTED``, read when a worker imports distributed)."""
    saved = os.environ.get("DASK_LOGGING__DISTRIBUTED")
    os.environ["DASK_LOGGING__DISTRIBUTED"] = WORKER_LOG_LEVEL
    in_main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
    cluster = client = None
    try:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               **NO_DASHBOARD)
        client = Client(cluster)
    except BaseException:
        with _quiet_distributed():                            # nothing left running, nothing said
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
        raise
    finally:
        if in_main:
            signal.signal(signal.SIGINT, old)
        if saved is None:
            os.environ.pop("DASK_LOGGING__DISTRIBUTED", None)
        else:
            os.environ["DASK_LOGGING__DISTRIBUTED"] = saved
    return cluster, client


class _quiet_distributed:
    """While a cluster closes: dask.distributed's loggers (scheduler, nanny, client) say nothing below
    CRITICAL and its Python warnings are dropped; both are put back afterwards."""

    def __enter__(self):
        import logging
        import warnings

        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        warnings.simplefilter("ignore")
        names = ["distributed", "tornado", "asyncio"] + [
            n for n in logging.root.manager.loggerDict if n.startswith(("distributed.", "tornado."))]
        self._levels = [(logging.getLogger(n), logging.getLogger(n).level) for n in names]
        for logger, _ in self._levels:
            logger.setLevel(logging.CRITICAL)
        return self

    def __exit__(self, *exc):
        for logger, level in self._levels:
            logger.setLevel(level)
        self._warnings.__exit__(*exc)
        return False


def _map_dask(client, fn, jobs, sizes, unit, on_done) -> list[Any]:
    from dask.distributed import as_completed

    futures = []
    try:
        futures = [client.submit(fn, *job, pure=False) for job in jobs]
        index = {f.key: k for k, f in enumerate(futures)}
        results: list[Any] = [None] * len(jobs)
        for fut in as_completed(futures):
            k = index[fut.key]
            results[k] = fut.result()       # a part's error is raised here
            fut.release()
            if on_done is not None:
                on_done(sizes[k])
        return results
    except KeyboardInterrupt:
        finished = [k for k, f in enumerate(futures) if f.done()]
        client.cancel(futures)
        raise SimulationInterrupted(len(finished), len(jobs), sum(sizes[k] for k in finished), sum(sizes),
                                    unit) from None
    except BaseException:
        client.cancel(futures)
        raise
