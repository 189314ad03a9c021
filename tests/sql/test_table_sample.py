"""TABLESAMPLE's draws: uniform, of binomial size, reproducible by seed within
a snapshot, confined to a key range, and SYSTEM's whole runs of rows. Every
seed is fixed, so each test gives the same answer every run."""
import os
import threading
from decimal import Decimal

import psycopg
import pytest
from scipy import stats

from fixtures.paired_servers import connect, plan
from fixtures.server import start_server, stop_server

# Draws per seed in the uniformity test (fewer with PTREEDB_SAMPLE_DRAWS).
DRAWS_PER_SEED = int(os.environ.get("PTREEDB_SAMPLE_DRAWS", "1000000"))
SMALL = 1000
MEDIUM = 10000


@pytest.fixture(scope="module")
def conn(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("table-sample"))
    try:
        with connect(server.port) as connection:
            connection.execute("create table small (id int primary key, grp int)")
            connection.execute(f"insert into small select i, i % 10 from generate_series(1, {SMALL}) i")
            connection.execute("create table medium (id int primary key, grp int, payload text)")
            connection.execute(f"insert into medium select i, i % 7, 'row ' || i from generate_series(1, {MEDIUM}) i")
            connection.execute("create index medium_grp on medium (grp)")
            connection.server_port = server.port
            yield connection
    finally:
        stop_server(server)
    assert server.process.returncode == 0, server.log()


def ids(conn, query, *params):
    return [row[0] for row in conn.execute(query, params).fetchall()]


def test_same_seed_same_sample_other_seed_other_sample(conn):
    first = ids(conn, "select id from medium tablesample bernoulli (5) repeatable (11) order by id")
    again = ids(conn, "select id from medium tablesample bernoulli (5) repeatable (11) order by id")
    other = ids(conn, "select id from medium tablesample bernoulli (5) repeatable (12) order by id")
    assert first == again
    assert first != other
    assert 300 < len(first) < 700
    system = ids(conn, "select id from medium tablesample system (20) repeatable (4) order by id")
    assert system == ids(conn, "select id from medium tablesample system (20) repeatable (4) order by id")
    rows = ids(conn, "select id from medium tablesample system_rows (300) repeatable (4) order by id")
    assert rows == ids(conn, "select id from medium tablesample system_rows (300) repeatable (4) order by id")


def test_a_snapshot_keeps_its_sample_while_others_write(conn):
    query = "select id, grp from medium tablesample bernoulli (10) repeatable (99) order by id"
    with connect(conn.server_port) as reader, connect(conn.server_port) as writer:
        reader.autocommit = False
        reader.execute("begin isolation level repeatable read")
        before = reader.execute(query).fetchall()
        writer.execute("update medium set grp = grp + 100 where id % 3 = 0")
        writer.execute("delete from medium where id > 9000")
        assert reader.execute(query).fetchall() == before
        reader.rollback()
        writer.execute("update medium set grp = grp - 100 where grp >= 100")
        writer.execute("insert into medium select i, i % 7, 'row ' || i from generate_series(9001, 10000) i")
    assert conn.execute(query).fetchall() == before


