"""Scans narrowed by a secondary index, and joins that look a small side's
keys up in one, answer as PostgreSQL 15 does:
equalities and ranges on single-column and composite indexes, text, date and
char keys, NULLs (never in an equality's or a range's rows, found by IS
NULL through a sequential scan), strict bounds, UPDATE and DELETE through an
index, and a transaction's own uncommitted rows. EXPLAIN shows an Index Scan
with its Index Cond where few rows lie in the range, and a sequential scan
where many do."""
import pytest

from fixtures.paired_servers import connect, paired_connections, plan

SETUP = [
    "drop table if exists ix_items",
    "create table ix_items (id int primary key, grp int, sub int, code text, day date, flag char(2),"
    " note text, price numeric(8,2))",
    "insert into ix_items select i, case when i % 101 = 0 then null else i % 500 end, i % 9,"
    " 'c' || (i % 2000), date '2021-01-01' + (i % 365), case when i % 3 = 0 then 'a' else 'bb' end,"
    " 'n' || i, (i % 1000) / 4.0 from generate_series(1, 50000) i",
    "create index ix_grp on ix_items (grp)",
    "create index ix_grp_sub on ix_items (grp, sub)",
    "create index ix_code on ix_items (code)",
    "create index ix_day on ix_items (day)",
    "create index ix_flag_sub on ix_items (flag, sub)",
    "create index ix_price on ix_items (price)",
    "drop table if exists ix_picks",
    "create table ix_picks (pick int, grp int, sub int, day date)",
    "insert into ix_picks values (1, 42, 3, date '2021-02-01'), (2, 42, 4, null), (3, null, 1, date '2021-05-05'),"
    " (4, 499, 8, date '2021-12-31'), (5, 9999, 0, date '1999-01-01'), (6, 42, 3, date '2021-02-01')",
]

