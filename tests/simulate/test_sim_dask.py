"""simulate(..., scheduler=...): the same split on a Dask cluster gives the table of one process."""

from __future__ import annotations

import pandas as pd
import pytest

from cardlib.simulate import simulate

pytestmark = pytest.mark.process                  # starts a local cluster of worker processes

distributed = pytest.importorskip("dask.distributed", reason="the [cluster] extra (dask.distributed) is not installed")


@pytest.fixture(scope="module")
def client():
    from cardlib.simulate.parallel import NO_DASHBOARD
    cluster = distributed.LocalCluster(n_workers=2, processes=True, host="127.0.0.1", threads_per_worker=1,
                                       **NO_DASHBOARD)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.parametrize("kw", [
    dict(game="sari-cuce", engine="fast", n=3000),
    dict(game="sari-cuce", engine="fast", n=40, series=True),
    dict(game="pis-yedili", engine="fast", n=1500),
    dict(game="pis-yedili", n=12),
], ids=lambda kw: "-".join(str(v) for v in kw.values()))
def test_a_local_cluster_gives_the_table_of_one_process(client, kw):
    one = simulate(players=4, seed=3, progress=False, workers=1, **kw)
    on_cluster = simulate(players=4, seed=3, progress=False, scheduler=client, **kw)
    pd.testing.assert_frame_equal(one.table, on_cluster.table)
    if one.series_table is not None:
        pd.testing.assert_frame_equal(one.series_table, on_cluster.series_table)


def test_scheduler_by_address(client):
    address = client.scheduler.address
    assert address.startswith("tcp://127.0.0.1")
    a = simulate("sari-cuce", players=4, n=500, seed=9, engine="fast", progress=False, workers=1)
    b = simulate("sari-cuce", players=4, n=500, seed=9, engine="fast", progress=False, scheduler=address)
    pd.testing.assert_frame_equal(a.table, b.table)


@pytest.fixture
def port_8787_taken():
    """Another program on the dashboard's usual port (a teacher's own Dask, JupyterHub ...): a socket
    listening on 127.0.0.1:8787 for the length of the test (if something else already holds it, so be it)."""
    import errno
    import socket
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", 8787))
        sock.listen(1)
    except OSError as exc:
        if exc.errno != errno.EADDRINUSE:
            raise
    yield
    sock.close()


def test_scheduler_local_runs_beside_a_program_on_port_8787(port_8787_taken):
    """Issue 28: ``simulate --scheduler local`` while port 8787 is taken says nothing on stderr (it warned
    "Port 8787 is already in use ... Hosting the HTTP server on port ... instead") and prints its table."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, "-m", "cardlib", "simulate", "--game", "sari-cuce", "--players", "4",
                           "--hands", "40", "--seed", "1", "--workers", "2", "--scheduler", "local"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == "", proc.stderr[-2000:]
    assert proc.stdout.splitlines()[-1].startswith("40 hands, ")
