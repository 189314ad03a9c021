#!/usr/bin/env python3
"""Sampling on TPC-H lineitem (6·10^6 rows at SF 1), ptreedb against a
private PostgreSQL 15 (tsm_system_rows) on the same data in one run, engines
taking turns:

  * latency of 10,000 sampled rows (TABLESAMPLE SYSTEM_ROWS (10000)), counted
    on the server and sent to the client, and of BERNOULLI at the same size,
    beside the full scan a sample replaces;
  * sampler throughput (one pgbench client drawing SYSTEM_ROWS (10000)) idle
    and while two pgbench clients run 2,000 single-row updates a second on
    lineitem (pgbench -R 2000);
  * ptreedb only: how often the 95% interval of approx_sum over a 1%
    BERNOULLI sample covers the exact Q6 revenue, over --coverage-runs seeds.

usage: tools/bench/compare/compare_sampling.py [--sf 1] [--runs 15] [--seconds 10] [--out FILE.json]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engines  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
Q6_WHERE = ("where l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01' "
            "and l_discount between 0.05 and 0.07 and l_quantity < 24")
QUERIES = {
    "system_rows_count": "select count(*) from lineitem tablesample system_rows (10000)",
    "system_rows_fetch": "select * from lineitem tablesample system_rows (10000)",
    "bernoulli_count": "select count(*) from lineitem tablesample bernoulli (0.1667)",
    "full_scan_count": "select count(*) from lineitem where l_quantity >= 0",
}
SAMPLER = "select count(*) from lineitem tablesample system_rows (10000);\n"
# TPC-H order keys: the first 8 of every 32.
UPDATER = ("\\set i random(0, 1499999)\n\\set k (:i / 8) * 32 + :i % 8 + 1\n"
           "update lineitem set l_comment = 'sampled meanwhile' where l_orderkey = :k and l_linenumber = 1;\n")


def timed(connection, sql, runs):
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        connection.execute(sql).fetchall()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def pgbench(port, script, seconds, clients=1, rate=None):
    command = ["pgbench", "-n", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-M", "simple",
               "-c", str(clients), "-j", str(clients), "-T", str(seconds), "-f", str(script)]
    if rate:
        command += ["-R", str(rate)]
    out = subprocess.run(command + ["postgres"], capture_output=True, text=True, check=True).stdout
    return float(re.search(r"tps = ([\d.]+)", out).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sf", default="1")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--coverage-runs", type=int, default=1000)
    parser.add_argument("--server-bin", default=str(REPO / "build" / "bin" / "ptreedb"))
    parser.add_argument("--bench-bin", default=str(REPO / "build" / "bin" / "ptreedb-bench"))
    parser.add_argument("--cache-dir", default=str(REPO / "build" / "bench-cache"))
    parser.add_argument("--out")
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sampling-bench-"))
    os.chmod(work, 0o777)
    (work / "sampler.sql").write_text(SAMPLER)
    (work / "updater.sql").write_text(UPDATER)
    servers = {"ptreedb": engines.PtreedbEngine(options.bench_bin, options.server_bin),
               "postgresql": engines.PostgresEngine(options.bench_bin)}
    results = {"scale_factor": options.sf, "queries": {}, "throughput": {}}
    try:
        connections = {}
        for name, server in servers.items():
            print(f"loading {name}", file=sys.stderr)
            server.load(options.sf, options.cache_dir)
            connections[name] = psycopg.connect(host="127.0.0.1", port=server.port, user="postgres",
                                                dbname="postgres", autocommit=True)
        connections["postgresql"].execute("create extension if not exists tsm_system_rows")
        for query, sql in QUERIES.items():
            results["queries"][query] = {}
            for name, connection in connections.items():  # engines take turns
                timed(connection, sql, 2)  # warm
                results["queries"][query][name] = timed(connection, sql, options.runs)
        for name, server in servers.items():
            idle = pgbench(server.port, work / "sampler.sql", options.seconds)
            writers = {}
            thread = threading.Thread(target=lambda: writers.setdefault(
                "tps", pgbench(server.port, work / "updater.sql", options.seconds + 2, clients=2, rate=2000)))
            thread.start()
            time.sleep(1)
            busy = pgbench(server.port, work / "sampler.sql", options.seconds)
            thread.join()
            results["throughput"][name] = {"idle_tps": idle, "with_writers_tps": busy,
                                           "share_kept": busy / idle, "writer_tps": writers.get("tps")}
        mine = connections["ptreedb"]
        (exact,) = mine.execute(f"select sum(l_extendedprice * l_discount) from lineitem {Q6_WHERE}").fetchone()
        exact = float(exact)
        covered = 0
        started = time.perf_counter()
        for seed in range(options.coverage_runs):
            estimate, error = mine.execute(
                "select approx_sum(l_extendedprice * l_discount), approx_sum_error(l_extendedprice * l_discount) "
                f"from lineitem tablesample bernoulli (1) repeatable ({seed}) {Q6_WHERE}").fetchone()
            covered += abs(estimate - exact) <= error
        results["coverage"] = {"runs": options.coverage_runs, "covered": covered,
                               "share": covered / options.coverage_runs,
                               "seconds_per_run": (time.perf_counter() - started) / options.coverage_runs}
    finally:
        for server in servers.values():
            server.close()
    print(json.dumps(results, indent=1))
    if options.out:
        Path(options.out).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
