"""The two servers a compatibility run compares: a private PostgreSQL 15
cluster (one for the whole run, a fresh database per regression file) and
ptreedb (a fresh server per file, restarted after a crash or a hang)."""
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_listening(port, process, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            return False
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


class PostgresCluster:
    """initdb in a temporary directory, C locale, a spare port; as the
    postgres user when run as root (initdb refuses root)."""

    def __init__(self, work_dir):
        self.base = Path(tempfile.mkdtemp(prefix="pg-", dir=work_dir))
        self.data = self.base / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            owner = pwd.getpwnam("postgres")
            os.chown(self.base, owner.pw_uid, owner.pw_gid)

    def _command(self, command):
        return ["runuser", "-u", "postgres", "--", *command] if self.as_root else command

    def start(self):
        subprocess.run(self._command([str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres",
                                      "--auth=trust", "--locale=C", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True)
        # pg_regress's temporary instance allows prepared transactions too.
        options = (f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c max_prepared_transactions=2")
        subprocess.run(self._command([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-o", options,
                                      "-l", str(self.base / "log"), "-w", "start"]),
                       check=True, capture_output=True)

    def make_writable_dir(self, path):
        """A directory the server may write to (COPY ... TO 'file')."""
        path.mkdir(parents=True, exist_ok=True)
        if self.as_root:
            owner = pwd.getpwnam("postgres")
            os.chown(path, owner.pw_uid, owner.pw_gid)
        return path

    def psql(self, sql, dbname="template1"):
        return subprocess.run(["psql", "-X", "-q", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                               "-d", dbname, "-v", "ON_ERROR_STOP=0", "-c", sql],
                              capture_output=True, text=True, timeout=120)

    def roles(self):
        done = subprocess.run(["psql", "-X", "-At", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                               "-d", "template1", "-c", "SELECT rolname FROM pg_roles"],
                              capture_output=True, text=True, timeout=60)
        return set(done.stdout.split())

    def fresh_database(self, keep_roles):
        """Drops what the previous file left (the database and roles it made)
        and creates the database "postgres" anew, as ptreedb's one database
        is called."""
        extra = sorted(self.roles() - keep_roles)
        for role in extra:
            self.psql(f'DROP OWNED BY "{role}" CASCADE', dbname="postgres")
        self.psql("DROP DATABASE IF EXISTS postgres WITH (FORCE)")
        for role in extra:
            self.psql(f'DROP ROLE IF EXISTS "{role}"')
        for tablespace in ("regress_tblspace",):
            self.psql(f"DROP TABLESPACE IF EXISTS {tablespace}")
        done = self.psql("CREATE DATABASE postgres TEMPLATE template0")
        if done.returncode != 0 or "ERROR" in done.stderr:
            raise RuntimeError(f"could not recreate the PostgreSQL database: {done.stderr}")

    def stop(self):
        subprocess.run(self._command([str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(self.base, ignore_errors=True)


class PtreedbServer:
    """build/bin/ptreedb on a spare port with a temporary data directory."""

    def __init__(self, binary, work_dir):
        self.binary = binary
        self.work_dir = Path(work_dir)
        self.process = None
        self.port = None
        self.base = None
        self.log_tail = ""

    def start(self):
        self.base = Path(tempfile.mkdtemp(prefix="ptreedb-", dir=self.work_dir))
        self.port = free_port()
        self.log_file = open(self.base / "server.log", "w")
        self.process = subprocess.Popen(
            [str(self.binary), "--port", str(self.port), "--data-dir", str(self.base / "data"),
             "--threads", "2", "--durability", "off"],
            stdout=self.log_file, stderr=subprocess.STDOUT)
        if not _wait_listening(self.port, self.process):
            self.stop()
            raise RuntimeError(f"ptreedb did not start: {self.log_tail}")

    def crashed(self):
        """Whether the server process has died; its exit code and the end of
        its log are kept for the report."""
        if self.process is None or self.process.poll() is None:
            return False
        return True

    def wait_exit(self, seconds):
        """Gives a server that dropped a connection time to finish dying."""
        if self.process is None:
            return
        try:
            self.process.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            pass

    def exit_description(self):
        code = self.process.returncode
        if code is not None and code < 0:
            try:
                return f"killed by signal {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit code {code}"

    def read_log_tail(self, lines=20):
        try:
            text = (self.base / "server.log").read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def responsive(self):
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
            return True
        except OSError:
            return False

    def stop(self):
        if self.process is not None:
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
            self.log_tail = self.read_log_tail()
            self.log_file.close()
            self.process = None
        if self.base is not None:
            shutil.rmtree(self.base, ignore_errors=True)
            self.base = None
