"""WITH RECURSIVE beyond what PostgreSQL answers the same way: a recursion
that never ends is ended by the memory limit (53200, the server keeps
answering), by a cancel from another connection (57014) and by LIMIT; the
clauses not implemented (SEARCH, CYCLE) and data-modifying WITH queries are
refused with 0A000 naming them, never ignored."""
import threading
import time

import psycopg
import pytest

from fixtures.server import keep_asan_quarantine_small, start_server, stop_server

# Each step doubles the rows, so the memory limit ends it after a few dozen steps.
ENDLESS_UNION = ("WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT 2 * n + x FROM t, (VALUES (0), (1)) v(x)) "
                 "SELECT count(*) FROM t")
ENDLESS_UNION_ALL = "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n FROM t) SELECT count(*) FROM t"


def connect(server):
    return psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres",
                           autocommit=True)


@pytest.fixture
def limited_server(tmp_path, monkeypatch):
    keep_asan_quarantine_small(monkeypatch)
    server = start_server(tmp_path, ["--memory-limit", "64M"])
    yield server
    stop_server(server)


def test_endless_union_stops_at_the_memory_limit(limited_server):
    with connect(limited_server) as conn:
        with pytest.raises(psycopg.errors.OutOfMemory) as error:
            conn.execute(ENDLESS_UNION)
        assert "RecursiveUnion" in error.value.diag.message_detail
        # The memory came back: the same session still answers a recursion that ends.
        rows = conn.execute("WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n + 1 FROM t WHERE n < 1000) "
                            "SELECT count(*), sum(n) FROM t").fetchall()
        assert rows == [(1000, 500500)]


def test_endless_union_all_is_cancelled(ptreedb_server):
    with connect(ptreedb_server) as conn:
        errors = []

        def run():
            try:
                conn.execute(ENDLESS_UNION_ALL)
            except psycopg.Error as error:
                errors.append(error)

        thread = threading.Thread(target=run)
        thread.start()
        time.sleep(0.5)
        conn.cancel()
        thread.join(timeout=30)
        assert not thread.is_alive()
        assert len(errors) == 1 and errors[0].sqlstate == "57014"
        assert conn.execute("SELECT 1").fetchall() == [(1,)]


def test_limit_reads_an_endless_recursion_in_part(ptreedb_server):
    with connect(ptreedb_server) as conn:
        rows = conn.execute("WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) "
                            "SELECT n FROM t LIMIT 5").fetchall()
        assert rows == [(1,), (2,), (3,), (4,), (5,)]
        plan = [row[0] for row in conn.execute(
            "EXPLAIN WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT n FROM t LIMIT 5")]
        assert any("Recursive Union" in line for line in plan)
        assert any("WorkTable Scan on t" in line for line in plan)


@pytest.mark.parametrize("clause, statement", [
    ("SEARCH", "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) "
               "SEARCH DEPTH FIRST BY n SET ord SELECT * FROM t"),
    ("CYCLE", "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) "
              "CYCLE n SET is_cycle USING path SELECT * FROM t"),
    ("must be at the top level", "SELECT * FROM (WITH t AS (INSERT INTO numbers VALUES (1)) SELECT 1) s"),
])
def test_unimplemented_clauses_are_refused(ptreedb_server, clause, statement):
    with connect(ptreedb_server) as conn:
        conn.execute("CREATE TABLE numbers (n int)")
        with pytest.raises(psycopg.errors.FeatureNotSupported) as error:
            conn.execute(statement)
        assert clause in str(error.value)
        assert conn.execute("SELECT count(*) FROM numbers").fetchall() == [(0,)]
