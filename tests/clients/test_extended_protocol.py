"""The extended query protocol byte by byte: what psycopg and pgjdbc rely on,
and the edge cases they rarely reach (row limits, errors mid-pipeline,
unknown names, wrong parameter counts), checked message by message."""
import socket
import struct

import pytest


class Wire:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        params = b"user\0postgres\0database\0postgres\0application_name\0wiretest\0\0"
        body = struct.pack("!i", 196608) + params
        self.sock.sendall(struct.pack("!i", len(body) + 4) + body)
        self.buffer = b""
        self.startup = self.until_ready()

    def close(self):
        self.sock.sendall(b"X\0\0\0\4")
        self.sock.close()

    def send(self, kind, body=b""):
        self.sock.sendall(kind + struct.pack("!i", len(body) + 4) + body)

    def parse(self, sql, name="", oids=()):
        self.send(b"P", name.encode() + b"\0" + sql.encode() + b"\0" + struct.pack("!h", len(oids)) +
                  b"".join(struct.pack("!I", o) for o in oids))

    def bind(self, values=(), portal="", statement="", param_formats=(), result_formats=()):
        body = portal.encode() + b"\0" + statement.encode() + b"\0"
        body += struct.pack("!h", len(param_formats)) + b"".join(struct.pack("!h", f) for f in param_formats)
        body += struct.pack("!h", len(values))
        for value in values:
            if value is None:
                body += struct.pack("!i", -1)
            else:
                raw = value if isinstance(value, bytes) else str(value).encode()
                body += struct.pack("!i", len(raw)) + raw
        body += struct.pack("!h", len(result_formats)) + b"".join(struct.pack("!h", f) for f in result_formats)
        self.send(b"B", body)

    def describe(self, kind, name=""):
        self.send(b"D", kind + name.encode() + b"\0")

    def execute(self, portal="", max_rows=0):
        self.send(b"E", portal.encode() + b"\0" + struct.pack("!i", max_rows))

    def close_message(self, kind, name=""):
        self.send(b"C", kind + name.encode() + b"\0")

    def sync(self):
        self.send(b"S")

    def flush(self):
        self.send(b"H")

    def read_message(self):
        while True:
            if len(self.buffer) >= 5:
                kind = self.buffer[:1]
                length = struct.unpack("!i", self.buffer[1:5])[0]
                if len(self.buffer) >= 1 + length:
                    body = self.buffer[5:1 + length]
                    self.buffer = self.buffer[1 + length:]
                    return kind, body
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("server closed the connection")
            self.buffer += chunk

    def until_ready(self):
        messages = []
        while True:
            kind, body = self.read_message()
            messages.append((kind, body))
            if kind == b"Z":
                return messages


def kinds(messages):
    return [kind.decode() for kind, _ in messages]


def error_fields(body):
    fields = {}
    for part in body.split(b"\0"):
        if part:
            fields[chr(part[0])] = part[1:].decode()
    return fields


def data_row(body):
    count = struct.unpack("!h", body[:2])[0]
    values, offset = [], 2
    for _ in range(count):
        length = struct.unpack("!i", body[offset:offset + 4])[0]
        offset += 4
        if length < 0:
            values.append(None)
        else:
            values.append(body[offset:offset + length])
            offset += length
    return values


def row_description(body):
    count = struct.unpack("!h", body[:2])[0]
    fields, offset = [], 2
    for _ in range(count):
        end = body.index(b"\0", offset)
        name = body[offset:end].decode()
        table, attr, oid, size, mod, fmt = struct.unpack("!IhIhih", body[end + 1:end + 19])
        fields.append((name, oid, fmt))
        offset = end + 19
    return fields


@pytest.fixture
def wire(ptreedb_server):
    connection = Wire(ptreedb_server.port)
    yield connection
    connection.close()


def test_startup_reports_settings(wire):
    status = dict(tuple(part.decode() for part in body.split(b"\0")[:2])
                  for kind, body in wire.startup if kind == b"S")
    assert status["server_version"].startswith("15")
    assert status["application_name"] == "wiretest"
    assert status["client_encoding"] == "UTF8"
    assert status["DateStyle"] == "ISO, MDY"
    assert status["integer_datetimes"] == "on"
    assert status["standard_conforming_strings"] == "on"
    assert status["IntervalStyle"] == "postgres"
    assert status["session_authorization"] == "postgres"


