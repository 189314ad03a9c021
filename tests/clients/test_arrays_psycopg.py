"""Arrays through psycopg 3 as applications use them: Python lists as
parameters (text and binary), array columns read back as lists, in both
formats, compared with the same calls against a private PostgreSQL 15."""
import datetime
import decimal

import psycopg
import pytest

CREATE = """CREATE TABLE arrays (id int PRIMARY KEY, ints int[], bigs bigint[], texts text[],
    nums numeric[], flags boolean[], days date[], floats float8[])"""

ROWS = [
    (1, [1, 2, 3], [9_000_000_000, -1], ["a", "b c", "", "NULL", 'q"uote', "back\\slash", None],
     [decimal.Decimal("1.50"), decimal.Decimal("-2")], [True, False, None],
     [datetime.date(2024, 2, 29), None], [1.5, -0.25]),
    (2, [], [], [], [], [], [], []),
    (3, None, None, None, None, None, None, None),
    (4, [None, 7], [0], ["ünïcode ✓", "{x}", "a,b"], [decimal.Decimal("0.001")], [True], [datetime.date(2000, 1, 1)],
     [1e300]),
]


def connect(port):
    return psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True)


@pytest.fixture
def both(ptreedb_server, postgres_oracle):
    ours = connect(ptreedb_server.port)
    theirs = connect(postgres_oracle.port)
    theirs.execute("DROP TABLE IF EXISTS arrays")
    yield ours, theirs
    ours.close()
    theirs.close()


@pytest.mark.parametrize("binary", [False, True])
def test_lists_round_trip_as_parameters_and_results(both, binary):
    def load(conn):
        conn.execute("DROP TABLE IF EXISTS arrays")
        conn.execute(CREATE)
        placeholder = "%b" if binary else "%s"
        with conn.cursor() as cur:
            cur.executemany("INSERT INTO arrays VALUES (" + ", ".join([placeholder] * 8) + ")", ROWS)
        with conn.cursor(binary=binary) as cur:
            cur.execute("SELECT * FROM arrays ORDER BY id")
            return cur.fetchall(), [(d.name, d.type_code) for d in cur.description]

    ours, theirs = (load(conn) for conn in both)
    assert ours == theirs
    rows, description = ours
    assert rows == ROWS
    assert description[1] == ("ints", 1007) and description[3] == ("texts", 1009)


@pytest.mark.parametrize("binary", [False, True])
def test_list_parameters_in_queries(both, binary):
    def run(conn):
        placeholder = "%b" if binary else "%s"
        with conn.cursor(binary=binary) as cur:
            cur.execute(f"SELECT 2 = ANY({placeholder}::int[]), {placeholder}::text[] || 'z'::text, "
                        f"array_length({placeholder}::int[], 1)", ([1, 2], ["x", None], [5, 6, 7]))
            first = cur.fetchone()
            cur.execute("SELECT array_agg(x ORDER BY x DESC), array[1, NULL]::int[] FROM unnest(ARRAY[3, 1, 2]) x")
            return first, cur.fetchone()

    ours, theirs = (run(conn) for conn in both)
    assert ours == theirs
    assert ours == ((True, ["x", None, "z"], 3), ([3, 2, 1], [1, None]))