QUERIES = [
    "select id, grp, sub from ix_items where grp = 42 order by id",
    "select count(*), sum(id) from ix_items where grp = 42 and sub = 3",
    "select count(*), sum(id) from ix_items where grp = 42 and sub > 3 and sub <= 7",
    "select count(*), sum(id) from ix_items where grp between 10 and 12",
    "select count(*), sum(id) from ix_items where grp < 3",
    "select count(*), sum(id) from ix_items where grp > 496",
    "select count(*), sum(id) from ix_items where 497 <= grp",
    "select count(*) from ix_items where grp is null",
    "select count(*) from ix_items where grp = 1000",
    "select id, code from ix_items where code = 'c1234' order by id",
    "select count(*) from ix_items where code >= 'c1990' and code < 'c1999'",
    "select count(*), min(id) from ix_items where day = date '2021-02-01'",
    "select count(*) from ix_items where day between date '2021-03-01' and date '2021-03-03'",
    "select count(*) from ix_items where flag = 'a' and sub = 2",
    "select count(*) from ix_items where flag = 'a ' and sub = 2",
    "select count(*), sum(id) from ix_items where grp = 7 and note like 'n1%'",
    "select count(*), sum(id) from ix_items where price = 12.5",
    "select count(*), sum(id) from ix_items where price = 12.50",
    "select count(*), sum(id) from ix_items where price between 1 and 2.25",
    # IN lists (short ones are ORs of equalities, long ones hashed) on an
    # index's first column and on the primary key, NULL and absent items
    "select id, grp from ix_items where grp in (5, 6, 5) order by id",
    "select count(*), sum(id) from ix_items where grp in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, null) and sub = 2",
    "select id from ix_items where id in (17, 3, 99999, 49999) order by id",
    "select id from ix_items where id in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 100000) order by id",
    "select count(*) from ix_items where code in ('c5', 'c6', 'nope')",
    "select count(*) from ix_items where grp = 5 or sub = 3",
    # joins looking the small side's keys up in an index: a whole key, a
    # prefix, dates; NULL and absent keys; semi and anti joins
    "select p.pick, i.id from ix_picks p join ix_items i on i.grp = p.grp and i.sub = p.sub order by 1, 2",
    "select p.pick, count(*), sum(i.id) from ix_picks p join ix_items i on i.grp = p.grp group by 1 order by 1",
    "select p.pick, count(*) from ix_picks p join ix_items i on i.day = p.day group by 1 order by 1",
    "select p.pick from ix_picks p where exists (select 1 from ix_items i where i.grp = p.grp and i.sub > 7)"
    " order by 1",
    "select p.pick from ix_picks p where not exists (select 1 from ix_items i where i.grp = p.grp) order by 1",
    # ORDER BY an index's columns then the primary key's, with LIMIT: the
    # index walked forwards (NULLs last) or backwards (NULLs first)
    "select id, grp from ix_items order by grp, id limit 7",
    "select id, grp from ix_items order by grp desc, id desc limit 7",
    "select id, grp from ix_items order by grp desc nulls last, id desc limit 3",
    "select id, grp from ix_items order by grp nulls first, id limit 3",
    "select id, grp, sub from ix_items where sub = 4 order by grp, id limit 5 offset 2",
    "select id, grp from ix_items where grp >= 480 order by grp, id limit 6",
    "select id, grp from ix_items where grp < 20 order by grp desc, id desc limit 6",
    "select id, code from ix_items order by code desc, id desc limit 4",
    "select id, day from ix_items where flag = 'a' order by day desc, id desc limit 4",
    "select id from ix_items order by id desc limit 4",
    "select id from ix_items where id < 100 order by id desc limit 4",
    # a primary-key equality is one row: the other side is looked up
    "select b.id from ix_items a join ix_items b on b.grp = a.grp where a.id = 4242 order by 1",
    # most of the table: read in order, not looked up
    "select count(*), sum(id) from ix_items where grp >= 10",
    # a primary-key range wider than an index's range: the index's rows,
    # the key range checked on them; a narrow key range: the key range
    "select count(*), sum(id) from ix_items where id > 10 and grp = 42",
    "select count(*), sum(id) from ix_items where id between 1 and 20000 and grp in (3, 4)",
    "select count(*), sum(id) from ix_items where id < 300 and grp = 42",
    # joined
    "select count(*) from ix_items a join ix_items b on b.id = a.id + 1 where a.grp = 17",
]


@pytest.fixture(scope="module")
def servers(tmp_path_factory, postgres_oracle):
    tables = ["ix_items", "ix_picks"]
    with paired_connections(tmp_path_factory, postgres_oracle, "index_scans", SETUP, tables) as pair:
        yield pair


@pytest.mark.parametrize("query", QUERIES)
def test_answers_as_postgres(servers, query):
    mine, theirs = servers
    expected = theirs.execute(query).fetchall()
    assert mine.execute(query).fetchall() == expected



