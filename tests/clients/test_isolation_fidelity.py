"""Isolation fidelity: transaction modes set inside an open block before its
first query (BEGIN ISOLATION LEVEL inside psycopg's own BEGIN, SET
TRANSACTION, SET transaction_isolation) take effect as in PostgreSQL, with its
warnings and errors afterwards; and DDL committed while a block's writes to
the table are pending (DROP and CREATE again, ALTER TABLE, TRUNCATE) makes
that block's COMMIT fail with 40001 instead of applying its rows to what now
has the table's name (PostgreSQL's DDL would have waited for the block's
lock; here the first committer wins)."""
import psycopg
import pytest
from psycopg import errors

MODES_SCRIPT = """
create table modes_t (a int);
begin;
begin isolation level serializable;
show transaction_isolation;
select current_setting('transaction_isolation');
begin isolation level serializable;
begin isolation level repeatable read;
show transaction_isolation;
rollback;
begin;
select 1;
set transaction isolation level serializable;
rollback;
begin;
select 1;
set transaction isolation level read committed;
show transaction_isolation;
rollback;
begin;
select 1;
begin isolation level serializable;
show transaction_isolation;
rollback;
begin;
select 1;
begin isolation level read committed;
show transaction_isolation;
rollback;
start transaction;
start transaction isolation level repeatable read;
show transaction_isolation;
rollback;
begin;
show transaction_isolation;
set transaction isolation level repeatable read;
show transaction_isolation;
set transaction_isolation = 'serializable';
show transaction_isolation;
set default_transaction_isolation = 'repeatable read';
show transaction_isolation;
set session characteristics as transaction isolation level read committed;
show transaction_isolation;
show default_transaction_isolation;
select current_setting('transaction_isolation');
set transaction isolation level read committed;
rollback;
set transaction_isolation = 'serializable';
show transaction_isolation;
set transaction isolation level serializable;
begin;
insert into modes_t values (1);
set transaction read only;
show transaction_read_only;
insert into modes_t values (2);
rollback;
begin;
insert into modes_t values (1);
begin read only;
show transaction_read_only;
rollback;
begin read only;
begin read write;
show transaction_read_only;
rollback;
begin read only;
select 1;
begin read write;
rollback;
begin read only;
select 1;
set transaction_read_only = off;
rollback;
begin;
select 1;
set transaction deferrable;
rollback;
begin;
set transaction deferrable;
select 1;
begin isolation level serializable, read only, deferrable;
rollback;
begin;
savepoint s;
set transaction isolation level serializable;
rollback;
begin;
savepoint s;
set transaction isolation level read committed;
set transaction read only;
show transaction_read_only;
set transaction read write;
rollback;
begin;
savepoint s;
set transaction read only;
rollback to s;
show transaction_read_only;
set transaction not deferrable;
rollback;
begin;
savepoint s;
release s;
set transaction isolation level serializable;
show transaction_isolation;
select count(*) from modes_t;
commit;
drop table modes_t;
"""


def psql_messages(stderr):
    return [line for line in stderr.splitlines() if not line.startswith("LOCATION:")]


def test_transaction_modes_inside_a_block_answer_as_postgresql(ptreedb_server, postgres_oracle):
    postgres_oracle.psql("-c", "drop table if exists modes_t")
    args = ("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0")
    ours = ptreedb_server.psql(*args, input=MODES_SCRIPT)
    theirs = postgres_oracle.psql(*args, input=MODES_SCRIPT)
    assert ours.stdout == theirs.stdout
    assert psql_messages(ours.stderr) == psql_messages(theirs.stderr)


# Each one Query message of several statements: BEGIN turns its implicit
# transaction into a block and its modes apply (until a query has run).
SEVERAL_STATEMENT_QUERIES = [
    "begin isolation level serializable; show transaction_isolation; commit;",
    "show transaction_isolation; begin isolation level repeatable read; show transaction_isolation; commit;",
    "select 1; begin isolation level serializable; show transaction_isolation; commit;",
    "begin read only; create table several_t (a int); commit;",
    "select 1; begin isolation level read committed, read only; show transaction_read_only; commit;",
    "set transaction isolation level serializable; show transaction_isolation;",
    "select 1; set transaction isolation level serializable; show transaction_isolation;",
    "set transaction read only; create table several_u (a int);",
    "begin; select 1; begin isolation level serializable; commit;",
]


def test_begin_modes_in_a_several_statement_query_answer_as_postgresql(ptreedb_server, postgres_oracle):
    for query in SEVERAL_STATEMENT_QUERIES:
        ours = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-c", query)
        theirs = postgres_oracle.psql("-v", "VERBOSITY=verbose", "-c", query)
        assert (ours.stdout, psql_messages(ours.stderr)) == (theirs.stdout, psql_messages(theirs.stderr)), query


def connect(port, autocommit=False):
    return psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=autocommit)


