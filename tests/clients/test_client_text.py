"""Text a client sends is checked where PostgreSQL 15 checks it: a NUL inside a
Query message (or a malformed extended-protocol message) is an ERROR that
keeps the session, invalid UTF-8 (or a NUL) in
the query text, in E'' escapes and in Bind parameters is 22021, so everything
stored reloads through COPY; and client text in the server log cannot forge
log lines. Each answer is compared with a private PostgreSQL 15."""
import socket
import struct
import subprocess

import psycopg
import pytest

from fixtures.server import start_server, stop_server
from raw_protocol import BufferedSession, message


class Raw(BufferedSession):
    def until_ready(self):
        answer = []
        while True:
            kind, body = self.read_message()
            if kind == b"E":
                fields = {f[:1]: f[1:] for f in body.split(b"\0") if f}
                answer.append(("E", fields[b"V"].decode(), fields[b"C"].decode(), fields[b"M"].decode()))
            elif kind == b"D":
                answer.append(("D", body))
            elif kind == b"Z":
                answer.append(("Z", body.decode()))
                return answer

    def query(self, sql):
        self.sock.sendall(message(b"Q", sql + b"\0"))
        return self.until_ready()

    def bind(self, sql, oid, format_code, value):
        self.sock.sendall(
            message(b"P", b"\0" + sql + b"\0" + struct.pack("!hI", 1, oid)) +
            message(b"B", b"\0\0" + struct.pack("!hh", 1, format_code) + struct.pack("!hi", 1, len(value)) + value +
                    struct.pack("!hh", 1, 0)) +
            message(b"E", b"\0" + struct.pack("!i", 0)) + message(b"S", b""))
        return self.until_ready()


@pytest.fixture(scope="module")
def ptreedb(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("client_text"))
    yield server
    stop_server(server)


NUL_QUERIES = [b"select 1\0select 2", b"select 'a\0b'", b"\0"]


@pytest.mark.parametrize("text", NUL_QUERIES)
def test_nul_in_query_is_an_error_and_the_session_goes_on(ptreedb, postgres_oracle, text):
    for port in (ptreedb.port, postgres_oracle.port):
        conn = Raw(port)
        assert conn.query(b"begin") == [("Z", "T")]
        assert conn.query(text) == [("E", "ERROR", "08P01", "invalid message format"), ("Z", "E")]
        assert conn.query(b"rollback") == [("Z", "I")]
        assert conn.query(b"select 1") == [("D", struct.pack("!hi", 1, 1) + b"1"), ("Z", "I")]


MALFORMED_EXTENDED = [
    message(b"P", b"\0select 1\0x\0\0\0"),                      # a NUL inside the text of a Parse
    message(b"P", b"\0select 1\0\0\0") + message(b"B", b"\0\0\0\0\0\0\0\0\0extra"),
    message(b"D", b"X\0"),
    message(b"E", b"\0"),
    message(b"C", b"S"),
    message(b"P", b"\0sel\xffect 1\0\0\0"),
]


@pytest.mark.parametrize("messages", MALFORMED_EXTENDED)
def test_malformed_extended_message_is_an_error_until_sync(ptreedb, postgres_oracle, messages):
    answers = []
    for port in (ptreedb.port, postgres_oracle.port):
        conn = Raw(port)
        conn.sock.sendall(messages + message(b"E", b"\0" + struct.pack("!i", 0)) + message(b"S", b""))
        answers.append((conn.until_ready(), conn.query(b"select 1")))
    assert answers[0] == answers[1]
    assert answers[0][0][0][:3] in {("E", "ERROR", "08P01"), ("E", "ERROR", "22021")}


BAD_QUERIES = [
    b"select 'a\xc3\x28b'",            # invalid sequence in a literal
    b"select 1 -- \xff",               # anywhere in the text, comments too
    b"select '\xed\xa0\x80'",          # a surrogate
    b"select '\xf4\x90\x80\x80'",      # above U+10FFFF
    b"select '\xc0\x80'",              # overlong NUL
    b"select 'x\xe2\x82'",             # cut short at the end
    b"select E'\\xc3\\x28'",           # escapes making invalid UTF-8
    b"select E'\\xff'",
    b"select E'a\\000b'",              # an escaped NUL
    b"select E'\\x00'",
    b"select E'\\u0000'",
    b"select U&'\\0000'",
    b"select E'\\ud800'",
]


@pytest.mark.parametrize("text", BAD_QUERIES)
def test_invalid_text_in_queries_gets_postgres_error(ptreedb, postgres_oracle, text):
    mine = Raw(ptreedb.port).query(text)
    theirs = Raw(postgres_oracle.port).query(text)
    assert mine == theirs
    assert mine[0][0] == "E"


