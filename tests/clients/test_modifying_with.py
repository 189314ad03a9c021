"""Data-modifying WITH queries through real clients: the extended protocol
describes and binds them, a statement commits or fails as a whole (in and
out of transaction blocks), concurrent sessions' writes are not lost, and
what a statement wrote survives a crash. Their SQL results are compared with
PostgreSQL in tests/sql/cases/modifying_with.sql."""
import signal
import threading

import psycopg
import pytest

from fixtures.server import start_server, stop_server


def connect(server, autocommit=True):
    return psycopg.connect(server.dsn, autocommit=autocommit, connect_timeout=10)


def test_extended_protocol_describes_and_binds(ptreedb_server):
    with connect(ptreedb_server) as conn:
        conn.execute("drop table if exists ew_items, ew_log")
        conn.execute("create table ew_items (id int primary key, name text)")
        conn.execute("create table ew_log (id int, name text)")
        # Prepared with parameters: RowDescription comes from the main query.
        statement = ("with added as (insert into ew_items values (%s, %s) returning id, name) "
                     "insert into ew_log select id, upper(name) from added returning id, name")
        for n in range(3):
            cur = conn.execute(statement, (n, f"item{n}"), prepare=True)
            assert [column.name for column in cur.description] == ["id", "name"]
            assert cur.fetchall() == [(n, f"ITEM{n}")]
        cur = conn.execute("with gone as (delete from ew_items where id < %s returning id) "
                           "select count(*), sum(id) from gone", (2,))
        assert cur.fetchone() == (2, 1)
        assert conn.execute("select id from ew_items").fetchall() == [(2,)]
        assert conn.execute("select id, name from ew_log order by id").fetchall() == [
            (0, "ITEM0"), (1, "ITEM1"), (2, "ITEM2")]
        conn.execute("drop table ew_items, ew_log")


def test_a_failing_statement_writes_nothing(ptreedb_server):
    with connect(ptreedb_server) as conn:
        conn.execute("drop table if exists ew_a, ew_b")
        conn.execute("create table ew_a (k int primary key)")
        conn.execute("create table ew_b (k int primary key)")
        conn.execute("insert into ew_a values (1), (2)")
        conn.execute("insert into ew_b values (2)")
        # The WITH query's delete is undone with the main insert's duplicate key.
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute("with moved as (delete from ew_a returning k) insert into ew_b select k from moved")
        assert conn.execute("select k from ew_a order by k").fetchall() == [(1,), (2,)]
        assert conn.execute("select k from ew_b order by k").fetchall() == [(2,)]
        # A WITH query nothing reads runs after the main statement; its failure undoes both.
        with pytest.raises(psycopg.errors.UniqueViolation):
            conn.execute("with dup as (insert into ew_b values (2)) insert into ew_a values (3)")
        assert conn.execute("select k from ew_a order by k").fetchall() == [(1,), (2,)]
        # In a block: the failed statement aborts it; ROLLBACK TO SAVEPOINT keeps what came before.
        with connect(ptreedb_server, autocommit=False) as block:
            block.execute("with added as (insert into ew_a values (10) returning k) select * from added")
            block.execute("savepoint s")
            with pytest.raises(psycopg.errors.UniqueViolation):
                block.execute("with moved as (delete from ew_a returning k) insert into ew_b select k from moved")
            block.execute("rollback to savepoint s")
            block.execute("with moved as (delete from ew_a where k = 1 returning k) "
                          "insert into ew_b select k + 100 from moved")
            block.commit()
        assert conn.execute("select k from ew_a order by k").fetchall() == [(2,), (10,)]
        assert conn.execute("select k from ew_b order by k").fetchall() == [(2,), (101,)]
        conn.execute("drop table ew_a, ew_b")


