"""Queries ptreedb cannot run yet fail with 0A000 (feature_not_supported) and
a message naming what is missing, never with a misleading error."""
import re

import pytest

SETUP = "create table ns_t (id int primary key, name text); insert into ns_t values (1, 'a'), (2, 'b');"

CASES = [
    # Subqueries decorrelate one level at a time.
    ("select id, (select count(*) from ns_t a where a.id in "
     "(select b.id from ns_t b where b.id <= o.id)) from ns_t o",
     "two or more query levels up is not supported yet"),
    # A FROM function's arguments may hold an uncorrelated subquery only.
    ("select id, (select count(*) from unnest(array(select name from ns_t i where i.id <= o.id)) x) from ns_t o",
     "is not supported yet"),
    ("select generate_series(1, 2) + 1", "set-returning function generate_series is supported only in FROM"),
]


@pytest.mark.parametrize("query,message", CASES)
def test_clear_feature_not_supported_error(ptreedb_server, query, message):
    ptreedb_server.psql("-c", "drop table if exists ns_t")
    assert ptreedb_server.psql("-c", SETUP).returncode == 0
    result = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-c", query)
    assert re.search(r"ERROR:\s+0A000", result.stderr), result.stderr
    assert message in result.stderr
