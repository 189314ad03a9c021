"""The memory budget: with --memory-limit, a sort, hash aggregate, hash join
or result bigger than the budget (or than work_mem) fails with 53200 "out of
memory" and a DETAIL naming the operator, the server's resident size stays
near the limit, the memory comes back (the same session then runs a large
query that fits), and other sessions keep getting answers meanwhile.
Without the budget the oversized sort was OOM-killed at 6 GB."""
import hashlib
import sys
import threading
import time

import psycopg
import pytest

from fixtures.server import RELEASE_BINARY, is_sanitized, keep_asan_quarantine_small, start_server, stop_server

LIMIT_MB = 256
SANITIZED_LIMIT_MB = 512
OVERSIZED_SORT = ("select count(*) from (select 'r' || i x from generate_series(1, 100000000) i "
                  "order by x) s")
OVERSIZED_AGGREGATE = ("select count(*) from (select 'g' || i, count(*) from generate_series(1, 20000000) i "
                       "group by 1) s")
OVERSIZED_JOIN = ("select count(*) from (select 'k' || i k from generate_series(1, 10000000) i) a "
                  "join (select 'k' || i k from generate_series(1, 10000000) i) b using (k)")
OVERSIZED_DISTINCT = "select count(*) from (select distinct 'd' || i from generate_series(1, 20000000) i) s"
OVERSIZED_WINDOW = ("select count(*) from (select sum(i) over (partition by i % 7 order by i rows 3 preceding) "
                    "from generate_series(1, 50000000) i) s")
# Each row's string_agg holds every earlier row's text: quadratic in the rows.
OVERSIZED_WINDOW_TEXTS = ("select count(*) from (select string_agg(x::text, ',') over (order by x) "
                          "from generate_series(1, 200000) x) s")
OVERSIZED_SET_OPERATION = ("select count(*) from (select 'u' || i from generate_series(1, 20000000) i "
                           "except select 'v') s")


def connect(server):
    return psycopg.connect(host="127.0.0.1", port=server.port, user="postgres", dbname="postgres",
                           autocommit=True)


def status_kb(pid, field):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


@pytest.fixture
def limited_server(tmp_path, monkeypatch):
    keep_asan_quarantine_small(monkeypatch)
    server = start_server(tmp_path, ["--memory-limit", f"{LIMIT_MB}M"])
    if is_sanitized(server.process.pid):
        # ASan's shadow memory and its larger binary make the idle server's
        # resident size alone about LIMIT_MB: the budget starts from that.
        stop_server(server)
        monkeypatch.setattr(sys.modules[__name__], "LIMIT_MB", SANITIZED_LIMIT_MB)
        (tmp_path / "sanitized").mkdir()
        server = start_server(tmp_path / "sanitized", ["--memory-limit", f"{SANITIZED_LIMIT_MB}M"])
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


@pytest.fixture
def release_limited_server(tmp_path):
    """For the write checks, which compare the process's resident size with the
    limit: under ASan that size holds shadow memory and freed blocks the
    sanitizer keeps, so they run against the Release build; and for the
    checks that only an input far past the budget stays within it, which
    would take minutes under ASan."""
    server = start_server(tmp_path, ["--memory-limit", f"{LIMIT_MB}M"], binary=RELEASE_BINARY)
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


def allowed_peak_kb(server, baseline_kb):
    # Estimates of what chunks and hash tables take are not exact, and the
    # allocator keeps some freed memory; under ASan, shadow memory and
    # redzones come on top of every allocation.
    allowance_mb = LIMIT_MB if is_sanitized(server.process.pid) else 64
    return baseline_kb + (LIMIT_MB + allowance_mb) * 1024


def expect_out_of_memory(conn, sql, context):
    with pytest.raises(psycopg.Error) as caught:
        conn.execute(sql)
    error = caught.value
    assert error.sqlstate == "53200", error
    assert error.diag.message_primary == "out of memory"
    assert error.diag.message_detail.startswith("Failed on request of size "), error.diag.message_detail
    assert f'in memory context "{context}"' in error.diag.message_detail
    return error


