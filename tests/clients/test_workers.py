"""Sessions run on a pool of worker threads (--workers, one per core by
default). A worker that runs a long statement is stood in for, so with a
single worker, long analytic queries never stall other sessions' short
statements; commits are awaited without holding a worker, so many sessions
committing through one worker still form batches and lose nothing."""
import threading
import time

import psycopg
import pytest

from fixtures.long_query import load_long_query_tables, start_long_query
from fixtures.server import start_server, stop_server


@pytest.fixture
def one_worker_server(tmp_path):
    server = start_server(tmp_path, ["--workers", "1"])
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True)


def test_long_queries_do_not_stall_short_statements(one_worker_server):
    with connect(one_worker_server) as setup:
        load_long_query_tables(setup)
        setup.execute("create table t (id int primary key, n int)")
        setup.execute("insert into t values (1, 0)")
    long_connections = [connect(one_worker_server) for _ in range(2)]
    running = [start_long_query(conn) for conn in long_connections]
    try:
        time.sleep(0.5)  # both are running (each would take about a minute)
        with connect(one_worker_server) as conn:
            for i in range(50):
                started = time.monotonic()
                assert conn.execute("select 1").fetchone() == (1,)
                conn.execute("update t set n = n + 1 where id = 1")
                # Generous: a stalled session would wait for a whole long query.
                assert time.monotonic() - started < 10
            assert conn.execute("select n from t").fetchone() == (50,)
            pids = [c.info.backend_pid for c in long_connections]
            for pid in pids:  # a bound process id (extended protocol)
                assert conn.execute("select pg_cancel_backend(%s)", (pid,)).fetchone() == (True,)
    finally:
        for thread, _ in running:
            thread.join(timeout=60)
    for (thread, outcome), conn in zip(running, long_connections):
        assert not thread.is_alive()
        assert outcome["error"].sqlstate == "57014"
        conn.close()


def test_one_worker_batches_commits_of_many_sessions(one_worker_server):
    clients, rounds = 16, 60
    with connect(one_worker_server) as setup:
        setup.execute("create table c (id int primary key, n int)")
        setup.execute("insert into c select g, 0 from generate_series(1, 4) g")
    errors = []

    def client(k):
        try:
            with connect(one_worker_server) as conn:
                for i in range(rounds):
                    row = (k + i) % 4 + 1
                    if i % 3 == 0:  # autocommit, simple protocol
                        conn.execute(f"update c set n = n + 1 where id = {row}", prepare=False)
                    elif i % 3 == 1:  # extended protocol: committed at Sync
                        conn.execute("update c set n = n + 1 where id = %s", (row,), prepare=True)
                    else:  # an explicit block, committed by COMMIT
                        with conn.transaction():
                            conn.execute("update c set n = n + 1 where id = %s", (row,))
        except Exception as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    with connect(one_worker_server) as conn:
        assert conn.execute("select sum(n) from c").fetchone() == (clients * rounds,)
        mean_batch, max_batch = conn.execute(
            "select mean_batch_size, max_batch_size from ptreedb_stat_commit").fetchone()
        assert max_batch > 1
