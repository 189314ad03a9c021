"""EXPLAIN and EXPLAIN ANALYZE through psql: the plan's shape (operator names,
details, indentation), ANALYZE's actual row counts for known data, options,
and errors of the explained statement surfacing unchanged."""
import re

import pytest

SETUP = """
create table ex_orders (id integer primary key, customer integer, region text, amount numeric(10,2));
create table ex_customers (id integer primary key, name text, tier integer);
insert into ex_customers values (1, 'ann', 1), (2, 'bob', 2), (3, 'cyd', 1), (4, 'dee', 3);
insert into ex_orders values
  (1, 1, 'east', 10.00), (2, 1, 'west', 20.00), (3, 2, 'east', 5.50), (4, 3, 'north', 7.25),
  (5, 3, 'east', 1.00), (6, 9, 'west', 3.00), (7, 2, 'west', 8.00), (8, 1, 'east', 2.00);
"""


@pytest.fixture
def server(ptreedb_server):
    result = ptreedb_server.psql("-v", "ON_ERROR_STOP=1", input=SETUP)
    assert result.returncode == 0, result.stderr
    return ptreedb_server


def plan_of(server, statement):
    """The QUERY PLAN lines, leading blanks kept."""
    result = server.psql("-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", statement)
    assert result.returncode == 0, result.stderr
    return result.stdout.rstrip("\n").split("\n")


def sqlstate_of(server, statement):
    result = server.psql("-v", "VERBOSITY=sqlstate", "-c", statement)
    match = re.search(r"ERROR:\s+([0-9A-Z]{5})", result.stderr)
    return match.group(1) if match else None


def node(lines, name):
    """The first line naming an operator, and its indentation."""
    for line in lines:
        stripped = line.lstrip()
        if stripped.startswith("->  "):
            stripped = stripped[4:]
        if stripped.startswith(name):
            return line
    raise AssertionError(f"no {name!r} in plan:\n" + "\n".join(lines))


def depth(line):
    return len(line) - len(line.lstrip())


def actual_rows(line):
    match = re.search(r"actual (?:time=\S+ )?rows=(\d+) loops=(\d+)", line)
    assert match, line
    return int(match.group(1))


def test_result_is_one_text_column_named_query_plan(server):
    result = server.psql("-A", "-c", "explain select * from ex_orders")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "QUERY PLAN"
    assert lines[1].startswith("Project")
    assert re.fullmatch(r"\(\d+ rows?\)", lines[-1])


def test_join_aggregate_sort_limit_tree(server):
    lines = plan_of(server, """
        explain select c.name, sum(o.amount) as total
        from ex_orders o join ex_customers c on o.customer = c.id
        where o.region <> 'north'
        group by c.name order by total desc limit 2""")
    limit, sort = node(lines, "Limit"), node(lines, "Sort ")
    aggregate, join = node(lines, "HashAggregate"), node(lines, "Hash Join")
    assert depth(limit) < depth(sort) < depth(aggregate) < depth(join)
    assert lines[0].startswith("Limit  (rows=")
    assert any(line.strip() == "Sort Key: sum(o.amount) DESC" for line in lines)
    assert any(line.strip() == "Group Key: c.name" for line in lines)
    assert any(line.strip() == "Hash Cond: (o.customer = c.id)" for line in lines)
    orders, customers = node(lines, "Seq Scan on ex_orders o"), node(lines, "Seq Scan on ex_customers c")
    assert depth(orders) == depth(customers) > depth(join)
    # A scan's filter sits under it, one level deeper, with unqualified names.
    filter_line = lines[lines.index(orders) + 1]
    assert filter_line.strip() == "Filter: (region <> 'north'::text)"
    assert depth(filter_line) > depth(orders)


def test_group_key_omits_columns_a_grouped_primary_key_determines(server):
    # As PostgreSQL: c.id is ex_customers' primary key, so c.name and c.tier
    # are not hashed and not shown; o.region is another table's column.
    lines = plan_of(server, """
        explain select c.id, c.name, c.tier, o.region, count(*)
        from ex_orders o join ex_customers c on o.customer = c.id
        group by c.id, c.name, c.tier, o.region""")
    assert any(line.strip() == "Group Key: c.id, o.region" for line in lines), "\n".join(lines)
    lines = plan_of(server, "explain select name, count(*) from ex_customers group by name, tier")
    assert any(line.strip() == "Group Key: name, tier" for line in lines), "\n".join(lines)


