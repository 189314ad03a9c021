"""INSERT ... ON CONFLICT from many psycopg connections at once, on the same
keys: under READ COMMITTED no increment is lost and no client sees a unique
violation (the committer runs a statement whose key was taken meanwhile
again on the newer world, where it updates the row); under REPEATABLE READ
and SERIALIZABLE a key taken concurrently fails the commit with 40001, as
in PostgreSQL."""
import threading

import psycopg
import pytest

UPSERT = "insert into counters values (%s, 1) on conflict (k) do update set n = counters.n + 1"


def run_threads(clients, work):
    errors = []

    def guarded(index):
        try:
            work(index)
        except Exception as error:  # noqa: BLE001 - any error fails the test
            errors.append(error)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def counts(dsn):
    with psycopg.connect(dsn, autocommit=True) as conn:
        return dict(conn.execute("select k, n from counters").fetchall())


def create_counters(dsn):
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("drop table if exists counters")
        conn.execute("create table counters (k int primary key, n bigint not null)")


def test_autocommit_upserts_of_the_same_keys_lose_no_increment(ptreedb_server):
    # The keys start absent: every client races to insert each of them first.
    create_counters(ptreedb_server.dsn)
    clients, rounds, keys = 8, 40, 5

    def work(_):
        with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
            for r in range(rounds):
                for k in range(keys):
                    cursor = conn.execute(UPSERT, (k,))
                    assert cursor.statusmessage == "INSERT 0 1"

    assert run_threads(clients, work) == []
    assert counts(ptreedb_server.dsn) == {k: clients * rounds for k in range(keys)}


def test_upsert_returning_sees_each_increment_once(ptreedb_server):
    # RETURNING gives the value the client's own statement wrote: across all
    # clients every count from 1 to the total appears exactly once. (Simple
    # protocol: an autocommit statement re-run by the committer answers with
    # the re-run's rows. Over the extended protocol the statement runs in an
    # implicit block whose answer went out before Sync, so a re-run that
    # would return another value fails with 40001, as for UPDATE ... RETURNING.)
    create_counters(ptreedb_server.dsn)
    clients, rounds = 6, 50
    seen = []
    lock = threading.Lock()

    def work(_):
        with psycopg.connect(ptreedb_server.dsn, autocommit=True, cursor_factory=psycopg.ClientCursor) as conn:
            for _ in range(rounds):
                value = conn.execute(UPSERT + " returning n", (1,)).fetchone()[0]
                with lock:
                    seen.append(value)

    assert run_threads(clients, work) == []
    assert sorted(seen) == list(range(1, clients * rounds + 1))
    assert counts(ptreedb_server.dsn) == {1: clients * rounds}


def test_read_committed_blocks_of_upserts_never_fail(ptreedb_server):
    # Blocks of two upserts (prepared, with parameters): COMMIT meets keys
    # taken or rows changed by others and re-runs the block's statements.
    create_counters(ptreedb_server.dsn)
    clients, rounds = 6, 30

    def work(index):
        with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
            for r in range(rounds):
                with conn.transaction():
                    conn.execute(UPSERT, (r % 3,), prepare=True)
                    conn.execute(UPSERT, (100 + r,), prepare=True)

    assert run_threads(clients, work) == []
    expected = {k: clients * rounds // 3 for k in range(3)}
    expected.update({100 + r: clients for r in range(rounds)})
    assert counts(ptreedb_server.dsn) == expected


def test_do_nothing_from_many_clients_inserts_each_key_once(ptreedb_server):
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
        conn.execute("drop table if exists claims")
        conn.execute("create table claims (k int primary key, owner int not null)")
    clients, keys = 8, 60
    won = []
    lock = threading.Lock()

    def work(index):
        # Simple protocol, for the reason test_upsert_returning_sees_each_increment_once gives.
        with psycopg.connect(ptreedb_server.dsn, autocommit=True, cursor_factory=psycopg.ClientCursor) as conn:
            for k in range(keys):
                rows = conn.execute("insert into claims values (%s, %s) on conflict do nothing returning k",
                                    (k, index)).fetchall()
                with lock:
                    won.extend(row[0] for row in rows)

    assert run_threads(clients, work) == []
    assert sorted(won) == list(range(keys))  # each key claimed by exactly one client
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
        assert conn.execute("select count(*) from claims").fetchone()[0] == keys


@pytest.mark.parametrize("isolation", ["repeatable read", "serializable"])
def test_a_key_inserted_concurrently_fails_a_snapshot_block_with_40001(ptreedb_server, isolation):
    create_counters(ptreedb_server.dsn)
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as first, \
            psycopg.connect(ptreedb_server.dsn, autocommit=True) as second:
        first.execute(f"begin isolation level {isolation}")
        first.execute("select count(*) from counters")  # takes the snapshot
        second.execute(UPSERT, (7,))
        # The block's snapshot does not hold key 7: it inserts, and the commit finds the key taken.
        first.execute(UPSERT, (7,))
        with pytest.raises(psycopg.errors.SerializationFailure):
            first.execute("commit")
    assert counts(ptreedb_server.dsn) == {7: 1}


@pytest.mark.parametrize("isolation", ["repeatable read", "serializable"])
def test_a_row_updated_concurrently_fails_a_snapshot_block_with_40001(ptreedb_server, isolation):
    create_counters(ptreedb_server.dsn)
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as first, \
            psycopg.connect(ptreedb_server.dsn, autocommit=True) as second:
        second.execute(UPSERT, (3,))
        first.execute(f"begin isolation level {isolation}")
        first.execute("select count(*) from counters")
        second.execute(UPSERT, (3,))
        first.execute(UPSERT, (3,))
        with pytest.raises(psycopg.errors.SerializationFailure):
            first.execute("commit")
    assert counts(ptreedb_server.dsn) == {3: 2}


def test_read_committed_block_sees_a_key_taken_before_its_statement(ptreedb_server):
    # READ COMMITTED: each statement sees what committed before it, so the
    # block's upsert updates the row another client inserted meanwhile.
    create_counters(ptreedb_server.dsn)
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as first, \
            psycopg.connect(ptreedb_server.dsn, autocommit=True) as second:
        first.execute("begin")
        first.execute("select count(*) from counters")
        second.execute(UPSERT, (5,))
        assert first.execute(UPSERT + " returning n", (5,)).fetchone() == (2,)
        first.execute("commit")
    assert counts(ptreedb_server.dsn) == {5: 2}


def test_serializable_upsert_reads_the_keys_it_looks_up(ptreedb_server):
    # DO NOTHING found the row and wrote nothing for it: the look-up is a
    # read, so a concurrent delete of that row fails the writing block's
    # commit (ptreedb's SERIALIZABLE fails on any changed read, stricter
    # than PostgreSQL's SSI); a key nobody touched commits.
    create_counters(ptreedb_server.dsn)
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
        conn.execute("insert into counters values (1, 1), (2, 1)")
        conn.execute("drop table if exists notes")
        conn.execute("create table notes (id int primary key)")
    for touched, outcome in ((1, "40001"), (2, "committed")):
        with psycopg.connect(ptreedb_server.dsn, autocommit=True) as first, \
                psycopg.connect(ptreedb_server.dsn, autocommit=True) as second:
            first.execute("begin isolation level serializable")
            first.execute("insert into counters values (1, 9) on conflict (k) do nothing")
            first.execute("insert into notes values (%s)", (touched,))
            second.execute("update counters set n = n + 1 where k = %s", (touched,))
            try:
                first.execute("commit")
                result = "committed"
            except psycopg.errors.SerializationFailure:
                result = "40001"
            assert result == outcome
