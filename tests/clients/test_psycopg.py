"""psycopg 3 against ptreedb exactly as an application uses it (autocommit,
server-side parameter binding, text and binary formats, prepared statements,
executemany, pipeline mode), with every answer compared with the same calls
against a private PostgreSQL 15."""
import datetime
import decimal
import uuid
import zoneinfo

import psycopg
import pytest
from psycopg import errors

CREATE = """CREATE TABLE typed (
    id int PRIMARY KEY, flag boolean, small smallint, big bigint, real_value real,
    double_value double precision, amount numeric(12,3), code char(4), label varchar(20),
    note text, day date, moment timestamp, span interval, stamp timestamptz)"""

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")

ROWS = [
    (1, True, 7, 9_000_000_000, 1.5, 2.25, decimal.Decimal("123.456"), "ab", "hello", "note one",
     datetime.date(2024, 2, 29), datetime.datetime(2024, 2, 29, 13, 45, 7, 120000),
     datetime.timedelta(days=3, hours=4, seconds=5), datetime.datetime(2024, 3, 31, 2, 30, 0, 250000, tzinfo=BERLIN)),
    (2, False, -32768, -1, -0.125, 1e300, decimal.Decimal("-0.001"), "wxyz", "", "ünïcode ✓",
     datetime.date(1999, 12, 31), datetime.datetime(1970, 1, 1), datetime.timedelta(0),
     datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)),
    (3, None, None, None, None, None, None, None, None, None, None, None, None, None),
    (4, True, 32767, 9223372036854775807, 3.0e10, -2.5e-300, decimal.Decimal("999999999.999"), "q",
     "x" * 20, "tab\there", datetime.date(2000, 1, 1), datetime.datetime(2000, 1, 1, 0, 0, 0, 1),
     datetime.timedelta(days=-1, microseconds=1),
     datetime.datetime(2000, 1, 1, 0, 0, 0, 1, tzinfo=datetime.timezone(datetime.timedelta(hours=5, minutes=30)))),
]


def connect(port):
    return psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True)


@pytest.fixture
def both(ptreedb_server, postgres_oracle):
    ours = connect(ptreedb_server.port)
    theirs = connect(postgres_oracle.port)
    theirs.execute("DROP TABLE IF EXISTS typed")
    theirs.execute("DROP TABLE IF EXISTS pipe")
    theirs.execute("DROP TABLE IF EXISTS ub")
    theirs.execute("DROP TABLE IF EXISTS ub_copy")
    yield ours, theirs
    ours.close()
    theirs.close()


def on_both(both, action):
    ours, theirs = both
    return action(ours), action(theirs)


def same(both, action):
    ours, theirs = on_both(both, action)
    assert ours == theirs
    return ours


@pytest.mark.parametrize("binary", [False, True])
def test_every_type_round_trips_in_text_and_binary(both, binary):
    def load(conn):
        conn.execute(CREATE)
        placeholder = "%b" if binary else "%s"
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO typed VALUES (" + ", ".join([placeholder] * 14) + ")", ROWS)
        with conn.cursor(binary=binary) as cur:
            cur.execute("SELECT * FROM typed ORDER BY id")
            return cur.fetchall(), [(d.name, d.type_code) for d in cur.description]

    rows, description = same(both, load)
    assert len(rows) == 4
    assert rows[0][6] == decimal.Decimal("123.456")
    assert rows[1][11] == datetime.datetime(1970, 1, 1)
    # Aware datetimes come back as the same instants, in the session's zone (UTC).
    # (By POSIX seconds: Python never calls a time in a daylight-saving gap equal to another zone's.)
    def instants(values):
        return [value.timestamp() if value else None for value in values]

    assert instants(row[13] for row in rows) == instants(row[13] for row in ROWS)
    assert rows[0][13].utcoffset() == datetime.timedelta(0)
    assert description[13] == ("stamp", 1184)


