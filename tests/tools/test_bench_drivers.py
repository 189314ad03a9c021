"""ptreedb-bench's drivers against ptreedb and a private PostgreSQL 15: TPC-H
load and run at SF 0.01 with every answer checked against PostgreSQL's, short
YCSB and TPC-HC runs that must complete with sane counts, and the data's
invariants checked after them."""
import struct
import subprocess
import sys

import pytest

from fixtures.server import start_server, stop_server
from bench_support import BENCH, SF001_ROWS, bench, tpchgen

ENGINES = ["ptreedb", "postgresql"]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    assert BENCH.exists(), f"{BENCH} is not built"
    assert tpchgen(), "tpchgen-cli is not installed (tests/requirements.txt)"
    return tmp_path_factory.mktemp("tpch-cache")


@pytest.fixture(scope="module")
def ptreedb(tmp_path_factory):
    server = start_server(tmp_path_factory.mktemp("bench-server"))
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


class Target:
    """Where a driver connects: (port, dbname), plus SQL for checks."""

    def __init__(self, name, port, dbname, psql):
        self.name, self.port, self.dbname, self._psql = name, port, dbname, psql

    def scalar(self, sql):
        done = self._psql("-A", "-t", "-c", sql)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()


def psql_runner(port, dbname):
    def run(*args):
        return subprocess.run(["psql", "-X", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
                               "-d", dbname, *args], capture_output=True, text=True, timeout=120)
    return run


@pytest.fixture(scope="module")
def targets(ptreedb, postgres_oracle):
    created = postgres_oracle.psql("-c", "DROP DATABASE IF EXISTS bench_drivers",
                                   "-c", "CREATE DATABASE bench_drivers")
    assert created.returncode == 0, created.stderr
    return {"ptreedb": Target("ptreedb", ptreedb.port, "postgres", psql_runner(ptreedb.port, "postgres")),
            "postgresql": Target("postgresql", postgres_oracle.port, "bench_drivers",
                                 psql_runner(postgres_oracle.port, "bench_drivers"))}


def load_tpch(target, cache_dir):
    done, document = bench("tpch", "load", "--sf", "0.01", "--drop", port=target.port,
                           dbname=target.dbname, cache_dir=cache_dir)
    assert done.returncode == 0, done.stderr
    return document


def test_tpch_load_then_run_matches_postgresql(targets, cache_dir):
    for name in ENGINES:
        document = load_tpch(targets[name], cache_dir)
        assert {t["table"]: t["rows"] for t in document["tables"]} == SF001_ROWS
        assert document["rows"] == sum(SF001_ROWS.values())
        assert targets[name].scalar("select count(*) from lineitem") == "60175"
    ptreedb, postgres = targets["ptreedb"], targets["postgresql"]
    done, document = bench("tpch", "run", "--runs", "2", "--reference-port", str(postgres.port),
                           "--reference-dbname", postgres.dbname, port=ptreedb.port)
    assert done.returncode == 0, done.stdout + done.stderr
    queries = document["queries"]
    assert [q["query"] for q in queries] == [f"q{n:02d}" for n in range(1, 23)]
    for q in queries:
        assert "error" not in q, q
        assert q["matches_reference"] is True, q
        assert len(q["seconds"]) == 2 and all(s > 0 for s in q["seconds"])
        assert q["rows"] > 0
    assert document["all_ok"] is True and document["geomean_seconds"] > 0


def test_tpch_run_reports_a_differing_answer(targets, postgres_oracle, tmp_path):
    """The check is real: an answer that differs from the reference fails the run."""
    created = postgres_oracle.psql("-c", "DROP DATABASE IF EXISTS bench_reference",
                                   "-c", "CREATE DATABASE bench_reference")
    assert created.returncode == 0, created.stderr
    reference = psql_runner(postgres_oracle.port, "bench_reference")
    made = reference("-c", "create table region (r_regionkey int); insert into region values (0)")
    assert made.returncode == 0, made.stderr
    (tmp_path / "q98.sql").write_text("select 1 + 1")
    (tmp_path / "q99.sql").write_text("select count(*) from region")
    done, document = bench("tpch", "run", "--runs", "1", "--queries", str(tmp_path),
                           "--reference-port", str(postgres_oracle.port),
                           "--reference-dbname", "bench_reference", port=targets["ptreedb"].port)
    assert done.returncode == 1
    by_name = {q["query"]: q for q in document["queries"]}
    assert by_name["q98"]["matches_reference"] is True
    assert by_name["q99"]["matches_reference"] is False  # 5 regions against 1
    assert document["all_ok"] is False


