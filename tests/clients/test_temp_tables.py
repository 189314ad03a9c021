"""Temporary tables across sessions and restarts: another session neither
sees nor reaches them (its own of the same name are its own), they go when
their session ends, and nothing of them is logged, so neither a restart nor
crash recovery brings them back. What is not implemented is refused with
0A000 naming it."""
import signal
import time

import psycopg
import pytest

from fixtures.server import start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def temp_relations(conn):
    return conn.execute(
        "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
        "where n.nspname like 'pg_temp%' order by 1").fetchall()


def test_invisible_to_other_sessions_and_gone_after_disconnect(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as setup:
            setup.execute("create table shared (a int)")
            setup.execute("insert into shared values (1)")
        first = connect(server)
        first.execute("create temp table shared (a int)")
        first.execute("insert into shared values (10), (20)")
        first.execute("create temp table mine (v text)")
        first.execute("insert into mine values ('x')")
        assert first.execute("select sum(a) from shared").fetchone()[0] == 30
        with connect(server) as second:
            # The permanent table, not the other session's temporary one.
            assert second.execute("select sum(a) from shared").fetchone()[0] == 1
            with pytest.raises(psycopg.errors.UndefinedTable):
                second.execute("select * from mine")
            # Its own temporary table of the same name is a different table.
            second.execute("create temp table mine (v text)")
            assert second.execute("select count(*) from mine").fetchone()[0] == 0
            schema = first.execute("select (current_schemas(true))[1]").fetchone()[0]
            assert schema.startswith("pg_temp_")
            with pytest.raises(psycopg.errors.FeatureNotSupported):
                second.execute(f"select * from {schema}.mine")
        assert first.execute("select * from mine").fetchall() == [("x",)]
        first.close()
        with connect(server) as third:
            # The server drops them when it sees the disconnect, as PostgreSQL's
            # backend does at exit: soon after close(), not before it returns.
            deadline = time.monotonic() + 20
            while temp_relations(third) != [] and time.monotonic() < deadline:
                time.sleep(0.05)
            assert temp_relations(third) == []
            assert third.execute("select sum(a) from shared").fetchone()[0] == 1
            with pytest.raises(psycopg.errors.UndefinedTable):
                third.execute("select * from mine")
    finally:
        stop_server(server)


@pytest.mark.parametrize("how", ["restart", "kill9", "checkpoint_kill9"])
def test_nothing_survives_a_restart(tmp_path, how):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("create schema kept")
            conn.execute("create table kept.t (a int primary key)")
            conn.execute("insert into kept.t values (1), (2)")
            holder = connect(server)
            holder.execute("create temp table temp_t (a int primary key, b text)")
            holder.execute("insert into temp_t select g, 'row' from generate_series(1, 100) g")
            holder.execute("create temp table kept (a int)")  # a temporary table named like the schema
            # Temporary sequences, one a temporary table's serial, past their first logged batch.
            holder.execute("create temp sequence temp_s")
            holder.execute("create temp table counted (id serial, v text)")
            assert holder.execute("select max(nextval('temp_s')) from generate_series(1, 100)").fetchone()[0] == 100
            holder.execute("insert into counted (v) select 'x' from generate_series(1, 50)")
            conn.execute("create sequence kept.s")
            assert conn.execute("select nextval('kept.s')").fetchone()[0] == 1
            if how == "checkpoint_kill9":
                conn.execute("checkpoint")
        if how == "restart":
            stop_server(server)  # with the session and its temporary tables still there
            assert server.process.returncode == 0, server.log()
            holder.close()
        else:
            server.process.send_signal(signal.SIGKILL)
            server.process.wait()
            holder.close()
        server = start_server(tmp_path)
        with connect(server) as conn:
            assert temp_relations(conn) == []
            assert conn.execute("select a from kept.t order by a").fetchall() == [(1,), (2,)]
            with pytest.raises(psycopg.errors.UndefinedTable):
                conn.execute("select * from temp_t")
            conn.execute("create temp table temp_t (z int)")
            assert conn.execute("select count(*) from temp_t").fetchone()[0] == 0
            with pytest.raises(psycopg.errors.UndefinedTable):
                conn.execute("select nextval('temp_s')")
            conn.execute("create temp sequence temp_s")
            assert conn.execute("select nextval('temp_s')").fetchone()[0] == 1
            assert conn.execute("select nextval('kept.s')").fetchone()[0] > 1
    finally:
        stop_server(server)


@pytest.mark.parametrize("statement, named", [
    ("create unlogged sequence s", "CREATE UNLOGGED SEQUENCE"),
    ("create schema e create table t (a int) grant select on t to public", "GRANT in CREATE SCHEMA"),
    ("create schema e2 create trigger t before insert on x execute function f()", "CREATE TRIGGER in CREATE SCHEMA"),
    ("drop schema public", "DROP SCHEMA public"),
    ("alter table pg_class set schema public", "ALTER ... SET SCHEMA"),
    ("create unlogged table u (a int)", "CREATE UNLOGGED"),
])
def test_refused_with_0a000(ptreedb_server, statement, named):
    with connect(ptreedb_server) as conn:
        with pytest.raises(psycopg.errors.FeatureNotSupported) as refused:
            conn.execute(statement)
        assert named in str(refused.value)


def test_on_commit_in_blocks(ptreedb_server):
    with connect(ptreedb_server) as conn:
        conn.execute("create temp table d (a int) on commit delete rows")
        with conn.transaction():
            conn.execute("insert into d values (1), (2)")
            assert conn.execute("select count(*) from d").fetchone()[0] == 2
        assert conn.execute("select count(*) from d").fetchone()[0] == 0
        with conn.transaction():
            conn.execute("create temp table x (a int) on commit drop")
            conn.execute("insert into x values (1)")
            assert conn.execute("select count(*) from x").fetchone()[0] == 1
        with pytest.raises(psycopg.errors.UndefinedTable):
            conn.execute("select * from x")
        conn.execute("create temp table p (a int) on commit preserve rows")
        conn.execute("insert into p values (1)")
        assert conn.execute("select count(*) from p").fetchone()[0] == 1


def test_temporary_sequences_are_the_sessions_own(ptreedb_server):
    with connect(ptreedb_server) as first, connect(ptreedb_server) as second:
        first.execute("create temp sequence s start 10")
        second.execute("create temp sequence s")
        assert first.execute("select nextval('s'), nextval('s')").fetchone() == (10, 11)
        assert second.execute("select nextval('s')").fetchone()[0] == 1
        assert first.execute(
            "select relpersistence from pg_class where oid = 'pg_temp.s'::regclass").fetchone()[0] == "t"
        first.execute("create temp table t (id serial)")
        assert first.execute(
            "select c.relpersistence, n.nspname like 'pg_temp%' from pg_class c "
            "join pg_namespace n on n.oid = c.relnamespace where c.relname = 't_id_seq'").fetchone() == ("t", True)
        with pytest.raises(psycopg.errors.InvalidTableDefinition):
            first.execute("create temp sequence public.p")
        first.execute("discard temp")
        with pytest.raises(psycopg.errors.UndefinedTable):
            first.execute("select nextval('s')")
        assert second.execute("select nextval('s')").fetchone()[0] == 2


def test_discard_temp_and_all(ptreedb_server):
    with connect(ptreedb_server) as conn:
        conn.execute("create temp table gone (a int)")
        conn.execute("create temp view gone_view as select 1 as one")
        conn.execute("discard temp")
        with pytest.raises(psycopg.errors.UndefinedTable):
            conn.execute("select * from gone")
        with pytest.raises(psycopg.errors.UndefinedTable):
            conn.execute("select * from gone_view")
        conn.execute("create temp table gone (a int)")
        conn.execute("discard all")
        with pytest.raises(psycopg.errors.UndefinedTable):
            conn.execute("select * from gone")
        with conn.transaction():
            conn.execute("create temp table in_block (a int)")
            conn.execute("discard temp")
            with pytest.raises(psycopg.errors.UndefinedTable):
                conn.execute("select * from in_block")
