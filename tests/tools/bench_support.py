"""Runs ptreedb-bench (beside the server binary under test) and finds tpchgen-cli."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from fixtures.server import BINARY

BENCH = Path(os.environ.get("PTREEDB_BENCH_BIN", BINARY.parent / "ptreedb-bench"))
# SF 0.01 row counts of tpchgen-cli (TPC-H clause 4.2.5: fixed per scale factor).
SF001_ROWS = {"region": 5, "nation": 25, "supplier": 100, "customer": 1500, "part": 2000,
              "partsupp": 8000, "orders": 15000, "lineitem": 60175}


def tpchgen():
    local = Path(sys.executable).parent / "tpchgen-cli"
    return str(local) if local.exists() else shutil.which("tpchgen-cli")


def bench(*args, port, cache_dir=None, dbname="postgres", timeout=600, env=None):
    """Runs ptreedb-bench with --json; returns (completed process, parsed JSON or None)."""
    command = [str(BENCH), *args, "--host", "127.0.0.1", "--port", str(port), "--dbname", dbname,
               "--json"]
    environment = dict(os.environ, TPCHGEN_CLI=tpchgen() or "tpchgen-cli", **(env or {}))
    if cache_dir:
        environment["PTREEDB_BENCH_CACHE"] = str(cache_dir)
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=environment)
    try:
        document = json.loads(done.stdout) if done.stdout.strip() else None
    except json.JSONDecodeError:
        document = None
    return done, document
