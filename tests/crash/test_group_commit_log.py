"""Group commit reaches the log as one record and one persist per batch:
concurrent autocommit INSERTs are published in batches (ptreedb_stat_commit),
the WAL holds one world-change record per batch (ptreedb-waldump), and the
server's own count of persists equals the records it appended."""
import re
import subprocess
import threading

import psycopg

from fixtures.server import start_server, stop_server
from test_durability import WALDUMP

CLIENTS = 8
INSERTS_PER_CLIENT = 150


def wal_records(tmp_path):
    stats = subprocess.run([str(WALDUMP), str(tmp_path / "data"), "--stats"], capture_output=True, text=True,
                           check=True).stdout
    return int(re.search(r"records: (\d+)", stats).group(1))


def test_a_batch_of_concurrent_commits_is_one_record_and_one_persist(tmp_path):
    # Sessions waiting for a commit hold statement threads, not network
    # threads, so every writer can queue behind a persist with the defaults.
    server = start_server(tmp_path, ["--checkpoint-interval", "0"])
    try:
        with psycopg.connect(server.dsn, autocommit=True) as conn:
            conn.execute("CREATE TABLE t (client integer, n integer)")
            before = conn.execute("SELECT commits, batches FROM ptreedb_stat_commit").fetchone()
        records_before = wal_records(tmp_path)
        errors = []

        def writer(client):
            try:
                with psycopg.connect(server.dsn, autocommit=True) as conn:
                    for n in range(INSERTS_PER_CLIENT):
                        conn.execute("INSERT INTO t VALUES (%s, %s)", (client, n))
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

        threads = [threading.Thread(target=writer, args=(c,)) for c in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        with psycopg.connect(server.dsn, autocommit=True) as conn:
            assert conn.execute("SELECT count(*) FROM t").fetchone() == (CLIENTS * INSERTS_PER_CLIENT,)
            after = conn.execute("SELECT commits, batches, aborts_other FROM ptreedb_stat_commit").fetchone()
        commits = after[0] - before[0]
        batches = after[1] - before[1]
        assert commits == CLIENTS * INSERTS_PER_CLIENT
        assert after[2] == 0
        # Commits were grouped (a persist takes long enough for others to queue).
        assert batches < commits
        print(f"{commits} commits in {batches} batches")
    finally:
        stop_server(server)

    # One record per batch (no checkpoint ran, so the log is whole from LSN 0).
    records = wal_records(tmp_path)
    assert records == records_before + batches
    appended, persists = map(int, re.search(r"WAL: (\d+) records appended, (\d+) persists", server.log()).groups())
    assert appended == records
    assert persists == appended
