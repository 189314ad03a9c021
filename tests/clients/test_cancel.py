"""Query cancellation and timeouts with real clients: psycopg's conn.cancel()
and libpq's PGconn.cancel (a CancelRequest on a second connection) stop a
long join with 57014 and leave the session usable; a wrong key does nothing;
statement_timeout ends a statement with 57014, idle_session_timeout closes
an idle session with FATAL 57P05 and idle_in_transaction_session_timeout one
idle inside a block with FATAL 25P03, compared with PostgreSQL 15; other
sessions keep being served while one runs a long query."""
import socket
import struct
import threading
import time

import psycopg
import pytest

# 200k x 10k rows whose join condition never holds: seconds in a Release
# build, minutes under ASan, unless something stops it.
LONG_QUERY = "select count(*) from a, b where a.x + b.y = -1"


def connect(port, **kwargs):
    return psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres",
                           autocommit=True, **kwargs)


@pytest.fixture
def loaded(ptreedb_server):
    with connect(ptreedb_server.port) as conn:
        conn.execute("create table a (id int primary key, x int)")
        conn.execute("create table b (id int primary key, y int)")
        with conn.cursor().copy("copy a from stdin") as copy:
            for i in range(200_000):
                copy.write_row((i, i % 97))
        with conn.cursor().copy("copy b from stdin") as copy:
            for i in range(10_000):
                copy.write_row((i, i % 89))
    return ptreedb_server


def run_cancelled(conn, cancel, delay=0.5):
    """Runs LONG_QUERY, calls cancel() after `delay`; returns (error, seconds)."""
    timer = threading.Timer(delay, cancel)
    timer.start()
    start = time.monotonic()
    try:
        with pytest.raises(psycopg.Error) as caught:
            conn.execute(LONG_QUERY)
    finally:
        timer.cancel()
    return caught.value, time.monotonic() - start


def test_psycopg_cancel_stops_long_query_and_session_keeps_working(loaded):
    with connect(loaded.port) as conn:
        error, elapsed = run_cancelled(conn, conn.cancel)
        assert error.sqlstate == "57014"
        assert str(error).startswith("canceling statement due to user request")
        assert elapsed < 5
        assert conn.execute("select count(*) from b").fetchone() == (10_000,)
        # A later statement is not hit by the old cancel.
        assert conn.execute("select count(*) from a where x = 3").fetchone()[0] > 0


def test_libpq_cancel_object_stops_long_query(loaded):
    with connect(loaded.port) as conn:
        libpq_cancel = conn.pgconn.get_cancel()  # PQgetCancel / PQcancel
        error, elapsed = run_cancelled(conn, libpq_cancel.cancel)
        assert error.sqlstate == "57014"
        assert elapsed < 5
        assert conn.execute("select 1").fetchone() == (1,)


def send_cancel_request(port, process_id, secret_key):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(struct.pack("!iiii", 16, 80877102, process_id, secret_key))
        # The server closes the connection without a reply.
        assert sock.recv(1) == b""


def test_cancel_with_wrong_key_does_nothing(loaded):
    with connect(loaded.port) as conn:
        pid = conn.pgconn.backend_pid
        conn.execute("set statement_timeout = '3s'")
        # Wrong secret key (and a wrong process id): the query runs on until its timeout.
        wrong = [(pid, 12345), (pid + 7777, 0)]
        start = time.monotonic()
        timer = threading.Timer(0.3, lambda: [send_cancel_request(loaded.port, p, k) for p, k in wrong])
        timer.start()
        with pytest.raises(psycopg.Error) as caught:
            conn.execute(LONG_QUERY)
        timer.join()
        assert caught.value.sqlstate == "57014"
        assert str(caught.value).startswith("canceling statement due to statement timeout")
        assert time.monotonic() - start >= 2.5


def test_cancel_while_idle_does_not_cancel_the_next_statement(loaded):
    with connect(loaded.port) as conn:
        conn.cancel()
        time.sleep(0.2)
        assert conn.execute("select count(*) from a where x = 1").fetchone()[0] > 0


@pytest.mark.parametrize("value", ["200ms", "200", "1s"])
def test_statement_timeout(loaded, value):
    with connect(loaded.port) as conn:
        conn.execute(f"set statement_timeout = '{value}'")
        start = time.monotonic()
        with pytest.raises(psycopg.Error) as caught:
            conn.execute(LONG_QUERY)
        elapsed = time.monotonic() - start
        assert caught.value.sqlstate == "57014"
        assert str(caught.value).startswith("canceling statement due to statement timeout")
        assert elapsed < 4
        conn.execute("set statement_timeout = 0")
        assert conn.execute("select count(*) from b").fetchone() == (10_000,)


