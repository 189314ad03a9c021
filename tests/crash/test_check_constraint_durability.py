"""CHECK constraints are part of a table's schema: after kill -9 (replayed
from the log) and after a checkpoint they are still listed and still
enforced, with their names; ALTER TABLE ADD/DROP CONSTRAINT and RENAME
COLUMN survive too. Tables made by CREATE TABLE AS keep their rows."""
import signal

import psycopg
import pytest

from fixtures.server import start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def checks(server, table):
    with connect(server) as conn:
        return conn.execute(
            "SELECT conname, pg_get_constraintdef(oid, true) FROM pg_constraint "
            f"WHERE conrelid = '{table}'::regclass AND contype = 'c' ORDER BY conname").fetchall()


def violated(server, sql):
    with connect(server) as conn:
        with pytest.raises(psycopg.errors.CheckViolation) as error:
            conn.execute(sql)
    return error.value.diag.constraint_name or str(error.value)


def test_checks_survive_kill9_and_checkpoint(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE t (id int PRIMARY KEY, qty int CHECK (qty >= 0), "
                         "label text CONSTRAINT short_label CHECK (length(label) < 6), CHECK (qty < id * 10))")
            conn.execute("INSERT INTO t VALUES (1, 5, 'a'), (2, 0, 'bb')")
            conn.execute("CREATE TABLE c AS SELECT id, qty * 2 AS twice FROM t")
        expected = [("short_label", "CHECK (length(label) < 6)"), ("t_check", "CHECK (qty < (id * 10))"),
                    ("t_qty_check", "CHECK (qty >= 0)")]
        assert checks(server, "t") == expected
        kill9(server)  # replayed from the log
        server = start_server(tmp_path)
        assert checks(server, "t") == expected
        assert "t_qty_check" in violated(server, "INSERT INTO t VALUES (3, -1, 'x')")
        assert "short_label" in violated(server, "UPDATE t SET label = 'toolong' WHERE id = 1")
        with connect(server) as conn:
            assert conn.execute("SELECT id, twice FROM c ORDER BY id").fetchall() == [(1, 10), (2, 0)]
            conn.execute("ALTER TABLE t ADD CONSTRAINT even CHECK (qty % 2 = 0 OR qty = 5)")
            conn.execute("ALTER TABLE t DROP CONSTRAINT t_check")
            conn.execute("ALTER TABLE t RENAME COLUMN label TO name")
            conn.execute("CHECKPOINT")
        expected = [("even", "CHECK ((qty % 2) = 0 OR qty = 5)"), ("short_label", "CHECK (length(name) < 6)"),
                    ("t_qty_check", "CHECK (qty >= 0)")]
        kill9(server)  # from the checkpoint
        server = start_server(tmp_path)
        assert checks(server, "t") == expected
        assert "even" in violated(server, "INSERT INTO t VALUES (4, 3, 'x')")
        assert "short_label" in violated(server, "INSERT INTO t VALUES (4, 4, 'toolong')")
        with connect(server) as conn:
            conn.execute("INSERT INTO t VALUES (4, 80, 'x')")  # t_check is gone
        stop_server(server)  # a clean stop, then a start from the checkpoint alone
        server = start_server(tmp_path)
        assert checks(server, "t") == expected
        with connect(server) as conn:
            assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 3
    finally:
        stop_server(server)
