"""psql's \\dT, \\dT+ and \\d of tables with enum columns print what they
print against PostgreSQL 15 for the same schema; enum columns go through
COPY (text and binary) and psycopg's text and binary results as their labels."""
import psycopg
import pytest

from fixtures.postgres import schema_on_both

SCHEMA = """
create type mood as enum ('sad', 'ok', 'happy');
alter type mood add value 'meh' before 'ok';
create type empty_enum as enum ();
create table people (name text primary key, feeling mood not null default 'ok', later mood);
insert into people values ('a', 'happy', null), ('b', 'sad', 'meh');
create index people_feeling on people (feeling);
"""

ORACLE_DATABASE = "describe_enum_types_oracle"


@pytest.fixture(scope="module")
def servers(postgres_oracle, tmp_path_factory):
    with schema_on_both(postgres_oracle, tmp_path_factory.mktemp("describe_enum_types"), ORACLE_DATABASE,
                        SCHEMA) as both_servers:
        yield both_servers


@pytest.mark.parametrize("command", [
    "\\dT", "\\dT+", "\\dT+ mood", "\\d people", "select * from people order by feeling",
    "select typname, typtype, typcategory, typlen from pg_type where typtype = 'e' order by 1",
    "select e.enumlabel, e.enumsortorder from pg_enum e join pg_type t on t.oid = e.enumtypid order by 2",
    "copy (select * from people order by name) to stdout",
])
def test_matches_postgresql(servers, command):
    ours, theirs = (server.psql("-c", command) for server in servers)
    assert ours.stderr == theirs.stderr
    assert ours.stdout == theirs.stdout
    assert ours.stdout.strip()


def test_copy_and_binary_results(servers):
    ours = servers[0]
    with psycopg.connect(ours.dsn, autocommit=True) as conn:
        with conn.cursor() as cursor:
            with cursor.copy("copy people (name, feeling) from stdin") as copy:
                copy.write_row(("c", "meh"))
                copy.write_row(("d", "happy"))
            with pytest.raises(psycopg.errors.InvalidTextRepresentation):
                with cursor.copy("copy people (name, feeling) from stdin") as copy:
                    copy.write_row(("e", "angry"))
            rows = cursor.execute("select name, feeling::text from people order by people.feeling, name").fetchall()
            assert rows == [("b", "sad"), ("c", "meh"), ("a", "happy"), ("d", "happy")]
        with conn.cursor(binary=True) as cursor:
            cursor.execute("select feeling from people where name = 'c'")
            assert cursor.fetchone()[0] in ("meh", b"meh")
        buffer = bytearray()
        with conn.cursor() as cursor:
            with cursor.copy("copy (select feeling from people order by name) to stdout (format binary)") as copy:
                for data in copy:
                    buffer += data
        # enum_send: each field is its label alone, length first.
        assert b"\x00\x00\x00\x05happy" in buffer and b"\x00\x00\x00\x03sad" in buffer
        conn.execute("delete from people where name in ('c', 'd')")


def test_parameters_of_enum_type(servers):
    """$n compared with or assigned to an enum column takes the enum type:
    its text becomes a label (22P02 for another), in text and binary results."""
    ours = servers[0]
    with psycopg.connect(ours.dsn, autocommit=True) as conn:
        conn.execute("create table by_mood (m mood primary key, n int)")
        try:
            conn.execute("insert into by_mood values (%s, %s)", ("ok", 1))
            conn.execute("insert into by_mood values (%s, %s)", ("happy", 2), prepare=True)
            rows = conn.execute("select m::text, n from by_mood where m >= %s order by by_mood.m", ("meh",)).fetchall()
            assert rows == [("ok", 1), ("happy", 2)]
            with pytest.raises(psycopg.errors.InvalidTextRepresentation):
                conn.execute("insert into by_mood values (%s, 3)", ("angry",))
            with conn.cursor(binary=True) as cursor:
                assert cursor.execute("select m from by_mood order by m desc").fetchall() == [(b"happy",), (b"ok",)]
        finally:
            conn.execute("drop table by_mood")
