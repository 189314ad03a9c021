"""PostgreSQL's planner method, cost and parallel settings (the ones its
regression files and tuning guides SET): accepted with PostgreSQL's checks,
normalisation and errors; the ones ptreedb's planner has a choice for change
its plans (enable_seqscan, enable_indexscan, enable_nestloop), and
max_parallel_workers_per_gather bounds a statement's threads. Settings whose
values would change what ptreedb does not implement are refused with 0A000."""
import psycopg
import pytest

from fixtures.paired_servers import paired_connections, plan

SETUP = [
    "drop table if exists ps_items",
    "create table ps_items (id int primary key, grp int, note text)",
    "insert into ps_items select i, i % 5, 'n' || i from generate_series(1, 20000) i",
    "create index ps_grp on ps_items (grp)",
    "drop table if exists ps_picks",
    "create table ps_picks (pick int, grp int)",
    "insert into ps_picks values (1, 1), (2, 3)",
]

# SET name = value, then SHOW name: the same text on both servers.
ASSIGNMENTS = [
    ("enable_seqscan", "off"), ("enable_seqscan", "true"), ("enable_bitmapscan", "0"),
    ("enable_hashagg", "no"), ("enable_sort", "off"), ("enable_hashjoin", "off"),
    ("enable_mergejoin", "off"), ("enable_nestloop", "off"), ("enable_indexonlyscan", "off"),
    ("enable_memoize", "off"), ("enable_incremental_sort", "off"), ("enable_partitionwise_join", "on"),
    ("enable_partitionwise_aggregate", "on"), ("enable_partition_pruning", "off"),
    ("enable_parallel_append", "off"), ("enable_parallel_hash", "off"), ("enable_material", "off"),
    ("parallel_setup_cost", "0"), ("parallel_tuple_cost", "0.1e-1"), ("parallel_setup_cost", "1000000"),
    ("random_page_cost", "1.1"), ("seq_page_cost", "0.5"), ("cpu_tuple_cost", "0.02"),
    ("jit_above_cost", "-1"), ("jit", "off"), ("hash_mem_multiplier", "1.5"),
    ("min_parallel_table_scan_size", "0"), ("min_parallel_table_scan_size", "'1MB'"),
    ("min_parallel_index_scan_size", "16"), ("effective_cache_size", "'2GB'"),
    ("maintenance_work_mem", "'128MB'"), ("work_mem", "10240"), ("work_mem", "'64kB'"),
    ("max_parallel_workers_per_gather", "0"),
    ("max_parallel_workers_per_gather", "4"), ("max_parallel_workers", "2"),
    ("max_parallel_maintenance_workers", "0"), ("force_parallel_mode", "regress"),
    ("force_parallel_mode", "OFF"), ("parallel_leader_participation", "off"),
    ("constraint_exclusion", "on"), ("plan_cache_mode", "force_generic_plan"),
    ("row_security", "off"), ("default_toast_compression", "lz4"), ("default_table_access_method", "heap"),
    ("default_tablespace", "''"), ("stats_fetch_consistency", "snapshot"), ("track_io_timing", "on"),
    ("track_functions", "pl"), ("escape_string_warning", "off"), ("default_statistics_target", "1000"),
    ("vacuum_cost_delay", "0"), ("transaction_deferrable", "on"), ("session_replication_role", "origin"),
    ("default_with_oids", "off"), ("lc_numeric", "'C'"), ("lc_messages", "'C'"), ("geqo", "off"),
    ("xmloption", "document"), ("check_function_bodies", "off"), ("compute_query_id", "off"),
]

# Bad values: PostgreSQL's SQLSTATE on both servers.
BAD_VALUES = [
    ("enable_seqscan", "maybe"), ("parallel_setup_cost", "-1"), ("hash_mem_multiplier", "0.5"),
    ("parallel_tuple_cost", "'cheap'"), ("force_parallel_mode", "sometimes"), ("plan_cache_mode", "'x'"),
    ("max_parallel_workers_per_gather", "-1"), ("max_parallel_workers_per_gather", "2000"),
    ("min_parallel_table_scan_size", "-1"), ("work_mem", "'63kB'"), ("maintenance_work_mem", "'10kB'"),
    ("default_table_access_method", "'columnar'"), ("default_statistics_target", "0"),
    ("no_such_planner_setting", "on"),
]

# What PostgreSQL accepts but ptreedb does not implement: 0A000 naming it.
REFUSED = [
    ("session_replication_role", "replica", "session_replication_role = replica is not supported"),
    ("session_replication_role", "local", "session_replication_role = local is not supported"),
    ("default_with_oids", "on", "tables declared WITH OIDS are not supported"),
    ("lc_numeric", "'de_DE.UTF-8'", "locale \"de_DE.UTF-8\" is not supported for lc_numeric"),
    ("restrict_nonsystem_relation_kind", "'view'", "restrict_nonsystem_relation_kind = view is not supported"),
    ("timezone_abbreviations", "'India'", "timezone_abbreviations = India is not supported"),
]

