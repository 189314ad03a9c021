"""Extended-protocol messages up to Sync run in one implicit transaction, as
in PostgreSQL: a pipeline's statements commit together at Sync, and an error
in the middle rolls back the statements before it and skips those after it
until Sync; the next Sync starts afresh. Driven through libpq's pipeline mode
(psycopg's low-level PGconn) against ptreedb and PostgreSQL 15, whose final
table contents must match."""
import psycopg
from psycopg import pq


def run_pipeline(conninfo, batches):
    """Sends each batch of statements as one pipeline segment ended by Sync;
    returns each result's status name, then the table's rows."""
    conn = pq.PGconn.connect(conninfo.encode())
    assert conn.status == pq.ConnStatus.OK, conn.error_message
    statuses = []
    try:
        conn.exec_(b"drop table if exists pipe")
        conn.exec_(b"create table pipe (id int primary key, v int)")
        conn.enter_pipeline_mode()
        for batch in batches:
            for statement, params in batch:
                conn.send_query_params(statement.encode(), [str(p).encode() for p in params])
            conn.pipeline_sync()
        remaining = len(batches)
        while remaining:
            result = conn.get_result()
            if result is None:
                continue
            status = pq.ExecStatus(result.status).name
            if status == "PIPELINE_SYNC":
                remaining -= 1
            statuses.append(status)
        conn.exit_pipeline_mode()
        rows = conn.exec_(b"select id, v from pipe order by id")
        table = [(int(rows.get_value(i, 0)), int(rows.get_value(i, 1))) for i in range(rows.ntuples)]
        conn.exec_(b"drop table pipe")
        return statuses, table
    finally:
        conn.finish()


BATCHES = [
    # All of it commits at Sync.
    [("insert into pipe values ($1, $2)", (1, 10)), ("insert into pipe values ($1, $2)", (2, 20)),
     ("update pipe set v = v + 1 where id = $1", (1,))],
    # The duplicate key fails: the insert before it is rolled back, the one
    # after it is skipped.
    [("insert into pipe values ($1, $2)", (3, 30)), ("insert into pipe values ($1, $2)", (1, 99)),
     ("insert into pipe values ($1, $2)", (4, 40))],
    # After that Sync, a new transaction.
    [("insert into pipe values ($1, $2)", (5, 50)), ("select count(*) from pipe", ())],
    # Statements see the writes before them in the same transaction.
    [("update pipe set v = v * 2 where id = $1", (5,)), ("delete from pipe where v = $1", (100,))],
]


def test_pipeline_segments_are_transactions_as_in_postgresql(ptreedb_server, postgres_oracle):
    ours = run_pipeline(ptreedb_server.dsn, BATCHES)
    theirs = run_pipeline(f"host=127.0.0.1 port={postgres_oracle.port} user=postgres dbname=postgres", BATCHES)
    assert ours[1] == [(1, 11), (2, 20)]
    assert ours == theirs


def test_autocommit_statements_with_sync_each_still_commit(ptreedb_server):
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
        conn.execute("create table each_sync (id int primary key)")
        conn.execute("insert into each_sync values (%s)", (1,))
        try:
            conn.execute("insert into each_sync values (%s)", (1,))
        except psycopg.errors.UniqueViolation:
            pass
        conn.execute("insert into each_sync values (%s)", (2,))
        assert conn.execute("select id from each_sync order by id").fetchall() == [(1,), (2,)]