def test_parse_bind_describe_execute(wire):
    wire.parse("SELECT $1::int + 1 AS next, $2 AS label", name="s1")
    wire.describe(b"S", "s1")
    wire.bind(["41", "hello"], statement="s1")
    wire.describe(b"P")
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["1", "t", "T", "2", "T", "D", "C", "Z"]
    parameter_oids = struct.unpack("!hII", messages[1][1])
    assert parameter_oids == (2, 23, 25)
    assert row_description(messages[2][1]) == [("next", 23, 0), ("label", 25, 0)]
    assert data_row(messages[5][1]) == [b"42", b"hello"]
    assert messages[6][1] == b"SELECT 1\0"


def test_parameter_types_are_inferred_from_context(wire):
    wire.parse("CREATE TABLE t (id int PRIMARY KEY, price numeric(10,2), name varchar(20), day date)")
    wire.bind()
    wire.execute()
    wire.parse("INSERT INTO t VALUES ($1, $2, $3, $4)", name="ins")
    wire.describe(b"S", "ins")
    wire.parse("SELECT name FROM t WHERE id = $1 LIMIT $2", name="sel")
    wire.describe(b"S", "sel")
    wire.parse("SELECT $1 + 1", name="arith")
    wire.describe(b"S", "arith")
    wire.sync()
    messages = wire.until_ready()
    descriptions = [body for kind, body in messages if kind == b"t"]
    assert struct.unpack("!hIIII", descriptions[0]) == (4, 23, 1700, 1043, 1082)
    assert struct.unpack("!hII", descriptions[1]) == (2, 23, 20)
    assert struct.unpack("!hI", descriptions[2]) == (1, 23)
    assert [kind for kind, _ in messages if kind == b"n"] == [b"n"]  # INSERT returns no rows


def test_inferred_parameter_has_no_type_modifier(wire):
    wire.parse("CREATE TABLE short (s varchar(3), n numeric(5,1))")
    wire.bind()
    wire.execute()
    wire.sync()
    wire.until_ready()
    wire.parse("INSERT INTO short VALUES ($1, $2)", name="ins")
    wire.bind(["abc", "1.25"], statement="ins")
    wire.execute()
    wire.bind(["abcd", "1"], statement="ins")
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    errors = [error_fields(body) for kind, body in messages if kind == b"E"]
    assert [e["C"] for e in errors] == ["22001"]
    # The failure rolled back the insert before it (one transaction up to Sync).
    wire.bind(["abc", "1.25"], statement="ins")
    wire.execute()
    wire.sync()
    wire.until_ready()
    wire.parse("SELECT s, n FROM short")
    wire.bind()
    wire.execute()
    wire.sync()
    rows = [data_row(body) for kind, body in wire.until_ready() if kind == b"D"]
    assert rows == [[b"abc", b"1.3"]]


def test_row_limit_suspends_and_resumes(wire):
    wire.parse("CREATE TABLE n (v int)")
    wire.bind()
    wire.execute()
    wire.parse("INSERT INTO n SELECT * FROM (VALUES (1),(2),(3),(4),(5)) AS x(v)")
    wire.bind()
    wire.execute()
    wire.parse("SELECT v FROM n ORDER BY v")
    wire.bind(portal="p")
    wire.execute("p", max_rows=2)
    wire.execute("p", max_rows=2)
    wire.execute("p", max_rows=2)
    wire.sync()
    messages = wire.until_ready()
    tail = kinds(messages)[kinds(messages).index("1", 4):]
    assert tail == ["1", "2", "D", "D", "s", "D", "D", "s", "D", "C", "Z"]
    rows = [data_row(body)[0] for kind, body in messages if kind == b"D"]
    assert rows == [b"1", b"2", b"3", b"4", b"5"]
    assert messages[-2][1] == b"SELECT 1\0"


def test_portal_dies_at_sync(wire):
    wire.parse("SELECT 1")
    wire.bind(portal="p")
    wire.sync()
    wire.until_ready()
    wire.execute("p")
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["E", "Z"]
    fields = error_fields(messages[0][1])
    assert fields["C"] == "34000"
    assert fields["M"] == 'portal "p" does not exist'


def test_error_skips_to_sync_and_session_stays_usable(wire):
    wire.parse("SELECT 1/0")
    wire.bind()
    wire.execute()
    wire.parse("SELECT 2")  # skipped
    wire.bind()
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["1", "2", "E", "Z"]
    assert error_fields(messages[2][1])["C"] == "22012"
    wire.parse("SELECT 3")
    wire.bind()
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["1", "2", "D", "C", "Z"]
    assert data_row(messages[2][1]) == [b"3"]


@pytest.mark.parametrize("action, sqlstate", [
    (lambda w: w.bind(statement="nope"), "26000"),
    (lambda w: w.describe(b"S", "nope"), "26000"),
    (lambda w: w.describe(b"P", "nope"), "34000"),
    (lambda w: w.execute("nope"), "34000"),
])
def test_unknown_names(wire, action, sqlstate):
    action(wire)
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["E", "Z"]
    assert error_fields(messages[0][1])["C"] == sqlstate