def psycopg_write_skew(port):
    """Two doctors on call, each goes off call if the other is on: in
    psycopg's non-autocommit mode, its own BEGIN comes before the user's
    BEGIN ISOLATION LEVEL SERIALIZABLE."""
    with connect(port, autocommit=True) as setup:
        setup.execute("drop table if exists oncall")
        setup.execute("create table oncall (doctor int primary key, on_call boolean)")
        setup.execute("insert into oncall values (1, true), (2, true)")
    a, b = connect(port), connect(port)
    warnings = []
    for conn in (a, b):
        conn.add_notice_handler(lambda diag: warnings.append((diag.sqlstate, diag.message_primary)))
    levels = []
    for conn in (a, b):
        conn.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        levels.append(conn.execute("show transaction_isolation").fetchone()[0])
    outcomes = {}
    try:
        for name, conn in (("a", a), ("b", b)):
            assert conn.execute("select count(*) from oncall where on_call").fetchone()[0] == 2
        for name, conn, doctor in (("a", a, 1), ("b", b, 2)):
            try:
                conn.execute("update oncall set on_call = false where doctor = %s", (doctor,))
            except psycopg.Error as error:
                outcomes[name] = error.sqlstate
                conn.rollback()
        for name, conn in (("a", a), ("b", b)):
            if name in outcomes:
                continue
            try:
                conn.commit()
                outcomes[name] = "committed"
            except psycopg.Error as error:
                outcomes[name] = error.sqlstate
    finally:
        a.close()
        b.close()
    with connect(port, autocommit=True) as check:
        on_call = check.execute("select count(*) from oncall where on_call").fetchone()[0]
        check.execute("drop table oncall")
    return levels, warnings, sorted(outcomes.values()), on_call


def test_begin_isolation_level_inside_psycopg_transaction_prevents_write_skew(ptreedb_server, postgres_oracle):
    theirs = psycopg_write_skew(postgres_oracle.port)
    ours = psycopg_write_skew(ptreedb_server.port)
    expected = (["serializable", "serializable"],
                [("25001", "there is already a transaction in progress")] * 2,
                ["40001", "committed"], 1)
    assert theirs == expected
    assert ours == expected


# --- DDL racing a block's writes -------------------------------------------

LEVELS = ["read committed", "repeatable read", "serializable"]


@pytest.fixture
def sessions(ptreedb_server):
    block = connect(ptreedb_server.port)
    other = connect(ptreedb_server.port, autocommit=True)
    yield block, other
    block.close()
    other.close()


def begin(block, level):
    block.execute(f"set transaction isolation level {level}")  # after psycopg's BEGIN, before any query


def commit_sqlstate(block):
    try:
        block.commit()
        return "committed"
    except psycopg.Error as error:
        return error.sqlstate


@pytest.mark.parametrize("level", LEVELS)
def test_insert_then_table_dropped_and_created_again_fails_the_commit(sessions, level):
    block, other = sessions
    other.execute("create table w (x int)")
    begin(block, level)
    block.execute("insert into w values (1)")
    other.execute("drop table w")
    other.execute("create table w (x int)")
    assert commit_sqlstate(block) == "40001"
    assert other.execute("select count(*) from w").fetchone()[0] == 0


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("write", ["update w set x = x + 1 where id = 1", "delete from w where id = 1"])
def test_update_or_delete_then_table_dropped_and_created_again_fails_the_commit(sessions, level, write):
    block, other = sessions
    other.execute("create table w (id int primary key, x int)")
    other.execute("insert into w values (1, 10)")
    begin(block, level)
    block.execute(write)
    other.execute("drop table w")
    other.execute("create table w (id int primary key, x int)")
    other.execute("insert into w values (1, 10)")
    assert commit_sqlstate(block) == "40001"
    assert other.execute("select id, x from w").fetchall() == [(1, 10)]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("alter", ["alter table w add column z int default 7", "alter table w drop column y"])
def test_writes_then_alter_table_fail_the_commit(sessions, level, alter):
    block, other = sessions
    other.execute("create table w (id int primary key, x int, y int)")
    other.execute("insert into w values (1, 10, 100)")
    begin(block, level)
    block.execute("insert into w values (2, 20, 200)")
    block.execute("update w set x = x + 1 where id = 1")
    other.execute(alter)
    assert commit_sqlstate(block) == "40001"
    assert other.execute("select id, x from w order by id").fetchall() == [(1, 10)]


@pytest.mark.parametrize("level", LEVELS)
def test_insert_then_truncate_fails_the_commit(sessions, level):
    block, other = sessions
    other.execute("create table w (id int primary key)")
    other.execute("insert into w values (1)")
    begin(block, level)
    block.execute("insert into w values (2)")
    other.execute("truncate w")
    assert commit_sqlstate(block) == "40001"
    assert other.execute("select count(*) from w").fetchone()[0] == 0


@pytest.mark.parametrize("level", LEVELS)
def test_truncate_then_concurrent_insert_keeps_the_insert(sessions, level):
    # PostgreSQL: the insert waits for the TRUNCATE's lock and lands after
    # it. Here the insert commits first and the TRUNCATE removes only the
    # rows it saw: the same end state, and a write planned before the
    # TRUNCATE then fails.
    block, other = sessions
    other.execute("create table w (id int primary key)")
    other.execute("insert into w values (1)")
    with connect(other.info.port) as late_writer:
        late_writer.execute(f"set transaction isolation level {level}")
        late_writer.execute("insert into w values (3)")
        begin(block, level)
        block.execute("truncate w")
        other.execute("insert into w values (2)")
        assert commit_sqlstate(block) == "committed"
        assert commit_sqlstate(late_writer) == "40001"
    assert other.execute("select id from w order by id").fetchall() == [(2,)]
