"""TPC-H queries on ptreedb and PostgreSQL 15 over the same tpchgen-cli data:
the output of each query ptreedb can run yet must be identical, text for text.
The list grows with the SQL ptreedb supports (joins next)."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

QUERIES = Path(__file__).resolve().parents[3] / "shared" / "tpch" / "queries"
SCHEMA = Path(__file__).parent / "schema.sql"
TABLES = ["lineitem"]
SCALE = "0.01"
# The queries that touch only the tables above; the specification's own forms too.
SUPPORTED = ["q01", "q06"]
SPEC_FORMS = {
    "q01_interval": (QUERIES / "q01.sql").read_text().replace(
        "CAST('1998-09-02' AS date)", "date '1998-12-01' - interval '90' day")
    if (QUERIES / "q01.sql").exists() else "",
}


def tpchgen():
    local = Path(sys.executable).parent / "tpchgen-cli"
    return str(local) if local.exists() else shutil.which("tpchgen-cli")


@pytest.fixture(scope="module")
def tpch_data(tmp_path_factory):
    generator = tpchgen()
    assert generator, "tpchgen-cli is not installed (make test installs tests/requirements.txt)"
    directory = tmp_path_factory.mktemp("tpch")
    subprocess.run([generator, "csv", "-s", SCALE, "--tables=" + ",".join(TABLES),
                    "--output-dir", str(directory)], check=True, capture_output=True)
    return directory


def load(run, data_dir):
    result = run("-v", "ON_ERROR_STOP=1", "-f", str(SCHEMA))
    assert result.returncode == 0, result.stderr
    for table in TABLES:
        csv = data_dir / f"{table}.csv"
        result = run("-v", "ON_ERROR_STOP=1", "-c",
                     f"\\copy {table} from '{csv}' with (format csv, header true)")
        assert result.returncode == 0, result.stderr


def test_tpch_queries_match_postgresql(tpch_data, ptreedb_server, postgres_oracle):
    assert QUERIES.is_dir(), f"{QUERIES} is missing (the shared folder sits beside the repository)"
    load(ptreedb_server.psql, tpch_data)
    for table in TABLES:
        postgres_oracle.psql("-c", f"drop table if exists {table}")
    load(postgres_oracle.psql, tpch_data)
    try:
        texts = {name: (QUERIES / f"{name}.sql").read_text() for name in SUPPORTED}
        texts.update(SPEC_FORMS)
        for name, sql in texts.items():
            mine = ptreedb_server.psql("-A", "-c", sql)
            theirs = postgres_oracle.psql("-A", "-c", sql)
            assert mine.returncode == 0, f"{name}: {mine.stderr}"
            assert theirs.returncode == 0, f"{name}: {theirs.stderr}"
            assert mine.stdout == theirs.stdout, f"{name} differs"
            assert mine.stdout.count("\n") > 2, f"{name} returned no rows"
    finally:
        for table in TABLES:
            postgres_oracle.psql("-c", f"drop table if exists {table}")