UUID_BYTEA_ROWS = [
    (1, uuid.UUID("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), b"\x00\x01\xfe\xff\\'\"", bytearray(b"abc")),
    (2, uuid.UUID(int=0), b"", b"\x80" * 1000),
    (3, None, None, None),
    (4, uuid.UUID(int=2**128 - 1), bytes(range(256)), memoryview(b"\x00")),
]


@pytest.mark.parametrize("binary", [False, True])
def test_uuid_and_bytea_round_trip_as_uuid_and_bytes(both, binary):
    """Parameters sent in text or binary (%b), results read in text or binary:
    uuid comes back as uuid.UUID, bytea as bytes, as from PostgreSQL."""
    def run(conn):
        conn.execute("DROP TABLE IF EXISTS ub")
        conn.execute("CREATE TABLE ub (id int PRIMARY KEY, u uuid, b bytea, c bytea)")
        placeholder = "%b" if binary else "%s"
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO ub VALUES (%s, {placeholder}, {placeholder}, {placeholder})", UUID_BYTEA_ROWS)
        out = []
        with conn.cursor(binary=binary) as cur:
            cur.execute("SELECT * FROM ub ORDER BY id")
            out.append(cur.fetchall())
            out.append([(d.name, d.type_code) for d in cur.description])
            cur.execute(f"SELECT id FROM ub WHERE u = {placeholder}", [UUID_BYTEA_ROWS[0][1]])
            out.append(cur.fetchall())
            cur.execute(f"SELECT id, b || {placeholder}, length(b), md5(b) FROM ub WHERE b > {placeholder} ORDER BY id",
                        [b"\xff", b"\x00"])
            out.append(cur.fetchall())
            cur.execute(f"SELECT {placeholder}::uuid, {placeholder}::bytea",
                        [uuid.UUID("12345678-1234-5678-1234-567812345678"), b"\x01\x02"])
            out.append(cur.fetchall())
            cur.execute("SELECT u FROM ub ORDER BY u NULLS FIRST")
            out.append(cur.fetchall())
            # COPY in and out in the same format, rows read back equal.
            conn.execute("CREATE TABLE ub_copy (id int PRIMARY KEY, u uuid, b bytea, c bytea)")
            copy_format = "(FORMAT binary)" if binary else ""
            with cur.copy(f"COPY ub TO STDOUT {copy_format}") as copy_out:
                data = b"".join(bytes(block) for block in copy_out)
            with cur.copy(f"COPY ub_copy FROM STDIN {copy_format}") as copy_in:
                copy_in.write(data)
            cur.execute("SELECT * FROM ub_copy ORDER BY id")
            out.append(cur.fetchall() == out[0])
        conn.execute("DROP TABLE ub")
        conn.execute("DROP TABLE ub_copy")
        return out

    out = same(both, run)
    rows = out[0]
    assert [row[1] for row in rows] == [row[1] for row in UUID_BYTEA_ROWS]
    assert isinstance(rows[0][1], uuid.UUID)
    assert rows[0][2] == b"\x00\x01\xfe\xff\\'\"" and isinstance(rows[0][2], bytes)
    assert rows[3][2] == bytes(range(256))
    assert rows[1][3] == b"\x80" * 1000
    assert out[1] == [("id", 23), ("u", 2950), ("b", 17), ("c", 17)]
    assert out[2] == [(1,)]
    assert out[4] == [(uuid.UUID("12345678-1234-5678-1234-567812345678"), b"\x01\x02")]
    assert out[6] is True


def test_uuid_and_bytea_raw_binary_parameters(both):
    """Binary parameters through libpq directly: 16 bytes are a uuid, any
    bytes a bytea; a uuid of the wrong length is refused as PostgreSQL does."""
    def run(conn):
        out = []
        for values, types in [([bytes(range(16)), b"\x00\xff"], [2950, 17]), ([b"\x01\x02", b""], [2950, 17]),
                              ([bytes(17), b""], [2950, 17])]:
            result = conn.pgconn.exec_params(b"SELECT $1::uuid::text, encode($2::bytea, 'hex')", values, types, [1, 1], 0)
            sqlstate = result.error_field(psycopg.pq.DiagnosticField.SQLSTATE)
            out.append(sqlstate or [result.get_value(0, column) for column in range(result.nfields)])
        return out

    out = same(both, run)
    assert out[0] == [b"00010203-0405-0607-0809-0a0b0c0d0e0f", b"00ff"]
    assert out[1] == b"08P01"  # too few bytes run out of the message
    assert out[2] == b"22P03"  # too many are a bad format


@pytest.mark.parametrize("binary", [False, True])
def test_timestamptz_in_the_session_time_zone(both, binary):
    def run(conn):
        conn.execute("SET TimeZone TO 'Europe/Berlin'")
        out = [conn.info.parameter_status("TimeZone")]
        conn.execute("CREATE TABLE typed (id int PRIMARY KEY, stamp timestamptz)")
        placeholder = "%b" if binary else "%s"
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO typed VALUES (%s, {placeholder})", [(r[0], r[13]) for r in ROWS])
        with conn.cursor(binary=binary) as cur:
            cur.execute("SELECT id, stamp, stamp::text, stamp AT TIME ZONE 'UTC', stamp + interval '1 day',"
                        " date_trunc('day', stamp), extract(epoch FROM stamp) FROM typed ORDER BY id")
            rows = cur.fetchall()
            out.append(rows)
            out.append([(row[1].utcoffset() if row[1] else None) for row in rows])
            cur.execute("SELECT id FROM typed WHERE stamp > %s ORDER BY id",
                        [datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)])
            out.append(cur.fetchall())
        return out

    out = same(both, run)
    assert out[0] == "Europe/Berlin"
    # 2024-03-31 02:30 does not exist in Berlin: the instant is 01:30 UTC, shown 03:30+02.
    assert out[1][0][2] == "2024-03-31 03:30:00.25+02"
    assert out[2][0] == datetime.timedelta(hours=2)


@pytest.mark.parametrize("binary", [False, True])
def test_parameters_in_where_limit_and_expressions(both, binary):
    def run(conn):
        conn.execute(CREATE)
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO typed (id, amount, label, day, moment, span) VALUES (%s, %s, %s, %s, %s, %s)",
                            [(r[0], r[6], r[8], r[10], r[11], r[12]) for r in ROWS])
        out = []
        with conn.cursor(binary=binary) as cur:
            cur.execute("SELECT id FROM typed WHERE id > %s ORDER BY id LIMIT %s", [1, 2])
            out.append(cur.fetchall())
            cur.execute("SELECT id, amount * %s FROM typed WHERE amount > %s ORDER BY id",
                        [decimal.Decimal("2"), decimal.Decimal("0")])
            out.append(cur.fetchall())
            cur.execute("SELECT id FROM typed WHERE label = %s", ["hello"])
            out.append(cur.fetchall())
            cur.execute("SELECT id FROM typed WHERE day < %s AND moment >= %s ORDER BY id",
                        [datetime.date(2024, 1, 1), datetime.datetime(1970, 1, 1)])
            out.append(cur.fetchall())
            cur.execute("SELECT %s + 1, %s::int * 2, %s || 'x'", [41, "21", "a"])
            out.append(cur.fetchall())
            cur.execute("SELECT id FROM typed WHERE span > %s ORDER BY id", [datetime.timedelta(hours=1)])
            out.append(cur.fetchall())
            cur.execute("SELECT %s::boolean, %s::float8, %s::numeric", [True, 0.1, decimal.Decimal("1e-5")])
            out.append(cur.fetchall())
        return out

    same(both, run)