def test_concurrent_moves_lose_nothing(ptreedb_server):
    """Sessions move rows from a queue to a done table with one statement
    each: every row ends up in exactly one place, moved once. Statements go
    by the simple protocol (client-side binding): a lost race is run again
    on the newer world and answered from that run."""
    with connect(ptreedb_server) as conn:
        conn.execute("drop table if exists ew_queue, ew_done")
        conn.execute("create table ew_queue (id int primary key, amount int)")
        conn.execute("create table ew_done (id int primary key, amount int, worker int)")
        conn.execute("insert into ew_queue select g, g % 7 from generate_series(1, 400) g")
    errors = []

    def worker(number):
        try:
            with psycopg.connect(ptreedb_server.dsn, autocommit=True, connect_timeout=10,
                                 cursor_factory=psycopg.ClientCursor) as conn:
                for start in range(number, 400, 4):
                    conn.execute(
                        "with taken as (delete from ew_queue where id between %s and %s returning id, amount) "
                        "insert into ew_done select id, amount, %s from taken", (start, start + 10, number))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with connect(ptreedb_server) as conn:
        assert conn.execute("select count(*) from ew_queue").fetchone()[0] == 0
        assert conn.execute("select count(*), count(distinct id), sum(amount) from ew_done").fetchone() == (
            400, 400, sum(g % 7 for g in range(1, 401)))
        conn.execute("drop table ew_queue, ew_done")


def test_writes_survive_a_crash(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("create table src (id int primary key, v text)")
            conn.execute("create table dst (id int primary key, v text)")
            conn.execute("insert into src select g, 'v' || g from generate_series(1, 1000) g")
            moved = conn.execute("with m as (delete from src where id % 2 = 0 returning *) "
                                 "insert into dst select * from m returning id").fetchall()
            assert len(moved) == 500
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
        server = start_server(tmp_path)
        with connect(server) as conn:
            assert conn.execute("select count(*), min(id) from src").fetchone() == (500, 1)
            assert conn.execute("select count(*), min(id) from dst").fetchone() == (500, 2)
    finally:
        stop_server(server)


@pytest.mark.parametrize("statement, message", [
    ("declare c cursor for with t as (insert into ew_r values (1) returning a) select * from t",
     "DECLARE CURSOR must not contain data-modifying statements in WITH"),
    ("explain with t as (insert into ew_r values (1) returning a) select * from t", "EXPLAIN"),
    ("copy (with t as (insert into ew_r values (1) returning a) select * from t) to stdout", "COPY"),
])
def test_refused_where_not_implemented(ptreedb_server, statement, message):
    with connect(ptreedb_server) as conn:
        conn.execute("drop table if exists ew_r")
        conn.execute("create table ew_r (a int)")
    with connect(ptreedb_server, autocommit=False) as block:
        with pytest.raises(psycopg.errors.FeatureNotSupported) as error:
            block.execute(statement)
        assert message in str(error.value)
    with connect(ptreedb_server) as conn:
        assert conn.execute("select count(*) from ew_r").fetchone()[0] == 0
        conn.execute("drop table ew_r")


def test_concurrent_counters_through_the_extended_protocol(ptreedb_server):
    """Each statement takes the next number and logs it, from several
    autocommit psycopg sessions (extended protocol): a lost race is re-run
    and answered by its re-run, so every number is handed out and logged once."""
    with connect(ptreedb_server) as conn:
        conn.execute("drop table if exists ew_counter, ew_taken")
        conn.execute("create table ew_counter (id int primary key, n int)")
        conn.execute("insert into ew_counter values (1, 0)")
        conn.execute("create table ew_taken (n int)")
    errors, answers = [], []

    def worker():
        try:
            with connect(ptreedb_server) as conn:
                for _ in range(60):
                    answers.append(conn.execute(
                        "with next as (update ew_counter set n = n + 1 where id = %s returning n), "
                        "logged as (insert into ew_taken select n from next) select n from next", (1,)).fetchone()[0])
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(answers) == list(range(1, 241))
    with connect(ptreedb_server) as conn:
        assert conn.execute("select count(*), count(distinct n), max(n) from ew_taken").fetchone() == (240, 240, 240)
        conn.execute("drop table ew_counter, ew_taken")
