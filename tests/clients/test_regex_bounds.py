"""A regular expression can never hold a session: patterns that make a
backtracking matcher explode (nested quantifiers over text that almost
matches) answer within a second, with PostgreSQL's answer or 2201B "regular
expression is too complex", and the session goes on. They used to run for
tens of seconds (or forever) without heeding cancel or statement_timeout."""
import time

import pytest

CASES = [
    # PostgreSQL answers all of these at once: t, f, f.
    ("select 'a' ~ '((((((a+|)+|)+|)+|)+|)+|)'", "t"),
    ("select '" + "a" * 40 + "!' ~ '^(a+)+$'", "f"),
    ("select '" + "a" * 40 + "b' ~ '^(a|a)*$'", "f"),
    ("select '" + "a" * 30 + "' ~ '^(a|aa|aaa)*(b|c)$'", "f"),
]


@pytest.mark.parametrize("statement,postgres_answer", CASES)
def test_explosive_patterns_end_quickly(ptreedb_server, statement, postgres_answer):
    started = time.monotonic()
    result = ptreedb_server.psql("-A", "-t", "-v", "VERBOSITY=sqlstate", "-c", statement)
    elapsed = time.monotonic() - started
    assert elapsed < 2, f"{statement} took {elapsed:.1f} s"
    if result.returncode == 0:
        assert result.stdout.strip() == postgres_answer
    else:
        assert "2201B" in result.stderr, result.stderr
    # The session's server still answers.
    assert ptreedb_server.psql("-A", "-t", "-c", "select 'ok' ~ '^o'").stdout.strip() == "t"
