"""Runs PostgreSQL 15's regression files statement by statement on a private
PostgreSQL 15 and on ptreedb, and counts the statements whose outcome (rows
and command tag, or error SQLSTATE) is the same on both.

Per file: a fresh database on PostgreSQL and a fresh ptreedb server, the
session settings pg_regress uses, test_setup.sql (with the psql variables
pg_regress provides), then the file. See docs/compatibility.md.

  python tools/regress/run_compat.py [--files window,with] [--out-dir build/regress]
"""
import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fetch_sources import regress_dir  # noqa: E402
from outcome import IDENTICAL, compare, messages_identical  # noqa: E402
from psql_script import MetaCommand, PsqlScript, Statement  # noqa: E402
from report import write_reports  # noqa: E402
from servers import PG_BIN, PostgresCluster, PtreedbServer  # noqa: E402
from session import Session  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
# pg_regress runs every test with these (PGTZ, PGDATESTYLE in its environment).
SESSION_SETTINGS = {"TimeZone": "PST8PDT", "DateStyle": "Postgres, MDY"}
# Meta-commands that only change how psql prints; they change no outcome.
PRINTING_COMMANDS = {"pset", "x", "a", "t", "echo", "qecho", "timing", "C", "f", "H", "T", "encoding",
                     "a\\t", "t\\a", "warn", "errverbose", "o", "out", "p", "print"}
_COPY_FROM_FILE = re.compile(r"^(\s*copy\s+.+?\s+from\s+)'((?:[^']|'')*)'(.*)$", re.IGNORECASE | re.DOTALL)


def schedule_order(regress):
    """The files in parallel_schedule's order (test_setup first)."""
    names = []
    for line in (regress / "parallel_schedule").read_text().splitlines():
        if line.startswith("test:"):
            names.extend(line[len("test:"):].split())
    present = {path.stem for path in (regress / "sql").glob("*.sql")}
    return [name for name in names if name in present]


