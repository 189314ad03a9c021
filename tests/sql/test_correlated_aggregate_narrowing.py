"""A correlated aggregate subquery grouped by its correlation keys (TPC-H
Q2, Q17, Q20) groups only the rows of the outer query's keys when those are
few: its input is joined with the distinct outer keys first, which a
primary-key or index lookup (or the join's key filter) turns into reading
just those rows. Answers match PostgreSQL 15's, including outer keys that
are NULL or absent from the subquery's table (count 0, other aggregates
NULL), and a large outer side keeps grouping the whole input."""
import pytest

from fixtures.paired_servers import paired_connections, plan

SETUP = [
    "drop table if exists na_parts, na_lines, na_stock",
    "create table na_parts (p_id int primary key, p_kind text)",
    "create table na_lines (l_part int, l_no int, l_qty numeric(10,2), l_price numeric(12,2),"
    " primary key (l_part, l_no))",
    "create table na_stock (s_part int, s_supp int, s_qty int)",
    "insert into na_parts select g, case when g % 97 = 0 then 'rare' else 'common' end"
    " from generate_series(1, 3000) g",
    "insert into na_parts values (5000, 'rare'), (5001, 'rare')",  # no lines
    "insert into na_lines select p, n, (p * n) % 50 + 1, ((p + n) % 1000) / 10.0"
    " from generate_series(1, 3000) p, generate_series(1, 8) n",
    "insert into na_stock select g % 3100, g % 40, g % 700 from generate_series(1, 4000) g",
    "insert into na_stock values (null, 1, 5)",
    "create index na_stock_part on na_stock (s_part)",
]

QUERIES = [
    # Q17's shape: the outer query's few parts, each compared with its own average
    "select p.p_id, sum(l.l_price) from na_parts p join na_lines l on l.l_part = p.p_id"
    " where p.p_kind = 'rare' and l.l_qty < (select 0.5 * avg(l2.l_qty) from na_lines l2 where l2.l_part = p.p_id)"
    " group by 1 order by 1",
    # counts of absent groups are 0, other aggregates NULL
    "select p.p_id, (select count(*) from na_lines l where l.l_part = p.p_id),"
    " (select max(l.l_qty) from na_lines l where l.l_part = p.p_id) from na_parts p where p.p_kind = 'rare'"
    " order by 1",
    # keyed by a secondary index, with a NULL outer key
    "select s.s_part, s.s_supp from na_stock s where s.s_supp = 3 and s.s_qty >"
    " (select avg(s2.s_qty) from na_stock s2 where s2.s_part = s.s_part) order by 1, 2",
    "select s.s_part, (select count(*) from na_stock s2 where s2.s_part = s.s_part) from na_stock s"
    " where s.s_supp = 1 order by 1 nulls first",
    # many outer keys: the whole input is grouped
    "select count(*) from na_parts p where 10 < (select sum(l.l_qty) from na_lines l where l.l_part = p.p_id)",
]


@pytest.fixture(scope="module")
def servers(tmp_path_factory, postgres_oracle):
    tables = ["na_parts", "na_lines", "na_stock"]
    with paired_connections(tmp_path_factory, postgres_oracle, "narrowing", SETUP, tables) as pair:
        yield pair


@pytest.mark.parametrize("query", QUERIES)
def test_answers_as_postgres(servers, query):
    mine, theirs = servers
    expected = theirs.execute(query).fetchall()
    assert mine.execute(query).fetchall() == expected
    assert expected



def test_few_outer_keys_read_only_their_rows(servers):
    mine, _ = servers
    lines = plan(mine, QUERIES[0])
    # The subquery's aggregate reads na_lines by looking up the distinct outer keys.
    aggregate = max(i for i, line in enumerate(lines) if "Group Key: l2.l_part" in line)
    below = lines[aggregate:]
    assert any("Nested Loop" in line for line in below), lines
    assert any("Index Scan using na_lines_pkey on na_lines l2" in line for line in below), lines
    lines = plan(mine, QUERIES[2])
    assert any("Index Scan using na_stock_part on na_stock s2" in line for line in lines), lines
    # Every part is an outer key: no lookups, the whole table grouped.
    lines = plan(mine, QUERIES[-1])
    assert not any("Index Scan" in line for line in lines), lines