class Neighbour:
    """Another session running small queries the whole time, counting answers."""

    def __init__(self, server):
        self.conn = connect(server)
        self.conn.execute("create table neighbour (id int primary key, v text)")
        self.conn.execute("insert into neighbour select i, 'v' || i from generate_series(1, 1000) i")
        self.answers = 0
        self.errors = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run)

    def run(self):
        while not self.stop.is_set():
            try:
                assert self.conn.execute("select count(*), max(v) from neighbour").fetchone() == (1000, "v999")
                self.answers += 1
            except Exception as error:  # noqa: BLE001 - reported by the test
                self.errors.append(error)
            time.sleep(0.02)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()
        self.conn.close()


def test_oversized_sort_fails_with_53200_and_the_server_stays_up(limited_server):
    pid = limited_server.process.pid
    with connect(limited_server) as conn, Neighbour(limited_server) as neighbour:
        baseline_kb = status_kb(pid, "VmRSS")
        answers_before = neighbour.answers
        # work_mem defaults to a quarter of the limit: the sort alone passes it.
        assert conn.execute("show work_mem").fetchone() == (f"{LIMIT_MB // 4}MB",)
        error = expect_out_of_memory(conn, OVERSIZED_SORT, "Sort")
        assert f"one operator may hold {LIMIT_MB // 4}MB" in error.diag.message_detail
        # With work_mem above the limit, the server's budget is what stops it.
        conn.execute("set work_mem = '1GB'")
        error = expect_out_of_memory(conn, OVERSIZED_SORT, "Sort")
        assert f"memory limit of {LIMIT_MB}MB" in error.diag.message_detail
        assert status_kb(pid, "VmHWM") <= allowed_peak_kb(limited_server, baseline_kb)
        # The failed statements gave their memory back: a sort of 100 MB fits.
        assert conn.execute("select count(*) from (select 'r' || i x from generate_series(1, 1000000) i "
                            "order by x) s").fetchone() == (1_000_000,)
        assert conn.execute("select 1").fetchone() == (1,)
        time.sleep(0.2)
        assert neighbour.errors == []
        assert neighbour.answers > answers_before
    assert limited_server.process.poll() is None


def test_top_n_of_an_oversized_input_fits_the_budget(release_limited_server):
    # The sort that fails above holds every row; under a LIMIT only the best
    # rows are kept as they arrive (their texts copied out of the rest), and
    # a selective filter's small chunks are packed, not held whole. (Release:
    # the point is the budget, and 20M rows under ASan take minutes.)
    limited_server = release_limited_server
    with connect(limited_server) as conn:
        assert conn.execute("select x from (select 'r' || i x from generate_series(1, 20000000) i) s "
                            "order by x desc limit 3").fetchall() == [("r9999999",), ("r9999998",), ("r9999997",)]
        assert conn.execute("select i from generate_series(1, 20000000) i where i % 1000 = 7 "
                            "order by i desc limit 2").fetchall() == [(19999007,), (19998007,)]
        smallest = (min(hashlib.md5(str(i).encode()).hexdigest() for i in range(1, 3000001)),)
        assert conn.execute("select md5(i::text) m from generate_series(1, 3000000) i "
                            "order by m limit 1").fetchone() == smallest
    assert limited_server.process.poll() is None


def test_text_extremes_of_an_oversized_input_fit_the_budget(release_limited_server):
    # min()/max() keep a copy of each group's extreme text, not the chunks the
    # values came from: 3M computed texts (about 200 MB) pass under a 64 MB
    # work_mem, grouped or not, and count() of texts keeps none of them.
    limited_server = release_limited_server
    hashes = [hashlib.md5(str(i).encode()).hexdigest() for i in range(1, 3000001)]
    with connect(limited_server) as conn:
        conn.execute("set work_mem = '64MB'")
        assert conn.execute("select min(md5(i::text)), max(md5(i::text)), count(md5(i::text)) "
                            "from generate_series(1, 3000000) i").fetchone() == (min(hashes), max(hashes), 3000000)
        by_group = conn.execute("select i % 3, max('x' || md5(i::text)) from generate_series(1, 3000000) i "
                                "group by 1 order by 1").fetchall()
        assert by_group == [(k, "x" + max(hashes[i - 1] for i in range(1, 3000001) if i % 3 == k))
                            for k in range(3)]
    assert limited_server.process.poll() is None


