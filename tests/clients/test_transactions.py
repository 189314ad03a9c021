"""Transaction blocks end to end: PostgreSQL's answers for BEGIN / COMMIT /
ROLLBACK / SAVEPOINT and failed blocks, ReadyForQuery status, snapshot
isolation with first-committer-wins, write skew per isolation level, and
concurrent bank transfers and counters (psycopg 3 over the simple protocol)."""
import random
import threading
import time

import pytest

from simple_client import SimpleClient, SqlStateError, run_transaction

BLOCK_SCRIPT = """
create table acc (id int primary key, bal int);
insert into acc values (1, 100), (2, 100), (3, 100);
begin;
update acc set bal = bal - 10 where id = 1;
select * from acc order by id;
savepoint a;
update acc set bal = 0;
delete from acc where id = 3;
select * from acc order by id;
rollback to savepoint a;
select * from acc order by id;
savepoint b;
insert into acc values (4, 4);
release savepoint b;
select * from acc order by id;
commit;
select * from acc order by id;
begin;
begin;
insert into acc values (5, 5);
select 1/0;
select * from acc;
savepoint c;
commit;
select * from acc order by id;
commit;
rollback;
savepoint d;
rollback to savepoint d;
release savepoint d;
start transaction isolation level repeatable read;
show transaction_isolation;
set transaction isolation level serializable;
select count(*) from acc;
set transaction isolation level read committed;
rollback;
set transaction isolation level serializable;
begin read only;
insert into acc values (6, 6);
rollback;
begin;
savepoint s;
insert into acc values (1, 1);
rollback to savepoint s;
insert into acc values (7, 7);
release savepoint nosuch;
rollback;
begin;
insert into acc values (8, 8);
rollback;
select * from acc order by id;
set default_transaction_isolation = 'repeatable read';
show transaction_isolation;
begin;
show transaction_isolation;
commit;
end;
abort;
"""


def test_transaction_blocks_answer_as_postgresql(ptreedb_server, postgres_oracle):
    postgres_oracle.psql("-c", "drop table if exists acc")
    ours = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0", input=BLOCK_SCRIPT)
    theirs = postgres_oracle.psql("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0", input=BLOCK_SCRIPT)
    postgres_oracle.psql("-c", "drop table acc")
    assert ours.stdout == theirs.stdout

    def messages(stderr):
        # LOCATION lines name PostgreSQL's source files, and the constraint's
        # schema/table/name fields are not sent yet; the rest must match.
        skipped = ("LOCATION:", "SCHEMA NAME:", "TABLE NAME:", "CONSTRAINT NAME:")
        return [line for line in stderr.splitlines() if not line.startswith(skipped)]

    assert messages(ours.stderr) == messages(theirs.stderr)


SETTINGS_AND_ROLES_SCRIPT = """
show statement_timeout;
begin;
set local statement_timeout = '5s';
show statement_timeout;
set application_name = 'inblock';
commit;
show statement_timeout;
show application_name;
begin;
set application_name = 'rolledback';
set local search_path = 'x';
select set_config('extra_float_digits', '2', false);
rollback;
show application_name;
show search_path;
show extra_float_digits;
begin;
set extra_float_digits = 2;
select 1/0;
commit;
show extra_float_digits;
begin read only;
create role r_ro;
rollback;
begin;
create role r_blk;
select count(*) from pg_roles where rolname = 'r_blk';
rollback;
select count(*) from pg_roles where rolname = 'r_blk';
begin;
create role r_kept;
commit;
select count(*) from pg_roles where rolname = 'r_kept';
drop role r_kept;
"""


def test_settings_and_roles_follow_the_block_as_postgresql(ptreedb_server, postgres_oracle):
    ours = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0", input=SETTINGS_AND_ROLES_SCRIPT)
    theirs = postgres_oracle.psql("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0",
                                  input=SETTINGS_AND_ROLES_SCRIPT)
    assert ours.stdout == theirs.stdout
    skipped = ("LOCATION:",)
    assert [line for line in ours.stderr.splitlines() if not line.startswith(skipped)] == \
        [line for line in theirs.stderr.splitlines() if not line.startswith(skipped)]


@pytest.fixture
def client(ptreedb_server):
    client = SimpleClient(ptreedb_server.dsn)
    yield client
    client.close()


