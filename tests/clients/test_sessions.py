"""Sessions seen and steered from SQL: pg_backend_pid() is the process id of
BackendKeyData, pg_stat_activity lists every connected session with its user,
application, state (idle, active, idle in transaction) and query,
pg_cancel_backend stops another session's running query (57014) and
pg_terminate_backend ends another session (FATAL 57P01); both answer false
for a process id no session has, and only superusers or the same role may
use them (42501 with PostgreSQL's messages)."""
import time

import psycopg
import pytest

from fixtures.long_query import load_long_query_tables, start_long_query


def connect(server, **kwargs):
    return psycopg.connect(server.dsn, autocommit=True, **kwargs)


def sessions_soon(conn, expected):
    """pg_stat_activity's row count once closed connections have been noticed."""
    deadline = time.monotonic() + 10
    while True:
        count = conn.execute("select count(*) from pg_stat_activity").fetchone()[0]
        if count == expected or time.monotonic() > deadline:
            return count
        time.sleep(0.05)


def test_backend_pid_is_the_one_sent_at_startup(ptreedb_server):
    with connect(ptreedb_server) as one, connect(ptreedb_server) as two:
        assert one.execute("select pg_backend_pid()").fetchone()[0] == one.info.backend_pid
        assert two.execute("select pg_backend_pid()").fetchone()[0] == two.info.backend_pid
        assert one.info.backend_pid != two.info.backend_pid


def test_stat_activity_lists_every_session(ptreedb_server):
    with connect(ptreedb_server, application_name="in_block") as other, \
            connect(ptreedb_server, application_name="watcher") as watcher:
        other.execute("begin")
        other.execute("select 42")
        rows = watcher.execute(
            "select pid, usename, application_name, state, query, backend_start is not null, "
            "xact_start is not null, backend_type from pg_stat_activity order by pid").fetchall()
        by_pid = {row[0]: row[1:] for row in rows}
        assert by_pid[other.info.backend_pid] == ("postgres", "in_block", "idle in transaction", "select 42", True,
                                                  True, "client backend")
        mine = by_pid[watcher.info.backend_pid]
        assert mine[:3] == ("postgres", "watcher", "active")
        assert mine[3].startswith("select pid, usename")
        other.execute("commit")
        state, xact = watcher.execute("select state, xact_start is null from pg_stat_activity where pid = %s",
                                      (other.info.backend_pid,)).fetchone()
        assert (state, xact) == ("idle", True)
    with connect(ptreedb_server) as alone:
        assert sessions_soon(alone, 1) == 1


def test_terminate_and_cancel_other_backends(ptreedb_server):
    with connect(ptreedb_server) as setup:
        load_long_query_tables(setup)
    with connect(ptreedb_server) as busy, connect(ptreedb_server) as admin:
        worker, outcome = start_long_query(busy)
        time.sleep(0.5)
        assert admin.execute("select pg_cancel_backend(%s)" % busy.info.backend_pid).fetchone() == (True,)
        worker.join(20)
        assert outcome["error"].sqlstate == "57014"
        assert busy.execute("select 1").fetchone() == (1,)  # only the statement was cancelled

        assert admin.execute("select pg_terminate_backend(%s)" % busy.info.backend_pid).fetchone() == (True,)
        with pytest.raises(psycopg.Error) as ended:
            busy.execute("select 1")
        assert ended.value.sqlstate == "57P01"
        assert "terminating connection due to administrator command" in str(ended.value)
        assert admin.execute("select pg_terminate_backend(999999), pg_cancel_backend(999999)").fetchone() == (
            False, False)
        assert sessions_soon(admin, 1) == 1


def signal_outcomes(port):
    """Who may cancel or terminate whom, as a role without superuser rights sees it."""
    dsn = lambda user: f"host=127.0.0.1 port={port} user={user} dbname=postgres"  # noqa: E731
    seen = []
    with psycopg.connect(dsn("postgres"), autocommit=True) as superuser:
        for role in ("sig_a", "sig_b"):
            superuser.execute(f"drop role if exists {role}")
            superuser.execute(f"create role {role} login")
        a1 = psycopg.connect(dsn("sig_a"), autocommit=True)
        a2 = psycopg.connect(dsn("sig_a"), autocommit=True)
        b = psycopg.connect(dsn("sig_b"), autocommit=True)
        try:
            for function in ("pg_cancel_backend", "pg_terminate_backend"):
                for target in (superuser, b):
                    try:
                        seen.append(a1.execute(f"select {function}({target.info.backend_pid})").fetchone())
                    except psycopg.Error as error:
                        seen.append((error.sqlstate, error.diag.message_primary, error.diag.message_detail))
            seen.append(a1.execute(f"select pg_cancel_backend({a2.info.backend_pid})").fetchone())
            seen.append(superuser.execute(f"select pg_cancel_backend({b.info.backend_pid})").fetchone())
        finally:
            for conn in (a1, a2, b):
                conn.close()
        time.sleep(0.3)
        for role in ("sig_a", "sig_b"):
            superuser.execute(f"drop role {role}")
    return seen


def test_only_superusers_or_the_same_role_may_signal_a_backend(ptreedb_server, postgres_oracle):
    ours = signal_outcomes(ptreedb_server.port)
    assert ours[0][0] == "42501" and ours[-2:] == [(True,), (True,)]
    assert ours == signal_outcomes(postgres_oracle.port)
