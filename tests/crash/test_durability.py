"""Durability end to end: commits survive a clean stop and kill -9 (also in the
middle of a checkpoint), a torn or garbage tail is cut off, DDL survives, a
full disk refuses commits with 53100 and the server keeps going, and
ptreedb-waldump shows what was logged."""
import os
import random
import re
import resource
import signal
import subprocess
import threading
import time
from pathlib import Path

import psycopg
import pytest

from fixtures.server import BINARY, start_server, stop_server

WALDUMP = Path(os.environ.get("PTREEDB_WALDUMP", Path(BINARY).parent / "ptreedb-waldump"))


def connect(server):
    return psycopg.connect(server.dsn, autocommit=True, connect_timeout=10)


def kill9(server):
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


def wal_end_lsn(data_dir):
    out = subprocess.run([str(WALDUMP), str(data_dir), "--stats"], capture_output=True, text=True,
                         check=True).stdout
    return int(re.search(r"end at LSN ([0-9a-f]+)", out).group(1), 16)


def rows(server, sql):
    with connect(server) as conn:
        return conn.execute(sql).fetchall()


def test_clean_restart_keeps_rows_ddl_and_views(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL, price numeric(8,2) DEFAULT 1.5)")
            conn.execute("CREATE INDEX items_name ON items (name)")
            conn.execute("CREATE TABLE notes (body text)")  # no primary key: hidden row ids
            conn.execute("INSERT INTO items VALUES " + ",".join(f"({i}, 'n{i % 10}', {i}.25)" for i in range(1, 2001)))
            conn.execute("INSERT INTO notes VALUES ('a'), ('b'), ('a')")
            conn.execute("UPDATE items SET name = 'changed' WHERE id % 7 = 0")
            conn.execute("DELETE FROM items WHERE id % 11 = 0")
            conn.execute("DELETE FROM notes WHERE body = 'b'")
            conn.execute("ALTER TABLE items ADD COLUMN stock integer DEFAULT 3")
            conn.execute("CREATE VIEW cheap AS SELECT id, name FROM items WHERE price < 100")
            conn.execute("CREATE TABLE gone (x integer)")
            conn.execute("DROP TABLE gone")
            conn.execute("CREATE TABLE parent (id integer PRIMARY KEY)")
            conn.execute("CREATE TABLE child (id integer PRIMARY KEY, pid integer REFERENCES parent (id))")
            conn.execute("INSERT INTO parent VALUES (1)")
            conn.execute("INSERT INTO child VALUES (10, 1)")
            conn.execute("ALTER TABLE child RENAME TO kid")
            conn.execute("CREATE TABLE scratch (body text)")  # hidden row ids across TRUNCATE
            conn.execute("INSERT INTO scratch VALUES ('old1'), ('old2')")
            conn.execute("TRUNCATE scratch")
            conn.execute("INSERT INTO scratch VALUES ('x'), ('y')")
            conn.execute("DELETE FROM scratch WHERE body = 'x'")
            expected = {
                "items": conn.execute("SELECT * FROM items ORDER BY id").fetchall(),
                "by_name": conn.execute("SELECT count(*) FROM items WHERE name = 'changed'").fetchall(),
                "notes": conn.execute("SELECT body FROM notes ORDER BY body").fetchall(),
                "cheap": conn.execute("SELECT * FROM cheap ORDER BY id").fetchall(),
            }
    finally:
        stop_server(server)
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            assert conn.execute("SELECT * FROM items ORDER BY id").fetchall() == expected["items"]
            assert conn.execute("SELECT count(*) FROM items WHERE name = 'changed'").fetchall() == expected["by_name"]
            assert conn.execute("SELECT body FROM notes ORDER BY body").fetchall() == expected["notes"]
            assert conn.execute("SELECT * FROM cheap ORDER BY id").fetchall() == expected["cheap"]
            with pytest.raises(psycopg.errors.UndefinedTable):
                conn.execute("SELECT * FROM gone")
            # Constraints and hidden row ids carry on after recovery.
            with pytest.raises(psycopg.errors.UniqueViolation):
                conn.execute("INSERT INTO items (id, name) VALUES (1, 'dup')")
            conn.execute("INSERT INTO notes VALUES ('c')")
            assert conn.execute("SELECT count(*) FROM notes").fetchone()[0] == 3
            assert conn.execute("SELECT * FROM kid").fetchall() == [(10, 1)]
            with pytest.raises(psycopg.errors.ForeignKeyViolation):
                conn.execute("INSERT INTO kid VALUES (11, 99)")
            with pytest.raises(psycopg.errors.UndefinedTable):
                conn.execute("SELECT * FROM child")
            assert conn.execute("SELECT body FROM scratch").fetchall() == [("y",)]
            conn.execute("INSERT INTO scratch VALUES ('z')")
            conn.execute("DELETE FROM scratch WHERE body = 'y'")
            assert conn.execute("SELECT body FROM scratch").fetchall() == [("z",)]
            conn.execute("INSERT INTO items (id, name) VALUES (5000, 'new')")
            assert conn.execute("SELECT price, stock FROM items WHERE id = 5000").fetchone() == (
                pytest.approx(1.5), 3)
        assert "WAL records" in server.log()
    finally:
        stop_server(server)