@pytest.mark.parametrize("sql, context", [
    (OVERSIZED_AGGREGATE, "HashAggregate"),
    (OVERSIZED_JOIN, "HashJoin"),
    (OVERSIZED_DISTINCT, "HashAggregate"),
    (OVERSIZED_SET_OPERATION, "SetOp"),
    (OVERSIZED_WINDOW, "WindowAgg"),
    (OVERSIZED_WINDOW_TEXTS, "WindowAgg"),
    # A plain result streams to the client; a cursor's result is kept whole.
    ("declare big cursor with hold for select 'r' || i from generate_series(1, 100000000) i", "ExecutorState"),
])
def test_oversized_hashes_and_results_fail_with_53200(limited_server, sql, context):
    pid = limited_server.process.pid
    with connect(limited_server) as conn, Neighbour(limited_server) as neighbour:
        baseline_kb = status_kb(pid, "VmRSS")
        conn.execute("set work_mem = '1GB'")
        expect_out_of_memory(conn, sql, context)
        assert status_kb(pid, "VmHWM") <= allowed_peak_kb(limited_server, baseline_kb)
        assert conn.execute("select count(*) from neighbour").fetchone() == (1000,)
        time.sleep(0.2)
        assert neighbour.errors == []
        assert neighbour.answers > 0
    assert limited_server.process.poll() is None


def test_work_mem_is_a_memory_setting_as_in_postgresql(limited_server):
    with connect(limited_server) as conn:
        conn.execute("set work_mem = 65536")  # kB, as PostgreSQL reads a bare number
        assert conn.execute("show work_mem").fetchone() == ("64MB",)
        conn.execute("set work_mem = '2GB'")
        assert conn.execute("show work_mem").fetchone() == ("2GB",)
        for bad, sqlstate in (("'4 parsecs'", "22023"), ("'4mb'", "22023"), ("'10kB'", "22023")):
            with pytest.raises(psycopg.Error) as caught:
                conn.execute(f"set work_mem = {bad}")
            assert caught.value.sqlstate == sqlstate
        conn.execute("reset work_mem")
        assert conn.execute("show work_mem").fetchone() == (f"{LIMIT_MB // 4}MB",)
        # A work_mem above the server's share raises one operator's bound.
        conn.execute("set work_mem = '1GB'")
        error = expect_out_of_memory(conn, OVERSIZED_SORT, "Sort")
        assert f"memory limit of {LIMIT_MB}MB" in error.diag.message_detail


def test_a_small_work_mem_does_not_make_queries_fail(limited_server):
    """PostgreSQL spills a sort or hash past work_mem to disk and still answers;
    ptreedb holds operators in memory, so a work_mem below the server's share
    (applications set 4MB, PostgreSQL's regression files 64kB) leaves the
    server's share as the bound: every query below answers, none gets 53200."""
    with connect(limited_server) as conn:
        conn.execute("set work_mem = '64kB'")
        assert conn.execute("show work_mem").fetchone() == ("64kB",)
        assert conn.execute("select count(*) from (select 'r' || i x from generate_series(1, 200000) i "
                            "order by x) s").fetchone() == (200_000,)
        assert conn.execute("select count(*), sum(c) from (select i % 20000 g, count(*) c "
                            "from generate_series(1, 200000) i group by 1) s").fetchone() == (20_000, 200_000)
        assert conn.execute("select count(*) from (select distinct 'd' || (i % 30000) "
                            "from generate_series(1, 200000) i) s").fetchone() == (30_000,)
        assert conn.execute("select count(*) from (select 'k' || i k from generate_series(1, 100000) i) a "
                            "join (select 'k' || i k from generate_series(1, 100000) i) b using (k)"
                            ).fetchone() == (100_000,)
        assert conn.execute("select count(*) from (select 'u' || i from generate_series(1, 100000) i union "
                            "select 'v' || i from generate_series(1, 100000) i) s").fetchone() == (200_000,)
        assert conn.execute("select max(s) from (select sum(i) over (order by i) s "
                            "from generate_series(1, 100000) i) w").fetchone() == (5_000_050_000,)
        # The bound is still there: the server's share stops a runaway operator.
        expect_out_of_memory(conn, OVERSIZED_SORT, "Sort")
    assert limited_server.process.poll() is None


def wait_for_resident_below(pid, kb, seconds=10):
    """The allocator returns freed memory to the system after a short delay."""
    deadline = time.monotonic() + seconds
    while status_kb(pid, "VmRSS") > kb and time.monotonic() < deadline:
        time.sleep(0.1)


