"""Results stream with backpressure: rows are sent while they are produced,
and a client that reads slowly (or not at all) makes the query wait instead
of the server buffering its result. Server memory stays bounded, other
clients are served, a cancel or statement_timeout ends the waiting query with
57014, and a client that closes its socket stops the query. Streamed results
keep their order (ORDER BY, table scans) over both protocols and COPY TO."""
import socket
import subprocess
import time

import psycopg
import pytest

from fixtures.server import start_server, stop_server
from raw_protocol import (cancel_request, connect as raw_connect, drain_until_ready, error_fields, query_message,
                          read_message, server_cpu_seconds, server_rss_kb)

SLOW_QUERIES = {
    "integers": ("select i from generate_series(1, 100000000) i", b"T"),
    # repeat() does not exist yet: a 1000-byte literal makes rows as wide.
    "wide rows": ("select i || '" + "x" * 1000 + "' from generate_series(1, 10000000) i", b"T"),
    "copy": ("copy (select i from generate_series(1, 100000000) i) to stdout", b"H"),
}


def connect(port):
    return psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres",
                           autocommit=True, connect_timeout=10)


def active_queries(port, text):
    with connect(port) as conn:
        rows = conn.execute("select query from pg_stat_activity where state = 'active' "
                            "and pid <> pg_backend_pid()").fetchall()
    return [query for (query,) in rows if text in query]


@pytest.mark.parametrize("name", list(SLOW_QUERIES))
def test_a_client_that_does_not_read_holds_back_the_query_not_memory(ptreedb_server, name):
    sql, first_kind = SLOW_QUERIES[name]
    pid = ptreedb_server.process.pid
    sock, _, _ = raw_connect(ptreedb_server.port)
    baseline = server_rss_kb(pid)
    sock.sendall(query_message(sql))
    peak = baseline
    start = time.monotonic()
    served = 0
    with connect(ptreedb_server.port) as other:
        while time.monotonic() - start < 4:
            # Other clients keep being answered while the reader stalls.
            asked = time.monotonic()
            assert other.execute("select count(*) from generate_series(1, 1000)").fetchone() == (1000,)
            assert time.monotonic() - asked < 2
            served += 1
            peak = max(peak, server_rss_kb(pid))
            time.sleep(0.1)
        assert active_queries(ptreedb_server.port, sql)  # it waits for the client, still running
    growth_mb = (peak - baseline) / 1024
    print(f"{name}: server RSS growth while the client read nothing: {growth_mb:.1f} MB")
    assert growth_mb < 300
    assert served > 10
    # What arrives is the result's beginning, in order.
    kind, body = read_message(sock)
    assert kind == first_kind
    if name == "integers":
        for expected in range(1, 2001):
            kind, body = read_message(sock)
            assert kind == b"D" and body[6:].decode() == str(expected)
    # The client goes away: the query stops and the server goes idle.
    sock.close()
    deadline = time.monotonic() + 5
    while active_queries(ptreedb_server.port, sql):
        assert time.monotonic() < deadline, "the query went on after its client closed the socket"
        time.sleep(0.1)
    before = server_cpu_seconds(pid)
    time.sleep(1)
    assert server_cpu_seconds(pid) - before < 0.3


def test_terminating_a_session_that_does_not_read_ends_it(ptreedb_server):
    sock, process_id, _ = raw_connect(ptreedb_server.port)
    sql = "select i from generate_series(1, 1000000000) i"
    sock.sendall(query_message(sql))
    time.sleep(1)
    with connect(ptreedb_server.port) as other:
        assert other.execute("select pg_terminate_backend(%s)", (process_id,)).fetchone() == (True,)
        deadline = time.monotonic() + 5
        while other.execute("select count(*) from pg_stat_activity where pid = %s", (process_id,)).fetchone()[0]:
            assert time.monotonic() < deadline, "the session outlived pg_terminate_backend"
            time.sleep(0.1)
    sock.close()