class Writers:
    """Threads that commit single-row inserts and three-row inserts in a loop
    and remember exactly which commits were acknowledged."""

    def __init__(self, server, count, start_id):
        self.server = server
        self.acked = set()
        self.acked_groups = set()
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.run, args=(start_id + n * 1_000_000,), daemon=True)
                        for n in range(count)]

    def run(self, base):
        try:
            conn = connect(self.server)
        except psycopg.Error:
            return
        i = 0
        while not self.stop.is_set():
            i += 1
            key = base + i
            try:
                if i % 4 == 0:
                    conn.execute(f"INSERT INTO groups VALUES ({key}, 1), ({key}, 2), ({key}, 3)")
                    with self.lock:
                        self.acked_groups.add(key)
                else:
                    conn.execute(f"INSERT INTO t VALUES ({key}, 'v{key}')")
                    with self.lock:
                        self.acked.add(key)
            except psycopg.Error:
                return  # the server went away: this commit was not acknowledged

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=30)


def check_survivors(server, acked, acked_groups):
    with connect(server) as conn:
        present = {row[0] for row in conn.execute("SELECT id FROM t").fetchall()}
        missing = acked - present
        assert not missing, f"{len(missing)} acknowledged rows lost, e.g. {sorted(missing)[:5]}"
        for key, value in conn.execute("SELECT id, v FROM t").fetchall():
            assert value == f"v{key}"
        counts = dict(conn.execute("SELECT g, count(*) FROM groups GROUP BY g").fetchall())
        assert all(count == 3 for count in counts.values()), "a multi-row insert is half there"
        assert acked_groups <= set(counts)
        return len(present)


@pytest.mark.parametrize("seed,pmem", [(1, False), (2, True)])
def test_kill9_loses_no_acknowledged_commit(tmp_path, monkeypatch, seed, pmem):
    if pmem:  # libpmem's persistent-memory path: nodrain copies, one pmem_drain per commit
        monkeypatch.setenv("PMEM_IS_PMEM_FORCE", "1")
    rng = random.Random(seed)
    args = ["--wal-segment-size", "1M", "--checkpoint-interval", "1", "--checkpoint-wal-size", "2M"]
    server = start_server(tmp_path, args)
    with connect(server) as conn:
        conn.execute("CREATE TABLE t (id bigint PRIMARY KEY, v text)")
        conn.execute("CREATE INDEX t_v ON t (v)")
        conn.execute("CREATE TABLE groups (g bigint, member integer, PRIMARY KEY (g, member))")
    acked, acked_groups = set(), set()
    for round_number in range(4):
        with Writers(server, 4, round_number * 10_000_000) as writers:
            deadline = time.monotonic() + rng.uniform(0.5, 2.0)
            while time.monotonic() < deadline:
                if rng.random() < 0.3:
                    try:
                        with connect(server) as conn:
                            conn.execute("CHECKPOINT")  # the kill may land in the middle of one
                    except psycopg.Error:
                        pass
                time.sleep(0.05)
            kill9(server)
        acked |= writers.acked
        acked_groups |= writers.acked_groups
        server = start_server(tmp_path, args)
        present = check_survivors(server, acked, acked_groups)
        assert present >= len(acked)
    assert len(acked) > 100
    # A checkpoint removes older checkpoints (a kill may have left two) and
    # the segments wholly behind it.
    with connect(server) as conn:
        conn.execute("CHECKPOINT")
    stop_server(server)
    segments = sorted((tmp_path / "data" / "wal").glob("*.wal"))
    assert len(list((tmp_path / "data" / "checkpoint").glob("*.ckpt"))) == 1
    assert len(segments) <= 2


