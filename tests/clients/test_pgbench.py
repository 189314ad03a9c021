"""pgbench's TPC-B-like workload against ptreedb as the acceptance asks
(`pgbench -i -s 10`, then `-c 8 -j 2 -T 30 --max-tries=10`): no failed
transactions, and the balances of accounts, tellers, branches and history
agree afterwards (each transaction adds one delta to all four); then the
same through the extended protocol with prepared statements."""
import os
import re
import subprocess

from simple_client import SimpleClient


def pgbench(server, *args):
    env = dict(os.environ, PGCONNECT_TIMEOUT="10")
    command = ["pgbench", "-h", "127.0.0.1", "-p", str(server.port), "-U", "postgres", *args, "postgres"]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


def check_balances(server, processed, accounts):
    client = SimpleClient(server.dsn)
    sums = client.run("select (select sum(abalance) from pgbench_accounts), (select sum(tbalance) from pgbench_tellers),"
                      " (select sum(bbalance) from pgbench_branches), (select sum(delta) from pgbench_history),"
                      " (select count(*) from pgbench_history)")[0]
    assert sums[0] == sums[1] == sums[2] == sums[3]
    assert int(sums[4]) == processed
    assert client.scalar("select count(*) from pgbench_accounts") == str(accounts)
    client.close()


def run_without_failures(server, *args):
    run = pgbench(server, *args)
    assert run.returncode == 0, run.stderr
    processed = int(re.search(r"number of transactions actually processed: (\d+)", run.stdout).group(1))
    assert processed > 0
    assert "number of failed transactions: 0 (0.000%)" in run.stdout
    return processed


def test_pgbench_tpcb_runs_without_failures_and_keeps_balances(ptreedb_server):
    init = pgbench(ptreedb_server, "-i", "-s", "10", "-q")
    assert init.returncode == 0, init.stderr
    processed = run_without_failures(ptreedb_server, "-c", "8", "-j", "2", "-T", "30", "--max-tries=10")
    check_balances(ptreedb_server, processed, 1_000_000)
    # Prepared statements over the extended protocol (-n: history is not
    # truncated, so it keeps every transaction's delta).
    processed += run_without_failures(ptreedb_server, "-n", "-M", "prepared", "-c", "8", "-j", "2", "-T", "5",
                                      "--max-tries=10")
    check_balances(ptreedb_server, processed, 1_000_000)