class FileRun:
    """Both servers' sessions for one regression file, and what they gave."""

    def __init__(self, runner, name):
        self.runner = runner
        self.name = name
        self.records = []
        self.crashes = []
        self.timeouts = 0
        self.meta = {"applied": 0, "printing": 0, "skipped": {}}
        self.setup = {"statements": 0, "identical": 0}

    # -- sessions -----------------------------------------------------------
    def connect(self, user="postgres"):
        self.pg = Session(self.runner.postgres.port, user=user)
        self.pt = self._connect_ptreedb(user)
        self.settings = {}
        for setting, value in SESSION_SETTINGS.items():
            sql = f"SET {setting} TO '{value}'"
            self.pg.run(sql)
            self.settings[setting] = self.pt.run(sql) if self.pt else None

    def _connect_ptreedb(self, user):
        try:
            return Session(self.runner.ptreedb.port, user=user)
        except ConnectionError as error:
            self.runner.log(f"  ptreedb refused a connection as {user}: {error}")
            return None

    def close(self):
        for session in (getattr(self, "pg", None), getattr(self, "pt", None)):
            if session:
                session.close()

    # -- statements ---------------------------------------------------------
    def execute(self, statement, script, phase):
        sql, copy_data = self.runner.client_side_copy(statement)
        timeout = self.runner.timeout
        expected = self.pg.run(sql, copy_data, timeout=max(timeout, 60)) if self.pg.alive else \
            [{"status": "connection_lost", "message": "PostgreSQL session lost"}]
        # psql follows the server: the data after a refused COPY is read as SQL,
        # and standard_conforming_strings decides how '\' in strings is read.
        script.copy_accepted = self.pg.entered_copy_in or statement.copy_data is None
        if self.pg.parameter("standard_conforming_strings") is not None:
            script.standard_strings = self.pg.parameter("standard_conforming_strings") == "on"
        if not self.pg.alive:
            self.pg = Session(self.runner.postgres.port)
        actual = self.pt.run(sql, copy_data, timeout=timeout) if self.pt else \
            [{"status": "connection_lost", "message": "no ptreedb session"}]
        if statement.send_command == "gexec":
            expected = expected + self._gexec(self.pg, expected)
            actual = actual + self._gexec(self.pt, actual)
        if statement.send_command == "gset":
            _gset(script.variables, expected, statement.send_argument)
        self._after_ptreedb_statement(statement, actual)  # marks a crash as such
        verdict = compare(expected, actual)
        record = {"line": statement.line, "sql": statement.sql, "postgres": expected, "ptreedb": actual,
                  "verdict": verdict}
        if verdict == IDENTICAL and any(result["status"] == "error" for result in expected):
            record["messages_identical"] = messages_identical(expected, actual)
        if phase == "setup":
            self.setup["statements"] += 1
            self.setup["identical"] += verdict == IDENTICAL
            if verdict != IDENTICAL:
                self.setup.setdefault("differences", []).append(record)
        else:
            self.records.append(record)

    def _gexec(self, session, outcome):
        results = []
        for result in outcome:
            if result["status"] != "rows" or session is None:
                continue
            for row in result["rows"]:
                for value in row:
                    if value is not None:
                        results.extend(session.run(value, timeout=self.runner.timeout))
        return results

    def _after_ptreedb_statement(self, statement, actual):
        """A crash or hang of ptreedb is recorded; the server is restarted
        (with test_setup.sql again) so the file goes on."""
        statuses = {result["status"] for result in actual}
        ptreedb = self.runner.ptreedb
        if "connection_lost" in statuses:
            ptreedb.wait_exit(3.0)  # a dying server may still be exiting
        if "timeout" in statuses:
            self.timeouts += 1
            self.runner.log(f"  TIMEOUT in {self.name} line {statement.line}: {statement.sql[:200]!r}")
        if ptreedb.crashed():
            crash = {"file": self.name, "line": statement.line, "sql": statement.sql,
                     "exit": ptreedb.exit_description(), "log": ptreedb.read_log_tail()}
            self.crashes.append(crash)
            for result in actual:
                if result["status"] == "connection_lost":
                    result["status"] = "crash"
            self.runner.log(f"  CRASH in {self.name} line {statement.line} ({crash['exit']}): "
                            f"{statement.sql[:200]!r}")
            self._restart_ptreedb()
        elif "timeout" in statuses and not self._ptreedb_answers():
            self.runner.log("  ptreedb does not answer after the timeout; restarting it")
            self.crashes.append({"file": self.name, "line": statement.line, "sql": statement.sql,
                                 "exit": "hung (did not answer a new connection)", "log": ""})
            self._restart_ptreedb()
        elif self.pt is None or not self.pt.alive:
            self.pt = self._connect_ptreedb("postgres")

    def _ptreedb_answers(self):
        try:
            probe = Session(self.runner.ptreedb.port)
        except ConnectionError:
            return False
        answered = probe.run("SELECT 1", timeout=5)
        probe.close()
        return answered and answered[0]["status"] == "rows"

    def _restart_ptreedb(self):
        if self.pt:
            self.pt.close()
        self.runner.ptreedb.stop()
        self.runner.ptreedb.start()
        self.pt = self._connect_ptreedb("postgres")
        for setting, value in SESSION_SETTINGS.items():
            if self.pt:
                self.pt.run(f"SET {setting} TO '{value}'")
        if self.name != "test_setup" and self.pt:
            for item in self.runner.script("test_setup"):
                if isinstance(item, Statement):
                    sql, copy_data = self.runner.client_side_copy(item)
                    self.pt.run(sql, copy_data, timeout=self.runner.timeout)

    # -- meta-commands ------------------------------------------------------
    def meta_command(self, command):
        name = command.name
        if name in ("set", "unset", "getenv", "r", "reset"):
            self.meta["applied"] += 1
        elif name in PRINTING_COMMANDS:
            self.meta["printing"] += 1
        elif name in ("c", "connect"):
            self.meta["applied"] += 1
            words = command.argument.split()
            user = words[1] if len(words) > 1 and words[1] != "-" else "postgres"
            self.close()
            self.connect(user)
        else:
            skipped = self.meta["skipped"]
            skipped[name] = skipped.get(name, 0) + 1

    def run_script(self, script, phase):
        for item in script:
            if isinstance(item, MetaCommand):
                if phase == "file":
                    self.meta_command(item)
                continue
            if item.send_command == "gdesc":
                self.meta["skipped"]["gdesc"] = self.meta["skipped"].get("gdesc", 0) + 1
                continue
            self.execute(item, script, phase)

    def summary(self):
        identical = sum(record["verdict"] == IDENTICAL for record in self.records)
        total = len(self.records)
        return {"file": self.name, "statements": total, "identical": identical,
                "percent": round(100.0 * identical / total, 1) if total else 0.0,
                "crashes": len(self.crashes), "timeouts": self.timeouts, "setup": self.setup,
                "meta_commands": self.meta, "session_settings": self.settings_report(),
                "crash_details": self.crashes, "statements_detail": self.records}

    def settings_report(self):
        report = {}
        for setting, outcome in getattr(self, "settings", {}).items():
            if outcome and outcome[0]["status"] == "error":
                report[setting] = "refused by ptreedb: " + outcome[0]["message"]
            else:
                report[setting] = "applied"
        return report


def _gset(variables, outcome, prefix):
    """psql's \\gset: a one-row result's columns become variables."""
    for result in outcome:
        if result["status"] == "rows" and len(result["rows"]) == 1:
            for column, value in zip(result["columns"], result["rows"][0]):
                if value is None:
                    variables.pop(prefix + column, None)
                else:
                    variables[prefix + column] = value