@pytest.mark.parametrize("damage", ["garbage", "bitflip", "truncate"])
def test_damaged_tail_is_cut_and_acknowledged_commits_stay(tmp_path, damage):
    args = ["--wal-segment-size", "1M", "--checkpoint-interval", "0"]
    server = start_server(tmp_path, args)
    with connect(server) as conn:
        conn.execute("CREATE TABLE t (id bigint PRIMARY KEY, v text)")
        conn.execute("CREATE TABLE groups (g bigint, member integer, PRIMARY KEY (g, member))")
        for i in range(300):
            conn.execute(f"INSERT INTO t VALUES ({i}, 'v{i}')")
    kill9(server)
    data = tmp_path / "data"
    end = wal_end_lsn(data)
    segment = sorted((data / "wal").glob("*.wal"))[-1]
    start = int(segment.name[:16], 16)
    offset = end - start
    rng = random.Random(damage)
    with open(segment, "r+b") as f:
        if damage == "garbage":  # bytes after the end, as a torn write leaves them
            f.seek(offset)
            f.write(bytes(rng.randrange(1, 256) for _ in range(rng.randrange(1, 500))))
        elif damage == "bitflip":  # the last record's bytes damaged: that commit was the torn one
            f.seek(offset - 40)
            byte = f.read(1)
            f.seek(offset - 40)
            f.write(bytes([byte[0] ^ 0x10]))
        else:  # the file cut short in the middle of the last record
            f.truncate(offset - 32)
    server = start_server(tmp_path, args)
    try:
        with connect(server) as conn:
            ids = {row[0] for row in conn.execute("SELECT id FROM t").fetchall()}
            expected = set(range(300)) if damage == "garbage" else set(range(299))
            assert expected <= ids and ids <= set(range(300))
            conn.execute("INSERT INTO t VALUES (1000, 'after')")
        stop_server(server)
        server = start_server(tmp_path, args)
        assert rows(server, "SELECT v FROM t WHERE id = 1000") == [("after",)]
    finally:
        stop_server(server)


def test_disk_full_refuses_commits_and_recovers(tmp_path):
    server = start_server(tmp_path, ["--wal-segment-size", "1M"])
    try:
        # A file size limit below the segment size: no segment can be allocated.
        resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (256 * 1024, resource.RLIM_INFINITY))
        with connect(server) as conn:
            with pytest.raises(psycopg.errors.DiskFull) as refused:
                conn.execute("CREATE TABLE t (id integer PRIMARY KEY)")
            assert "write-ahead log" in str(refused.value)
            assert conn.execute("SELECT 1").fetchone() == (1,)
            with pytest.raises(psycopg.errors.UndefinedTable):
                conn.execute("SELECT * FROM t")  # nothing was published
        resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
        with connect(server) as conn:
            conn.execute("CREATE TABLE t (id integer PRIMARY KEY)")
            conn.execute("INSERT INTO t VALUES (1), (2)")
        stop_server(server)
        server = start_server(tmp_path, ["--wal-segment-size", "1M"])
        assert rows(server, "SELECT id FROM t ORDER BY id") == [(1,), (2,)]
    finally:
        stop_server(server)


def test_durability_off_says_so_and_keeps_nothing(tmp_path):
    server = start_server(tmp_path, ["--durability", "off"])
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE t (id integer)")
            conn.execute("CHECKPOINT")
        assert "durability is off" in server.log()
    finally:
        stop_server(server)
    assert not (tmp_path / "data" / "wal").exists()


