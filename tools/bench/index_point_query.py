#!/usr/bin/env python3
"""Point queries by a secondary index against the sequential scan they
replace, on ptreedb and a private PostgreSQL 15 in one run: a table of
--rows rows (id primary key, g a distinct integer in scrambled order,
indexed), and pgbench with one client running `WHERE g = :v` (the index)
and `WHERE g + 0 = :v` (the same rows found by scanning). Engines take turns
on each query, --rounds times; the median run is reported, with the
index/scan speedup of each engine.

usage: tools/bench/index_point_query.py [--rows N] [--seconds N] [--rounds N]
"""
import argparse
import os
import shutil
import signal
import statistics
import subprocess
import tempfile
from pathlib import Path

from commit_throughput import PTREEDB, free_port, pgbench, psql, start_postgres, wait_listening, as_postgres, run, \
    PG_BIN

QUERIES = {
    "index": "\\set v random(1, {rows})\nselect * from points where g = :v;\n",
    "scan": "\\set v random(1, {rows})\nselect * from points where g + 0 = :v;\n",
}


def load(port, rows):
    psql(port, "drop table if exists points")
    psql(port, "create table points (id int primary key, g int, payload text)")
    # 1000003 is prime: g runs over distinct values in scrambled order.
    psql(port, f"insert into points select i, ((i::bigint * 7919) % 1000003)::int, 'payload ' || i"
               f" from generate_series(1, {rows}) i")
    psql(port, "create index points_g on points (g)")
    psql(port, "analyze points")
    psql(port, "checkpoint")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="index-point-"))
    os.chmod(base, 0o777)
    ours = None
    pg_data = None
    try:
        port = free_port()
        ours = subprocess.Popen([str(PTREEDB), "--port", str(port), "--data-dir", str(base / "ptreedb")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_listening(port)
        pg_port, pg_data = start_postgres(base, "on")
        engines = {"ptreedb": port, "postgresql": pg_port}
        scripts = {}
        for name, text in QUERIES.items():
            scripts[name] = base / f"{name}.sql"
            scripts[name].write_text(text.format(rows=options.rows))
        for engine_port in engines.values():
            load(engine_port, options.rows)
        runs = {(engine, query): [] for engine in engines for query in QUERIES}
        for _ in range(options.rounds):
            for query in QUERIES:
                for engine, engine_port in engines.items():
                    tps, p50, p99, _failed = pgbench(engine_port, [], options.seconds, 1, scripts[query])
                    runs[(engine, query)].append((tps, p50))
        print(f"{options.rows} rows, 1 client, median of {options.rounds} runs of {options.seconds} s")
        print(f"{'engine':<12}{'query':<8}{'tps':>12}{'p50 ms':>10}")
        medians = {}
        for (engine, query), values in runs.items():
            tps = statistics.median(v[0] for v in values)
            p50 = statistics.median(v[1] for v in values)
            medians[(engine, query)] = tps
            print(f"{engine:<12}{query:<8}{tps:>12.1f}{p50:>10.3f}")
        for engine in engines:
            print(f"{engine}: index {medians[(engine, 'index')] / medians[(engine, 'scan')]:.0f}x the scan's throughput")
    finally:
        if ours is not None:
            ours.send_signal(signal.SIGTERM)
            ours.wait()
        if pg_data is not None:
            subprocess.run(as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(pg_data), "-m", "fast", "stop"]),
                           capture_output=True)
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
