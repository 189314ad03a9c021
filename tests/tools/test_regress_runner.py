"""tools/regress/run_compat.py end to end on a synthetic regression suite (a
cache directory laid out as the fetched one, so no network): a private
PostgreSQL 15 and ptreedb run test_setup.sql and the file, and the JSON and
Markdown reports say which statements agree."""
import json
import subprocess
import sys
from pathlib import Path

from fixtures.server import BINARY

RUNNER = Path(__file__).resolve().parents[2] / "tools" / "regress" / "run_compat.py"

TEST_SETUP = """\\getenv abs_srcdir PG_ABS_SRCDIR
CREATE TABLE t (a int, b text);
\\set filename :abs_srcdir '/data/t.data'
COPY t FROM :'filename';
"""

SAMPLE = """-- identical rows, loaded by test_setup.sql from the data file
SELECT a, b FROM t ORDER BY a;
\\pset null '(null)'
SELECT 1/0;
\\d t
COPY t FROM stdin;
3\tz; not a statement
\\.
SELECT count(*) AS n FROM t \\gset
SELECT :n + 1 AS next;
\\if :{?n}
SELECT 'taken' AS branch;
\\else
SELECT 'not taken' AS branch;
\\endif
/* the one statement whose answer differs by design */
SELECT version() = 'PostgreSQL' || ' ' || version() AS never, version();
"""


def synthetic_cache(root):
    regress = root / "regress"
    (regress / "sql").mkdir(parents=True)
    (regress / "data").mkdir()
    (regress / "sql" / "test_setup.sql").write_text(TEST_SETUP)
    (regress / "sql" / "sample.sql").write_text(SAMPLE)
    (regress / "data" / "t.data").write_text("1\tx\n2\t\\N\n")
    (regress / "parallel_schedule").write_text("test: test_setup\ntest: sample\n")
    (regress / ".complete").touch()
    return root


def test_runner_compares_a_file_statement_by_statement(tmp_path):
    cache = synthetic_cache(tmp_path / "cache")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(RUNNER), "--files", "sample", "--ptreedb", str(BINARY),
                           "--cache-dir", str(cache), "--out-dir", str(out), "--timeout", "20"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    document = json.loads((out / "regress-compat.json").read_text())
    [summary] = document["files"]
    assert summary["setup"] == {"statements": 2, "identical": 2}
    records = {" ".join(record["sql"].split()): record for record in summary["statements_detail"]}
    assert list(records) == ["SELECT a, b FROM t ORDER BY a", "SELECT 1/0", "COPY t FROM stdin",
                             "SELECT count(*) AS n FROM t", "SELECT 3 + 1 AS next",
                             "SELECT 'taken' AS branch",
                             "/* the one statement whose answer differs by design */ "
                             "SELECT version() = 'PostgreSQL' || ' ' || version() AS never, version()"]
    verdicts = [record["verdict"] for record in records.values()]
    assert verdicts == ["identical"] * 6 + ["rows differ"]
    assert records["SELECT a, b FROM t ORDER BY a"]["ptreedb"][0]["rows"] == [["1", "x"], ["2", None]]
    assert records["SELECT 1/0"]["postgres"][0]["sqlstate"] == "22012"
    assert records["COPY t FROM stdin"]["ptreedb"] == [{"status": "command", "tag": "COPY 1"}]
    assert (summary["statements"], summary["identical"], summary["crashes"], summary["timeouts"]) == (7, 6, 0, 0)
    assert summary["meta_commands"]["skipped"] == {"d": 1}
    report = (out / "regress-compat.md").read_text()
    assert "| sample | 7 | 6 | 85.7 | 0 | 0 | 1 | 2/2 |" in report
    assert "| rows differ | 1 |" in report
    assert "sample" in done.stdout and "85.7%" in done.stdout
