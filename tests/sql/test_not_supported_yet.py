"""Queries ptreedb cannot run yet fail with 0A000 (feature_not_supported) and
a message naming what is missing, never with a misleading error."""
import re

import pytest

SETUP = "create table ns_t (id int primary key, name text); insert into ns_t values (1, 'a'), (2, 'b');"

CASES = [
    # Subqueries decorrelate one level at a time.
    ("select id, (select count(*) from ns_t a where a.id in "
     "(select b.id from ns_t b where b.id <= o.id)) from ns_t o",
     "two or more query levels up is not supported yet"),
    # A FROM function's arguments may hold an uncorrelated subquery only.
    ("select id, (select count(*) from unnest(array(select name from ns_t i where i.id <= o.id)) x) from ns_t o",
     "is not supported yet"),
    # A LATERAL subquery inside a subquery reading the query around both.
    ("select id from ns_t o where exists (select 1 from lateral (select o.id * 2 as d) x where x.d > 2)",
     "two or more query levels up is not supported yet"),
    ("select * from ns_t a, lateral (select name from ns_t b limit a.id) x",
     "LIMIT other than an integer constant is not supported yet"),
    # IS DISTINCT FROM compares rows element by element, scalars as scalars.
    ("select (1, 2) is distinct from 3", "IS DISTINCT FROM between a row and a non-row value is not supported yet"),
    # Ordered-set aggregates: an array of fractions over an array column would answer a 2-D array.
    ("select percentile_disc(array[0.5]) within group (order by a) from (values (array[1])) v(a)",
     "percentile_disc of an array column with an array of fractions is not supported yet"),
    ("select percentile_cont(0.5 + x) within group (order by x) from (values (0.1::float8)) v(x)",
     "percentile_cont with a fraction that reads columns is not supported yet"),
    ("select rank(1, 2) within group (order by x, x) from (values (1)) v(x)",
     "rank WITHIN GROUP over more than one column is not supported yet"),
    ("select 'a' similar to 'a  '::char(3)", "an SQL regular expression (SIMILAR) other than a constant"),
    ("select concat(variadic array[[1, 2], [3, 4]])", "multidimensional arrays are not supported yet"),
    ("grant execute on all functions in schema public to public", "GRANT ON ALL FUNCTIONS IN SCHEMA is not supported"),
    ("grant usage on domain ns_domain to public", "GRANT and REVOKE on domains are not supported"),
    ("create view ns_opts as select 1 as one; alter view ns_opts set (security_barrier = true)",
     "ALTER VIEW ... SET/RESET (view options) is not supported"),
    # SIMILAR TO translates its pattern once, while binding.
    ("select 'abc' similar to f from (values ('a%')) v(f)",
     "an SQL regular expression (SIMILAR) other than a constant is not supported yet"),
    # VARIADIC: ARRAY[...] constructors spread into concat/concat_ws/format; nothing else yet.
    ("select concat(variadic null::int[])", "VARIADIC with anything but an ARRAY[...] constructor in a call of concat"),
    ("select format('%s', variadic array_agg(x)) from (values (1)) v(x)",
     "VARIADIC with anything but an ARRAY[...] constructor in a call of format"),
    ("select json_extract_path('{\"a\": 1}'::json, variadic array['a'])",
     "VARIADIC arguments in a call of json_extract_path is not supported yet"),
    # regexp_replace: PostgreSQL 15's start/occurrence forms; partial newline and syntax flags.
    ("select regexp_replace('abc', 'b', 'x', 1)",
     "regexp_replace with a start position or an occurrence number is not supported yet"),
    ("select regexp_replace(E'a\\nb', '^b', 'x', 'p')", "regular expression option \"p\" is not supported yet"),
    ("select generate_series(1, 2) + 1", "set-returning function generate_series is supported only in FROM"),
    # json: set-returning functions, row values, jsonpath, numbers beyond double's range.
    ("select jsonb_each('{\"a\": 1}')", "function jsonb_each is not supported yet"),
    ("select * from jsonb_each('{\"a\": 1}')", "function jsonb_each in FROM"),
    ("select row_to_json(1)", "function row_to_json is not supported yet"),
    ("select jsonb_path_query('{}', '$')", "function jsonb_path_query is not supported yet"),
    ("select '1e400'::jsonb", "JSON numbers beyond 1e308 in magnitude are not supported yet"),
    # A correlated IN or EXISTS over an aggregate: its correlation cannot be
    # join keys over the rows it aggregates (that gave wrong rows, or XX000).
    ("select * from ns_t o where o.id in (select count(*) from ns_t i where i.id = o.id)",
     "a correlated subquery with aggregates, grouping, DISTINCT or LIMIT is not supported yet"),
    ("select * from ns_t o where exists (select count(*) from ns_t i where i.id = o.id)",
     "a correlated subquery with aggregates, grouping, DISTINCT or LIMIT is not supported yet"),
    ("select * from ns_t o join ns_t p on p.id in (select max(i.id) from ns_t i where i.id = o.id)",
     "a correlated subquery with aggregates, grouping, DISTINCT or LIMIT is not supported yet"),
    # Windows in a correlated subquery would need partitions per outer row.
    ("select id, (select count(*) over () from ns_t i where i.id = o.id) from ns_t o",
     "window functions in a correlated subquery is not supported"),
    ("select id, (select sum(o.id) over ()) from ns_t o", "window functions in a correlated subquery is not supported"),
    # Partitions and inheritance (the first two took the server down).
    ("CREATE TABLE part_b PARTITION OF nosuch (b NOT NULL) FOR VALUES IN ('b')", "PARTITION OF is not supported"),
    ("create table ns_c1 partition of ns_t (name unique) for values in (1, 2)", "PARTITION OF is not supported"),
    ("create table ns_c2 partition of ns_t for values in (3)", "PARTITION OF is not supported"),
    ("create table ns_p (a int) partition by list (a)", "PARTITION BY is not supported"),
    ("create table ns_c3 (a int) inherits (ns_t)", "INHERITS is not supported"),
    ("create table ns_c4 of some_type", "CREATE TABLE OF a type is not supported"),
    ("create view ns_like_v as select 1 as one; create table ns_c5 (like ns_like_v)",
     "LIKE of a view in CREATE TABLE is not supported yet"),
    ("create unlogged table ns_c7 (a int)", "CREATE UNLOGGED is not supported"),
    ("create table ns_c8 (a int primary key deferrable)", "DEFERRABLE is not supported"),
    ("create table ns_c9 (a int, unique (a) deferrable initially deferred)", "DEFERRABLE is not supported"),
    ("create table ns_c10 (a int, unique (a) include (a))", "INCLUDE columns is not supported"),
    ("create table ns_c11 (a int check (a > 0) no inherit)", "NO INHERIT is not supported"),
    ("create table ns_c12 (a int, check (a > 0) not valid)", "NOT VALID is not supported"),
    ("alter table ns_t add constraint ns_k check (id > 0) not valid", "NOT VALID is not supported"),
    ("create materialized view ns_mv as select 1", "CREATE MATERIALIZED VIEW is not supported"),
    ("alter table ns_t add column c int check (c > 0) no inherit", "NO INHERIT is not supported"),
    ("create table ns_c14 (a int constraint my_pk primary key)", 'naming a primary key other than "ns_c14_pkey"'),
    ("create table ns_c15 (a int, constraint my_pk primary key (a))", 'naming a primary key other than "ns_c15_pkey"'),
    # Role limits that would not be enforced.
    ("create role ns_r1 login connection limit 3", "CONNECTION LIMIT for roles is not supported"),
    ("alter role postgres connection limit 10", "CONNECTION LIMIT for roles is not supported"),
    ("create role ns_r2 login password 'x' valid until '2030-01-01'", "VALID UNTIL for roles is not supported"),
]


@pytest.mark.parametrize("query,message", CASES)
def test_clear_feature_not_supported_error(ptreedb_server, query, message):
    ptreedb_server.psql("-c", "drop table if exists ns_t")
    assert ptreedb_server.psql("-c", SETUP).returncode == 0
    result = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-c", query)
    assert re.search(r"ERROR:\s+0A000", result.stderr), result.stderr
    assert message in result.stderr


def test_role_limits_that_mean_none_are_accepted(ptreedb_server):
    result = ptreedb_server.psql("-v", "ON_ERROR_STOP=1", "-c",
                                 "create role ns_r3 login connection limit -1 valid until 'infinity'")
    assert result.returncode == 0, result.stderr
    assert "CREATE ROLE" in result.stdout
