"""simulate(..., scheduler=...): the same split on a Dask cluster gives the table of one process."""

from __future__ import annotations

import pandas as pd
import pytest

from cardlib.simulate import simulate

pytestmark = pytest.mark.process                  # starts a local cluster of worker processes

distributed = pytest.importorskip("dask.distributed", reason="the [cluster] extra (dask.distributed) is not installed")


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, processes=True, host="127.0.0.1", dashboard_address=None,
                                       threads_per_worker=1)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.mark.parametrize("kw", [
    dict(game="sari-cuce", engine="fast", n=3000),
    dict(game="sari-cuce", engine="fast", n=40, game_mode=True),
    dict(game="pis-yedili", engine="fast", n=1500),
    dict(game="pis-yedili", n=12),
], ids=lambda kw: "-".join(str(v) for v in kw.values()))
def test_a_local_cluster_gives_the_table_of_one_process(client, kw):
    one = simulate(players=4, seed=3, progress=False, workers=1, **kw)
    on_cluster = simulate(players=4, seed=3, progress=False, scheduler=client, **kw)
    pd.testing.assert_frame_equal(one.table, on_cluster.table)
    if one.game_table is not None:
        pd.testing.assert_frame_equal(one.game_table, on_cluster.game_table)


def test_scheduler_by_address(client):
    address = client.scheduler.address
    assert address.startswith("tcp://127.0.0.1")
    a = simulate("sari-cuce", players=4, n=500, seed=9, engine="fast", progress=False, workers=1)
    b = simulate("sari-cuce", players=4, n=500, seed=9, engine="fast", progress=False, scheduler=address)
    pd.testing.assert_frame_equal(a.table, b.table)
