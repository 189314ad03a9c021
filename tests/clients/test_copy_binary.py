"""COPY ... (FORMAT binary) with psycopg 3, against a private PostgreSQL 15:
COPY TO must send the same bytes, rows written with write_row must read back
as PostgreSQL reads them, one server's output must load into another, and
bad files and options must fail with PostgreSQL's SQLSTATEs, changing nothing."""
import datetime
import decimal
import struct

import psycopg
import pytest

CREATE = """CREATE TABLE typed (
    id int PRIMARY KEY, flag boolean, small smallint, big bigint, real_value real,
    double_value double precision, amount numeric(12,3), code char(4), label varchar(20),
    note text, day date, moment timestamp, span interval)"""

TYPES = ["int4", "bool", "int2", "int8", "float4", "float8", "numeric", "bpchar", "varchar", "text", "date",
         "timestamp", "interval"]

ROWS = [
    (1, True, 7, 9_000_000_000, 1.5, 2.25, decimal.Decimal("123.456"), "ab", "hello", "note one",
     datetime.date(2024, 2, 29), datetime.datetime(2024, 2, 29, 13, 45, 7, 120000),
     datetime.timedelta(days=3, hours=4, seconds=5)),
    (2, False, -32768, -1, -0.125, 1e300, decimal.Decimal("-0.001"), "wxyz", "", "ünïcode ✓ 日本",
     datetime.date(1999, 12, 31), datetime.datetime(1970, 1, 1), datetime.timedelta(0)),
    (3, None, None, None, None, None, None, None, None, None, None, None, None),
    (4, True, 32767, 9223372036854775807, 3.0e10, -2.5e-300, decimal.Decimal("999999999.999"), "q",
     "x" * 20, "tab\there\nnewline", datetime.date(2000, 1, 1), datetime.datetime(2000, 1, 1, 0, 0, 0, 1),
     datetime.timedelta(days=-1, microseconds=1)),
    (5, False, 0, 0, 0.0, -0.0, decimal.Decimal("0.100"), "abcd", "z", "", datetime.date(1, 1, 1),
     datetime.datetime(1900, 6, 30, 23, 59, 59, 999999), datetime.timedelta(days=400, seconds=1)),
]

# Inserted with SQL on both servers, for what psycopg cannot send (months).
SQL_ROWS = """INSERT INTO typed VALUES
    (10, true, 1, 2, 'NaN', '-Infinity', 12.5, 'x', 'y', 'déjà vu', '2038-01-19', '2038-01-19 03:14:07',
     '1 year 2 mons 3 days 04:05:06.789'),
    (11, NULL, NULL, NULL, 'Infinity', NULL, -0.0005, NULL, NULL, NULL, NULL, NULL, '-3 mons')"""

HEADER = b"PGCOPY\n\xff\r\n\x00" + struct.pack("!ii", 0, 0)
TRAILER = struct.pack("!h", -1)


def connect(port):
    return psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True)


@pytest.fixture
def both(ptreedb_server, postgres_oracle):
    ours = connect(ptreedb_server.port)
    theirs = connect(postgres_oracle.port)
    for connection in (ours, theirs):
        connection.execute("DROP TABLE IF EXISTS typed")
        connection.execute("DROP TABLE IF EXISTS copied")
        connection.execute(CREATE)
        connection.execute(CREATE.replace("typed", "copied"))
    yield ours, theirs
    ours.close()
    theirs.close()


# psycopg has no binary dumper for bpchar; PostgreSQL takes text's form for it.
WRITE_TYPES = [name if name != "bpchar" else "text" for name in TYPES]


def write_rows(connection, rows, table="typed"):
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} FROM STDIN (FORMAT binary)") as copy:
            copy.set_types(WRITE_TYPES)
            for row in rows:
                copy.write_row(row)
        return cursor.rowcount


def read_rows(connection, table="typed"):
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} TO STDOUT (FORMAT binary)") as copy:
            copy.set_types(TYPES)
            return list(copy.rows())


def copy_out_bytes(connection, statement):
    with connection.cursor() as cursor:
        with cursor.copy(statement) as copy:
            return b"".join(bytes(block) for block in copy)


def write_bytes(connection, data, table="typed"):
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} FROM STDIN (FORMAT binary)") as copy:
            copy.write(data)
        return cursor.rowcount


