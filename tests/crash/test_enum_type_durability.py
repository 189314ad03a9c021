"""Enum types are catalog entries of the world: after kill -9 (replayed from
the log), after a checkpoint and after a clean stop they keep their labels,
their order (values added BEFORE/AFTER included), their renames and
renamed values, and the rows of enum columns still read, sort and reject
bad labels."""
import signal
import subprocess
from pathlib import Path

import psycopg
import pytest

from fixtures.server import BINARY, start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def labels(server, type_name):
    with connect(server) as conn:
        return [row[0] for row in conn.execute(
            f"SELECT enumlabel FROM pg_enum WHERE enumtypid = '{type_name}'::regtype ORDER BY enumsortorder"
        ).fetchall()]


def sorted_rows(server):
    with connect(server) as conn:
        return [row[0] for row in conn.execute("SELECT c::text FROM t ORDER BY t.c").fetchall()]


def test_enum_types_survive_kill9_checkpoint_and_restart(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')")
            conn.execute("ALTER TYPE mood ADD VALUE 'meh' BEFORE 'ok'")
            conn.execute("CREATE TYPE gone AS ENUM ('x')")
            conn.execute("CREATE TABLE t (id int PRIMARY KEY, c mood)")
            conn.execute("INSERT INTO t VALUES (1, 'happy'), (2, 'sad'), (3, 'meh'), (4, 'ok')")
            conn.execute("DROP TYPE gone")
        order = ["sad", "meh", "ok", "happy"]
        assert labels(server, "mood") == order
        assert sorted_rows(server) == order
        kill9(server)  # replayed from the log
        server = start_server(tmp_path)
        assert labels(server, "mood") == order
        assert sorted_rows(server) == order
        with connect(server) as conn:
            assert conn.execute("SELECT count(*) FROM pg_type WHERE typname = 'gone'").fetchone()[0] == 0
            with pytest.raises(psycopg.errors.InvalidTextRepresentation):
                conn.execute("INSERT INTO t VALUES (5, 'angry')")
            conn.execute("ALTER TYPE mood ADD VALUE 'ecstatic' AFTER 'happy'")
            conn.execute("ALTER TYPE mood RENAME TO feeling")
            conn.execute("INSERT INTO t VALUES (5, 'ecstatic')")
            conn.execute("CHECKPOINT")
            conn.execute("ALTER TYPE feeling RENAME VALUE 'meh' TO 'so-so'")  # rows rewritten, in the log
        order = ["sad", "so-so", "ok", "happy", "ecstatic"]
        kill9(server)  # from the checkpoint
        server = start_server(tmp_path)
        assert labels(server, "feeling") == order
        assert sorted_rows(server) == order
        with connect(server) as conn:
            assert conn.execute("SELECT max(c)::text, min(c)::text FROM t").fetchone() == ("ecstatic", "sad")
            assert conn.execute("SELECT id FROM t WHERE c > 'ok' ORDER BY id").fetchall() == [(1,), (5,)]
            conn.execute("CREATE TYPE later AS ENUM ('a', 'b')")
        stop_server(server)  # a clean stop, then a start from checkpoint and log
        server = start_server(tmp_path)
        assert labels(server, "later") == ["a", "b"]
        assert sorted_rows(server) == order
        with connect(server) as conn:
            with pytest.raises(psycopg.errors.DependentObjectsStillExist):
                conn.execute("DROP TYPE feeling")
    finally:
        stop_server(server)


def test_waldump_prints_types_domains_and_privileges(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')")
            conn.execute("CREATE DOMAIN posint AS integer NOT NULL CHECK (VALUE > 0)")
            conn.execute("CREATE TABLE granted (m mood, p posint)")
            conn.execute("CREATE ROLE reader")
            conn.execute("GRANT SELECT ON granted TO reader")
            conn.execute("DROP DOMAIN posint CASCADE")
    finally:
        stop_server(server)
    waldump = Path(BINARY).parent / "ptreedb-waldump"
    out = subprocess.run([str(waldump), str(tmp_path / "data")], capture_output=True, text=True, check=True).stdout
    assert "enum type: mood (oid" in out and "3 labels)" in out, out
    assert "domain: posint (oid" in out and "over integer, 1 checks, not null)" in out, out
    assert "domain drop: posint" in out, out
    assert "privileges: object oid" in out and "granted" in out, out