BAD_PARAMETERS = [
    (b"select $1::text", 25, 0, b"a\xc3\x28"),
    (b"select $1::text", 25, 1, b"a\xc3\x28"),
    (b"select $1::text", 25, 0, b"a\0b"),
    (b"select $1::text", 25, 1, b"a\0b"),
    (b"select $1::varchar", 1043, 1, b"a\xff"),
    (b"select $1::bpchar", 1042, 1, b"a\0"),
    (b"select $1::int", 23, 0, b"1\xff"),
    (b"select $1::text", 0, 0, b"\xff"),
    (b"select $1::text", 25, 0, b"\xed\xa0\x80"),
    (b"select $1::text", 25, 1, b"\xf4\x90\x80\x80"),
]


@pytest.mark.parametrize("sql,oid,format_code,value", BAD_PARAMETERS)
def test_invalid_text_parameters_get_postgres_error(ptreedb, postgres_oracle, sql, oid, format_code, value):
    mine = Raw(ptreedb.port).bind(sql, oid, format_code, value)
    theirs = Raw(postgres_oracle.port).bind(sql, oid, format_code, value)
    assert mine == theirs
    assert mine[0][:3] == ("E", "ERROR", "22021")


def test_application_name_keeps_printable_ascii(ptreedb, postgres_oracle):
    answers = []
    for port in (ptreedb.port, postgres_oracle.port):
        conn = Raw(port, extra=b"application_name\0a\xff\xc3\xa9\nb\0")
        answers.append((conn.query(b"show application_name"),
                         conn.query(b"set application_name = E'\xc3\xa9\\x01'"),
                         conn.query(b"show application_name")))
    assert answers[0] == answers[1]
    assert answers[0][0][0] == ("D", struct.pack("!hi", 1, 6) + b"a????b")


ACCEPTED = ["plain", "caf\u00e9", "\u65e5\u672c", "\U0001F600", "tab\there", "new\nline", "back\\slash", "quote\"'",
            "\u00a0nbsp", "\r", ""]


def test_everything_accepted_reloads_through_copy(ptreedb):
    with psycopg.connect(ptreedb.dsn, autocommit=True) as conn:
        conn.execute("drop table if exists ct_src, ct_dst")
        conn.execute("create table ct_src (id int primary key, t text, v varchar(20), c char(5))")
        conn.execute("create table ct_dst (id int primary key, t text, v varchar(20), c char(5))")
        rows = []
        for i, text in enumerate(ACCEPTED):
            rows.append((i, text, text[:20], text[:5]))
        with conn.cursor() as cur:
            # Extended protocol, text and binary parameters.
            for row in rows[:5]:
                cur.execute("insert into ct_src values (%s, %s, %s, %s)", row)
            for row in rows[5:]:
                cur.execute("insert into ct_src values (%b, %b, %b, %b)", row)
        # Simple protocol with E'' escapes that make valid UTF-8.
        conn.pgconn.exec_(b"insert into ct_src values (100, E'\\xc3\\xa9\\u00e9\\U0001F600', E'\\x41', E'\\101')")
        expected = conn.execute("select * from ct_src order by id").fetchall()
        for fmt in ("text", "csv", "binary"):
            conn.execute("truncate ct_dst")
            data = bytearray()
            with conn.cursor().copy(f"copy ct_src to stdout with (format {fmt})") as copy:
                for chunk in copy:
                    data += chunk
            with conn.cursor().copy(f"copy ct_dst from stdin with (format {fmt})") as copy:
                copy.write(bytes(data))
            assert conn.execute("select * from ct_dst order by id").fetchall() == expected, fmt


def password_attempt(port, user, password):
    """Startup as `user`, answering the cleartext password request; returns the reply."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    body = struct.pack("!i", 196608) + b"user\0" + user + b"\0database\0postgres\0\0"
    sock.sendall(struct.pack("!i", len(body) + 4) + body)
    request = sock.recv(65536)
    assert request[:1] == b"R" and struct.unpack("!i", request[5:9])[0] == 3, request
    sock.sendall(message(b"p", password + b"\0"))
    reply = sock.recv(65536)
    sock.close()
    return reply


def test_client_text_in_the_log_is_escaped(tmp_path):
    hba = tmp_path / "hba.conf"
    hba.write_text("host all postgres 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 password\n")
    server = start_server(tmp_path, extra_args=["--log-level", "debug", "--hba-file", str(hba)])
    try:
        with psycopg.connect(server.dsn, autocommit=True) as conn:
            conn.execute('create role "forger\nFAKE LOG LINE" login password \'secret\'')
        # Logged in: the session line names the user.
        assert password_attempt(server.port, b"forger\nFAKE LOG LINE", b"secret")[:1] == b"R"
        # Refused before any role is known: the failure line names the user.
        assert password_attempt(server.port, b"ghost\nFAKE FAILURE LINE\x1b[2J\xff", b"wrong")[:1] == b"E"
    finally:
        stop_server(server)
    log = server.log()
    assert "forger\\nFAKE LOG LINE" in log
    assert "ghost\\nFAKE FAILURE LINE\\x1b[2J\\xff" in log
    assert not any(line.startswith("FAKE") for line in log.splitlines()), log