def select_all(connection, table="typed"):
    # repr, so that NaN equals NaN.
    return repr(connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall())


def test_write_row_reads_back_as_in_postgres(both):
    ours, theirs = both
    assert write_rows(ours, ROWS) == write_rows(theirs, ROWS) == len(ROWS)
    assert select_all(ours) == select_all(theirs)
    ours_rows = read_rows(ours)
    assert ours_rows == read_rows(theirs)
    assert [row[0] for row in ours_rows] == [1, 2, 3, 4, 5]
    assert ours_rows[1][9] == "ünïcode ✓ 日本"
    assert ours_rows[2][1:] == (None,) * 12
    assert ours_rows[0][6] == decimal.Decimal("123.456")


def test_copy_to_bytes_match_postgres(both):
    ours, theirs = both
    write_rows(ours, ROWS)
    write_rows(theirs, ROWS)
    ours.execute(SQL_ROWS)
    theirs.execute(SQL_ROWS)
    for statement in ["COPY typed TO STDOUT (FORMAT binary)",
                      "COPY typed (note, id, span) TO STDOUT WITH (FORMAT 'binary')",
                      "COPY (SELECT id, amount * 2, note || '!' FROM typed WHERE id > 2 ORDER BY id DESC) "
                      "TO STDOUT (FORMAT binary)",
                      "COPY (SELECT * FROM typed WHERE id < 0) TO STDOUT (FORMAT binary)"]:
        data = copy_out_bytes(ours, statement)
        assert data.startswith(HEADER) and data.endswith(TRAILER)
        assert data == copy_out_bytes(theirs, statement), statement


def test_round_trip_between_servers(both):
    ours, theirs = both
    write_rows(theirs, ROWS)
    theirs.execute(SQL_ROWS)
    # PostgreSQL's file into ptreedb, then ptreedb's own output into ptreedb.
    from_postgres = copy_out_bytes(theirs, "COPY typed TO STDOUT (FORMAT binary)")
    assert write_bytes(ours, from_postgres) == len(ROWS) + 2
    assert select_all(ours) == select_all(theirs)
    from_ours = copy_out_bytes(ours, "COPY typed TO STDOUT (FORMAT binary)")
    assert write_bytes(ours, from_ours, "copied") == len(ROWS) + 2
    assert select_all(ours, "copied") == select_all(theirs)
    assert copy_out_bytes(ours, "COPY copied TO STDOUT (FORMAT binary)") == from_postgres


def test_column_list_and_defaults(both):
    for connection in both:
        connection.execute("DROP TABLE IF EXISTS partial")
        connection.execute("CREATE TABLE partial (id int PRIMARY KEY, note text DEFAULT 'none', n int)")
        with connection.cursor() as cursor:
            with cursor.copy("COPY partial (n, id) FROM STDIN (FORMAT binary)") as copy:
                copy.set_types(["int4", "int4"])
                copy.write_row((7, 1))
                copy.write_row((None, 2))
    ours, theirs = both
    assert select_all(ours, "partial") == select_all(theirs, "partial") == repr([(1, "none", 7), (2, "none", None)])


def field(data):
    return struct.pack("!i", len(data)) + data


def tuple_of(*fields):
    return struct.pack("!h", len(fields)) + b"".join(fields)


GOOD_ROW = tuple_of(field(struct.pack("!i", 100)), *[struct.pack("!i", -1)] * 12)

