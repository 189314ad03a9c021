"""pgjdbc against ptreedb: a small Maven project (tests/clients/jdbc) runs
PreparedStatements with every type, batch inserts, result set metadata and
errors with autocommit on, printing every answer; the same program run
against PostgreSQL 15 must print the same lines."""
import shutil
import subprocess
from pathlib import Path

import pytest

PROJECT = Path(__file__).parent / "jdbc"


@pytest.fixture(scope="module")
def jdbc_classpath():
    if shutil.which("mvn") is None or shutil.which("java") is None:
        pytest.skip("mvn or java is not installed")
    subprocess.run(["mvn", "-q", "-B", "package", "-DskipTests"], cwd=PROJECT, check=True, timeout=900)
    return f"{PROJECT / 'target' / 'classes'}:{PROJECT / 'target' / 'lib'}/*"


def run_client(classpath, port):
    url = f"jdbc:postgresql://127.0.0.1:{port}/postgres"
    done = subprocess.run(["java", "-cp", classpath, "ptreedb.JdbcClientTest", url],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_jdbc_matches_postgresql(jdbc_classpath, ptreedb_server, postgres_oracle):
    ours = run_client(jdbc_classpath, ptreedb_server.port)
    theirs = run_client(jdbc_classpath, postgres_oracle.port)
    assert ours == theirs
    assert "batch 50 50" in ours
    assert ours[-1] == "done"