QUERIES = [
    "select count(*), sum(id) from ps_items where grp = 3",
    "select id from ps_items where id in (5, 7, 19999) order by id",
    "select p.pick, count(*) from ps_picks p join ps_items i on i.grp = p.grp group by 1 order by 1",
    "select grp, count(*) from ps_items group by grp order by grp",
]


@pytest.fixture(scope="module")
def servers(tmp_path_factory, postgres_oracle):
    with paired_connections(tmp_path_factory, postgres_oracle, "planner_settings", SETUP,
                            ["ps_items", "ps_picks"]) as pair:
        yield pair


@pytest.mark.parametrize("name,value", ASSIGNMENTS)
def test_set_and_show_as_postgres(servers, name, value):
    shown = []
    for conn in servers:
        conn.execute(f"set {name} = {value}")
        shown.append(conn.execute(f"show {name}").fetchone()[0])
        conn.execute(f"reset {name}")
    assert shown[0] == shown[1], (name, value, shown)


@pytest.mark.parametrize("name,value", BAD_VALUES)
def test_bad_values_get_postgres_errors(servers, name, value):
    codes = []
    for conn in servers:
        with pytest.raises(psycopg.Error) as error:
            conn.execute(f"set {name} = {value}")
        codes.append(error.value.sqlstate)
    assert codes[0] == codes[1], (name, value, codes)


@pytest.mark.parametrize("name,value,message", REFUSED)
def test_unimplemented_values_are_refused(servers, name, value, message):
    mine, _ = servers
    with pytest.raises(psycopg.errors.FeatureNotSupported, match=message):
        mine.execute(f"set {name} = {value}")
    assert mine.execute("select 1").fetchone() == (1,)


def test_set_local_and_rollback_restore_planner_settings(servers):
    mine, _ = servers
    mine.execute("begin")
    mine.execute("set local enable_seqscan = off")
    assert mine.execute("show enable_seqscan").fetchone() == ("off",)
    mine.execute("rollback")
    assert mine.execute("show enable_seqscan").fetchone() == ("on",)


@pytest.mark.parametrize("setting", [None, "enable_seqscan = off", "enable_indexscan = off",
                                     "enable_nestloop = off", "max_parallel_workers_per_gather = 0",
                                     "enable_hashjoin = off"])
def test_answers_do_not_change_with_the_settings(servers, setting):
    mine, theirs = servers
    for conn in servers:
        conn.execute(f"set {setting}" if setting else "reset all")
    try:
        for query in QUERIES:
            assert mine.execute(query).fetchall() == theirs.execute(query).fetchall(), (setting, query)
    finally:
        for conn in servers:
            conn.execute("reset all")


def test_enable_seqscan_off_reads_through_an_index_however_many_rows(servers):
    mine, _ = servers
    query = "select * from ps_items where grp = 3"  # a fifth of the table: read in order by default
    assert any("Seq Scan on ps_items" in line for line in plan(mine, query))
    mine.execute("set enable_seqscan = off")
    try:
        lines = plan(mine, query)
        assert any("Index Scan using ps_grp on ps_items" in line for line in lines), lines
        # Nothing bounds an index: the sequential scan is all there is, as in PostgreSQL.
        assert any("Seq Scan on ps_items" in line for line in plan(mine, "select * from ps_items where note = 'x'"))
    finally:
        mine.execute("reset enable_seqscan")


def test_enable_indexscan_off_scans_instead(servers):
    mine, _ = servers
    query = "select * from ps_items where id in (5, 7, 19999)"
    assert any("Index Scan using ps_items_pkey on ps_items" in line for line in plan(mine, query))
    mine.execute("set enable_indexscan = off")
    try:
        lines = plan(mine, query)
        assert not any("Index Scan" in line for line in lines), lines
        assert any("Seq Scan on ps_items" in line for line in lines), lines
    finally:
        mine.execute("reset enable_indexscan")


def test_enable_nestloop_off_hashes_instead_of_looking_keys_up(servers):
    mine, _ = servers
    query = "select * from ps_picks p join ps_items i on i.id = p.pick"
    assert any("Nested Loop" in line for line in plan(mine, query))
    mine.execute("set enable_nestloop = off")
    try:
        lines = plan(mine, query)
        assert not any("Nested Loop" in line for line in lines), lines
        assert any("Hash Join" in line for line in lines), lines
    finally:
        mine.execute("reset enable_nestloop")