def test_statement_timeout_from_startup_options(loaded):
    with connect(loaded.port, options="-c statement_timeout=300") as conn:
        assert conn.execute("show statement_timeout").fetchone() == ("300ms",)
        with pytest.raises(psycopg.Error) as caught:
            conn.execute(LONG_QUERY)
        assert caught.value.sqlstate == "57014"


def test_statement_timeout_matches_postgres(postgres_oracle):
    with connect(postgres_oracle.port) as conn:
        conn.execute("set statement_timeout = '200ms'")
        with pytest.raises(psycopg.Error) as caught:
            conn.execute("select pg_sleep(5)")
        assert caught.value.sqlstate == "57014"
        assert str(caught.value).startswith("canceling statement due to statement timeout")


def idle_timeout_error(port):
    conn = connect(port)
    try:
        conn.execute("set idle_session_timeout = '300ms'")
        time.sleep(1.0)
        with pytest.raises(psycopg.OperationalError) as caught:
            conn.execute("select 1")
        return caught.value
    finally:
        conn.close()


def test_idle_session_timeout_closes_connection(ptreedb_server, postgres_oracle):
    ours = idle_timeout_error(ptreedb_server.port)
    theirs = idle_timeout_error(postgres_oracle.port)
    assert "terminating connection due to idle-session timeout" in str(theirs)
    assert "terminating connection due to idle-session timeout" in str(ours)
    assert ours.sqlstate == theirs.sqlstate


def test_idle_session_timeout_spares_active_sessions(ptreedb_server):
    with connect(ptreedb_server.port) as conn:
        conn.execute("set idle_session_timeout = '500ms'")
        for _ in range(6):
            time.sleep(0.2)
            assert conn.execute("select 1").fetchone() == (1,)
        conn.execute("set idle_in_transaction_session_timeout = '1s'")
        assert conn.execute("show idle_in_transaction_session_timeout").fetchone() == ("1s",)


def idle_in_transaction_timeout_error(port):
    conn = connect(port)
    try:
        conn.execute("set idle_in_transaction_session_timeout = '300ms'")
        conn.execute("begin")
        conn.execute("select 1")
        time.sleep(1.0)
        with pytest.raises(psycopg.Error) as caught:
            conn.execute("select 1")
        return caught.value
    finally:
        conn.close()


def test_idle_in_transaction_timeout_closes_connection(ptreedb_server, postgres_oracle):
    ours = idle_in_transaction_timeout_error(ptreedb_server.port)
    theirs = idle_in_transaction_timeout_error(postgres_oracle.port)
    assert "terminating connection due to idle-in-transaction timeout" in str(theirs)
    assert "terminating connection due to idle-in-transaction timeout" in str(ours)
    assert ours.sqlstate == theirs.sqlstate


def test_idle_in_transaction_timeout_spares_idle_sessions(ptreedb_server):
    # Outside a block the setting does not apply; the rolled-back block's
    # writes never appear.
    with connect(ptreedb_server.port) as conn:
        conn.execute("set idle_in_transaction_session_timeout = '300ms'")
        time.sleep(0.8)
        assert conn.execute("select 1").fetchone() == (1,)
    with connect(ptreedb_server.port) as conn:
        conn.execute("create table idle_txn (id int primary key)")
        conn.execute("set idle_in_transaction_session_timeout = '300ms'")
        conn.execute("begin")
        conn.execute("insert into idle_txn values (1)")
        time.sleep(0.8)
        with pytest.raises(psycopg.Error):
            conn.execute("commit")
    with connect(ptreedb_server.port) as conn:
        assert conn.execute("select count(*) from idle_txn").fetchone() == (0,)


def test_other_sessions_are_served_during_a_long_query(loaded):
    with connect(loaded.port) as busy:
        busy.execute("set statement_timeout = '4s'")
        outcome = {}

        def run_long():
            try:
                busy.execute(LONG_QUERY)
            except psycopg.Error as error:
                outcome["error"] = error

        worker = threading.Thread(target=run_long)
        worker.start()
        time.sleep(0.3)
        start = time.monotonic()
        for _ in range(5):
            with connect(loaded.port) as other:
                assert other.execute("select count(*) from b").fetchone() == (10_000,)
        assert time.monotonic() - start < 3
        busy.cancel()
        worker.join(10)
        assert outcome["error"].sqlstate == "57014"
        assert str(outcome["error"]).startswith("canceling statement due to user request")