def test_writes_cannot_grow_the_tables_past_the_limit(release_limited_server):
    pid = release_limited_server.process.pid
    filler = "y" * 500
    with connect(release_limited_server) as conn:
        baseline_kb = status_kb(pid, "VmRSS")
        conn.execute("create table big (id int primary key, filler text)")
        # One statement whose rows alone pass the limit.
        with pytest.raises(psycopg.Error) as caught:
            conn.execute(f"insert into big select i, 'x' || i || '{filler}' from generate_series(1, 2000000) i")
        assert caught.value.sqlstate == "53200"
        assert conn.execute("select count(*) from big").fetchone() == (0,)
        assert status_kb(pid, "VmHWM") <= allowed_peak_kb(release_limited_server, baseline_kb)
        wait_for_resident_below(pid, baseline_kb + 32 * 1024)
        # Statements that each fit: the table grows until the limit refuses more.
        refused = None
        for batch in range(40):
            try:
                conn.execute(f"insert into big select i, '{filler}' from generate_series("
                             f"{batch * 50000 + 1}, {(batch + 1) * 50000}) i")
            except psycopg.Error as error:
                refused = error
                break
        assert refused is not None and refused.sqlstate == "53200", "40 x 25 MB were all accepted"
        assert status_kb(pid, "VmHWM") <= allowed_peak_kb(release_limited_server, baseline_kb)
        # What was committed stays readable, and deleting it is allowed.
        stored = conn.execute("select count(*) from big").fetchone()[0]
        assert stored > 0 and stored % 50000 == 0
        conn.execute("truncate big")
        assert conn.execute("select count(*) from big").fetchone() == (0,)
    assert release_limited_server.process.poll() is None


def test_memory_limit_flag_is_validated(tmp_path):
    for bad in ("12", "lots", "0"):
        (tmp_path / bad).mkdir()
        with pytest.raises(RuntimeError, match="invalid value for --memory-limit"):
            start_server(tmp_path / bad, ["--memory-limit", bad])


def test_copy_cannot_load_past_the_limit(release_limited_server):
    pid = release_limited_server.process.pid
    filler = "z" * 2000
    with connect(release_limited_server) as conn:
        baseline_kb = status_kb(pid, "VmRSS")
        conn.execute("create table loaded (id int primary key, filler text)")
        with pytest.raises(psycopg.Error) as caught:
            with conn.cursor().copy("copy loaded from stdin") as copy:
                for block in range(150):  # 300 MB
                    copy.write("".join(f"{i}\t{filler}\n" for i in range(block * 1000, (block + 1) * 1000)))
        assert caught.value.sqlstate == "53200"
        assert 'in memory context "COPY"' in caught.value.diag.message_detail
        assert status_kb(pid, "VmHWM") <= allowed_peak_kb(release_limited_server, baseline_kb)
        assert conn.execute("select count(*) from loaded").fetchone() == (0,)
        # The failed COPY's rows are freed: 100 MB more fit. The allocator hands
        # pages back lazily (later on a busy machine), so a refusal while the
        # resident size still counts them is retried, a few times at most.
        for attempt in range(4):
            wait_for_resident_below(pid, baseline_kb + 32 * 1024)
            try:
                with conn.cursor().copy("copy loaded from stdin") as copy:
                    for block in range(50):
                        copy.write("".join(f"{i}\t{filler}\n" for i in range(block * 1000, (block + 1) * 1000)))
                break
            except psycopg.errors.OutOfMemory:
                if attempt == 3:
                    raise
        assert conn.execute("select count(*) from loaded").fetchone() == (50_000,)
    assert release_limited_server.process.poll() is None


def test_union_all_is_bounded_by_the_budget_not_work_mem(limited_server):
    """An Append passes its sides on: only the statement's budget bounds them, as
    PostgreSQL's Append has no work_mem, while a UNION (a hash) has the bound of
    one operator."""
    with connect(limited_server) as conn:
        both = ("select count(*) from (select 'u' || i from generate_series(1, {n}) i union all "
                "select 'v' || i from generate_series(1, {n}) i) s")
        assert conn.execute(both.format(n=10_000_000)).fetchone() == (20_000_000,)
        expect_out_of_memory(conn, both.format(n=10_000_000).replace("union all", "union"), "SetOp")
