"""psql's backslash commands against ptreedb print what they print against
PostgreSQL 15 for the same schema: both servers get the same DDL, then each
command's output is compared line for line."""
import re

import pytest

SCHEMA = """
create table customers (
    id integer primary key,
    name varchar(40) not null,
    email text unique,
    created date default '2024-01-01'
);
create table orders (
    id bigint primary key,
    customer_id integer not null references customers (id) on delete cascade,
    amount numeric(10,2) not null default 0,
    note text
);
create index orders_customer on orders (customer_id);
create table "Mixed Case" (k smallint, v double precision);
create view big_orders as select id, amount from orders where amount > 100;
insert into customers values (1, 'ann', 'ann@example.com', '2024-02-03'), (2, 'bob', null, default);
insert into orders values (10, 1, 250.00, 'first'), (11, 2, 20.50, null);
"""


@pytest.fixture(scope="module")
def servers(ptreedb_server, postgres_oracle):
    for server in (ptreedb_server, postgres_oracle):
        result = server.psql("-v", "ON_ERROR_STOP=1", input=SCHEMA)
        assert result.returncode == 0, result.stderr
    yield ptreedb_server, postgres_oracle
    postgres_oracle.psql(input="drop view big_orders; drop table orders, customers, \"Mixed Case\";")


def both(servers, *args):
    ours, theirs = (server.psql(*args) for server in servers)
    assert ours.stderr == theirs.stderr
    return ours.stdout, theirs.stdout


@pytest.mark.parametrize("command", [
    "\\dn", "\\dt", "\\d", "\\di", "\\dv", "\\ds", "\\df", "\\dT", "\\dt orders", "\\di orders*",
    "\\dv big*", "\\dt nothing_here",
])
def test_listing_matches_postgresql(servers, command):
    ours, theirs = both(servers, "-c", command)
    assert ours == theirs


def test_list_databases_matches_postgresql(servers):
    ours, theirs = both(servers, "-c", "\\l")
    assert ours == theirs
    assert "template0" in ours and "UTF8" in ours


def test_table_sizes_are_listed(servers):
    # \dt+ prints sizes: ptreedb's are estimates, so the Size column is masked.
    def masked(text):
        return [re.sub(r"\|\s*[0-9]+ (bytes|kB|MB)\s*\|", "| SIZE |", line) for line in text.splitlines()]
    ours, theirs = both(servers, "-A", "-c", "\\dt+")
    assert masked(ours) == masked(theirs)
    assert "customers" in ours and "permanent" in ours and "heap" in ours


def test_expanded_display(servers):
    ours, theirs = both(servers, "-c", "\\x on", "-c", "select id, name, email from customers order by id")
    assert ours == theirs
    assert "-[ RECORD 2 ]" in ours


def test_conninfo(servers):
    ours, theirs = both(servers, "-c", "\\conninfo")
    normalize = lambda text: re.sub(r'port "\d+"', 'port "N"', text)
    assert normalize(ours) == normalize(theirs)


def test_catalog_errors_carry_sqlstate(servers):
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 'nope'::regclass")
    assert "ERROR:  42P01: relation \"nope\" does not exist" in ours.stderr
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 'a' ~ '('")
    assert "ERROR:  2201B: invalid regular expression" in ours.stderr
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 'a' collate \"xx\"")
    assert "ERROR:  42704: collation \"xx\" for encoding \"UTF8\" does not exist" in ours.stderr
