"""Array columns are part of a table's rows and schema: after a clean
restart, kill -9 (replayed from the log) and a checkpoint they keep their
types and values, and still compare and index by element."""
import signal

import psycopg

from fixtures.server import start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def contents(server):
    with connect(server) as conn:
        rows = conn.execute("SELECT id, a, t, n FROM arr ORDER BY id").fetchall()
        types = conn.execute("SELECT format_type(atttypid, atttypmod) FROM pg_attribute "
                             "WHERE attrelid = 'arr'::regclass AND attnum > 0 ORDER BY attnum").fetchall()
        found = conn.execute("SELECT id FROM arr WHERE a @> ARRAY[2] ORDER BY a").fetchall()
        return rows, types, found


def test_array_columns_survive_restarts_kill9_and_checkpoint(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE arr (id int PRIMARY KEY, a int[], t text ARRAY, n numeric(4,1)[])")
            conn.execute("""INSERT INTO arr VALUES (1, '{1,2,3}', '{x,"y z",NULL}', '{1.25}'),
                            (2, ARRAY[10, 2], ARRAY['{', ''], NULL), (3, '{}', NULL, '{}')""")
        expected = contents(server)
        assert expected[0][0] == (1, [1, 2, 3], ["x", "y z", None], [__import__("decimal").Decimal("1.3")])
        assert [t for (t,) in expected[1]] == ["integer", "integer[]", "text[]", "numeric(4,1)[]"]
        assert expected[2] == [(1,), (2,)]
        stop_server(server)  # clean restart
        server = start_server(tmp_path)
        assert contents(server) == expected
        kill9(server)  # replayed from the log
        server = start_server(tmp_path)
        assert contents(server) == expected
        with connect(server) as conn:
            conn.execute("UPDATE arr SET a = a || 4 WHERE id = 1")
            conn.execute("ALTER TABLE arr ADD COLUMN b boolean[] DEFAULT '{t}'")
            conn.execute("CHECKPOINT")
            after = conn.execute("SELECT id, a, b FROM arr ORDER BY id").fetchall()
        kill9(server)  # from the checkpoint
        server = start_server(tmp_path)
        with connect(server) as conn:
            assert conn.execute("SELECT id, a, b FROM arr ORDER BY id").fetchall() == after
            assert after[0] == (1, [1, 2, 3, 4], [True])
    finally:
        stop_server(server)
