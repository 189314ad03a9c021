#!/usr/bin/env python3
"""Commit throughput: the same pgbench client drives ptreedb and two private
PostgreSQL 15 servers (fsync on with synchronous_commit on, and fsync off) in
one run. The three servers run side by side and take turns on every cell
(--rounds runs each, interleaved; the median run is reported), so the
machine's slow and fast minutes fall on all of them. ptreedb runs with its
defaults (durability on, WAL in a temporary data directory) and reports its
committer's mean batch size per cell. Workloads: pgbench's TPC-B-like script (simple protocol) and single-row
autocommit updates of random rows. Prints a table and the ptreedb/PostgreSQL
ratios.

usage: tools/bench/commit_throughput.py [--seconds N] [--clients N ...] [--rounds N]
"""
import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PTREEDB = Path(os.environ.get("PTREEDB_BIN", REPO / "build" / "bin" / "ptreedb"))
PG_BIN = Path("/usr/lib/postgresql/15/bin")
# Latency percentiles come from this fraction of transactions (pgbench -l):
# enough samples for a p99, and little logging work on the client.
LATENCY_SAMPLING = 0.1
SETTLE_SECONDS = 2
UPDATE_SCRIPT = "\\set id random(1, 1000)\nupdate counters set n = n + 1 where id = :id;\n"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_listening(port):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def as_postgres(command):
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, check=True, **kwargs)


def psql(port, sql):
    run(["psql", "-X", "-q", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "postgres", "-c", sql])


def pgbench(port, args, seconds, clients, script=None):
    """(tps, p50 ms, p99 ms, failed transactions), latencies from pgbench's per-transaction log."""
    logs = Path(tempfile.mkdtemp(prefix="pgbench-log-"))
    command = ["pgbench", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-n", "-M", "simple",
               "-c", str(clients), "-j", str(min(clients, 2)), "-T", str(seconds), "-l",
               "--sampling-rate", str(LATENCY_SAMPLING), f"--log-prefix={logs}/log", *args]
    if script is not None:
        command += ["-f", str(script)]
    out = run(command + ["postgres"]).stdout
    tps = float(re.search(r"tps = ([\d.]+)", out).group(1))
    failed = int(re.search(r"number of failed transactions: (\d+)", out).group(1))
    latencies = sorted(int(line.split()[2]) for log in logs.iterdir() for line in log.read_text().splitlines()
                       if len(line.split()) > 2 and line.split()[2].isdigit())
    shutil.rmtree(logs, ignore_errors=True)

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] / 1000.0 if latencies else float("nan")

    return tps, percentile(0.50), percentile(0.99), failed


def batch_totals(port):
    """(requests, batches) the committer has seen; None for PostgreSQL."""
    if port_is_postgres.get(port):
        return None
    out = run(["psql", "-X", "-A", "-t", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-d", "postgres",
               "-c", "select mean_batch_size * batches, batches from ptreedb_stat_commit"]).stdout
    requests, batches = out.strip().split("|")
    return float(requests), int(batches)


def mean_batch(port, before):
    after = batch_totals(port)
    if before is None or after is None or after[1] == before[1]:
        return float("nan")
    return (after[0] - before[0]) / (after[1] - before[1])


def load(port):
    run(["pgbench", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres", "-i", "-s", "1", "-q", "postgres"])
    psql(port, "drop table if exists counters")
    psql(port, "create table counters (id int primary key, n bigint)")
    psql(port, "insert into counters select g, 0 from generate_series(1, 1000) g")


def measure_cell(port, workload, clients, seconds, script):
    before = batch_totals(port)
    args = (port, [], seconds, clients) if workload == "tpcb" else (port, [], seconds, clients, script)
    return (*pgbench(*args), mean_batch(port, before))


port_is_postgres = {}


def start_postgres(base, fsync):
    data = base / f"pg-{fsync}"
    run(as_postgres([str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                     "--locale=C", "-E", "UTF8"]))
    port = free_port()
    port_is_postgres[port] = True
    options_text = (f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync={fsync} "
                    f"-c synchronous_commit={fsync} -c max_connections=200")
    run(as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", options_text, "-l",
                     str(base / f"pg-{fsync}.log"), "-w", "start"]))
    return port, data


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=6)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8, 64])
    parser.add_argument("--rounds", type=int, default=3,
                        help="runs per cell and engine, interleaved across engines; the median run is reported")
    options = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="ptreedb-commit-bench-"))
    script = base / "update.sql"
    script.write_text(UPDATE_SCRIPT)
    os.chmod(base, 0o777)
    os.chmod(script, 0o644)
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
    engines = ["ptreedb", "postgres fsync=on", "postgres fsync=off"]
    ports = {}
    server = None
    postgres_data = []
    runs = {engine: {} for engine in engines}
    try:
        # All three servers stay up for the whole run and take turns on each
        # cell, so a slower or faster minute of the machine hits every engine.
        ports["ptreedb"] = free_port()
        server = subprocess.Popen([str(PTREEDB), "--port", str(ports["ptreedb"]), "--data-dir",
                                   str(base / "ptreedb"), "--max-connections", "300"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_listening(ports["ptreedb"])
        for fsync in ("on", "off"):
            port, data = start_postgres(base, fsync)
            ports[f"postgres fsync={fsync}"] = port
            postgres_data.append(data)
        for engine in engines:
            load(ports[engine])
        for clients in options.clients:
            for workload in ("tpcb", "update"):
                for round_number in range(options.rounds):
                    # Rotate who goes first: no engine always follows the same one.
                    order = engines[round_number % 3:] + engines[:round_number % 3]
                    for engine in order:
                        # Let the last run's background work (PostgreSQL's
                        # autovacuum and writer, page cache writeback) settle.
                        time.sleep(SETTLE_SECONDS)
                        cell = runs[engine].setdefault((workload, clients), [])
                        cell.append(measure_cell(ports[engine], workload, clients, options.seconds, script))
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            server.wait()
        for data in postgres_data:
            subprocess.run(as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"]),
                           capture_output=True)
        shutil.rmtree(base, ignore_errors=True)

    def median_run(engine, cell):
        ordered = sorted(runs[engine][cell], key=lambda result: result[0])
        return ordered[len(ordered) // 2]

    print(f"median of {options.rounds} interleaved {options.seconds} s runs per cell")
    print("| workload | clients | ptreedb tps | PG fsync=on tps | PG fsync=off tps | ratio vs on | ratio vs off |"
          " p50 ms (ptreedb / PG on / PG off) | p99 ms (ptreedb / PG on / PG off) | ptreedb failed |"
          " ptreedb mean batch | ptreedb tps of each run | PG fsync=on tps of each run |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for workload in ("tpcb", "update"):
        for clients in options.clients:
            ours, on, off = (median_run(engine, (workload, clients)) for engine in engines)
            each = {engine: " / ".join(f"{r[0]:.0f}" for r in runs[engine][(workload, clients)]) for engine in engines}
            print(f"| {workload} | {clients} | {ours[0]:.0f} | {on[0]:.0f} | {off[0]:.0f} | {ours[0] / on[0]:.2f}× |"
                  f" {ours[0] / off[0]:.2f}× | {ours[1]:.2f} / {on[1]:.2f} / {off[1]:.2f} |"
                  f" {ours[2]:.2f} / {on[2]:.2f} / {off[2]:.2f} | {ours[3]} | {ours[4]:.2f} |"
                  f" {each['ptreedb']} | {each['postgres fsync=on']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