def test_waldump_prints_records_and_stats(tmp_path):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE TABLE items (id integer PRIMARY KEY, name text)")
            conn.execute("INSERT INTO items VALUES (1, 'apple'), (2, NULL)")
            conn.execute("UPDATE items SET name = 'pear' WHERE id = 2")
            conn.execute("DELETE FROM items WHERE id = 1")
    finally:
        stop_server(server)
    out = subprocess.run([str(WALDUMP), str(tmp_path / "data")], capture_output=True, text=True, check=True).stdout
    assert re.search(r"lsn: [0-9a-f]{16}, len: \d+, fragments: 1, crc: ok, kind: world-change", out)
    assert "table schema: items (oid 16384, 2 columns, 0 indexes)" in out
    assert "upsert (id)=(1) values (1, apple)" in out
    assert "upsert (id)=(2) values (2, NULL)" in out
    assert "upsert (id)=(2) values (2, pear)" in out
    assert "rows: items, 0 inserted/updated, 1 deleted" in out
    assert "end of valid log at LSN" in out
    stats = subprocess.run([str(WALDUMP), str(tmp_path / "data" / "wal"), "--stats"], capture_output=True,
                           text=True, check=True).stdout
    assert "records: 4," in stats
    assert "rows inserted/updated: 3, rows deleted: 1" in stats


def test_kill9_while_a_checkpoint_is_being_written(tmp_path):
    args = ["--checkpoint-interval", "0", "--checkpoint-wal-size", "0"]
    server = start_server(tmp_path, args)
    checkpoints = tmp_path / "data" / "checkpoint"
    with connect(server) as conn:
        conn.execute("CREATE TABLE t (id bigint PRIMARY KEY, v text)")
        with conn.cursor().copy("COPY t FROM STDIN") as copy:
            for i in range(300_000):
                copy.write_row((i, f"v{i}"))

    def checkpoint():
        try:
            with connect(server) as conn:
                conn.execute("CHECKPOINT")
        except psycopg.Error:
            pass  # killed before it finished

    thread = threading.Thread(target=checkpoint)
    thread.start()
    seen_temporary = False
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not seen_temporary:
        seen_temporary = any(checkpoints.glob("*.tmp"))
        time.sleep(0.0005)
    kill9(server)
    thread.join(timeout=30)
    assert seen_temporary, "the checkpoint file was never seen half written"
    assert not any(checkpoints.glob("*.ckpt"))  # it never counted

    server = start_server(tmp_path, args)
    try:
        with connect(server) as conn:
            assert conn.execute("SELECT count(*), sum(id) FROM t").fetchone() == (300_000, 299_999 * 300_000 // 2)
            conn.execute("CHECKPOINT")
        assert not any(checkpoints.glob("*.tmp"))
        assert len(list(checkpoints.glob("*.ckpt"))) == 1
        stop_server(server)
        server = start_server(tmp_path, args)  # from the checkpoint this time
        assert rows(server, "SELECT count(*) FROM t") == [(300_000,)]
        assert "recovery: checkpoint at LSN" in server.log()
    finally:
        stop_server(server)


def test_roles_and_passwords_survive_restart(tmp_path):
    hba = tmp_path / "hba.conf"
    hba.write_text("host all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 scram-sha-256\n")
    server = start_server(tmp_path, ["--hba-file", str(hba)])
    try:
        with connect(server) as conn:
            conn.execute("CREATE ROLE alice LOGIN PASSWORD 'wonderland'")
            conn.execute("CREATE ROLE gone LOGIN PASSWORD 'x'")
            conn.execute("DROP ROLE gone")
    finally:
        kill9(server)
    server = start_server(tmp_path, ["--hba-file", str(hba)])
    try:
        dsn = server.dsn.replace("user=postgres", "user=alice")
        with psycopg.connect(dsn + " password=wonderland", autocommit=True, connect_timeout=10) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
        with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
            psycopg.connect(dsn + " password=wrong", connect_timeout=10)
        with pytest.raises(psycopg.OperationalError):
            psycopg.connect(server.dsn.replace("user=postgres", "user=gone") + " password=x", connect_timeout=10)
    finally:
        stop_server(server)
