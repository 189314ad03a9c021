"""The engines the comparison drives. ptreedb and PostgreSQL 15 are servers
(started privately on free ports, loaded and queried through ptreedb-bench over
libpq, the same client code for both); HyPer runs through tableauhyperapi
(which starts its own hyperd) and DuckDB in process, both loading the same CSV
files. Every engine returns, per query, its run times and its answer as rows of
strings."""
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
PG_BIN = Path("/usr/lib/postgresql/15/bin")
TABLES = ["region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem"]
SCHEMA = REPO / "tools" / "bench" / "tpch" / "schema.sql"
# PostgreSQL alone gets this index: without it the correlated subqueries of Q17
# and Q20 rescan lineitem once per outer row (hours at SF 1). It changes no answer.
POSTGRES_INDEX = "CREATE INDEX lineitem_part_supp ON lineitem (l_partkey, l_suppkey)"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process=None, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s")


def schema_without_keys():
    """The TPC-H DDL without PRIMARY KEY clauses, for the analytic engines."""
    text = SCHEMA.read_text()
    text = re.sub(r"--[^\n]*", "", text)
    text = re.sub(r",\s*PRIMARY KEY \([^)]*\)\)", ")", text)
    return [s.strip() for s in text.split(";") if s.strip()]


def read_answer(path):
    return [line.split("|") for line in Path(path).read_text().splitlines()]


class ServerEngine:
    """An engine reached over the PostgreSQL protocol through ptreedb-bench."""

    def __init__(self, name, bench_bin, port, dbname="postgres"):
        self.name = name
        self.bench_bin = str(bench_bin)
        self.port = port
        self.dbname = dbname

    def _bench(self, *args, timeout=None, env=None):
        command = [self.bench_bin, *args, "--host", "127.0.0.1", "--port", str(self.port),
                   "--dbname", self.dbname, "--json"]
        generator = shutil.which("tpchgen-cli") or str(Path(sys.executable).parent / "tpchgen-cli")
        environment = dict(os.environ, **(env or {}))
        environment.setdefault("TPCHGEN_CLI", generator)
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              env=environment)
        if not done.stdout.strip():
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr}")
        return json.loads(done.stdout)

    def load(self, scale, cache_dir):
        result = self._bench("tpch", "load", "--sf", str(scale), "--cache-dir", str(cache_dir),
                             "--drop", *self.load_flags())
        self.after_load()
        return result["load_seconds"]

    def load_flags(self):
        return []

    def after_load(self):
        pass

    def run_queries(self, queries_dir, runs, answers_dir, timeout_seconds):
        env = {"PGOPTIONS": f"-c statement_timeout={int(timeout_seconds * 1000)}"} \
            if self.name == "postgresql" else {}
        result = self._bench("tpch", "run", "--queries", str(queries_dir), "--runs", str(runs),
                             "--answers-dir", str(answers_dir), env=env)
        out = {}
        for q in result["queries"]:
            if "error" in q:
                out[q["query"]] = {"error": q["error"]}
            else:
                out[q["query"]] = {"seconds": q["seconds"],
                                   "answer": read_answer(Path(answers_dir) / f"{q['query']}.txt")}
        return out


