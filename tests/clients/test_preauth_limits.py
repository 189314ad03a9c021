"""Before a client has authenticated it may make the server hold only a few
kilobytes: PostgreSQL's limits on startup packets (10000 bytes) and on
password/SASL messages (65535) are checked against the length word before
anything is buffered, connections still authenticating are counted (twice
max_connections, as PostgreSQL bounds its child processes; extras are refused
with 53300), and authentication_timeout ends a client that sends slowly. A
flood of such clients leaves the server's memory flat while a normal client
connects and queries."""
import socket
import struct
import threading
import time

import psycopg
import pytest

from fixtures.server import start_server, stop_server
from raw_protocol import error_fields, read_message, server_rss_kb, startup_packet

HBA = """
host  all  postgres  127.0.0.1/32  trust
host  all  pw_user   127.0.0.1/32  password
"""

CLAIMED_BYTES = 600 * 1024 * 1024
SENT_BYTES_PER_CLIENT = 160 * 1024 * 1024


def start_password_server(tmp_path, *extra):
    hba = tmp_path / "hba.conf"
    hba.write_text(HBA)
    server = start_server(tmp_path, ["--hba-file", str(hba), *extra])
    created = server.psql("-v", "ON_ERROR_STOP=1", input="CREATE USER pw_user PASSWORD 'secret';")
    assert created.returncode == 0, created.stderr
    return server


@pytest.fixture
def password_server(tmp_path):
    server = start_password_server(tmp_path)
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


def open_at_password_prompt(port):
    """A raw client that sent its startup packet and was asked for a password."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(startup_packet("pw_user"))
    kind, body = read_message(sock)
    assert kind == b"R" and struct.unpack("!i", body[:4])[0] == 3, (kind, body)  # cleartext password
    return sock


def send_until_refused(sock, header, total):
    """Sends `header`, then up to `total` bytes; returns what the server said
    (error fields) when it closed the connection, {} when it said nothing."""
    piece = b"x" * (1024 * 1024)
    try:
        sock.sendall(header)
        sent = 0
        while sent < total:
            sock.sendall(piece)
            sent += len(piece)
    except OSError:
        pass
    sock.settimeout(10)
    try:
        kind, body = read_message(sock)
        return error_fields(body) if kind == b"E" else {"unexpected": kind.decode()}
    except (ConnectionError, OSError):
        return {}
    finally:
        sock.close()


class RssSampler:
    def __init__(self, pid):
        self.pid = pid
        self.baseline = server_rss_kb(pid)
        self.peak = self.baseline
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            self.peak = max(self.peak, server_rss_kb(self.pid))
            time.sleep(0.02)

    def stop(self):
        self._stop.set()
        self._thread.join()
        return (self.peak - self.baseline) / 1024  # MB of growth


def test_oversized_password_and_startup_messages_are_refused_by_their_length(password_server):
    port = password_server.port
    sampler = RssSampler(password_server.process.pid)
    answers = {}

    def password_flood(n):
        sock = open_at_password_prompt(port)
        header = b"p" + struct.pack("!I", CLAIMED_BYTES + 4)
        answers[f"password {n}"] = send_until_refused(sock, header, SENT_BYTES_PER_CLIENT)

    def startup_flood(n):
        sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        answers[f"startup {n}"] = send_until_refused(sock, struct.pack("!I", CLAIMED_BYTES), SENT_BYTES_PER_CLIENT)

    threads = [threading.Thread(target=password_flood, args=(n,)) for n in range(4)]
    threads += [threading.Thread(target=startup_flood, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    # A normal client is served meanwhile.
    with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres",
                         connect_timeout=10, autocommit=True) as conn:
        assert conn.execute("select 40 + 2").fetchone() == (42,)
    for thread in threads:
        thread.join(timeout=60)
    growth_mb = sampler.stop()
    print(f"server RSS growth during the flood: {growth_mb:.1f} MB")
    assert growth_mb < 200
    for n in range(4):
        assert answers[f"password {n}"] == {"S": "FATAL", "V": "FATAL", "C": "08P01",
                                            "M": "invalid message length"}
        assert answers[f"startup {n}"].get("C", "08P01") == "08P01"
        assert answers[f"startup {n}"].get("M", "invalid length of startup packet") == \
            "invalid length of startup packet"
    # A password message within the limit is still read and checked.
    with psycopg.connect(host="127.0.0.1", port=port, user="pw_user", password="secret",
                         dbname="postgres", connect_timeout=10) as conn:
        assert conn.execute("select current_user").fetchone() == ("pw_user",)
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(host="127.0.0.1", port=port, user="pw_user", password="x" * 60000,
                        dbname="postgres", connect_timeout=10)


def test_connections_still_authenticating_are_bounded(tmp_path):
    server = start_password_server(tmp_path, "--max-connections", "3")
    try:
        # Twice max_connections may be authenticating at once.
        waiting = [open_at_password_prompt(server.port) for _ in range(6)]
        extra = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        extra.sendall(startup_packet("pw_user"))
        kind, body = read_message(extra)
        assert kind == b"E"
        fields = error_fields(body)
        assert (fields["S"], fields["C"], fields["M"]) == ("FATAL", "53300", "sorry, too many clients already")
        assert extra.recv(1) == b""
        extra.close()
        for sock in waiting:
            sock.close()
        # Their places are free again.
        deadline = time.monotonic() + 10
        while True:
            try:
                with psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres",
                                     connect_timeout=10) as conn:
                    assert conn.execute("select 1").fetchone() == (1,)
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        stop_server(server)
    assert server.process.returncode == 0, server.log()


def test_authentication_timeout_ends_a_slow_password_sender(tmp_path):
    server = start_password_server(tmp_path, "--authentication-timeout", "2")
    try:
        sock = open_at_password_prompt(server.port)
        sock.sendall(b"p" + struct.pack("!I", 60000 + 4))
        start = time.monotonic()
        answer = None
        while time.monotonic() - start < 15:
            try:
                sock.sendall(b"x")
            except OSError:
                break
            sock.settimeout(0.2)
            try:
                kind, body = read_message(sock)
                answer = error_fields(body) if kind == b"E" else kind
                break
            except socket.timeout:
                continue
            except (ConnectionError, OSError):
                break
        elapsed = time.monotonic() - start
        sock.close()
        assert elapsed < 6
        assert answer is not None and answer["C"] == "57014"
        assert answer["M"] == "canceling authentication due to timeout"
    finally:
        stop_server(server)
    assert server.process.returncode == 0, server.log()