def test_prepared_statements_are_reused(both):
    def run(conn):
        conn.execute("CREATE TABLE typed (id int PRIMARY KEY, note text)")
        results = []
        for i in range(8):
            conn.execute("INSERT INTO typed VALUES (%s, %s)", [i, f"n{i}"], prepare=True)
            results.append(conn.execute("SELECT note FROM typed WHERE id = %s", [i], prepare=True).fetchone())
        results.append(conn.execute("SELECT count(*) FROM typed").fetchone())
        return results

    results = same(both, run)
    assert results[-1] == (8,)


def test_pipeline_mode(both):
    def run(conn):
        conn.execute("CREATE TABLE pipe (id int PRIMARY KEY, v text)")
        with conn.pipeline():
            cursors = []
            for i in range(10):
                conn.execute("INSERT INTO pipe VALUES (%s, %s)", [i, str(i * i)])
            for i in range(0, 10, 3):
                cursors.append(conn.execute("SELECT v FROM pipe WHERE id = %s", [i]))
        return [c.fetchall() for c in cursors]

    assert same(both, run) == [[("0",)], [("9",)], [("36",)], [("81",)]]


def test_error_mid_pipeline_keeps_connection_usable(both):
    def run(conn):
        conn.execute("CREATE TABLE pipe (id int PRIMARY KEY, v text)")
        caught = None
        try:
            with conn.pipeline():
                conn.execute("INSERT INTO pipe VALUES (%s, %s)", [1, "a"])
                conn.execute("INSERT INTO pipe VALUES (%s, %s)", [1, "duplicate"])
                conn.execute("INSERT INTO pipe VALUES (%s, %s)", [2, "skipped"])
        except psycopg.Error as error:
            caught = error.sqlstate
        # The statement after the failed one was skipped. (PostgreSQL also rolls
        # back the first one: a pipeline up to Sync is one implicit transaction,
        # which arrives with transaction blocks.)
        return caught, conn.execute("SELECT count(*) FROM pipe WHERE id = 2").fetchall()

    assert same(both, run) == ("23505", [(0,)])