def test_semi_anti_joins_set_operations_and_subqueries(server):
    lines = plan_of(server, "explain select * from ex_customers c where exists "
                            "(select 1 from ex_orders o where o.customer = c.id)")
    node(lines, "Hash Semi Join")
    lines = plan_of(server, "explain select * from ex_customers c where not exists "
                            "(select 1 from ex_orders o where o.customer = c.id)")
    node(lines, "Hash Anti Join")
    lines = plan_of(server, "explain select region from ex_orders union select name from ex_customers")
    node(lines, "HashSetOp Union")
    lines = plan_of(server, "explain select region from ex_orders union all select name from ex_customers")
    node(lines, "Append")
    lines = plan_of(server, "explain select id from ex_orders except select id from ex_customers")
    node(lines, "HashSetOp Except")
    lines = plan_of(server, "explain select count(*) from ex_orders")
    assert node(lines, "Aggregate").lstrip().startswith("->  Aggregate")
    lines = plan_of(server, "explain select * from ex_orders where amount > (select avg(amount) from ex_orders)")
    assert any("Filter: (amount > $0)" in line for line in lines)
    assert any(line.strip() == "InitPlan 1 (returns $0)" for line in lines)
    lines = plan_of(server, "explain select * from ex_orders o, ex_customers c where o.amount > c.tier")
    node(lines, "Nested Loop")
    assert any("Join Filter: (o.amount > (c.tier)::numeric)" in line for line in lines)


SEMI_JOIN_SETUP = """
create table ex_nation (n_key integer primary key, n_name text);
create table ex_supplier (s_key integer primary key, s_name text, s_nation integer);
create table ex_head (h_key integer primary key, h_status text);
create table ex_line (l_head integer, l_supplier integer, l_commit integer, l_receipt integer);
insert into ex_nation select i, 'n' || i from generate_series(0, 24) i;
insert into ex_supplier select i, 's' || i, i % 25 from generate_series(1, 100) i;
insert into ex_head select i, case when i % 2 = 0 then 'F' else 'O' end from generate_series(1, 1000) i;
insert into ex_line select 1 + i % 1000, 1 + (i * 7 + i / 1000) % 100, i % 11, i % 13 from generate_series(1, 5000) i;
"""

Q21_SHAPED = """explain select s_name, count(*) from ex_supplier, ex_line l1, ex_head, ex_nation
where s_key = l1.l_supplier and h_key = l1.l_head and h_status = 'F' and l1.l_receipt > l1.l_commit
  and exists (select * from ex_line l2 where l2.l_head = l1.l_head and l2.l_supplier <> l1.l_supplier)
  and not exists (select * from ex_line l3 where l3.l_head = l1.l_head and l3.l_supplier <> l1.l_supplier
                  and l3.l_receipt > l3.l_commit)
  and s_nation = n_key and n_name = 'n3'
group by s_name"""


def test_semi_and_anti_joins_follow_the_selective_joins_and_scan_filters(server):
    result = server.psql("-v", "ON_ERROR_STOP=1", input=SEMI_JOIN_SETUP)
    assert result.returncode == 0, result.stderr
    lines = plan_of(server, Q21_SHAPED)
    semi, anti = node(lines, "Hash Semi Join"), node(lines, "Hash Anti Join")
    # Every inner join (the one with nation last) sits below both.
    inner = [line for line in lines if line.lstrip().removeprefix("->  ").startswith("Hash Join")]
    assert len(inner) == 3, "\n".join(lines)
    for join in inner:
        assert depth(join) > max(depth(semi), depth(anti)), "\n".join(lines)
    # Nation filters the suppliers before l1's rows meet them, as in PostgreSQL.
    by_nation = next(line for line in lines if "Hash Cond: (ex_supplier.s_nation = ex_nation.n_key)" in line)
    by_supplier = next(line for line in lines if "Hash Cond: (l1.l_supplier = ex_supplier.s_key)" in line)
    assert depth(by_nation) > depth(by_supplier), "\n".join(lines)
    assert any("Join Filter: (l2.l_supplier <> l1.l_supplier)" in line for line in lines)
    assert any("Join Filter: (l3.l_supplier <> l1.l_supplier)" in line for line in lines)
    # l1's own filter is in its scan, not above the joins.
    scan = lines.index(node(lines, "Seq Scan on ex_line l1"))
    assert lines[scan + 1].strip() == "Filter: (l_receipt > l_commit)", "\n".join(lines)
    assert not any(line.strip() == "Filter: true" for line in lines)
    # The same query's answer with the subqueries spelled as joins of counts.
    answer = server.psql("-A", "-t", "-c", Q21_SHAPED.removeprefix("explain ") + " order by 1")
    expected = server.psql("-A", "-t", "-c", """
        select s_name, count(*) from ex_supplier, ex_line l1, ex_head, ex_nation
        where s_key = l1.l_supplier and h_key = l1.l_head and h_status = 'F' and l1.l_receipt > l1.l_commit
          and (select count(*) from ex_line l2 where l2.l_head = l1.l_head and l2.l_supplier <> l1.l_supplier) > 0
          and (select count(*) from ex_line l3 where l3.l_head = l1.l_head and l3.l_supplier <> l1.l_supplier
               and l3.l_receipt > l3.l_commit) = 0
          and s_nation = n_key and n_name = 'n3'
        group by s_name order by 1""")
    assert answer.returncode == 0 and expected.returncode == 0, answer.stderr + expected.stderr
    assert answer.stdout == expected.stdout
    assert answer.stdout.strip(), "the query should keep some rows"


