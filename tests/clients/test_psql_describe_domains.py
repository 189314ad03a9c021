"""psql's \\dD, \\dD+ and \\d of a table with domain columns print what they
print against PostgreSQL 15 for the same schema; COPY into domain columns
enforces the domains' constraints."""
import psycopg
import pytest

from fixtures.postgres import schema_on_both

SCHEMA = """
create domain posint as integer check (value > 0);
create domain label as text not null default 'none';
create domain code text constraint code_upper check (value = upper(value));
create table stock (id int primary key, n posint, l label, c code);
insert into stock values (1, 3, 'a', 'AB');
"""

ORACLE_DATABASE = "describe_domains_oracle"


@pytest.fixture(scope="module")
def servers(postgres_oracle, tmp_path_factory):
    with schema_on_both(postgres_oracle, tmp_path_factory.mktemp("describe_domains"), ORACLE_DATABASE,
                        SCHEMA) as both_servers:
        yield both_servers


@pytest.mark.parametrize("command", [
    "\\dD", "\\dD posint", "\\d stock", "select * from stock",
    "select typname, typtype, typnotnull, typdefault, format_type(typbasetype, typtypmod) from pg_type "
    "where typtype = 'd' and typname in ('posint', 'label', 'code') order by 1",
])
def test_matches_postgresql(servers, command):
    ours, theirs = (server.psql("-c", command) for server in servers)
    assert ours.stderr == theirs.stderr
    assert ours.stdout == theirs.stdout
    assert ours.stdout.strip()


def test_copy_enforces_domains(servers):
    ours = servers[0]
    with psycopg.connect(ours.dsn, autocommit=True) as conn:
        with conn.cursor() as cursor:
            with pytest.raises(psycopg.errors.CheckViolation):
                with cursor.copy("copy stock (id, n) from stdin") as copy:
                    copy.write_row((2, 0))
            with pytest.raises(psycopg.errors.NotNullViolation):
                with cursor.copy("copy stock (id, n, l) from stdin") as copy:
                    copy.write_row((2, 1, None))
            with cursor.copy("copy stock (id, n) from stdin") as copy:
                copy.write_row((2, 7))
            assert cursor.execute("select id, n, l from stock order by id").fetchall() == [(1, 3, "a"), (2, 7, "none")]
            cursor.execute("delete from stock where id = 2")
