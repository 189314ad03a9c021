"""Differential SQL tests: every statement of tests/sql/cases/*.sql runs on
ptreedb and on PostgreSQL 15; results (or error SQLSTATEs) must match.
Rows of a query without ORDER BY are compared as a multiset."""
import re
from pathlib import Path

import pytest

CASES = sorted((Path(__file__).parent / "cases").glob("*.sql"))


def statements(path):
    """Statements end with ';' at the end of a line; '--' lines are comments."""
    current = []
    for line in path.read_text().splitlines():
        if line.strip().startswith("--") and not current:
            continue
        current.append(line)
        if line.rstrip().endswith(";"):
            yield "\n".join(current).strip()
            current = []
    if any(line.strip() for line in current):
        yield "\n".join(current).strip()


def outcome(run, statement):
    result = run("-A", "-F", "|", "-v", "VERBOSITY=sqlstate", "-c", statement)
    error = re.search(r"ERROR:\s+([0-9A-Z]{5})", result.stderr)
    if error:
        return ("error", error.group(1))
    lines = result.stdout.splitlines()
    if re.search(r"\border\s+by\b", statement, re.IGNORECASE) is None and len(lines) > 2:
        lines = [lines[0]] + sorted(lines[1:-1]) + [lines[-1]]
    return ("ok", lines)


@pytest.mark.parametrize("case", CASES, ids=[case.stem for case in CASES])
def test_matches_postgresql(case, ptreedb_server, postgres_oracle):
    # Each case starts from empty databases: drop what an earlier case left.
    mismatches = []
    for statement in statements(case):
        mine = outcome(ptreedb_server.psql, statement)
        theirs = outcome(postgres_oracle.psql, statement)
        if mine != theirs:
            mismatches.append(f"{statement}\n  ptreedb:    {mine}\n  postgresql: {theirs}")
    assert not mismatches, f"{len(mismatches)} statements differ:\n" + "\n".join(mismatches)
