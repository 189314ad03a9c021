"""`ptreedb-bench compare tpch`: the 22 TPC-H queries on ptreedb and a
PostgreSQL 15 it starts itself, over the same SF 0.01 data, in one run:
every answer agrees, each engine has its medians, the ratio to ptreedb's
is printed, and the per-query plot is written."""
import json
import os
import subprocess
import sys

from fixtures.server import BINARY
from bench_support import BENCH, tpchgen


def test_compare_tpch_runs_both_engines_and_checks_answers(tmp_path):
    assert BENCH.exists() and tpchgen()
    out = tmp_path / "results"
    environment = dict(os.environ, PTREEDB_BENCH_PYTHON=sys.executable, PTREEDB_BENCH_CACHE=str(tmp_path / "cache"))
    done = subprocess.run([str(BENCH), "compare", "tpch", "--sf", "0.01", "--runs", "1", "--engines",
                           "ptreedb,postgresql", "--server-bin", str(BINARY), "--bench-bin", str(BENCH),
                           "--cache-dir", str(tmp_path / "cache"), "--out-dir", str(out)],
                          capture_output=True, text=True, timeout=900, env=environment)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "answers: all agree" in done.stdout
    assert "geomean" in done.stdout
    document = json.loads((out / "tpch-sf0.01.json").read_text())
    text = json.dumps(document)
    assert "ptreedb" in text and "postgresql" in text
    png = (out / "tpch-sf0.01.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000


def test_compare_without_a_workload_prints_usage():
    done = subprocess.run([str(BENCH), "compare"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "ptreedb-bench compare tpch" in done.stderr and "oltp" in done.stderr


def test_compare_with_a_baseline_build_reports_the_speedup_over_it(tmp_path):
    """--baseline-server-bin runs a second ptreedb (an earlier build) as the
    engine 'baseline'; its answers are checked and its ratio printed."""
    out = tmp_path / "results"
    environment = dict(os.environ, PTREEDB_BENCH_PYTHON=sys.executable, PTREEDB_BENCH_CACHE=str(tmp_path / "cache"))
    done = subprocess.run([str(BENCH), "compare", "tpch", "--sf", "0.01", "--runs", "1", "--engines",
                           "ptreedb,postgresql", "--baseline-server-bin", str(BINARY), "--server-bin", str(BINARY),
                           "--bench-bin", str(BENCH), "--cache-dir", str(tmp_path / "cache"),
                           "--out-dir", str(out)],
                          capture_output=True, text=True, timeout=900, env=environment)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "vs baseline" in done.stdout and "answers: all agree" in done.stdout
    document = json.loads((out / "tpch-sf0.01.json").read_text())
    assert document["summary"]["ratios"]["baseline"]["queries_compared"] == 22
    assert all("median_seconds" in row["baseline"] for row in document["queries"])
