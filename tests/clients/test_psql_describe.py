"""psql's backslash commands against ptreedb print what they print against
PostgreSQL 15 for the same schema: both servers get the same DDL, then each
command's output is compared line for line."""
import re

import pytest

from fixtures.postgres import schema_on_both

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
create table parts (
    maker integer not null references customers (id),
    code varchar(12) not null,
    label text not null default 'none',
    qty bigint default 1,
    price numeric(10,2) default 0.5,
    since date default '2024-1-1',
    active boolean default true,
    primary key (maker, code),
    unique (label)
);
create index parts_since on parts (since);
create table part_notes (
    maker integer,
    code varchar(12),
    body text,
    foreign key (maker, code) references parts (maker, code)
);
insert into customers values (1, 'ann', 'ann@example.com', '2024-02-03'), (2, 'bob', null, default);
insert into orders values (10, 1, 250.00, 'first'), (11, 2, 20.50, null);
"""


# The oracle is shared with other tests, so this module's schema lives in a
# database of its own there; ptreedb gets a server of its own.
ORACLE_DATABASE = "describe_oracle"


@pytest.fixture(scope="module")
def servers(postgres_oracle, tmp_path_factory):
    with schema_on_both(postgres_oracle, tmp_path_factory.mktemp("describe"), ORACLE_DATABASE, SCHEMA) as both_servers:
        yield both_servers


def both(servers, *args):
    ours, theirs = (server.psql(*args) for server in servers)
    assert ours.stderr == theirs.stderr
    return ours.stdout, theirs.stdout


@pytest.mark.parametrize("command", [
    "\\dn", "\\du", "\\dt", "\\d", "\\di", "\\dv", "\\ds", "\\df", "\\dT", "\\dt orders", "\\di orders*",
    "\\dv big*", "\\dt nothing_here",
])
def test_listing_matches_postgresql(servers, command):
    ours, theirs = both(servers, "-c", command)
    assert ours == theirs


def test_list_databases_matches_postgresql(servers):
    # The oracle lists this module's database too (unaligned, so its longer
    # name does not widen the columns).
    ours, theirs = both(servers, "-A", "-c", "\\l")
    theirs_lines = [line for line in theirs.splitlines() if ORACLE_DATABASE not in line]
    theirs = "\n".join(theirs_lines).replace("(4 rows)", "(3 rows)") + "\n"
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
    def normalize(text):
        text = re.sub(r'port "\d+"', 'port "N"', text)
        return text.replace(f'database "{ORACLE_DATABASE}"', 'database "postgres"')
    assert normalize(ours) == normalize(theirs)


def test_catalog_errors_carry_sqlstate(servers):
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 'nope'::regclass")
    assert "ERROR:  42P01: relation \"nope\" does not exist" in ours.stderr
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 'a' ~ '('")
    assert "ERROR:  2201B: invalid regular expression" in ours.stderr
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 1 = any('abc')")
    assert "ERROR:  22P02: malformed array literal: \"abc\"" in ours.stderr
    ours = servers[0].psql("-v", "VERBOSITY=verbose", "-c", "select 'a' collate \"xx\"")
    assert "ERROR:  42704: collation \"xx\" for encoding \"UTF8\" does not exist" in ours.stderr


# What psql's tab completion asks (psql 15, "\d cust<TAB>" and "select * from o<TAB>").
COMPLETION_QUERIES = [
    "SELECT c.relname, NULL::pg_catalog.text FROM pg_catalog.pg_class c "
    "WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND (c.relname) LIKE 'cust%' "
    "AND pg_catalog.pg_table_is_visible(c.oid) "
    "AND c.relnamespace <> (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = 'pg_catalog') "
    "UNION ALL SELECT NULL::pg_catalog.text, n.nspname FROM pg_catalog.pg_namespace n "
    "WHERE n.nspname LIKE 'cust%' AND n.nspname NOT LIKE E'pg\\\\_%' LIMIT 1000",
    "SELECT pg_catalog.quote_ident(c.relname) FROM pg_catalog.pg_class c "
    "WHERE c.relkind IN ('r', 'p', 'v') AND substring(pg_catalog.quote_ident(c.relname),1,1)='o' "
    "AND pg_catalog.pg_table_is_visible(c.oid) ORDER BY 1 LIMIT 1000",
    "SELECT pg_catalog.quote_ident(attname) FROM pg_catalog.pg_attribute a, pg_catalog.pg_class c "
    "WHERE c.oid = a.attrelid AND a.attnum > 0 AND NOT a.attisdropped "
    "AND substring(pg_catalog.quote_ident(attname),1,1)='n' "
    "AND (pg_catalog.quote_ident(relname)='customers' OR '\"' || relname || '\"'='customers') "
    "AND pg_catalog.pg_table_is_visible(c.oid) ORDER BY 1",
]


@pytest.mark.parametrize("query", COMPLETION_QUERIES)
def test_tab_completion_queries(servers, query):
    ours, theirs = both(servers, "-A", "-c", query)
    assert ours == theirs
    assert "(0 rows)" not in ours


# What psql 15's "\\d parts" asks about columns (defaults through pg_get_expr)
# and indexes (pg_get_indexdef's pretty form, constraints), with parts' oid.
DESCRIBE_TABLE_QUERIES = [
    "SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), "
    "(SELECT pg_catalog.pg_get_expr(d.adbin, d.adrelid, true) FROM pg_catalog.pg_attrdef d "
    "WHERE d.adrelid = a.attrelid AND d.adnum = a.attnum AND a.atthasdef), a.attnotnull, "
    "(SELECT c.collname FROM pg_catalog.pg_collation c, pg_catalog.pg_type t "
    "WHERE c.oid = a.attcollation AND t.oid = a.atttypid AND a.attcollation <> t.typcollation) AS attcollation, "
    "a.attidentity, a.attgenerated FROM pg_catalog.pg_attribute a "
    "WHERE a.attrelid = '{oid}' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
    "SELECT c2.relname, i.indisprimary, i.indisunique, i.indisclustered, i.indisvalid, "
    "pg_catalog.pg_get_indexdef(i.indexrelid, 0, true), pg_catalog.pg_get_constraintdef(con.oid, true), "
    "contype, condeferrable, condeferred, i.indisreplident, c2.reltablespace "
    "FROM pg_catalog.pg_class c, pg_catalog.pg_class c2, pg_catalog.pg_index i "
    "LEFT JOIN pg_catalog.pg_constraint con ON (conrelid = i.indrelid AND conindid = i.indexrelid "
    "AND contype IN ('p','u','x')) "
    "WHERE c.oid = '{oid}' AND c.oid = i.indrelid AND i.indexrelid = c2.oid "
    "ORDER BY i.indisprimary DESC, c2.relname",
    "SELECT pg_catalog.pg_get_indexdef(indexrelid), pg_catalog.pg_get_indexdef(indexrelid, 0, false) "
    "FROM pg_catalog.pg_index WHERE indrelid = '{oid}' ORDER BY 1",
    "SELECT adnum, pg_catalog.pg_get_expr(adbin, adrelid) FROM pg_catalog.pg_attrdef "
    "WHERE adrelid = '{oid}' ORDER BY 1",
]


@pytest.mark.parametrize("query", DESCRIBE_TABLE_QUERIES)
def test_describe_table_queries(servers, query):
    def oid_of(server):
        result = server.psql("-At", "-c", "select oid from pg_catalog.pg_class where relname = 'parts'")
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()
    ours, theirs = (server.psql("-c", query.format(oid=oid_of(server))) for server in servers)
    assert ours.stderr == theirs.stderr == ""
    assert ours.stdout == theirs.stdout
    assert "(0 rows)" not in ours.stdout


def test_defaults_print_as_postgresql_deparses_them(servers):
    ours = servers[0].psql("-At", "-c", "select pg_catalog.pg_get_expr(adbin, adrelid) from pg_catalog.pg_attrdef "
                           "where adrelid = 'parts'::regclass order by adnum")
    assert ours.stdout.splitlines() == ["'none'::text", "1", "0.5", "'2024-01-01'::date", "true"]


# psql's footer queries for \\d: = ANY over catalog arrays and array-typed
# literals, and the empty catalogs (policies, extended statistics,
# partitions) answer with PostgreSQL's columns.
ANY_AND_EMPTY_CATALOG_QUERIES = [
    "select 1 = any('{1,2}'::int[]), 3 = any('{1,2}'), 3 = any('{1,NULL}'::int2[]), null::int = any('{1}')",
    "select 'd' = any('{d,f}'::\"char\"[]), 'x' = any('{\"x y\",x}')",
    "select conname from pg_catalog.pg_constraint where 2 = any(conkey) and conrelid > 16383 order by 1",
    "SELECT pol.polname, pol.polpermissive, pg_catalog.pg_get_expr(pol.polqual, pol.polrelid), "
    "CASE pol.polcmd WHEN 'r' THEN 'SELECT' END AS cmd FROM pg_catalog.pg_policy pol "
    "WHERE pol.polrelid = 'parts'::regclass ORDER BY 1",
    "SELECT oid, stxrelid::pg_catalog.regclass, stxname, 'd' = any(stxkind) AS ndist_enabled, stxstattarget "
    "FROM pg_catalog.pg_statistic_ext WHERE stxrelid = 'parts'::regclass ORDER BY stxname",
    "SELECT c.oid::pg_catalog.regclass, c.relkind, inhdetachpending, pg_catalog.pg_get_expr(c.relpartbound, c.oid) "
    "FROM pg_catalog.pg_class c, pg_catalog.pg_inherits i "
    "WHERE c.oid = i.inhrelid AND i.inhparent = 'parts'::regclass ORDER BY 1",
]


@pytest.mark.parametrize("query", ANY_AND_EMPTY_CATALOG_QUERIES)
def test_any_and_empty_catalog_queries(servers, query):
    ours, theirs = both(servers, "-c", query)
    assert ours == theirs


@pytest.mark.parametrize("command", ["\\d parts_pkey", "\\d parts_label_key", "\\d parts_since",
                                     "\\d orders_pkey"])
def test_describe_index_matches_postgresql(servers, command):
    ours, theirs = both(servers, "-c", command)
    assert ours == theirs
    assert "btree, for table" in ours


# \d TABLE runs psql's whole footer: indexes, foreign keys both ways
# (pg_partition_ancestors), publications (generate_series over an outer
# row's array), triggers, policies, statistics, inheritance.
@pytest.mark.parametrize("command", ["\\d parts", "\\d+ parts", "\\d customers", "\\d+ customers", "\\d orders",
                                     "\\d+ orders", "\\d part_notes", "\\d+ part_notes", '\\d "Mixed Case"',
                                     '\\d+ "Mixed Case"', "\\d big_orders"])
def test_describe_relation_matches_postgresql(servers, command):
    ours, theirs = both(servers, "-c", command)
    assert ours == theirs
    assert 'Table "public.' in ours or 'View "public.' in ours


def test_describe_footers_are_printed(servers):
    ours = servers[0].psql("-c", "\\d customers").stdout
    assert "Referenced by:" in ours
    assert 'TABLE "parts" CONSTRAINT "parts_maker_fkey" FOREIGN KEY (maker) REFERENCES customers(id)' in ours
    ours = servers[0].psql("-c", "\\d orders").stdout
    assert "Foreign-key constraints:" in ours and "ON DELETE CASCADE" in ours


def test_describe_view_verbose_matches_but_for_the_definition_text(servers):
    # PostgreSQL prints a view's query rebuilt from its parse tree (columns
    # qualified, constants cast); ptreedb prints the query as it was written.
    def without_definition(text):
        return text.split("View definition:")[0]
    ours, theirs = both(servers, "-c", "\\d+ big_orders")
    assert "View definition:" in ours and "amount > 100" in ours.split("View definition:")[1]
    assert without_definition(ours) == without_definition(theirs)