def test_semi_join_on_a_few_keys_stays_over_its_scan(server):
    result = server.psql("-v", "ON_ERROR_STOP=1", input=SEMI_JOIN_SETUP)
    assert result.returncode == 0, result.stderr
    # The joins multiply ex_head's rows: the IN filters it before them.
    lines = plan_of(server, "explain select h_key, count(*) from ex_head, ex_line where h_key = l_head "
                            "and h_key in (select n_key from ex_nation where n_name < 'n2') group by h_key")
    semi, join = node(lines, "Hash Semi Join"), node(lines, "Hash Join")
    assert depth(semi) > depth(join), "\n".join(lines)


def test_explain_shows_aggregates_with_filter_distinct_and_order(server):
    lines = plan_of(server, "explain select region, count(distinct customer), "
                            "string_agg(region, ',' order by id desc) filter (where amount > 2) "
                            "from ex_orders group by region")
    output = next(line.strip() for line in lines if line.strip().startswith("Output:"))
    assert output == ("Output: region, count(DISTINCT customer), string_agg(region, ','::text ORDER BY id DESC) "
                      "FILTER (WHERE (amount > 2))")


def test_grouping_sets_show_a_key_line_per_set(server):
    lines = plan_of(server, "explain select region, customer, grouping(region, customer), count(*) "
                            "from ex_orders group by rollup (region, customer)")
    output = next(line.strip() for line in lines if line.strip().startswith("Output:"))
    assert output == "Output: region, customer, GROUPING(region, customer), count(*)"
    aggregate = node(lines, "MixedAggregate")
    keys = [line.strip() for line in lines if line.strip().startswith(("Hash Key:", "Group Key:"))]
    assert keys == ["Hash Key: region, customer", "Hash Key: region", "Group Key: ()"], "\n".join(lines)
    assert depth(node(lines, "Seq Scan on ex_orders")) > depth(aggregate)
    lines = plan_of(server, "explain select region, count(*) from ex_orders group by grouping sets (region, customer)")
    node(lines, "HashAggregate")
    assert not any("Group Key" in line for line in lines), "\n".join(lines)


def test_analyze_counts_actual_rows(server):
    lines = plan_of(server, """
        explain analyze select c.name, count(*)
        from ex_orders o join ex_customers c on o.customer = c.id
        where o.region = 'east'
        group by c.name""")
    # east orders: 1, 3, 5, 8 (customers 1, 2, 3, 1); all four have a customer.
    assert actual_rows(node(lines, "Seq Scan on ex_orders o")) == 4
    # The join's key filter (the east orders' customers) leaves out dee.
    assert actual_rows(node(lines, "Seq Scan on ex_customers c")) == 3
    assert actual_rows(node(lines, "Hash Join")) == 4
    assert actual_rows(node(lines, "HashAggregate")) == 3
    assert re.fullmatch(r"Planning Time: \d+\.\d{3} ms", lines[-2])
    assert re.fullmatch(r"Execution Time: \d+\.\d{3} ms", lines[-1])
    assert re.search(r"\(rows=\d+\) \(actual time=\d+\.\d{3}\.\.\d+\.\d{3} rows=3 loops=1\)",
                     node(lines, "HashAggregate"))

    lines = plan_of(server, "explain analyze select * from ex_orders order by amount desc limit 3 offset 2")
    assert actual_rows(node(lines, "Limit")) == 3
    assert actual_rows(node(lines, "Sort")) == 8

    lines = plan_of(server, "explain analyze select region from ex_orders group by region having count(*) > 2")
    assert actual_rows(node(lines, "Filter ")) == 2  # east: 4, west: 3, north: 1
    assert any(line.strip() == "Rows Removed by Filter: 1" for line in lines)


