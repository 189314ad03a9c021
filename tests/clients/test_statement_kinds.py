"""Every statement node kind the parser can produce, over both protocols: the
server executes it or answers an error (never an internal one), and the same
connection answers `select 1` afterwards while the server process lives on."""
import struct

import pytest

from statement_samples import ALL_KINDS, SAMPLES, SETUP
from fixtures.server import start_server, stop_server
from raw_protocol import BufferedSession, message


class RawConnection(BufferedSession):
    def until_ready(self):
        """Reads to ReadyForQuery; returns (errors as (severity, sqlstate, message), rows, status)."""
        errors, rows = [], []
        while True:
            kind, body = self.read_message()
            if kind == b"E":
                fields = {f[:1]: f[1:].decode(errors="replace") for f in body.split(b"\0") if f}
                errors.append((fields.get(b"V", fields.get(b"S")), fields.get(b"C"), fields.get(b"M")))
            elif kind == b"D":
                rows.append(body)
            elif kind == b"G":  # CopyInResponse: give up the copy
                self.sock.sendall(message(b"f", b"not sending data\0"))
            elif kind == b"Z":
                return errors, rows, body.decode()

    def simple(self, sql):
        self.sock.sendall(message(b"Q", sql.encode() + b"\0"))
        return self.until_ready()

    def extended(self, sql):
        self.sock.sendall(message(b"P", b"\0" + sql.encode() + b"\0" + struct.pack("!h", 0)) +
                          message(b"B", b"\0\0" + struct.pack("!hhh", 0, 0, 0)) +
                          message(b"D", b"P\0") +
                          message(b"E", b"\0" + struct.pack("!i", 0)) +
                          message(b"S", b""))
        return self.until_ready()

    def close(self):
        try:
            self.sock.sendall(message(b"X", b""))
        finally:
            self.sock.close()


def test_samples_cover_every_statement_kind():
    assert {kind for kind, _ in SAMPLES} == ALL_KINDS


def connect_or_none(port):
    try:
        return RawConnection(port)
    except (ConnectionError, OSError):
        return None


@pytest.mark.parametrize("protocol", ["simple", "extended"])
def test_every_statement_kind_answers_and_keeps_the_session(tmp_path, protocol):
    problems = []
    run = 0

    def fresh_server():
        nonlocal run
        run += 1
        directory = tmp_path / f"run{run}"
        directory.mkdir()
        server = start_server(directory)
        conn = RawConnection(server.port)
        for sql in SETUP:
            errors, _, _ = conn.simple(sql)
            assert not errors, (sql, errors)
        return server, conn

    server, conn = fresh_server()
    try:
        for kind, sql in SAMPLES:
            status = "I"
            try:
                errors, _, status = getattr(conn, protocol)(sql)
                if any(error[1] == "XX000" or error[0] == "FATAL" for error in errors):
                    problems.append((kind, sql, errors))
                if status == "E":
                    conn.simple("ROLLBACK")
                check_errors, rows, status = conn.simple("select 1")
                if check_errors or rows != [struct.pack("!hi", 1, 1) + b"1"]:
                    problems.append((kind, sql, "select 1 afterwards", check_errors, rows))
            except (ConnectionError, OSError) as error:
                problems.append((kind, sql, f"connection lost: {error}"))
                conn = connect_or_none(server.port)
                if conn is None or server.process.poll() is not None:
                    # Note it and go on with a new server, so one run lists every failure.
                    problems.append((kind, sql, "server died"))
                    server.process.kill()
                    server.process.wait()
                    server, conn = fresh_server()
                continue
            if status == "T":
                conn.simple("ROLLBACK")  # each sample starts outside a block
        conn.close()
        assert server.process.poll() is None, server.log()
    finally:
        if server.process.poll() is None:
            stop_server(server)
    assert not problems, "\n".join(repr(p) for p in problems)
