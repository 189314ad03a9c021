"""What ptreedb does not do with arrays is refused with 0A000 and a message
naming it (multidimensional arrays, explicit bounds, set-returning functions
beside aggregates), and hostile literals (deep nesting, huge inputs) get an
error or an answer without taking the server down."""
import psycopg
import pytest


def connect(server):
    return psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres", autocommit=True)


@pytest.mark.parametrize("statement, named", [
    ("SELECT ARRAY[ARRAY[1, 2], ARRAY[3, 4]]", "multidimensional arrays"),
    ("SELECT '{{1,2},{3,4}}'::int[]", "multidimensional arrays"),
    ("SELECT '[0:1]={1,2}'::int[]", "explicit bounds"),
    ("SELECT array_agg(a) FROM (VALUES (ARRAY[1])) v(a)", "array_agg over arrays"),
    ("SELECT (ARRAY[1, 2])[1][1]", "multidimensional arrays"),
    ("SELECT count(*), unnest(ARRAY[1]) FROM (VALUES (1)) v(x)", "set-returning function"),
])
def test_refused_with_0A000_naming_it(ptreedb_server, statement, named):
    with connect(ptreedb_server) as conn:
        with pytest.raises(psycopg.errors.FeatureNotSupported) as error:
            conn.execute(statement)
        assert named in str(error.value)
        assert conn.execute("SELECT ARRAY[1]").fetchone() == ([1],)


def test_hostile_literals_are_answered(ptreedb_server):
    with connect(ptreedb_server) as conn:
        with pytest.raises(psycopg.errors.FeatureNotSupported):
            conn.execute("SELECT %s::int[]", ("{" * 1_000_000,))
        with pytest.raises(psycopg.errors.InvalidTextRepresentation):
            conn.execute("SELECT %s::int[]", ("{" + "1," * 100_000,))
        many = "{" + ",".join(["7"] * 200_000) + "}"
        assert conn.execute("SELECT cardinality(%s::int[])", (many,)).fetchone() == (200_000,)
        assert conn.execute("SELECT ARRAY[1]").fetchone() == ([1],)