BAD_FILES = {
    "signature": (b"PGCOPY\n\xff\r\n\x01" + HEADER[11:] + GOOD_ROW + TRAILER, "22P04"),
    "short signature": (b"PGCO", "22P04"),
    "empty": (b"", "22P04"),
    "with oids flag": (HEADER[:11] + struct.pack("!ii", 1 << 16, 0) + TRAILER, "22P04"),
    "critical flag": (HEADER[:11] + struct.pack("!ii", 1 << 17, 0) + TRAILER, "22P04"),
    "header extension too short": (HEADER[:11] + struct.pack("!ii", 0, 10) + b"abc", "22P04"),
    "field count": (HEADER + GOOD_ROW + tuple_of(field(struct.pack("!i", 101))) + TRAILER, "22P04"),
    "truncated field": (HEADER + GOOD_ROW + GOOD_ROW[:20], "22P04"),
    "negative length": (HEADER + tuple_of(struct.pack("!i", -5), *[struct.pack("!i", -1)] * 12) + TRAILER,
                        "22P04"),
    "int4 of two bytes": (HEADER + tuple_of(field(b"\x00\x01"), *[struct.pack("!i", -1)] * 12) + TRAILER,
                          "08P01"),
    "int4 of six bytes": (HEADER + tuple_of(field(b"\x00\x00\x00\x01\x00\x00"), *[struct.pack("!i", -1)] * 12)
                          + TRAILER, "22P03"),
    "bad numeric digit": (HEADER + tuple_of(field(struct.pack("!i", 102)), *[struct.pack("!i", -1)] * 5,
                                            field(struct.pack("!hhhhh", 1, 0, 0, 0, 10000)),
                                            *[struct.pack("!i", -1)] * 6) + TRAILER, "22P03"),
    "invalid UTF-8 text": (HEADER + tuple_of(field(struct.pack("!i", 103)), *[struct.pack("!i", -1)] * 8,
                                             field(b"ok \xc3\x28"), *[struct.pack("!i", -1)] * 3) + TRAILER,
                           "22021"),
    "NUL in text": (HEADER + tuple_of(field(struct.pack("!i", 104)), *[struct.pack("!i", -1)] * 8,
                                      field(b"a\x00b"), *[struct.pack("!i", -1)] * 3) + TRAILER, "22021"),
    "data after trailer": (HEADER + GOOD_ROW + TRAILER + b"x", "22P04"),
    "duplicate key": (HEADER + GOOD_ROW + GOOD_ROW + TRAILER, "23505"),
    "null primary key": (HEADER + tuple_of(*[struct.pack("!i", -1)] * 13) + TRAILER, "23502"),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_files_fail_as_in_postgres_and_change_nothing(both, name):
    data, sqlstate = BAD_FILES[name]
    results = []
    for connection in both:
        connection.execute("INSERT INTO typed (id) VALUES (1)")
        with pytest.raises(psycopg.Error) as caught:
            write_bytes(connection, data)
        results.append((caught.value.sqlstate, caught.value.diag.message_primary))
        assert select_all(connection) == repr([(1,) + (None,) * 12])
        assert connection.execute("SELECT 1").fetchone() == (1,)  # the session goes on
    assert results[0] == results[1]
    assert results[0][0] == sqlstate


def test_error_messages(ptreedb_server):
    with connect(ptreedb_server.port) as connection:
        connection.execute(CREATE)
        with pytest.raises(psycopg.Error) as caught:
            write_bytes(connection, BAD_FILES["signature"][0])
        assert caught.value.diag.message_primary == "COPY file signature not recognized"
        with pytest.raises(psycopg.Error) as caught:
            write_bytes(connection, BAD_FILES["field count"][0])
        assert caught.value.diag.message_primary == "row field count is 1, expected 13"
        assert caught.value.diag.context.startswith("COPY typed, line 2")
        with pytest.raises(psycopg.Error) as caught:
            write_bytes(connection, BAD_FILES["int4 of six bytes"][0])
        assert caught.value.diag.message_primary == "incorrect binary data format"
        assert caught.value.diag.context.startswith("COPY typed, line 1, column id")


@pytest.mark.parametrize("options", ["FORMAT binary, DELIMITER ','", "FORMAT binary, NULL 'x'",
                                     "FORMAT binary, HEADER", "FORMAT binary, QUOTE '\"'",
                                     "FORMAT binary, ESCAPE '\"'", "FORMAT binary, FORCE_NOT_NULL (note)",
                                     "FORMAT binary, FORCE_QUOTE *", "FORMAT binary, FORMAT csv"])
def test_options_not_allowed_with_binary(both, options):
    results = []
    for connection in both:
        for direction in ("FROM STDIN", "TO STDOUT"):
            with pytest.raises(psycopg.Error) as caught:
                with connection.cursor() as cursor:
                    with cursor.copy(f"COPY typed {direction} ({options})"):
                        pass
            results.append((caught.value.sqlstate, caught.value.diag.message_primary))
    assert results[:2] == results[2:]
    if "DELIMITER" in options:
        assert results[0] == ("42601", "cannot specify DELIMITER in BINARY mode")
