"""Hostile and careless clients together, under a memory limit: an oversized
sort, a client that asks for 10^8 rows and reads nothing, and a flood of
unauthenticated clients claiming 600 MB password messages run at the same
time as 8 ordinary clients. The server stays up, its resident size stays
under the limit (plus the allowance the budget tests grant), and the
ordinary clients keep getting correct answers throughout."""
import socket
import struct
import sys
import threading
import time

import psycopg
import pytest

from fixtures.server import is_sanitized, keep_asan_quarantine_small, start_server, stop_server
from raw_protocol import connect as raw_connect, query_message, read_message, server_rss_kb, startup_packet

LIMIT_MB = 512
# The sanitizer build's idle server alone is resident at about half of
# LIMIT_MB (shadow memory, a larger binary): it gets the same room on top.
SANITIZED_LIMIT_MB = 768
SOAK_SECONDS = 15
NORMAL_CLIENTS = 8
FLOOD_CLIENTS = 4
CLAIMED_BYTES = 600 * 1024 * 1024
HBA = """
host  all  postgres  127.0.0.1/32  trust
host  all  pw_user   127.0.0.1/32  password
"""
OVERSIZED_SORT = ("select count(*) from (select 'r' || i x from generate_series(1, 100000000) i "
                  "order by x) s")
SLOW_READER_QUERY = "select i from generate_series(1, 100000000) i"


@pytest.fixture
def soak_server(tmp_path, monkeypatch):
    keep_asan_quarantine_small(monkeypatch)
    hba = tmp_path / "hba.conf"
    hba.write_text(HBA)
    server = start_server(tmp_path, ["--memory-limit", f"{LIMIT_MB}M", "--hba-file", str(hba)])
    if is_sanitized(server.process.pid):
        stop_server(server)
        monkeypatch.setattr(sys.modules[__name__], "LIMIT_MB", SANITIZED_LIMIT_MB)
        (tmp_path / "sanitized").mkdir()
        server = start_server(tmp_path / "sanitized",
                              ["--memory-limit", f"{SANITIZED_LIMIT_MB}M", "--hba-file", str(hba)])
    created = server.psql("-v", "ON_ERROR_STOP=1", input=(
        "CREATE USER pw_user PASSWORD 'secret';"
        "CREATE TABLE counters (id int primary key, n bigint);"
        "INSERT INTO counters SELECT i, 0 FROM generate_series(1, 100) i;"))
    assert created.returncode == 0, created.stderr
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


def connect(server):
    return psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres",
                           autocommit=True, connect_timeout=10)


class Load(threading.Thread):
    """Runs `work` in a loop until stopped, recording failures instead of raising."""

    def __init__(self, work):
        super().__init__(daemon=True)
        self.work = work
        self.stopping = threading.Event()
        self.errors = []
        self.rounds = 0

    def run(self):
        while not self.stopping.is_set():
            try:
                self.work(self)
                self.rounds += 1
            except Exception as error:  # noqa: BLE001 - recorded and asserted on
                self.errors.append(error)
                return

    def stop(self):
        self.stopping.set()
        self.join(timeout=60)
        assert not self.is_alive(), "a load thread did not stop"


def ordinary_client(server, number):
    conn = connect(server)
    latencies = []

    def work(load):
        started = time.monotonic()
        key = 1 + (number * 7 + load.rounds) % 100
        conn.execute("update counters set n = n + 1 where id = %s", (key,))
        total = conn.execute("select count(*), sum(x) from generate_series(1, 1000) x").fetchone()
        assert total == (1000, 500500), total
        latencies.append(time.monotonic() - started)

    load = Load(work)
    load.latencies = latencies
    load.conn = conn
    return load


def oversized_sorts(server):
    conn = connect(server)
    outcomes = []

    def work(load):
        try:
            conn.execute(OVERSIZED_SORT)
            outcomes.append("answered")
        except psycopg.Error as error:
            assert error.sqlstate == "53200", error
            outcomes.append("53200")

    load = Load(work)
    load.outcomes = outcomes
    return load


def pre_auth_flood(server):
    refused = []

    def work(load):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        try:
            sock.sendall(startup_packet("pw_user"))
            kind, body = read_message(sock)
            assert kind == b"R" and struct.unpack("!i", body[:4])[0] == 3, (kind, body)
            sock.sendall(b"p" + struct.pack("!i", CLAIMED_BYTES))
            piece = b"x" * (1 << 20)
            for _ in range(64):
                sock.sendall(piece)
        except OSError:
            refused.append(True)  # the server closed it, as it should
        finally:
            sock.close()

    load = Load(work)
    load.refused = refused
    return load


def test_server_stays_up_and_bounded_while_hostile_clients_push_it(soak_server):
    pid = soak_server.process.pid
    baseline_kb = server_rss_kb(pid)
    allowance_mb = LIMIT_MB if is_sanitized(pid) else 64

    slow_reader, _, _ = raw_connect(soak_server.port)
    slow_reader.sendall(query_message(SLOW_READER_QUERY))  # and never reads

    clients = [ordinary_client(soak_server, n) for n in range(NORMAL_CLIENTS)]
    hostile = [oversized_sorts(soak_server)] + [pre_auth_flood(soak_server) for _ in range(FLOOD_CLIENTS)]
    for load in clients + hostile:
        load.start()
    peak_kb = baseline_kb
    deadline = time.monotonic() + SOAK_SECONDS
    while time.monotonic() < deadline:
        assert soak_server.process.poll() is None, soak_server.log()
        peak_kb = max(peak_kb, server_rss_kb(pid))
        time.sleep(0.1)
    for load in clients + hostile:
        load.stop()
    slow_reader.close()

    peak_mb = peak_kb / 1024
    print(f"server RSS: baseline {baseline_kb / 1024:.0f} MB, peak {peak_mb:.0f} MB; "
          f"sorts {hostile[0].outcomes}; flood connections refused {sum(len(f.refused) for f in hostile[1:])}; "
          f"ordinary rounds {[c.rounds for c in clients]}")
    assert soak_server.process.poll() is None, soak_server.log()
    assert peak_kb < baseline_kb + (LIMIT_MB + allowance_mb) * 1024, f"peak {peak_mb:.0f} MB"
    assert not hostile[0].errors, hostile[0].errors
    assert hostile[0].outcomes, "the oversized sort never finished"
    for flood in hostile[1:]:
        assert not flood.errors, flood.errors
        assert flood.refused, "a 600 MB password message was accepted"
    for client in clients:
        assert not client.errors, client.errors
        # Every ordinary client kept being answered, none waited for long.
        assert client.rounds >= 5, [c.rounds for c in clients]
        assert max(client.latencies) < 10, max(client.latencies)
        client.conn.close()
    with connect(soak_server) as conn:
        updates = conn.execute("select sum(n) from counters").fetchone()[0]
        assert updates == sum(len(client.latencies) for client in clients)  # every answered update applied
