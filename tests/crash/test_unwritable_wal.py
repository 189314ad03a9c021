"""An unusable WAL directory: the server refuses to start when it cannot
create files there, and a running server refuses commits (58030, never
acknowledged) while it cannot create segments, keeps serving reads, and
commits again once the directory is back. Tests run as root, so the
directory is made unusable by putting a regular file in its place."""
import os
import shutil

import psycopg
import pytest

from fixtures.server import start_server, stop_server

SMALL_SEGMENTS = ["--wal-segment-size", "64k", "--checkpoint-interval", "0"]


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def test_server_refuses_to_start_when_the_wal_directory_cannot_be_created(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "wal").write_text("not a directory")
    with pytest.raises(RuntimeError) as failed:
        start_server(tmp_path, SMALL_SEGMENTS)
    message = str(failed.value)
    assert "cannot start" in message
    assert "cannot create directory" in message and str(data / "wal") in message


def test_commits_refused_while_segments_cannot_be_created_then_recover(tmp_path):
    server = start_server(tmp_path, SMALL_SEGMENTS)
    wal = tmp_path / "data" / "wal"
    moved = tmp_path / "data" / "wal.moved"
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE t (id integer PRIMARY KEY, body text)")
            conn.execute("INSERT INTO t VALUES (1, 'small')")
        # The log's directory disappears behind the server's back.
        os.rename(wal, moved)
        wal.write_text("in the way")
        refused = 0
        with connect(server) as conn:
            # Each row is larger than a segment, so its record needs new segments.
            for i in range(2, 6):
                with pytest.raises(psycopg.errors.IoError) as error:
                    conn.execute("INSERT INTO t VALUES (%s, %s)", (i, "x" * 100000))
                assert "write-ahead log" in str(error.value)
                refused += 1
            # Reads keep working and nothing refused was published.
            assert conn.execute("SELECT id FROM t ORDER BY id").fetchall() == [(1,)]
        assert refused == 4
        assert server.process.poll() is None
        # The condition clears: commits go through again.
        wal.unlink()
        os.rename(moved, wal)
        with connect(server) as conn:
            conn.execute("INSERT INTO t VALUES (10, %s)", ("y" * 100000,))
            conn.execute("INSERT INTO t VALUES (11, 'after')")
        stop_server(server)
        server = start_server(tmp_path, SMALL_SEGMENTS)
        with connect(server) as conn:
            assert conn.execute("SELECT id, length(body) FROM t ORDER BY id").fetchall() == [
                (1, 5), (10, 100000), (11, 5)]
    finally:
        stop_server(server)
        if moved.exists():
            shutil.rmtree(moved)


def test_checkpoints_in_the_old_directory_name_are_still_loaded(tmp_path):
    server = start_server(tmp_path, SMALL_SEGMENTS)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE t (id integer PRIMARY KEY)")
            conn.execute("INSERT INTO t VALUES " + ",".join(f"({i})" for i in range(1, 501)))
            conn.execute("CHECKPOINT")
    finally:
        stop_server(server)
    data = tmp_path / "data"
    assert len(list((data / "checkpoint").glob("*.ckpt"))) == 1
    os.rename(data / "checkpoint", data / "checkpoints")
    server = start_server(tmp_path, SMALL_SEGMENTS)
    try:
        assert "loaded" in server.log()  # from the checkpoint, not only the log
        with connect(server) as conn:
            assert conn.execute("SELECT count(*) FROM t").fetchone() == (500,)
        assert not (data / "checkpoints").exists()
        assert len(list((data / "checkpoint").glob("*.ckpt"))) == 1
    finally:
        stop_server(server)