class PtreedbEngine(ServerEngine):
    def __init__(self, bench_bin, server_bin):
        super().__init__("ptreedb", bench_bin, free_port())
        self.dir = Path(tempfile.mkdtemp(prefix="ptreedb-compare-"))
        self.log = open(self.dir / "server.log", "w")
        self.process = subprocess.Popen(
            [str(server_bin), "--port", str(self.port), "--data-dir", str(self.dir / "data"),
             "--log-level", "warn"], stdout=self.log, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.process)

    def after_load(self):
        # The load's log triggers a checkpoint in the background: take it now,
        # so the queries are not timed against it.
        subprocess.run(["psql", "-X", "-q", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                        "-d", self.dbname, "-c", "CHECKPOINT"], check=True, capture_output=True)

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def _as_postgres(command):
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class PostgresEngine(ServerEngine):
    """A private PostgreSQL 15: C collation, fsync off, memory sized for analytics."""

    def __init__(self, bench_bin, shared_buffers="4GB", work_mem="256MB", workers=2):
        super().__init__("postgresql", bench_bin, free_port())
        self.dir = Path(tempfile.mkdtemp(prefix="ptreedb-compare-pg-"))
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
        self.data = self.dir / "data"
        subprocess.run(_as_postgres([str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres",
                                     "--auth=trust", "--locale=C", "-E", "UTF8"]),
                       check=True, capture_output=True)
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c synchronous_commit=off -c full_page_writes=off -c TimeZone=UTC "
                   f"-c shared_buffers={shared_buffers} -c work_mem={work_mem} "
                   f"-c max_parallel_workers_per_gather={workers} -c max_wal_size=8GB")
        subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-o", options,
                                     "-l", str(self.dir / "log"), "-w", "start"]),
                       check=True, capture_output=True)

    def load_flags(self):
        return ["--analyze"]

    def after_load(self):
        subprocess.run(["psql", "-X", "-q", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                        "-d", self.dbname, "-c", POSTGRES_INDEX, "-c", "ANALYZE lineitem", "-c", "CHECKPOINT"],
                       check=True, capture_output=True)

    def close(self):
        subprocess.run(_as_postgres([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                                     "stop"]), capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


def _timed_runs(execute, sql, runs):
    seconds, answer = [], None
    for _ in range(runs):
        start = time.perf_counter()
        rows = execute(sql)
        seconds.append(time.perf_counter() - start)
        answer = rows
    return seconds, [["" if v is None else str(v) for v in row] for row in answer]


class DuckdbEngine:
    name = "duckdb"

    def __init__(self):
        import duckdb
        self.connection = duckdb.connect(":memory:")

    def load(self, scale, data_dir):
        start = time.perf_counter()
        for statement in schema_without_keys():
            self.connection.execute(statement)
        for table in TABLES:
            self.connection.execute(
                f"COPY {table} FROM '{Path(data_dir) / (table + '.csv')}' (FORMAT csv, HEADER true)")
        return time.perf_counter() - start

    def run_queries(self, queries_dir, runs, answers_dir, timeout_seconds):
        out = {}
        for path in sorted(Path(queries_dir).glob("*.sql")):
            try:
                seconds, answer = _timed_runs(lambda sql: self.connection.execute(sql).fetchall(),
                                              path.read_text(), runs)
                out[path.stem] = {"seconds": seconds, "answer": answer}
            except Exception as error:  # an engine's failure is a result, not a crash
                out[path.stem] = {"error": str(error)}
        return out

    def close(self):
        self.connection.close()


class HyperEngine:
    """Tableau's HyPer through tableauhyperapi; it starts and stops its own hyperd."""
    name = "hyper"

    def __init__(self):
        from tableauhyperapi import HyperProcess, Telemetry, Connection, CreateMode
        self.dir = Path(tempfile.mkdtemp(prefix="ptreedb-compare-hyper-"))
        self.process = HyperProcess(Telemetry.DO_NOT_SEND_USAGE_DATA_TO_TABLEAU,
                                    parameters={"log_dir": str(self.dir)})
        self.connection = Connection(self.process.endpoint, str(self.dir / "tpch.hyper"),
                                     CreateMode.CREATE_AND_REPLACE)

    def load(self, scale, data_dir):
        start = time.perf_counter()
        for statement in schema_without_keys():
            self.connection.execute_command(statement)
        for table in TABLES:
            path = str(Path(data_dir) / (table + ".csv")).replace("'", "''")
            self.connection.execute_command(
                f"COPY {table} FROM '{path}' WITH (FORMAT csv, HEADER true)")
        return time.perf_counter() - start

    def run_queries(self, queries_dir, runs, answers_dir, timeout_seconds):
        out = {}
        for path in sorted(Path(queries_dir).glob("*.sql")):
            try:
                seconds, answer = _timed_runs(self.connection.execute_list_query,
                                              path.read_text(), runs)
                out[path.stem] = {"seconds": seconds, "answer": answer}
            except Exception as error:
                out[path.stem] = {"error": str(error)}
        return out

    def close(self):
        self.connection.close()
        self.process.close()
        shutil.rmtree(self.dir, ignore_errors=True)
