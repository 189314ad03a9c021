"""psql's \\d of tables with CHECK constraints and of tables made by CREATE
TABLE AS / SELECT INTO prints what it prints against PostgreSQL 15 ("Check
constraints:" and the column types the query gave), line for line."""
import pytest

from fixtures.postgres import schema_on_both

SCHEMA = """
create table stock (
    id integer primary key,
    qty integer not null check (qty >= 0),
    price numeric(10,2) constraint positive_price check (price > 0),
    code varchar(8) check (code like 'S%'),
    kind text check (kind in ('a', 'b')),
    since date check (since > '2000-01-01'),
    check (qty < id * 100),
    check (price between 1 and 1000 or qty = 0)
);
alter table stock add constraint even_id check (id % 2 = 0 or id < 10);
alter table stock add check (kind <> 'z');
create table stock_copy (q, p) as select qty, price, code, kind || '!' as tagged, 'x' as lit, qty * 1.5 as scaled
    from stock where false;
select id, code into stock_codes from stock;
create table stock_empty as select * from stock with no data;
"""

ORACLE_DATABASE = "describe_checks_oracle"


@pytest.fixture(scope="module")
def servers(postgres_oracle, tmp_path_factory):
    with schema_on_both(postgres_oracle, tmp_path_factory.mktemp("describe_checks"), ORACLE_DATABASE,
                        SCHEMA) as both_servers:
        yield both_servers


@pytest.mark.parametrize("command", ["\\d stock", "\\d stock_copy", "\\d stock_codes", "\\d stock_empty", "\\dt"])
def test_describe_matches_postgresql(servers, command):
    ours, theirs = (server.psql("-c", command) for server in servers)
    assert ours.stderr == theirs.stderr
    assert ours.stdout == theirs.stdout
    assert ours.returncode == 0