def test_wrong_parameter_count_and_bad_text(wire):
    wire.parse("SELECT $1::int", name="one")
    wire.bind(["1", "2"], statement="one")
    wire.sync()
    messages = wire.until_ready()
    fields = error_fields(messages[-2][1])
    assert fields["C"] == "08P01"
    assert fields["M"] == 'bind message supplies 2 parameters, but prepared statement "one" requires 1'
    wire.bind(["abc"], statement="one")
    wire.sync()
    fields = error_fields(wire.until_ready()[0][1])
    assert fields["C"] == "22P02"
    assert fields["M"] == 'invalid input syntax for type integer: "abc"'
    wire.bind([b"\0\0"], statement="one", param_formats=[1])
    wire.sync()
    fields = error_fields(wire.until_ready()[0][1])
    assert fields["C"] == "22P03"


def test_duplicate_statement_and_multiple_commands(wire):
    wire.parse("SELECT 1", name="dup")
    wire.parse("SELECT 1", name="dup")
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["1", "E", "Z"]
    assert error_fields(messages[1][1])["C"] == "42P05"
    wire.parse("SELECT 1; SELECT 2")
    wire.sync()
    assert error_fields(wire.until_ready()[0][1])["C"] == "42601"


def test_close_and_unnamed_statement_replacement(wire):
    wire.parse("SELECT 1", name="c")
    wire.close_message(b"S", "c")
    wire.close_message(b"S", "never-existed")
    wire.bind(statement="c")
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["1", "3", "3", "E", "Z"]
    wire.parse("SELECT 'first'")
    wire.parse("SELECT 'second'")
    wire.bind()
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert [data_row(body) for kind, body in messages if kind == b"D"] == [[b"second"]]


def test_binary_results_and_parameters(wire):
    wire.parse("SELECT $1::int8 * 2, $2::float8, 1.5::numeric, 'x'::text, DATE '2000-01-02', true")
    wire.bind([struct.pack("!q", 21), struct.pack("!d", 2.5)], param_formats=[1], result_formats=[1])
    wire.describe(b"P")
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert [fmt for _, _, fmt in row_description(messages[2][1])] == [1] * 6
    row = data_row(messages[3][1])
    assert struct.unpack("!q", row[0]) == (42,)
    assert struct.unpack("!d", row[1]) == (2.5,)
    assert row[2] == struct.pack("!hhHhhh", 2, 0, 0, 1, 1, 5000)
    assert row[3] == b"x"
    assert struct.unpack("!i", row[4]) == (1,)
    assert row[5] == b"\x01"


def test_pipelined_statements_before_one_sync(wire):
    for value in range(5):
        wire.parse(f"SELECT {value}")
        wire.bind()
        wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert [data_row(body)[0] for kind, body in messages if kind == b"D"] == [b"0", b"1", b"2", b"3", b"4"]
    assert kinds(messages).count("Z") == 1


def test_empty_query(wire):
    wire.parse("")
    wire.bind()
    wire.describe(b"P")
    wire.execute()
    wire.sync()
    assert kinds(wire.until_ready()) == ["1", "2", "n", "I", "Z"]


def test_set_sends_parameter_status(wire):
    wire.parse("SET application_name = 'changed'")
    wire.bind()
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert ("S", b"application_name\0changed\0") in [(k.decode(), b) for k, b in messages]
    wire.parse("SHOW application_name")
    wire.bind()
    wire.describe(b"P")
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert row_description(messages[2][1]) == [("application_name", 25, 0)]
    assert data_row(messages[3][1]) == [b"changed"]


def test_set_local_outside_a_transaction_block_warns(wire):
    wire.parse("SET LOCAL statement_timeout = 100")
    wire.bind()
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    assert kinds(messages) == ["1", "2", "C", "N", "Z"]
    fields = error_fields(messages[3][1])
    assert (fields["S"], fields["C"]) == ("WARNING", "25P01")
    assert fields["M"] == "SET LOCAL can only be used in transaction blocks"


def test_set_config_takes_effect_once_at_execute(wire):
    wire.parse("SELECT set_config('application_name', 'from-execute', false)", name="sc")
    wire.parse("SELECT current_setting('application_name')", name="show")
    wire.bind(statement="show", portal="before")
    wire.execute("before")
    wire.bind(statement="sc")
    wire.execute()
    wire.sync()
    messages = wire.until_ready()
    rows = [data_row(body) for kind, body in messages if kind == b"D"]
    assert rows == [[b"wiretest"], [b"from-execute"]]
    assert (b"S", b"application_name\0from-execute\0") in messages
