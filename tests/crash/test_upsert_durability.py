"""INSERT ... ON CONFLICT across restarts: the rows an upsert inserted and
the rows it updated (including those re-run by the committer after a
concurrent insert of the same key) are in the WAL, so they are all there
after kill -9 and after a clean stop, with and without a checkpoint."""
import signal
import threading

import psycopg

from fixtures.server import start_server, stop_server

UPSERT = "INSERT INTO counters VALUES (%s, 1, %s) ON CONFLICT (k) DO UPDATE SET n = counters.n + 1, last = excluded.last"


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def rows(server):
    with connect(server) as conn:
        return conn.execute("SELECT k, n, last FROM counters ORDER BY k").fetchall()


def upsert_concurrently(server, clients, rounds, keys):
    errors = []

    def work(index):
        try:
            with connect(server) as conn:
                for r in range(rounds):
                    for k in range(keys):
                        conn.execute(UPSERT, (k, f"c{index}"))
        except Exception as error:  # noqa: BLE001 - any error fails the test
            errors.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []


def test_upserted_rows_survive_kill9_and_restarts(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE counters (k int PRIMARY KEY, n bigint NOT NULL, last text)")
            conn.execute("CREATE TABLE tags (id int PRIMARY KEY, name text UNIQUE, hits int)")
            conn.execute("INSERT INTO tags VALUES (1, 'a', 0), (2, 'b', 0)")
            conn.execute("INSERT INTO tags VALUES (3, 'a', 0), (4, 'c', 0) "
                         "ON CONFLICT (name) DO UPDATE SET hits = tags.hits + 10")
            conn.execute("INSERT INTO tags VALUES (2, 'z', 0), (5, 'd', 0) ON CONFLICT DO NOTHING")
        upsert_concurrently(server, clients=4, rounds=10, keys=3)
        expected = [(k, 40, None) for k in range(3)]
        assert [(k, n, None) for k, n, _ in rows(server)] == expected
        before = rows(server)
        kill9(server)

        server = start_server(tmp_path)
        assert rows(server) == before
        with connect(server) as conn:
            assert conn.execute("SELECT * FROM tags ORDER BY id").fetchall() == [
                (1, "a", 10), (2, "b", 0), (4, "c", 0), (5, "d", 0)]
            conn.execute(UPSERT, (0, "after"))
            conn.execute(UPSERT, (9, "after"))
            conn.execute("CHECKPOINT")
            conn.execute(UPSERT, (9, "later"))
        kill9(server)

        server = start_server(tmp_path)
        after = rows(server)
        assert after[0] == (0, 41, "after")
        assert after[-1] == (9, 2, "later")
        stop_server(server)
        server = start_server(tmp_path)
        assert rows(server) == after
    finally:
        stop_server(server)