class Runner:
    def __init__(self, args):
        self.args = args
        self.timeout = args.timeout
        self.regress = regress_dir(args.cache_dir)
        self.work = Path(tempfile.mkdtemp(prefix="regress-compat-"))
        self.work.chmod(0o755)  # the postgres user reaches its cluster below it
        self.postgres = PostgresCluster(self.work)
        self.ptreedb = PtreedbServer(Path(args.ptreedb).resolve(), self.work)
        self.build_dir = self.postgres.make_writable_dir(self.work / "builddir")
        self.postgres.make_writable_dir(self.build_dir / "results")
        self.environment = {"PG_ABS_SRCDIR": str(self.regress), "PG_ABS_BUILDDIR": str(self.build_dir),
                            "PG_LIBDIR": str(PG_BIN.parent / "lib"), "PG_DLSUFFIX": ".so"}

    def log(self, text):
        print(text, flush=True)

    def script(self, name, variables=None):
        text = (self.regress / "sql" / f"{name}.sql").read_text(encoding="utf-8", errors="replace")
        return PsqlScript(text, variables if variables is not None else {}, self.environment)

    def client_side_copy(self, statement):
        """COPY ... FROM 'file' sends the file from the client unless
        --server-side-copy: ptreedb reads no server files, and the data files
        are what test_setup.sql loads for every other file."""
        match = None if self.args.server_side_copy else _COPY_FROM_FILE.match(statement.sql)
        if match is None:
            return statement.sql, statement.copy_data
        path = Path(match.group(2).replace("''", "'"))
        if not path.is_file():
            return statement.sql, statement.copy_data
        return f"{match.group(1)}STDIN{match.group(3)}", path.read_text(encoding="utf-8", errors="replace")

    def run_file(self, name, keep_roles):
        self.postgres.fresh_database(keep_roles)
        self.ptreedb.start()
        run = FileRun(self, name)
        started = time.monotonic()
        try:
            run.connect()
            if name != "test_setup":
                run.run_script(self.script("test_setup"), "setup")
            run.run_script(self.script(name), "file")
        finally:
            run.close()
            self.ptreedb.stop()
        summary = run.summary()
        summary["seconds"] = round(time.monotonic() - started, 1)
        return summary

    def run(self, names):
        out_dir = Path(self.args.out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        self.postgres.start()
        keep_roles = self.postgres.roles()
        files = []
        try:
            for name in names:
                summary = self.run_file(name, keep_roles)
                files.append(summary)
                self.log(f"{name:24} {summary['identical']:5}/{summary['statements']:<5} "
                         f"{summary['percent']:5.1f}%  crashes {summary['crashes']}  "
                         f"timeouts {summary['timeouts']}  ({summary['seconds']} s)")
                self._write(out_dir, files)
        finally:
            self.postgres.stop()
            shutil.rmtree(self.work, ignore_errors=True)
        return files

    def _write(self, out_dir, files):
        document = {"postgres_version": _postgres_version(), "ptreedb": str(self.ptreedb.binary),
                    "session_settings": SESSION_SETTINGS, "timeout_seconds": self.timeout,
                    "copy_from_file": "server" if self.args.server_side_copy else "client",
                    "files": files}
        (out_dir / "regress-compat.json").write_text(json.dumps(document, indent=1))
        write_reports(document, out_dir)


def _postgres_version():
    import subprocess
    done = subprocess.run([str(PG_BIN / "postgres"), "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def main(argv=None):
    parser = argparse.ArgumentParser(description="PostgreSQL 15 regression files on ptreedb vs PostgreSQL 15")
    parser.add_argument("--files", default="all",
                        help="comma-separated file names (without .sql), or 'all' (parallel_schedule order)")
    parser.add_argument("--ptreedb", default=os.environ.get("PTREEDB_BIN", str(REPO / "build" / "bin" / "ptreedb")))
    parser.add_argument("--cache-dir", default=str(REPO / "build" / "regress-cache"))
    parser.add_argument("--out-dir", default=str(REPO / "build" / "regress"))
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per statement on ptreedb")
    parser.add_argument("--datestyle", default=SESSION_SETTINGS["DateStyle"],
                        help="DateStyle for both servers (pg_regress: 'Postgres, MDY')")
    parser.add_argument("--server-side-copy", action="store_true",
                        help="send COPY ... FROM 'file' as it is instead of from the client")
    args = parser.parse_args(argv)
    SESSION_SETTINGS["DateStyle"] = args.datestyle
    runner = Runner(args)
    names = schedule_order(runner.regress) if args.files == "all" else \
        [name.strip().removesuffix(".sql") for name in args.files.split(",") if name.strip()]
    missing = [name for name in names if not (runner.regress / "sql" / f"{name}.sql").exists()]
    if missing:
        parser.error(f"no such regression file: {', '.join(missing)}")
    files = runner.run(names)
    crashes = [crash for summary in files for crash in summary["crash_details"]]
    print(f"\nreport: {Path(args.out_dir) / 'regress-compat.md'}")
    if crashes:
        print(f"\n!!! {len(crashes)} ptreedb crash(es)/hang(s):")
        for crash in crashes:
            print(f"  {crash['file']}:{crash['line']} {crash['exit']}: {crash['sql'][:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