def test_bernoulli_draws_every_row_alike(conn):
    """For each of 20 seeds, DRAWS_PER_SEED draws (samples at 50%) from the
    1,000-row table: the counts per row pass a chi-square test of uniformity."""
    queries = max(1, DRAWS_PER_SEED // (SMALL // 2))
    for seed in range(1, 21):
        counts = [0] * SMALL
        with conn.pipeline():
            cursors = [conn.execute("select id from small tablesample bernoulli (50) repeatable (%s)",
                                    (seed * 1_000_000 + q,)) for q in range(queries)]
        for cursor in cursors:
            for (row_id,) in cursor.fetchall():
                counts[row_id - 1] += 1
        p = stats.chisquare(counts).pvalue
        assert p > 0.001, f"seed {seed}: counts not uniform (p = {p})"


def test_bernoulli_sample_sizes_are_binomial(conn):
    n, fraction, seeds = MEDIUM, 0.1, 400
    with conn.pipeline():
        cursors = [conn.execute("select count(*) from medium tablesample bernoulli (10) repeatable (%s)", (s,))
                   for s in range(seeds)]
    sizes = [cursor.fetchone()[0] for cursor in cursors]
    # Ten bins of about equal probability under Binomial(n, p).
    binomial = stats.binom(n, fraction)
    edges = [binomial.ppf(q / 10) for q in range(1, 10)]
    observed = [0] * 10
    for size in sizes:
        observed[sum(size > edge for edge in edges)] += 1
    bounds = [-1] + edges + [n]
    expected = [seeds * (binomial.cdf(bounds[i + 1]) - binomial.cdf(bounds[i])) for i in range(10)]
    p = stats.chisquare(observed, expected).pvalue
    assert p > 0.001, f"sample sizes {sorted(sizes)[:5]}... do not fit Binomial({n}, {fraction}) (p = {p})"


def test_primary_key_range_sample_is_inside_and_uniform(conn):
    counts = {}
    for seed in range(200):
        drawn = ids(conn, "select id from medium tablesample bernoulli (30) repeatable (%s) "
                          "where id between 2001 and 2100", seed)
        assert all(2001 <= i <= 2100 for i in drawn)
        for i in drawn:
            counts[i] = counts.get(i, 0) + 1
    assert len(counts) == 100
    assert stats.chisquare(list(counts.values())).pvalue > 0.001


def test_index_range_sample_is_inside_and_uniform(conn):
    counts = {}
    for seed in range(100):
        rows = conn.execute("select id, grp from medium tablesample bernoulli (20) repeatable (%s) where grp = 3",
                            (seed,)).fetchall()
        assert all(grp == 3 for _, grp in rows)
        for row_id, _ in rows:
            counts[row_id] = counts.get(row_id, 0) + 1
    assert len(counts) == len([i for i in range(1, MEDIUM + 1) if i % 7 == 3])
    assert stats.chisquare(list(counts.values())).pvalue > 0.001


def test_system_takes_whole_pages_of_rows(conn):
    # The table was loaded in key order: a row's position is id - 1. Its rows
    # (integer, integer, 'row ' || id) are 40 or 48-byte heap tuples, 48 on
    # average: 157 to a page.
    run = 157
    blocks_taken = 0
    for seed in range(20):
        drawn = set(ids(conn, "select id from medium tablesample system (25) repeatable (%s)", seed))
        blocks = {(i - 1) // run for i in drawn}
        for block in blocks:
            members = set(range(block * run + 1, min(MEDIUM, (block + 1) * run) + 1))
            assert members <= drawn, f"seed {seed}: page {block} only partly taken"
        blocks_taken += len(blocks)
    total_blocks = 20 * ((MEDIUM + run - 1) // run)
    # About a quarter of the pages: a binomial two-sided test.
    assert stats.binomtest(blocks_taken, total_blocks, 0.25).pvalue > 0.001


# Tables loaded alike into both servers: without a primary key (rows in the
# order inserted) or with one in that order, several row widths and
# fillfactors, so their rows fall on PostgreSQL's pages as they do here.
SAME_AS_POSTGRES_TABLES = [
    ("create table narrow (id int, grp int)",
     "insert into narrow select i, i % 5 from generate_series(1, 3000) i"),
    ("create table padded (id int, name text) with (fillfactor = 10)",
     "insert into padded select i, repeat(chr(65 + i % 26), 200) from generate_series(1, 400) i"),
    ("create table keyed (id bigint primary key, price numeric(12, 2), note varchar(40), day date)",
     "insert into keyed select i, i * 1.25, 'note number ' || (i % 1000 + 1000), date '2020-01-01' + i % 300 "
     "from generate_series(1, 5000) i"),
    ("create table half (id int, a int, b int, c text) with (fillfactor = 50)",
     "insert into half select i, i, i * 2, lpad(i::text, 30, '*') from generate_series(1, 4000) i"),
]


@pytest.fixture(scope="module")
def paired(tmp_path_factory, postgres_oracle):
    server = start_server(tmp_path_factory.mktemp("table-sample-paired"))
    try:
        with connect(server.port) as mine, connect(postgres_oracle.port) as theirs:
            for connection in (mine, theirs):
                for statement in (s for pair in SAME_AS_POSTGRES_TABLES for s in pair):
                    connection.execute(statement)
            yield mine, theirs
            for table in ("narrow", "padded", "keyed", "half"):
                theirs.execute(f"drop table {table}")
    finally:
        stop_server(server)
    assert server.process.returncode == 0, server.log()


@pytest.mark.parametrize("table", ["narrow", "padded", "keyed", "half"])
def test_repeatable_samples_are_postgresql_s(paired, table):
    """SYSTEM pages and REPEATABLE BERNOULLI rows are the ones PostgreSQL 15
    draws for the same seed from the same rows, loaded the same way."""
    mine, theirs = paired
    for method, percent in [("system", 10), ("system", 50), ("system", 3.5), ("bernoulli", 10),
                            ("bernoulli", 50), ("bernoulli", 0.7)]:
        for seed in (0, 1, 2.5, -7, 1e6):
            query = f"select id from {table} tablesample {method} ({percent}) repeatable ({seed}) order by id"
            expected = ids(theirs, query)
            assert ids(mine, query) == expected, f"{query}: {len(expected)} rows in PostgreSQL"
            # A key range (or any filter) keeps exactly the sampled rows inside it.
            ranged = f"select id from {table} tablesample {method} ({percent}) repeatable ({seed}) " \
                     f"where id between 100 and 900 order by id"
            assert ids(mine, ranged) == ids(theirs, ranged), ranged


def test_system_rows_gives_exactly_the_rows_asked(conn):
    for wanted in (0, 1, 127, 128, 129, 1000, MEDIUM, MEDIUM + 5):
        drawn = ids(conn, "select id from medium tablesample system_rows (%s)", wanted)
        assert len(drawn) == min(wanted, MEDIUM)
        assert len(set(drawn)) == len(drawn)
        assert all(1 <= i <= MEDIUM for i in drawn)
    # The filter comes after the draw, as in PostgreSQL.
    (filtered,) = conn.execute("select count(*) from medium tablesample system_rows (700) where grp = 0").fetchone()
    assert filtered < 700
    with pytest.raises(psycopg.Error) as error:
        conn.execute("select * from medium tablesample system_rows (-1)")
    assert error.value.sqlstate == "2202H"


def test_system_time_reads_rows_until_the_time_is_up(conn):
    (everything,) = conn.execute("select count(*) from medium tablesample system_time (100000)").fetchone()
    assert everything == MEDIUM
    (nothing,) = conn.execute("select count(*) from medium tablesample system_time (0)").fetchone()
    assert nothing == 0
    drawn = ids(conn, "select id from medium tablesample system_time (1)")
    assert len(set(drawn)) == len(drawn)
    for statement, sqlstate in [("select * from medium tablesample system_time (5) repeatable (1)", "0A000"),
                                ("select * from medium tablesample system_time (-1)", "2202H")]:
        with pytest.raises(psycopg.Error) as error:
            conn.execute(statement)
        assert error.value.sqlstate == sqlstate


def test_parameters_as_fraction_and_seed(conn):
    query = "select count(*) from medium tablesample bernoulli (%s) repeatable (%s)"
    # A numeric parameter converts to real implicitly (a double precision one
    # would not, as in PostgreSQL).
    prepared = [conn.execute(query, (Decimal("7.5"), 3), prepare=True).fetchone()[0] for _ in range(3)]
    assert prepared[0] == prepared[1] == prepared[2]
    assert prepared[0] == conn.execute("select count(*) from medium tablesample bernoulli (7.5) repeatable (3)").fetchone()[0]
    assert conn.execute(query, (7.5, 3)).fetchone()[0] == prepared[0]
    with pytest.raises(psycopg.Error) as error:
        conn.execute(query, (None, 3))
    assert error.value.sqlstate == "2202H"
    with pytest.raises(psycopg.Error) as error:
        conn.execute(query, (5, None))
    assert error.value.sqlstate == "2202G"


def test_explain_shows_the_sample_scan(conn):
    lines = plan(conn, "select id from medium tablesample system (10 * 2) repeatable (2) where grp = 1")
    text = "\n".join(lines)
    assert "Sample Scan on medium" in text
    assert "Sampling: system ('20'::real) REPEATABLE ('2'::double precision)" in text
    assert "Filter: (grp = 1)" in text
    lines = plan(conn, "select * from medium tablesample bernoulli (1)")
    assert any("Sampling: bernoulli ('1'::real)" in line for line in lines)


@pytest.mark.parametrize("clause, rows", [
    ("bernoulli (2.5)", 250), ("system (10)", 1000), ("bernoulli (100)", MEDIUM), ("system_rows (100)", 100),
    ("system_rows (50000)", MEDIUM), ("bernoulli (0)", 1),
])
def test_explain_estimates_the_sample_s_rows(conn, clause, rows):
    # The estimate is the fraction (or row count) of the table, however the literal is typed.
    lines = plan(conn, f"select count(*) from medium tablesample {clause}")
    assert any(f"Sample Scan on medium  (rows={rows})" in line for line in lines), lines


def test_samples_while_writers_update_the_table(conn):
    """Samplers never see a half-applied write: every row drawn is a row of
    some committed state, and writers are never blocked by samplers."""
    stop = threading.Event()
    errors = []

    def write():
        try:
            with connect(conn.server_port) as writer:
                step = 0
                while not stop.is_set():
                    step += 1
                    writer.execute("update medium set payload = 'row ' || id || ' v' || %s where id %% 50 = %s",
                                   (step, step % 50))
        except Exception as exc:  # reported below
            errors.append(exc)

    thread = threading.Thread(target=write)
    thread.start()
    try:
        for seed in range(60):
            rows = conn.execute("select id, payload from medium tablesample bernoulli (5) repeatable (%s)",
                                (seed,)).fetchall()
            assert all(payload.startswith(f"row {row_id}") for row_id, payload in rows)
    finally:
        stop.set()
        thread.join()
    assert not errors


@pytest.fixture(scope="module")
def sales(conn):
    """A Q6-shaped table: price, discount and quantity per row."""
    conn.execute("create table sales (id int primary key, price numeric(12,2), discount numeric(4,2), "
                 "quantity int, region int)")
    conn.execute("insert into sales select i, 900 + (i * 7919 % 10000) / 10.0, (i % 11) / 100.0, "
                 "1 + i * 31 % 50, i % 4 from generate_series(1, 20000) i")
    return conn


def test_approximate_aggregates_of_a_whole_sample_are_exact(sales):
    exact = sales.execute("select count(*), count(quantity), sum(price * discount), avg(price) from sales").fetchone()
    approx = sales.execute("select approx_count(*), approx_count(quantity), approx_sum(price * discount), "
                           "approx_avg(price), approx_count_error(*), approx_sum_error(price * discount) "
                           "from sales tablesample bernoulli (100)").fetchone()
    assert approx[0] == exact[0] and approx[1] == exact[1]
    assert approx[2] == pytest.approx(float(exact[2]))
    assert approx[3] == pytest.approx(float(exact[3]))
    assert approx[4] == 0 and approx[5] == 0


def test_approximate_intervals_cover_the_exact_answer_about_95_percent(sales):
    where = "where discount between 0.05 and 0.07 and quantity < 24"
    (exact,) = sales.execute(f"select sum(price * discount) from sales {where}").fetchone()
    runs = 300
    with sales.pipeline():
        cursors = [sales.execute("select approx_sum(price * discount), approx_sum_error(price * discount) "
                                 f"from sales tablesample bernoulli (10) repeatable (%s) {where}", (seed,))
                   for seed in range(1000, 1000 + runs)]
    results = [cursor.fetchone() for cursor in cursors]
    covered = sum(abs(estimate - float(exact)) <= error for estimate, error in results)
    # 95% of 300: 285, with a binomial standard deviation under 4.
    assert 270 <= covered <= 297, f"{covered} of {runs} intervals cover {exact}"
    mean = sum(estimate for estimate, _ in results) / runs
    assert abs(mean - float(exact)) < 0.01 * float(exact)  # unbiased


def test_approximate_aggregates_per_group(sales):
    exact = dict(sales.execute("select region, count(*) from sales group by region").fetchall())
    rows = sales.execute("select region, approx_count(*), approx_count_error(*), approx_avg(quantity), "
                         "approx_avg_error(quantity) from sales tablesample bernoulli (20) repeatable (8) "
                         "group by region order by region").fetchall()
    assert [row[0] for row in rows] == [0, 1, 2, 3]
    for region, count, count_error, average, average_error in rows:
        assert abs(count - exact[region]) <= 2 * count_error
        assert 0 < average_error < 5 and 1 <= average <= 50


def test_approximate_aggregates_need_a_bernoulli_sample(sales):
    for statement, sqlstate in [("select approx_sum(price) from sales", "0A000"),
                                ("select approx_sum(price) from sales tablesample system (10)", "0A000"),
                                ("select approx_sum('x'::text) from sales tablesample bernoulli (10)", "42883"),
                                ("select approx_sum(sum(price)) from sales tablesample bernoulli (10)", "42803"),
                                ("select approx_sum(*) from sales tablesample bernoulli (10)", "42601")]:
        with pytest.raises(psycopg.Error) as error:
            sales.execute(statement)
        assert error.value.sqlstate == sqlstate, statement


def notices_of(connection):
    seen = []
    connection.add_notice_handler(lambda diagnostic: seen.append(diagnostic.message_primary))
    return seen


def test_online_approximation_samples_until_the_target(sales):
    with connect(sales.server_port) as online:
        seen = notices_of(online)
        online.execute("set approximate_error_target = 0.05")
        query = ("select approx_sum(price * discount), approx_sum_error(price * discount) "
                 "from sales tablesample bernoulli (0.5) repeatable (5) where quantity < 24")
        estimate, error = online.execute(query).fetchone()
        assert error <= 0.05 * abs(estimate)
        assert len(seen) >= 2, seen
        assert seen[0].startswith("approximation round 1: 0.5% sample")
        assert "sampling" in seen[0] and "next" in seen[0]
        assert seen[-1].endswith(": done")
        (exact,) = online.execute("select sum(price * discount) from sales where quantity < 24").fetchone()
        assert abs(estimate - float(exact)) <= 2 * error
        # Prepared (the extended protocol) alike.
        seen.clear()
        estimate, error = online.execute(query.replace("(5)", "(%s)"), (6,), prepare=True).fetchone()
        assert error <= 0.05 * abs(estimate) and seen[-1].endswith(": done")


def test_online_approximation_stops_at_the_whole_table_or_the_time_limit(sales):
    with connect(sales.server_port) as online:
        seen = notices_of(online)
        online.execute("set approximate_error_target = 0.000001")
        count, error = online.execute("select approx_count(*), approx_count_error(*) "
                                      "from sales tablesample bernoulli (1)").fetchone()
        assert count == 20000 and error == 0
        assert seen[-1].endswith("the whole table was read")
        seen.clear()
        online.execute("set approximate_time_limit = '1ms'")
        online.execute("select approx_count(*), approx_count_error(*) from sales tablesample bernoulli (1)").fetchone()
        assert seen[-1].endswith("time limit reached") or seen[-1].endswith("the whole table was read")
        percents = [float(notice.split(": ")[1].split("%")[0]) for notice in seen]
        assert percents == sorted(percents) and len(set(percents)) == len(percents), seen


def test_online_approximation_needs_an_error_beside_the_estimate(sales):
    with connect(sales.server_port) as online:
        seen = notices_of(online)
        online.execute("set approximate_error_target = 0.01")
        online.execute("select approx_sum(price) from sales tablesample bernoulli (3)").fetchone()
        assert len(seen) == 1 and seen[0].endswith("no approx_*_error beside its estimate")
        seen.clear()
        # Plain queries and samples without approximate aggregates run once, silently.
        online.execute("select count(*) from sales tablesample bernoulli (3)").fetchone()
        assert seen == []
        for value in ("2", "-0.1", "abc", "''"):
            with pytest.raises(psycopg.Error) as error:
                online.execute(f"set approximate_error_target = {value}")
            assert error.value.sqlstate == "22023"