@pytest.mark.parametrize("read_meanwhile", [True, False])
def test_cancel_ends_a_streaming_query_promptly(ptreedb_server, read_meanwhile):
    sock, process_id, secret_key = raw_connect(ptreedb_server.port)
    sock.sendall(query_message("select i from generate_series(1, 1000000000) i"))
    if read_meanwhile:
        kind, _ = read_message(sock)
        assert kind == b"T"
        for _ in range(10000):
            kind, _ = read_message(sock)
            assert kind == b"D"
    else:
        time.sleep(1)
    with socket.create_connection(("127.0.0.1", ptreedb_server.port), timeout=5) as canceller:
        canceller.sendall(cancel_request(process_id, secret_key))
        assert canceller.recv(1) == b""
    cancelled = time.monotonic()
    error, _ = drain_until_ready(sock)
    assert time.monotonic() - cancelled < 5
    assert error["C"] == "57014"
    assert error["M"] == "canceling statement due to user request"
    # The session goes on.
    sock.sendall(query_message("select 42"))
    assert read_message(sock)[0] == b"T"
    kind, body = read_message(sock)
    assert kind == b"D" and body[6:] == b"42"
    sock.close()


def test_statement_timeout_ends_a_query_whose_client_does_not_read(ptreedb_server):
    sock, _, _ = raw_connect(ptreedb_server.port)
    sock.sendall(query_message("set statement_timeout = '1s'"))
    assert drain_until_ready(sock)[0] is None
    started = time.monotonic()
    sock.sendall(query_message("select i from generate_series(1, 1000000000) i"))
    time.sleep(3)
    error, _ = drain_until_ready(sock)
    assert error["C"] == "57014"
    assert error["M"] == "canceling statement due to statement timeout"
    assert time.monotonic() - started < 8
    sock.close()


def test_streamed_results_keep_their_order_and_counts(ptreedb_server):
    with connect(ptreedb_server.port) as conn:
        conn.execute("create table t (k int primary key, v text)")
        conn.execute("insert into t select i, 'v' || i from generate_series(1, 200000) i")
        # The extended protocol (psycopg) and a scan of many morsels: key order.
        cursor = conn.execute("select k, v from t")
        rows = cursor.fetchall()
        assert cursor.statusmessage == "SELECT 200000"
        assert rows == [(i, f"v{i}") for i in range(1, 200001)]
        rows = conn.execute("select i from generate_series(1, 300000) i order by i desc").fetchall()
        assert [i for (i,) in rows] == list(range(300000, 0, -1))
        rows = conn.execute("select k % 7, count(*) from t group by 1 order by 1").fetchall()
        assert rows == [(m, sum(1 for i in range(1, 200001) if i % 7 == m)) for m in range(7)]
        rows = conn.execute("select k from t where k <= 3 union all select k from t where k > 199998").fetchall()
        assert rows == [(1,), (2,), (3,), (199999,), (200000,)]
        # A failure after some rows were sent: the rows, then the error, as in PostgreSQL.
        with pytest.raises(psycopg.errors.DivisionByZero):
            conn.execute("select 1 / (100000 - k) from t").fetchall()
        assert conn.execute("select count(*) from t").fetchone() == (200000,)
        # COPY TO STDOUT streams too, whole and in order.
        with conn.cursor().copy("copy t to stdout") as copy:
            data = b"".join(bytes(block) for block in copy)
        assert data == b"".join(f"{i}\tv{i}\n".encode() for i in range(1, 200001))
    # The simple protocol through psql.
    result = ptreedb_server.psql("-A", "-t", "-c", "select k from t where k % 1000 = 0")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [str(i) for i in range(1000, 200001, 1000)]


def test_results_stream_through_tls(tmp_path):
    cert, key = tmp_path / "server.crt", tmp_path / "server.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    server = start_server(tmp_path, ["--ssl-cert", str(cert), "--ssl-key", str(key)])
    try:
        with psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres",
                             sslmode="require", autocommit=True, connect_timeout=10) as conn:
            assert conn.pgconn.ssl_in_use
            rows = conn.execute("select i, 'row ' || i from generate_series(1, 300000) i").fetchall()
            assert rows == [(i, f"row {i}") for i in range(1, 300001)]
            with conn.cursor().copy("copy (select i from generate_series(1, 300000) i) to stdout") as copy:
                data = b"".join(bytes(block) for block in copy)
            assert data == b"".join(f"{i}\n".encode() for i in range(1, 300001))
    finally:
        stop_server(server)
    assert server.process.returncode == 0, server.log()