@pytest.mark.parametrize("sql, params, error", [
    ("SELECT %s::int", ["abc"], errors.InvalidTextRepresentation),
    ("SELECT * FROM missing_table WHERE x = %s", [1], errors.UndefinedTable),
    ("SELECT 1/%s::int", [0], errors.DivisionByZero),
    ("SET no_such_setting = %s", None, errors.UndefinedObject),
])
def test_errors_match_postgresql(both, sql, params, error):
    def run(conn):
        with pytest.raises(error) as caught:
            conn.execute(sql.replace("%s", "1") if params is None else sql, params)
        assert conn.execute("SELECT 1").fetchone() == (1,)
        return caught.value.sqlstate

    same(both, run)


def test_settings(both):
    def run(conn):
        out = []
        conn.execute("SET statement_timeout = 5000")
        out.append(conn.execute("SHOW statement_timeout").fetchone())
        conn.execute("SET search_path TO public")
        out.append(conn.execute("SHOW search_path").fetchone())
        conn.execute("SET extra_float_digits = 3")
        out.append(conn.execute("SELECT current_setting('extra_float_digits')").fetchone())
        conn.execute("SET application_name TO 'psycopg-test'")
        out.append(conn.info.parameter_status("application_name"))
        out.append(conn.execute("SELECT set_config('application_name', 'via-function', false)").fetchone())
        out.append(conn.info.parameter_status("application_name"))
        conn.execute("RESET application_name")
        out.append(conn.execute("SHOW application_name").fetchone())
        conn.execute("SET TimeZone TO DEFAULT")
        out.append(conn.execute("SHOW timezone").fetchone())
        out.append(conn.execute("SHOW DateStyle").fetchone())
        conn.execute("RESET ALL")
        out.append(conn.execute("SHOW statement_timeout").fetchone())
        conn.execute("DISCARD ALL")
        out.append(conn.execute("SELECT current_setting('no.such', true)").fetchone())
        with pytest.raises(errors.InvalidParameterValue):
            conn.execute("SET extra_float_digits = 4")
        with pytest.raises(errors.InvalidParameterValue):
            conn.execute("SET client_encoding = 'nonsense'")
        return out

    same(both, run)


def test_parameter_statuses_at_startup(both):
    ours, theirs = both
    for name in ["server_encoding", "client_encoding", "DateStyle", "integer_datetimes",
                 "standard_conforming_strings", "IntervalStyle", "is_superuser", "session_authorization",
                 "TimeZone"]:
        assert ours.info.parameter_status(name) == theirs.info.parameter_status(name), name
    assert ours.info.server_version // 10000 == 15


JSON_DOCS = [
    {"name": "ann", "tags": ["x", "y"], "size": 3, "ratio": 1.5, "nested": {"b": None, "a": True}},
    [1, "two", {"three": 3}, []],
    "a string with \"quotes\" and ünïcode",
    12345678901234567890123456789,
    None,
]


@pytest.mark.parametrize("binary", [False, True])
def test_json_and_jsonb_round_trip_in_text_and_binary(both, binary):
    """psycopg's Json and Jsonb adapters: dicts, lists and scalars sent as
    parameters (jsonb in its binary form: version byte 1 and the text) and read
    back in the text and the binary format; the oid, the normalized text and the
    loaded Python values match PostgreSQL's."""
    from psycopg.types.json import Json, Jsonb

    def load(conn):
        conn.execute("DROP TABLE IF EXISTS docs")
        conn.execute("CREATE TABLE docs (id int PRIMARY KEY, j json, jb jsonb)")
        placeholder = "%b" if binary else "%s"
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO docs VALUES (%s, {placeholder}, {placeholder})",
                            [(i, Json(doc), Jsonb(doc)) for i, doc in enumerate(JSON_DOCS)])
        with conn.cursor(binary=binary) as cur:
            cur.execute("SELECT id, j, jb, jb::text, jb -> 'tags', jb @> %s FROM docs ORDER BY id",
                        [Jsonb({"size": 3})])
            rows = cur.fetchall()
            types = [d.type_code for d in cur.description]
        conn.execute("DROP TABLE docs")
        return rows, types

    rows, types = same(both, load)
    assert types[1:3] == [114, 3802]
    assert [row[2] for row in rows] == JSON_DOCS
    assert rows[0][3] == ('{"name": "ann", "size": 3, "tags": ["x", "y"], "ratio": 1.5, '
                          '"nested": {"a": true, "b": null}}')
    assert rows[0][5] is True and rows[1][5] is False