def test_explain_shows_the_index_where_few_rows_lie_in_its_range(servers):
    mine, _ = servers
    lines = plan(mine, "select * from ix_items where grp = 42")
    assert any("Index Scan using ix_grp on ix_items" in line for line in lines), lines
    assert any("Index Cond: (grp = 42)" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where grp = 42 and sub = 3 and note like 'n%'")
    assert any("Index Scan using ix_grp_sub on ix_items" in line for line in lines), lines
    assert any("Index Cond: ((grp = 42) AND (sub = 3))" in line for line in lines), lines
    assert any("Filter: (note ~~ 'n%'::text)" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where price = 12.5")
    assert any("Index Scan using ix_price on ix_items" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where id in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)")
    assert any("Index Scan using ix_items_pkey on ix_items" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where grp in (5, 6) and sub = 1")
    assert any("Index Scan using ix_grp on ix_items" in line for line in lines), lines
    assert any("Index Cond: (grp = ANY ('{5,6}'::integer[]))" in line for line in lines), lines
    assert any("Filter: (sub = 1)" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items order by grp desc, id desc limit 7")
    assert any("Index Scan Backward using ix_grp on ix_items" in line for line in lines), lines
    assert any("Key Order: backward by ix_grp, stops after 7 rows" in line for line in lines), lines
    assert not any("Sort Key" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items order by grp desc nulls last limit 7")
    assert any("Sort Key" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where code = 'c7'")
    assert any("Index Scan using ix_code on ix_items" in line for line in lines), lines
    # A primary-key range as wide as the table does not hide the index;
    # a narrow one is read as the key range.
    lines = plan(mine, "select * from ix_items where id > 0 and grp = 42")
    assert any("Index Scan using ix_grp on ix_items" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where id < 300 and grp = 42")
    assert any("Primary Key Range Scan on ix_items" in line for line in lines), lines
    # Most of the table, an unindexed column, or no leading column: sequential.
    for query in ["select * from ix_items where grp >= 10", "select * from ix_items where note = 'n5'",
                  "select * from ix_items where sub = 3"]:
        lines = plan(mine, query)
        assert any("Seq Scan on ix_items" in line for line in lines), (query, lines)
        assert not any("Index Scan" in line for line in lines), (query, lines)


def test_small_sides_look_their_keys_up_in_an_index(servers):
    mine, _ = servers
    lines = plan(mine, QUERIES[QUERIES.index(
        "select p.pick, i.id from ix_picks p join ix_items i on i.grp = p.grp and i.sub = p.sub order by 1, 2")])
    assert any("Nested Loop" in line for line in lines), lines
    assert any("Index Scan using ix_grp_sub on ix_items i" in line for line in lines), lines
    lines = plan(mine, "select * from ix_picks p join ix_items i on i.day = p.day")
    assert any("Index Scan using ix_day on ix_items i" in line for line in lines), lines
    # Every row of the table found: hashed, not looked up.
    lines = plan(mine, "select count(*) from ix_items a join ix_items b on b.grp = a.grp")
    assert not any("Index Scan" in line for line in lines), lines


def test_keys_estimate_equalities(servers):
    mine, _ = servers
    # One row of the primary key; one of 2000 distinct codes (50000 rows / 2000).
    lines = plan(mine, "select * from ix_items where id = 7")
    assert any("(rows=1)" in line and "Scan" in line for line in lines), lines
    lines = plan(mine, "select * from ix_items where code = 'c7'")
    assert any("(rows=25)" in line and "Index Scan" in line for line in lines), lines
    # So a join from one row looks the other side up in an index.
    lines = plan(mine, "select b.id from ix_items a join ix_items b on b.grp = a.grp where a.id = 4242")
    assert any("Index Scan using ix_grp on ix_items b" in line for line in lines), lines


def test_updates_and_deletes_through_an_index_and_a_transactions_own_rows(servers):
    mine, theirs = servers
    statements = [
        "update ix_items set sub = sub + 100, grp = 600 where grp = 43",
        "delete from ix_items where grp = 44 and sub = 5",
        "update ix_items set code = 'moved' where code = 'c1500'",
    ]
    for statement in statements:
        assert mine.execute(statement).rowcount == theirs.execute(statement).rowcount, statement
    for query in ["select id, grp, sub from ix_items where grp = 600 order by id",
                  "select count(*) from ix_items where grp = 43",
                  "select id from ix_items where grp = 44 order by id",
                  "select id from ix_items where code = 'moved' order by id",
                  "select count(*) from ix_items where code = 'c1500'"]:
        assert mine.execute(query).fetchall() == theirs.execute(query).fetchall(), query
    assert any("Index Scan" in line for line in plan(mine, "select * from ix_items where grp = 600"))
    # A transaction sees its own rows through the index; after ROLLBACK, nobody does.
    with connect(servers[0].info.port) as session:
        session.autocommit = False
        session.execute("insert into ix_items values (90001, 777, 1, 'new', date '2022-01-01', 'a', 'x')")
        assert session.execute("select id from ix_items where grp = 777").fetchall() == [(90001,)]
        assert mine.execute("select id from ix_items where grp = 777").fetchall() == []
        session.rollback()
    assert mine.execute("select id from ix_items where grp = 777").fetchall() == []