@pytest.mark.parametrize("engine", ENGINES)
def test_ycsb_workloads_complete(targets, engine):
    target = targets[engine]
    done, document = bench("ycsb", "--workload", "load", "--records", "2000", port=target.port,
                           dbname=target.dbname)
    assert done.returncode == 0, done.stderr
    assert target.scalar("select count(*) from usertable") == "2000"
    inserted = 0
    for workload, distribution in [("a", "zipfian"), ("c", "uniform"), ("d", "zipfian"),
                                   ("e", "uniform"), ("f", "zipfian")]:
        done, document = bench("ycsb", "--workload", workload, "--records", "2000", "--operations",
                                "300", "--threads", "3", "--distribution", distribution,
                                port=target.port, dbname=target.dbname)
        assert done.returncode == 0, f"workload {workload}: {done.stderr}{done.stdout}"
        assert document["operations"] == 300 and document["errors"] == 0
        assert document["ops_per_second"] > 0
        latency = document["latency"]
        assert 0 < latency["p50_us"] <= latency["p95_us"] <= latency["p99_us"] <= latency["max_us"]
        assert sum(document["ops_per_second_over_time"]) == 300
        by_type = document["operations_by_type"]
        assert sum(s["count"] for s in by_type.values()) == 300
        if workload == "c":
            assert set(by_type) == {"read"}
            assert document["rows_read"] == 300 and document["reads_missing"] == 0
        if workload == "a":
            assert set(by_type) == {"read", "update"}
        inserted += document["inserted"]
    assert inserted > 0
    # Every insert landed once, on a fresh key after the loaded ones.
    assert target.scalar("select count(*) from usertable") == str(2000 + inserted)
    assert target.scalar("select count(*) from usertable where ycsb_key >= 2000") == str(inserted)


def test_ycsb_rejects_bad_flags(targets):
    done, _ = bench("ycsb", "--workload", "q", port=targets["ptreedb"].port)
    assert done.returncode == 2 and "usage" in done.stderr
    done, _ = bench("ycsb", "--threads", "0", port=targets["ptreedb"].port)
    assert done.returncode == 2


def run_tpchc(target, *extra):
    done, document = bench("tpchc", "--duration", "6", "--clients", "3", "--streams", "1", *extra,
                           port=target.port, dbname=target.dbname)
    assert done.returncode == 0, done.stderr + done.stdout
    return document


@pytest.mark.parametrize("engine", ENGINES)
def test_tpchc_runs_and_keeps_invariants(targets, cache_dir, engine):
    target = targets[engine]
    load_tpch(target, cache_dir)
    document = run_tpchc(target)
    transactions = document["transactions"]
    for name in ["new_order", "payment", "delivery"]:
        assert transactions[name]["errors"] == 0
        assert transactions[name]["per_second"] >= 0
    assert transactions["new_order"]["count"] > 0 and transactions["payment"]["count"] > 0
    assert transactions["new_order"]["per_second"] > 0
    assert document["tpmC"] == pytest.approx(transactions["new_order"]["per_second"] * 60, rel=1e-3)
    assert isinstance(document["query_slowdown_pct"], (int, float))
    assert document["queries"]["completed"] > 0 and document["QphH"] > 0
    assert document["queries"]["latency_alone"]["count"] == 22
    invariants = document["invariants"]
    assert invariants["checked"] and invariants["ok"], invariants
    # The checks are recomputed here from the database itself.
    new_orders = transactions["new_order"]["count"]
    assert int(target.scalar("select count(*) from orders")) == SF001_ROWS["orders"] + new_orders
    delivered = invariants["delivered_orders"]["actual"]
    assert int(target.scalar("select count(*) from hc_new_order")) == new_orders - delivered
    assert target.scalar("select count(*) from orders o where o.o_orderkey > 60000 and not exists "
                         "(select 1 from lineitem l where l.l_orderkey = o.o_orderkey)") == "0"
    history = float(target.scalar("select sum(h_amount) from hc_history"))
    assert history > 0


@pytest.mark.parametrize("engine", ENGINES)
def test_tpchc_with_transactions_keeps_invariants(targets, cache_dir, engine):
    """--transactions wraps each in BEGIN/COMMIT. On ptreedb, READ COMMITTED
    blocks whose COMMIT re-run would answer otherwise (two Deliveries taking
    one queued order) fail with 40001 and are retried."""
    target = targets[engine]
    load_tpch(target, cache_dir)
    document = run_tpchc(target, "--transactions")
    assert document["transactions_mode"] == "begin_commit"
    assert document["transactions"]["new_order"]["count"] > 0
    assert document["transactions"]["delivery"]["count"] > 0
    assert document["invariants"]["ok"], document["invariants"]


def test_tpchc_without_tpch_data_fails_cleanly(postgres_oracle):
    created = postgres_oracle.psql("-c", "DROP DATABASE IF EXISTS bench_empty",
                                   "-c", "CREATE DATABASE bench_empty")
    assert created.returncode == 0
    done, _ = bench("tpchc", "--duration", "1", port=postgres_oracle.port, dbname="bench_empty")
    assert done.returncode == 1
    assert "orders" in done.stderr


def test_plot_writes_a_png(targets, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "ycsb.png"
    done, document = bench("ycsb", "--workload", "c", "--load", "--records", "2000",
                           "--operations", "200", "--plot", str(png), port=targets["postgresql"].port,
                           dbname=targets["postgresql"].dbname,
                           env={"PTREEDB_BENCH_PYTHON": sys.executable})
    assert done.returncode == 0, done.stderr
    header = png.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    assert width >= 1000 and height >= 400
