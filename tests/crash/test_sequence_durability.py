"""Sequences across crashes: nextval never hands out a value twice, also
after kill -9 (values are logged 32 ahead, as PostgreSQL logs them) and
after a checkpoint; setval and ALTER SEQUENCE RESTART survive; many
sessions drawing at once never share a value; a value drawn in a rolled
back transaction is not given back."""
import signal
import threading

import psycopg

from fixtures.server import start_server, stop_server


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def draw(server, count, sequence="s"):
    with connect(server) as conn:
        return [conn.execute(f"SELECT nextval('{sequence}')").fetchone()[0] for _ in range(count)]


def test_nextval_never_repeats_across_kill9_rounds(tmp_path):
    server = start_server(tmp_path)
    seen = []
    try:
        with connect(server) as conn:
            conn.execute("CREATE SEQUENCE s")
            conn.execute("CREATE TABLE t (id serial PRIMARY KEY, v int)")
        for round_number in range(4):
            seen += draw(server, 45 + round_number * 7)
            with connect(server) as conn:
                for i in range(5):
                    seen.append(conn.execute("INSERT INTO t (v) VALUES (%s) RETURNING id", (i,)).fetchone()[0] + 10**9)
            if round_number == 2:
                with connect(server) as conn:
                    conn.execute("CHECKPOINT")
            kill9(server)
            server = start_server(tmp_path)
        seen += draw(server, 10)
        assert len(seen) == len(set(seen)), "a value was handed out twice"
        drawn = [v for v in seen if v < 10**9]
        assert drawn == sorted(drawn), "values went backwards after a restart"
        with connect(server) as conn:
            ids = [r[0] for r in conn.execute("SELECT id FROM t ORDER BY id").fetchall()]
        assert len(ids) == 20 and len(set(ids)) == 20
    finally:
        stop_server(server)


def test_checkpoint_then_restart_resumes_past_every_value(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE SEQUENCE c INCREMENT BY 3 START 10")
        before = draw(server, 40, "c")
        with connect(server) as conn:
            conn.execute("CHECKPOINT")
        before += draw(server, 5, "c")
        kill9(server)
        server = start_server(tmp_path)
        after = draw(server, 3, "c")
        assert min(after) > max(before)
        assert all((v - 10) % 3 == 0 for v in after)
        stop_server(server)  # a clean stop and a checkpoint-only start
        server = start_server(tmp_path)
        with connect(server) as conn:
            conn.execute("CHECKPOINT")
        kill9(server)
        server = start_server(tmp_path)
        assert min(draw(server, 1, "c")) > max(after)
    finally:
        stop_server(server)


def test_setval_restart_and_options_survive_kill9(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE SEQUENCE a AS integer MAXVALUE 100000 CYCLE")
            conn.execute("CREATE SEQUENCE b")
            conn.execute("SELECT setval('a', 5000)")
            conn.execute("SELECT nextval('b')")
            conn.execute("ALTER SEQUENCE b RESTART WITH 700")
        kill9(server)
        server = start_server(tmp_path)
        with connect(server) as conn:
            assert conn.execute("SELECT nextval('a')").fetchone()[0] == 5001
            assert conn.execute("SELECT nextval('b')").fetchone()[0] == 700
            assert conn.execute(
                "SELECT data_type, max_value, cycle FROM pg_sequences WHERE sequencename = 'a'").fetchone() == (
                    "integer", 100000, True)
    finally:
        stop_server(server)


def test_concurrent_sessions_never_share_a_value(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE SEQUENCE shared")
            conn.execute("CREATE TABLE rows (id bigserial PRIMARY KEY, worker int)")
        results, errors = [], []

        def worker(n):
            try:
                with connect(server) as conn:
                    mine = []
                    for _ in range(150):
                        # The sequence's name as a literal and as a bound parameter.
                        query = "SELECT nextval('shared')" if n % 2 else "SELECT nextval(%s)"
                        mine.append(conn.execute(query, () if n % 2 else ("shared",)).fetchone()[0])
                        mine.append(-conn.execute("INSERT INTO rows (worker) VALUES (%s) RETURNING id",
                                                  (n,)).fetchone()[0])
                    results.append(mine)
            except Exception as error:  # reported below
                errors.append(error)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        values = [v for mine in results for v in mine]
        assert len(values) == 6 * 300
        assert len(set(values)) == len(values), "two sessions got the same value"
        assert sorted(v for v in values if v > 0) == list(range(1, 6 * 150 + 1))
        with connect(server) as conn:
            assert conn.execute("SELECT count(*), count(DISTINCT id) FROM rows").fetchone() == (900, 900)
    finally:
        stop_server(server)


def test_rolled_back_nextval_is_not_given_back(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE SEQUENCE r")
            assert [conn.execute("SELECT nextval('r')").fetchone()[0] for _ in range(2)] == [1, 2]
            conn.execute("BEGIN")
            assert conn.execute("SELECT nextval('r')").fetchone()[0] == 3
            conn.execute("ROLLBACK")
            assert conn.execute("SELECT nextval('r')").fetchone()[0] == 4
            # A sequence created inside a block is gone with the block.
            conn.execute("BEGIN")
            conn.execute("CREATE SEQUENCE inner_seq")
            assert conn.execute("SELECT nextval('inner_seq')").fetchone()[0] == 1
            conn.execute("ROLLBACK")
            assert conn.execute("SELECT count(*) FROM pg_class WHERE relname = 'inner_seq'").fetchone()[0] == 0
    finally:
        stop_server(server)


def test_one_log_record_covers_33_values(tmp_path):
    import re
    import subprocess
    from pathlib import Path

    from fixtures.server import BINARY

    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE SEQUENCE logged")
            assert conn.execute("SELECT count(*) FROM (SELECT nextval('logged') FROM generate_series(1, 100)) v"
                                ).fetchone()[0] == 100
    finally:
        stop_server(server)
    waldump = Path(BINARY).parent / "ptreedb-waldump"
    out = subprocess.run([str(waldump), str(tmp_path / "data"), "--stats"], capture_output=True, text=True,
                         check=True).stdout
    # Values 1, 34, 67 and 100 each log 32 ahead; the others only take the counter's lock.
    assert re.search(r"entries sequence value:\s+4\b", out), out


def test_sequence_created_and_drawn_in_a_block_survives_kill9(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("BEGIN")
            conn.execute("CREATE SEQUENCE in_block")
            drawn = [conn.execute("SELECT nextval('in_block')").fetchone()[0] for _ in range(40)]
            conn.execute("COMMIT")
            drawn += [conn.execute("SELECT nextval('in_block')").fetchone()[0] for _ in range(3)]
            # A block that creates a sequence and rolls back leaves nothing to replay.
            conn.execute("BEGIN")
            conn.execute("CREATE SEQUENCE rolled_back")
            conn.execute("SELECT nextval('rolled_back')")
            conn.execute("ROLLBACK")
            conn.execute("CREATE SEQUENCE after_rollback START 500")
        kill9(server)
        server = start_server(tmp_path)
        with connect(server) as conn:
            assert conn.execute("SELECT nextval('in_block')").fetchone()[0] > max(drawn)
            assert conn.execute("SELECT nextval('after_rollback')").fetchone()[0] == 500
            assert conn.execute("SELECT count(*) FROM pg_class WHERE relname = 'rolled_back'").fetchone()[0] == 0
    finally:
        stop_server(server)