def test_primary_key_order_limit_reads_only_the_rows_it_keeps(server):
    # ORDER BY the primary key ... LIMIT: no sort; the scan walks the key
    # order from the range's start and stops once the LIMIT is satisfied.
    lines = plan_of(server, "explain analyze select * from ex_orders where id >= 3 order by id limit 2 offset 1")
    assert not any("Sort" in line for line in lines)
    assert any(line.strip() == "Key Order: stops after 3 rows" for line in lines)
    assert actual_rows(node(lines, "Limit")) == 2
    assert actual_rows(node(lines, "Primary Key Range Scan on ex_orders")) == 3  # ids 3, 4, 5 of 3..8
    result = server.psql("-A", "-t", "-c", "select id from ex_orders where id >= 3 order by id limit 2 offset 1")
    assert result.stdout.split() == ["4", "5"]
    # Descending: the key order walked backwards.
    lines = plan_of(server, "explain analyze select * from ex_orders where id < 7 order by id desc limit 2")
    assert not any("Sort" in line for line in lines)
    assert any(line.strip() == "Key Order: backward, stops after 2 rows" for line in lines)
    assert actual_rows(node(lines, "Primary Key Range Scan on ex_orders")) == 2
    result = server.psql("-A", "-t", "-c", "select id from ex_orders where id < 7 order by id desc limit 2")
    assert result.stdout.split() == ["6", "5"]
    # Ordered by a column no key leads with: sorted as before.
    lines = plan_of(server, "explain select * from ex_orders order by amount desc limit 2")
    assert node(lines, "Sort")


def test_analyze_measures_subqueries(server):
    lines = plan_of(server, "explain analyze select * from ex_orders where amount > (select avg(amount) from ex_orders)")
    # avg is 7.09375: orders 1, 2, 4 and 7 are above it.
    assert actual_rows(node(lines, "Seq Scan on ex_orders")) == 4
    init = lines.index(next(line for line in lines if "InitPlan 1" in line))
    assert actual_rows(node(lines[init:], "Aggregate")) == 1
    assert actual_rows(node(lines[init:], "Seq Scan on ex_orders")) == 8


def test_options(server):
    lines = plan_of(server, "explain (costs off) select * from ex_orders where id = 3")
    assert not any("rows=" in line for line in lines)
    lines = plan_of(server, "explain (analyze, costs off, timing off, summary off) select * from ex_orders")
    assert lines[0] == "Project (actual rows=8 loops=1)"
    assert not any("time" in line.lower() for line in lines)
    lines = plan_of(server, "explain (analyze false) select * from ex_orders")
    assert not any("actual" in line for line in lines)
    assert sqlstate_of(server, "explain (bogus) select 1") == "42601"
    assert sqlstate_of(server, "explain (analyze maybe) select 1") == "42601"
    assert sqlstate_of(server, "explain (timing) select 1") == "22023"
    assert sqlstate_of(server, "explain (format bogus) select 1") == "22023"
    assert sqlstate_of(server, "explain (format json) select 1") == "0A000"


@pytest.mark.parametrize("query, sqlstate", [
    ("select * from ex_nowhere", "42P01"),
    ("select nope from ex_orders", "42703"),
    ("select sum(region) from ex_orders", "42883"),
    ("select 1 / 0", "22012"),
    ("select region, count(*) from ex_orders", "42803"),
])
def test_explain_of_a_bad_query_gives_its_error(server, query, sqlstate):
    assert sqlstate_of(server, query) == sqlstate
    assert sqlstate_of(server, "explain " + query) == sqlstate
    assert sqlstate_of(server, "explain analyze " + query) == sqlstate


def test_analyze_reports_run_time_errors(server):
    assert sqlstate_of(server, "explain select 10 / (amount - 10.00) from ex_orders") is None
    assert sqlstate_of(server, "explain analyze select 10 / (amount - 10.00) from ex_orders") == "22012"


