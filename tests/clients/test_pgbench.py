"""pgbench's TPC-B-like workload (simple protocol) against ptreedb: no failed
transactions, and the balances of accounts, tellers, branches and history
agree afterwards (each transaction adds one delta to all four)."""
import os
import re
import subprocess

from simple_client import SimpleClient


def pgbench(server, *args):
    env = dict(os.environ, PGCONNECT_TIMEOUT="10")
    command = ["pgbench", "-h", "127.0.0.1", "-p", str(server.port), "-U", "postgres", *args, "postgres"]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def test_pgbench_tpcb_runs_without_failures_and_keeps_balances(ptreedb_server):
    init = pgbench(ptreedb_server, "-i", "-s", "1", "-q")
    assert init.returncode == 0, init.stderr
    run = pgbench(ptreedb_server, "-c", "4", "-j", "2", "-T", "10")
    assert run.returncode == 0, run.stderr
    processed = int(re.search(r"number of transactions actually processed: (\d+)", run.stdout).group(1))
    assert processed > 0
    assert "number of failed transactions: 0 (0.000%)" in run.stdout
    client = SimpleClient(ptreedb_server.dsn)
    sums = client.run("select (select sum(abalance) from pgbench_accounts), (select sum(tbalance) from pgbench_tellers),"
                      " (select sum(bbalance) from pgbench_branches), (select sum(delta) from pgbench_history),"
                      " (select count(*) from pgbench_history)")[0]
    assert sums[0] == sums[1] == sums[2] == sums[3]
    assert int(sums[4]) == processed
    assert client.scalar("select count(*) from pgbench_accounts") == "100000"
    client.close()
