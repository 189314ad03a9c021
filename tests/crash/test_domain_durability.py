"""Domains are catalog entries of the world: after kill -9 (replayed from the
log), after a checkpoint and after a clean stop they keep their base type,
default, NOT NULL and CHECK constraints (added, dropped, renamed), and
columns of a domain still enforce them."""
import signal

import psycopg
import pytest

from fixtures.server import start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def domain_state(server, name):
    with connect(server) as conn:
        row = conn.execute(f"SELECT typnotnull, typdefault, format_type(typbasetype, typtypmod) FROM pg_type "
                           f"WHERE typname = '{name}' AND typtype = 'd'").fetchone()
        checks = [r[0] for r in conn.execute(
            f"SELECT conname FROM pg_constraint WHERE contypid = '{name}'::regtype ORDER BY 1").fetchall()]
    return row, checks


def test_domains_survive_kill9_checkpoint_and_restart(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE DOMAIN qty AS integer NOT NULL DEFAULT 1 CHECK (VALUE >= 0)")
            conn.execute("CREATE TABLE items (id int PRIMARY KEY, q qty)")
            conn.execute("INSERT INTO items (id) VALUES (1)")
            conn.execute("INSERT INTO items VALUES (2, 5)")
        expected = ((True, "1", "integer"), ["qty_check"])
        assert domain_state(server, "qty") == expected
        kill9(server)  # replayed from the log
        server = start_server(tmp_path)
        assert domain_state(server, "qty") == expected
        with connect(server) as conn:
            with pytest.raises(psycopg.errors.CheckViolation):
                conn.execute("INSERT INTO items VALUES (3, -1)")
            with pytest.raises(psycopg.errors.NotNullViolation):
                conn.execute("INSERT INTO items VALUES (3, NULL)")
            conn.execute("ALTER DOMAIN qty ADD CONSTRAINT qty_small CHECK (VALUE < 10)")
            conn.execute("ALTER DOMAIN qty DROP DEFAULT")
            conn.execute("CHECKPOINT")
            conn.execute("ALTER DOMAIN qty RENAME CONSTRAINT qty_check TO qty_nonnegative")
        expected = ((True, None, "integer"), ["qty_nonnegative", "qty_small"])
        kill9(server)  # from the checkpoint, then the log
        server = start_server(tmp_path)
        assert domain_state(server, "qty") == expected
        with connect(server) as conn:
            with pytest.raises(psycopg.errors.CheckViolation):
                conn.execute("UPDATE items SET q = 20 WHERE id = 2")
            with pytest.raises(psycopg.errors.NotNullViolation):
                conn.execute("INSERT INTO items (id) VALUES (4)")  # no default any more
            assert conn.execute("SELECT id, q FROM items ORDER BY id").fetchall() == [(1, 1), (2, 5)]
        stop_server(server)
        server = start_server(tmp_path)
        assert domain_state(server, "qty") == expected
        with connect(server) as conn:
            with pytest.raises(psycopg.errors.DependentObjectsStillExist):
                conn.execute("DROP DOMAIN qty")
    finally:
        stop_server(server)