def test_explain_runs_a_statement_only_with_analyze(server):
    lines = plan_of(server, "explain insert into ex_customers values (5, 'eve', 2)")
    assert lines[0] == "Insert on ex_customers"
    node(lines, "Values Scan")
    assert plan_of(server, "select count(*) from ex_customers") == ["4"]
    lines = plan_of(server, "explain analyze insert into ex_customers values (5, 'eve', 2)")
    assert lines[0].startswith("Insert on ex_customers (actual")
    assert plan_of(server, "select count(*) from ex_customers") == ["5"]
    lines = plan_of(server, "explain analyze delete from ex_customers where tier = 2")
    assert lines[0].startswith("Delete on ex_customers")
    assert actual_rows(node(lines, "Seq Scan on ex_customers")) == 2
    assert plan_of(server, "select count(*) from ex_customers") == ["3"]
    lines = plan_of(server, "explain update ex_orders set amount = amount * 2 where id = 1")
    assert lines[0] == "Update on ex_orders"
    node(lines, "Primary Key Range Scan on ex_orders")


KEY_FILTER_SETUP = """
create table kf_facts (id integer primary key, dim integer, amount integer);
create table kf_dims (id integer primary key, tag text);
insert into kf_facts select g, g % 500, g from generate_series(1, 20000) g;
insert into kf_dims select g, case when g in (7, 11) then 'picked' else 'other' end from generate_series(0, 499) g;
"""


def test_selective_join_filters_the_probe_scan_by_its_keys(server):
    """A hash join's built keys reach the scan of its probe side: the scan of
    kf_facts hands on only (about) the rows whose dim a picked row has, and
    the answers stay those of the join; outer joins keep every row."""
    result = server.psql("-v", "ON_ERROR_STOP=1", input=KEY_FILTER_SETUP)
    assert result.returncode == 0, result.stderr
    inner = """select count(*), sum(f.amount) from kf_facts f join kf_dims d on f.dim = d.id
               where d.tag = 'picked'"""
    lines = plan_of(server, "explain analyze " + inner)
    matching = 80  # 20000 / 500 rows for each of dims 7 and 11
    scanned = actual_rows(node(lines, "Seq Scan on kf_facts f"))
    assert matching <= scanned <= matching + 200, "\n".join(lines)
    assert actual_rows(node(lines, "Hash Join")) == matching
    expected = sum(g for g in range(1, 20001) if g % 500 in (7, 11))
    assert server.psql("-A", "-t", "-c", inner).stdout.split() == [f"{matching}|{expected}"]
    # EXISTS (a semi join) filters the same way.
    semi = "select count(*) from kf_facts f where exists (select 1 from kf_dims d where d.id = f.dim and d.tag = 'picked')"
    assert server.psql("-A", "-t", "-c", semi).stdout.split() == [str(matching)]
    # A left join keeps the rows without a match: nothing is filtered.
    left = """select count(*), count(d.id) from kf_facts f left join
              (select * from kf_dims where tag = 'picked') d on f.dim = d.id"""
    assert server.psql("-A", "-t", "-c", left).stdout.split() == [f"20000|{matching}"]
    # A subquery's own ORDER BY ... LIMIT is taken before the join, not after
    # it: of ids 1..100, dims 7 and 11 (filtered first, 100 rows would join).
    limited = """select count(*) from (select * from kf_facts order by id limit 100) f
                 join kf_dims d on f.dim = d.id where d.tag = 'picked'"""
    assert server.psql("-A", "-t", "-c", limited).stdout.split() == ["2"]


def test_lateral_subquery_is_a_nested_loop_naming_the_left_columns_it_reads(server):
    lines = plan_of(server, """
        explain analyze select c.id, x.total from ex_customers c
        left join lateral (select sum(o.amount) as total from ex_orders o where o.customer = c.id) x
        on x.total > 10""")
    loop, customers = node(lines, "Nested Loop Left Join"), node(lines, "Seq Scan on ex_customers c")
    aggregate, orders = node(lines, "Aggregate"), node(lines, "Seq Scan on ex_orders o")
    assert depth(loop) < depth(customers) < depth(aggregate) < depth(orders)
    assert any(line.strip() == "Join Filter: (x.total > 10)" for line in lines), "\n".join(lines)
    # The subquery's reference to the left row is shown by its name.
    assert any(line.strip() == "Filter: (customer = c.id)" for line in lines), "\n".join(lines)
    # It ran once per distinct customer id.
    customers_count = server.psql("-At", "-c", "select count(distinct id) from ex_customers").stdout.strip()
    assert re.search(rf"loops={customers_count}\)", orders), orders
