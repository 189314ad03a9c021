"""psql's \\dn, \\dt s.*, \\d s.t and friends print what they print against
PostgreSQL 15 for the same schemas."""
import pytest

from fixtures.postgres import schema_on_both

SCHEMA = """
create schema sales;
create schema empty_one;
create table sales.orders (id int primary key, customer text not null, total numeric(10,2) default 0);
create index orders_customer_idx on sales.orders (customer);
create table sales.lines (order_id int references sales.orders (id), qty int check (qty > 0));
create view sales.big_orders as select id, total from sales.orders where total > 100;
create sequence sales.ticket;
create table orders (id int);
"""

ORACLE_DATABASE = "describe_schemas_oracle"


@pytest.fixture(scope="module")
def servers(postgres_oracle, tmp_path_factory):
    with schema_on_both(postgres_oracle, tmp_path_factory.mktemp("describe_schemas"), ORACLE_DATABASE,
                        SCHEMA) as both_servers:
        yield both_servers


@pytest.mark.parametrize("command", [
    "\\dn", "\\dt sales.*", "\\dt", "\\d sales.orders", "\\d sales.lines", "\\dv sales.*", "\\ds sales.*",
    "\\di sales.*", "\\d sales.orders_customer_idx", "\\d orders",
])
def test_matches_postgresql(servers, command):
    ours, theirs = (server.psql("-c", command) for server in servers)
    assert ours.stderr == theirs.stderr
    assert ours.stdout == theirs.stdout
    assert ours.stdout.strip()