def test_ready_for_query_status_follows_the_block(client):
    assert client.status == "I"
    client.run("begin")
    assert client.status == "T"
    with pytest.raises(SqlStateError) as error:
        client.run("select 1/0")
    assert error.value.sqlstate == "22012"
    assert client.status == "E"
    with pytest.raises(SqlStateError) as error:
        client.run("select 1")
    assert error.value.sqlstate == "25P02"
    client.run("rollback")
    assert client.status == "I"
    client.run("begin; create table t (id int primary key)")
    assert client.status == "T"
    client.run("commit")
    client.run("begin")
    client.run("begin")
    assert ("25001", "there is already a transaction in progress") in client.notices
    client.run("commit")
    client.run("commit")
    assert ("25P01", "there is no transaction in progress") in client.notices


def test_read_your_writes_and_isolation_from_others(ptreedb_server, client):
    other = SimpleClient(ptreedb_server.dsn)
    client.run("create table t (id int primary key, v text)")
    client.run("begin")
    client.run("insert into t values (1, 'mine')")
    assert client.run("select v from t") == [("mine",)]
    assert other.run("select v from t") == []
    client.run("rollback")
    assert client.run("select v from t") == []
    client.run("begin; insert into t values (2, 'kept'); commit")
    assert other.run("select v from t") == [("kept",)]
    # DDL inside a block is private until COMMIT, and ROLLBACK undoes it.
    client.run("begin; create table u (x int); insert into u values (1)")
    with pytest.raises(SqlStateError) as error:
        other.run("select * from u")
    assert error.value.sqlstate == "42P01"
    client.run("rollback")
    with pytest.raises(SqlStateError):
        client.run("select * from u")
    other.close()


def test_repeatable_read_keeps_its_snapshot_read_committed_does_not(ptreedb_server, client):
    writer = SimpleClient(ptreedb_server.dsn)
    client.run("create table t (id int primary key, v int); insert into t values (1, 1)")
    client.run("begin isolation level repeatable read")
    assert client.scalar("select v from t") == "1"
    writer.run("update t set v = 2")
    assert client.scalar("select v from t") == "1"
    client.run("commit")
    client.run("begin isolation level read committed")
    assert client.scalar("select v from t") == "2"
    writer.run("update t set v = 3")
    assert client.scalar("select v from t") == "3"
    client.run("commit")
    writer.close()


def test_first_committer_wins_under_repeatable_read(ptreedb_server, client):
    second = SimpleClient(ptreedb_server.dsn)
    client.run("create table t (id int primary key, v int); insert into t values (1, 0), (2, 0)")
    client.run("begin isolation level repeatable read")
    second.run("begin isolation level repeatable read")
    client.run("update t set v = v + 1 where id = 1")
    second.run("update t set v = v + 10 where id = 1")
    client.run("commit")
    with pytest.raises(SqlStateError) as error:
        second.run("commit")
    assert error.value.sqlstate == "40001"
    assert error.value.message == "could not serialize access due to concurrent update"
    assert second.status == "I"
    assert client.scalar("select v from t where id = 1") == "1"
    # Disjoint rows both commit.
    client.run("begin isolation level repeatable read")
    second.run("begin isolation level repeatable read")
    client.run("update t set v = 100 where id = 1")
    second.run("update t set v = 200 where id = 2")
    client.run("commit")
    second.run("commit")
    assert client.run("select v from t order by id") == [("100",), ("200",)]
    second.close()


def test_concurrent_inserts_of_one_key_get_23505(ptreedb_server, client):
    second = SimpleClient(ptreedb_server.dsn)
    client.run("create table t (id int primary key)")
    client.run("begin")
    second.run("begin")
    client.run("insert into t values (1)")
    second.run("insert into t values (1)")
    client.run("commit")
    with pytest.raises(SqlStateError) as error:
        second.run("commit")
    assert error.value.sqlstate == "23505"
    assert client.run("select count(*) from t") == [("1",)]
    second.close()


def write_skew(server, isolation):
    """Two doctors on call; each goes off call if the other is still on."""
    a, b = SimpleClient(server.dsn), SimpleClient(server.dsn)
    a.run("drop table if exists oncall; create table oncall (doctor int primary key, on_call boolean)")
    a.run("insert into oncall values (1, true), (2, true)")
    outcomes = []
    a.run(f"begin isolation level {isolation}")
    b.run(f"begin isolation level {isolation}")
    assert a.scalar("select count(*) from oncall where on_call") == "2"
    assert b.scalar("select count(*) from oncall where on_call") == "2"
    a.run("update oncall set on_call = false where doctor = 1")
    b.run("update oncall set on_call = false where doctor = 2")
    for client in (a, b):
        try:
            client.run("commit")
            outcomes.append("committed")
        except SqlStateError as error:
            outcomes.append(error.sqlstate)
    on_call = a.scalar("select count(*) from oncall where on_call")
    a.close()
    b.close()
    return outcomes, on_call


