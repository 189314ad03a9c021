"""A few protocol v3 messages over a raw socket, for tests that must control
exactly what is sent and read (and when): startup, queries, cancel requests,
reading messages one at a time."""
import socket
import struct

PROTOCOL_3 = 196608
CANCEL_REQUEST_CODE = 80877102


def startup_packet(user, database="postgres"):
    body = struct.pack("!i", PROTOCOL_3)
    for key, value in (("user", user), ("database", database)):
        body += key.encode() + b"\0" + value.encode() + b"\0"
    body += b"\0"
    return struct.pack("!i", len(body) + 4) + body


def query_message(sql):
    body = sql.encode() + b"\0"
    return b"Q" + struct.pack("!i", len(body) + 4) + body


def cancel_request(process_id, secret_key):
    return struct.pack("!iiii", 16, CANCEL_REQUEST_CODE, process_id, secret_key)


def read_exactly(sock, count):
    data = b""
    while len(data) < count:
        piece = sock.recv(count - len(data))
        if not piece:
            raise ConnectionError("connection closed")
        data += piece
    return data


def read_message(sock):
    """(type byte, body) of the next backend message."""
    header = read_exactly(sock, 5)
    length = struct.unpack("!i", header[1:])[0]
    return header[:1], read_exactly(sock, length - 4)


def error_fields(body):
    fields = {}
    for part in body.split(b"\0"):
        if part:
            fields[part[:1].decode()] = part[1:].decode(errors="replace")
    return fields


def connect(port, user="postgres", timeout=30):
    """A session past ReadyForQuery; returns (socket, process id, secret key)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.sendall(startup_packet(user))
    process_id = secret_key = None
    while True:
        kind, body = read_message(sock)
        if kind == b"K":
            process_id, secret_key = struct.unpack("!ii", body)
        elif kind == b"E":
            raise RuntimeError(error_fields(body))
        elif kind == b"Z":
            return sock, process_id, secret_key


def server_rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def server_cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    # utime and stime, in clock ticks (fields 14 and 15 of the whole line).
    import os
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def drain_until_ready(sock):
    """Reads in large pieces up to ReadyForQuery: (error fields or None, data
    rows seen). Fast enough to empty a streaming result's socket buffers."""
    buffer = bytearray()
    offset = 0
    error, rows = None, 0
    while True:
        while len(buffer) - offset >= 5:
            length = struct.unpack_from("!i", buffer, offset + 1)[0]
            if len(buffer) - offset < 1 + length:
                break
            kind = bytes(buffer[offset:offset + 1])
            body = bytes(buffer[offset + 5:offset + 1 + length])
            offset += 1 + length
            if kind == b"D":
                rows += 1
            elif kind == b"E":
                error = error_fields(body)
            elif kind == b"Z":
                assert offset == len(buffer), "bytes after ReadyForQuery"
                return error, rows
        del buffer[:offset]
        offset = 0
        piece = sock.recv(1 << 20)
        if not piece:
            raise ConnectionError("connection closed")
        buffer += piece


def message(kind, body):
    """A typed frontend message: kind byte, length word, body."""
    return kind + struct.pack("!i", len(body) + 4) + body


class BufferedSession:
    """A trusted session over a raw socket that reads whole messages from its
    own buffer; subclasses say what `until_ready` collects."""

    def __init__(self, port, user=b"postgres", extra=b""):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        body = struct.pack("!i", PROTOCOL_3) + b"user\0" + user + b"\0database\0postgres\0" + extra + b"\0"
        self.sock.sendall(struct.pack("!i", len(body) + 4) + body)
        self.buffer = b""
        self.until_ready()

    def read_message(self):
        while len(self.buffer) < 5 or len(self.buffer) < 1 + struct.unpack("!i", self.buffer[1:5])[0]:
            data = self.sock.recv(65536)
            if not data:
                raise ConnectionError("server closed the connection")
            self.buffer += data
        length = struct.unpack("!i", self.buffer[1:5])[0]
        kind, body = self.buffer[:1], self.buffer[5:1 + length]
        self.buffer = self.buffer[1 + length:]
        return kind, body

    def until_ready(self):
        raise NotImplementedError
