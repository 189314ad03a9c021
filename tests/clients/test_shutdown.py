"""Shutdown on SIGTERM, as PostgreSQL's fast shutdown: connected clients get
FATAL 57P01 "terminating connection due to administrator command" (idle or in
a transaction block; a long query is cancelled first; a client that has not
finished its startup is just disconnected), the server exits 0
promptly, and every committed row is there after a restart while the open
block's rows are not. Also authentication_timeout: a client that never
finishes its startup is dropped with FATAL 57014."""
import signal
import socket
import struct
import time

import psycopg
import pytest

from fixtures.long_query import load_long_query_tables, start_long_query
from fixtures.server import start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True)


def test_sigterm_ends_every_session_with_57p01_and_exits_cleanly(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as setup:
            setup.execute("create table kept (id int primary key)")
            setup.execute("insert into kept values (1), (2), (3)")
        idle = connect(server)
        in_block = connect(server)
        in_block.execute("begin")
        in_block.execute("insert into kept values (99)")
        # A client that opened a connection and sent nothing yet.
        raw = socket.create_connection(("127.0.0.1", server.port))
        # A client running a long query (a keyless join that checks for
        # cancellation between slices).
        busy = connect(server)
        load_long_query_tables(busy)
        worker, outcome = start_long_query(busy)
        time.sleep(0.5)
        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=20)
        elapsed = time.monotonic() - start
        worker.join(10)
        assert server.process.returncode == 0, server.log()
        assert elapsed < 5, f"shutdown took {elapsed:.1f} s"
        # The running query is cancelled at its next check, then the
        # connection ends.
        assert outcome["error"].sqlstate in ("57014", "57P01")
        for conn in (idle, in_block):
            with pytest.raises(psycopg.Error) as caught:
                conn.execute("select 1")
            assert "terminating connection due to administrator command" in str(caught.value)
            conn.close()
        raw.settimeout(5)
        assert raw.recv(1) == b""  # closed without a word: it never started up
        raw.close()
        busy.close()
    finally:
        stop_server(server)

    restarted = start_server(tmp_path)
    try:
        with connect(restarted) as conn:
            assert conn.execute("select id from kept order by id").fetchall() == [(1,), (2,), (3,)]
    finally:
        stop_server(restarted)
    assert restarted.process.returncode == 0


def test_a_client_mid_startup_does_not_hold_shutdown(tmp_path):
    server = start_server(tmp_path)
    try:
        raw = socket.create_connection(("127.0.0.1", server.port))
        body = struct.pack("!I", 196608) + b"user\0postgres\0"
        raw.sendall(struct.pack("!I", len(body) + 4 + 10) + body)  # promises 10 more bytes
        time.sleep(0.2)
        server.process.send_signal(signal.SIGTERM)
        server.process.wait(timeout=10)
        assert server.process.returncode == 0, server.log()
        raw.close()
    finally:
        stop_server(server)


def test_authentication_timeout_drops_a_silent_client(tmp_path):
    # As PostgreSQL's authentication_timeout: a client that connects and
    # never finishes its startup is told why and disconnected.
    server = start_server(tmp_path, ["--authentication-timeout", "1"])
    try:
        silent = socket.create_connection(("127.0.0.1", server.port))
        silent.settimeout(10)
        start = time.monotonic()
        data = b""
        while True:
            chunk = silent.recv(4096)
            if not chunk:
                break
            data += chunk
        assert 0.8 < time.monotonic() - start < 8
        assert b"57014" in data and b"canceling authentication due to timeout" in data
        silent.close()
        # Clients that do start up are unaffected, also after the timeout.
        with psycopg.connect(server.dsn, autocommit=True) as conn:
            time.sleep(1.5)
            assert conn.execute("select 1").fetchone() == (1,)
    finally:
        stop_server(server)
    assert server.process.returncode == 0