def test_write_skew_commits_under_repeatable_read(ptreedb_server):
    # Snapshot isolation allows it, exactly as PostgreSQL's REPEATABLE READ does.
    assert write_skew(ptreedb_server, "repeatable read") == (["committed", "committed"], "0")


def test_write_skew_is_prevented_under_serializable(ptreedb_server):
    assert write_skew(ptreedb_server, "serializable") == (["committed", "40001"], "1")


def test_counter_increments_from_many_autocommit_clients_lose_nothing(ptreedb_server):
    setup = SimpleClient(ptreedb_server.dsn)
    setup.run("create table counter (id int primary key, n bigint); insert into counter values (1, 0)")
    clients, increments = 16, 150
    errors = []

    def work():
        client = SimpleClient(ptreedb_server.dsn)
        try:
            for _ in range(increments):
                client.run("update counter set n = n + 1 where id = 1")
        except Exception as error:  # noqa: BLE001 - any error fails the test below
            errors.append(error)
        finally:
            client.close()

    threads = [threading.Thread(target=work) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert setup.scalar("select n from counter") == str(clients * increments)
    stats = dict(zip(["commits", "aborts_serialization", "batches", "reapplied"],
                     setup.run("select commits, aborts_serialization, batches, reapplied from ptreedb_stat_commit")[0]))
    assert int(stats["commits"]) >= clients * increments
    # Conflicting increments were re-run by the committer, none refused.
    assert int(stats["reapplied"]) > 0
    assert int(stats["aborts_serialization"]) == 0
    setup.close()


def test_read_committed_commit_whose_rerun_would_answer_otherwise_fails(ptreedb_server, client):
    # Two READ COMMITTED blocks delete the same queued row and are both told
    # DELETE 1. The second's COMMIT re-runs its writes on the newest world,
    # where the DELETE finds nothing: the client acted on "1", so the commit
    # fails with 40001 rather than publishing a transaction the client never
    # saw. Increments re-run to the same answer (UPDATE 1) and commit.
    second = SimpleClient(ptreedb_server.dsn)
    client.run("create table queue (id int primary key); insert into queue values (1), (2)")
    client.run("create table n (id int primary key, v int); insert into n values (1, 0)")
    client.run("begin")
    second.run("begin")
    client.run("delete from queue where id = 1")
    second.run("delete from queue where id = 1")
    client.run("update n set v = v + 1 where id = 1")
    client.run("commit")
    with pytest.raises(SqlStateError) as error:
        second.run("commit")
    assert error.value.sqlstate == "40001"
    assert second.status == "I"
    assert client.run("select id from queue") == [("2",)]
    client.run("begin")
    second.run("begin")
    client.run("update n set v = v + 1 where id = 1")
    second.run("update n set v = v + 10 where id = 1")
    client.run("commit")
    second.run("commit")
    assert client.scalar("select v from n where id = 1") == "12"
    second.close()


def test_prepared_increments_in_read_committed_blocks_never_fail(ptreedb_server):
    # Server-side prepared statements (extended protocol) inside blocks: when
    # COMMIT meets the row changed, the block's writes are re-run with the
    # values bound to their parameters, as PostgreSQL's READ COMMITTED
    # re-evaluates them: no 40001, no lost increment.
    import psycopg

    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as setup:
        setup.execute("create table counter (id int primary key, n bigint)")
        setup.execute("insert into counter values (1, 0), (2, 0)")
    clients, increments = 8, 60
    errors = []

    def work():
        try:
            with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
                for _ in range(increments):
                    with conn.transaction():
                        conn.execute("update counter set n = n + %s where id = %s", (1, 1), prepare=True)
                        conn.execute("update counter set n = n + %s where id = %s", (2, 2), prepare=True)
        except Exception as error:  # noqa: BLE001 - any error fails the test below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as check:
        rows = check.execute("select id, n from counter order by id").fetchall()
    assert rows == [(1, clients * increments), (2, 2 * clients * increments)]


def test_extended_protocol_autocommit_writes_are_answered_by_their_rerun(ptreedb_server):
    # Outside a block the extended protocol runs each statement in an
    # implicit transaction that Sync commits. When a concurrent commit changed
    # its rows, the committer re-runs it, and while its response has not left
    # the server the re-run's answer replaces it, as PostgreSQL's READ
    # COMMITTED answers with the row it re-evaluated: UPDATE ... RETURNING
    # counters hand out every value once, DELETE counts what it deleted.
    import psycopg

    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as setup:
        setup.execute("create table ticket (id int primary key, n bigint)")
        setup.execute("insert into ticket values (1, 0)")
        setup.execute("create table backlog (id int primary key)")
        setup.execute("insert into backlog select g from generate_series(1, 600) g")
    clients, increments = 6, 80
    errors, handed_out, deleted = [], [], []

    def work(number):
        try:
            with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
                for i in range(increments):
                    handed_out.append(conn.execute(
                        "update ticket set n = n + 1 where id = %s returning n", (1,)).fetchone()[0])
                    start = (number * 7 + i * 5) % 600
                    cur = conn.execute("delete from backlog where id between %s and %s", (start, start + 9))
                    deleted.append(cur.rowcount)
        except Exception as error:  # noqa: BLE001 - any error fails the test below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(handed_out) == list(range(1, clients * increments + 1))
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as check:
        assert check.execute("select n from ticket").fetchone()[0] == clients * increments
        left = check.execute("select count(*) from backlog").fetchone()[0]
    assert sum(deleted) == 600 - left


def test_a_held_snapshot_shows_in_the_commit_view_until_it_ends(ptreedb_server):
    # A REPEATABLE READ block keeps its world while autocommit updates go on:
    # ptreedb_stat_commit shows two live worlds, a growing snapshot age and
    # retained row-tree nodes; after COMMIT the old world is freed: one live
    # world, no retained node.
    watcher = SimpleClient(ptreedb_server.dsn)
    watcher.run("create table kept (id int primary key, n int)")
    watcher.run("insert into kept values " + ", ".join(f"({i}, 0)" for i in range(1, 501)))
    query = "select live_worlds, oldest_snapshot_age_ms, retained_row_nodes, commit_latency_p99_us from ptreedb_stat_commit"
    assert watcher.run(query)[0][0] == "1"
    reader = SimpleClient(ptreedb_server.dsn)
    reader.run("begin isolation level repeatable read")
    assert reader.scalar("select sum(n) from kept") == "0"
    for i in range(1, 101):
        watcher.run(f"update kept set n = n + 1 where id = {i}")
    first = watcher.run(query)[0]
    time.sleep(0.3)
    second = watcher.run(query)[0]
    assert first[0] == second[0] == "2"
    assert float(second[1]) > float(first[1]) >= 0
    # The old world keeps the leaves that held the 100 updated rows and their
    # ancestors: some nodes, fewer than rows since a leaf holds many rows.
    assert 0 < int(second[2]) < 100
    assert float(second[3]) > 0
    assert reader.scalar("select sum(n) from kept") == "0"  # still its snapshot
    reader.run("commit")
    reader.close()
    after = watcher.run(query)[0]
    assert after[0] == "1"
    assert after[2] == "0"
    assert float(after[1]) == 0
    assert watcher.scalar("select sum(n) from kept") == "100"
    watcher.close()


def test_counter_in_blocks_with_retries_loses_nothing(ptreedb_server):
    setup = SimpleClient(ptreedb_server.dsn)
    setup.run("create table counter (id int primary key, n bigint); insert into counter values (1, 0)")
    clients, increments = 8, 40
    retries = []

    def work():
        client = SimpleClient(ptreedb_server.dsn)
        total = 0
        for _ in range(increments):
            def increment(c):
                n = int(c.scalar("select n from counter where id = 1"))
                c.run(f"update counter set n = {n + 1} where id = 1")
            _, retried = run_transaction(client, increment)
            total += retried
        retries.append(total)
        client.close()

    threads = [threading.Thread(target=work) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert setup.scalar("select n from counter") == str(clients * increments)
    setup.close()


@pytest.mark.parametrize("isolation", ["read committed", "repeatable read", "serializable"])
def test_bank_transfers_preserve_the_total(ptreedb_server, isolation):
    accounts, clients, seconds = 20, 12, 3.0
    setup = SimpleClient(ptreedb_server.dsn)
    setup.run("create table bank (id int primary key, balance bigint)")
    setup.run("insert into bank values " + ", ".join(f"({i}, 1000)" for i in range(accounts)))
    total = str(accounts * 1000)
    stop = time.monotonic() + seconds
    failures, sums, transfers = [], [], []

    def transfer_loop(seed):
        rng = random.Random(seed)
        client = SimpleClient(ptreedb_server.dsn)
        done = 0
        try:
            while time.monotonic() < stop:
                source, target = rng.sample(range(accounts), 2)
                amount = rng.randint(1, 50)

                def transfer(c):
                    if isolation == "read committed":
                        c.run(f"update bank set balance = balance - {amount} where id = {source}")
                        c.run(f"update bank set balance = balance + {amount} where id = {target}")
                    else:
                        have = int(c.scalar(f"select balance from bank where id = {source}"))
                        c.run(f"update bank set balance = {have - amount} where id = {source}")
                        c.run(f"update bank set balance = balance + {amount} where id = {target}")

                run_transaction(client, transfer, isolation)
                done += 1
        except Exception as error:  # noqa: BLE001
            failures.append(error)
        finally:
            transfers.append(done)
            client.close()

    def reader_loop():
        client = SimpleClient(ptreedb_server.dsn)
        while time.monotonic() < stop:
            sums.append(client.scalar("select sum(balance) from bank"))
            client.run(f"begin isolation level {isolation}")
            sums.append(client.scalar("select sum(balance) from bank"))
            client.run("commit")
        client.close()

    threads = [threading.Thread(target=transfer_loop, args=(seed,)) for seed in range(clients)]
    threads.append(threading.Thread(target=reader_loop))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert sum(transfers) > 0
    assert sums and set(sums) == {total}
    assert setup.scalar("select sum(balance) from bank") == total
    setup.close()


def test_serializable_transactions_on_disjoint_tables_both_commit(ptreedb_server, client):
    other = SimpleClient(ptreedb_server.dsn)
    client.run("create table a (id int primary key, v int); create table b (id int primary key, v int)")
    client.run("insert into a values (1, 0); insert into b values (1, 0)")
    client.run("begin isolation level serializable")
    other.run("begin isolation level serializable")
    client.run("update a set v = (select count(*) from a) where id = 1")
    other.run("update b set v = (select count(*) from b) where id = 1")
    client.run("commit")
    other.run("commit")
    # A reader of the table the first one wrote cannot commit its own writes.
    client.run("begin isolation level serializable")
    other.run("begin isolation level serializable")
    assert client.scalar("select v from a") == "1"
    other.run("update a set v = 5")
    client.run("update b set v = 7")
    other.run("commit")
    with pytest.raises(SqlStateError) as error:
        client.run("commit")
    assert error.value.sqlstate == "40001"
    other.close()


def test_serializable_reads_are_key_ranges(ptreedb_server, client):
    # Reads are recorded as the primary-key ranges scanned: transactions
    # that read and write different rows of one table both commit; a row
    # that appears in a range another transaction searched (a phantom)
    # fails the searcher's commit, as PostgreSQL's predicate locks do.
    other = SimpleClient(ptreedb_server.dsn)
    client.run("create table accounts (id int primary key, balance int)")
    client.run("insert into accounts values (1, 100), (2, 100), (10, 100)")
    client.run("begin isolation level serializable")
    other.run("begin isolation level serializable")
    assert client.scalar("select balance from accounts where id = 1") == "100"
    assert other.scalar("select balance from accounts where id = 2") == "100"
    client.run("update accounts set balance = 90 where id = 1")
    other.run("update accounts set balance = 110 where id = 2")
    client.run("commit")
    other.run("commit")

    client.run("begin isolation level serializable")
    other.run("begin isolation level serializable")
    assert client.scalar("select count(*) from accounts where id between 3 and 9") == "0"
    client.run("update accounts set balance = 0 where id = 10")
    other.run("insert into accounts values (5, 1)")
    other.run("commit")
    with pytest.raises(SqlStateError) as error:
        client.run("commit")
    assert error.value.sqlstate == "40001"

    # A scan the key cannot narrow reads the whole table.
    client.run("begin isolation level serializable")
    other.run("begin isolation level serializable")
    assert client.scalar("select count(*) from accounts where balance > 1000") == "0"
    client.run("update accounts set balance = 1 where id = 1")
    other.run("update accounts set balance = 2000 where id = 2")
    other.run("commit")
    with pytest.raises(SqlStateError) as error:
        client.run("commit")
    assert error.value.sqlstate == "40001"
    other.close()
