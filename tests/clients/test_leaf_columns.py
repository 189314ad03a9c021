"""Leaf columns seen from a client: a scan builds a leaf's columns once
(ptreedb_stat_commit.leaf_column_bytes grows, then stays), later scans and
scans after writes answer from them as from the rows, and the columns go
with the table's leaves when it is dropped."""
import time

import psycopg
import pytest

from fixtures.server import start_server, stop_server


@pytest.fixture
def server(tmp_path):
    server = start_server(tmp_path, [])
    yield server
    stop_server(server)
    assert server.process.returncode == 0, server.log()


def leaf_column_bytes(conn):
    return conn.execute("select leaf_column_bytes from ptreedb_stat_commit").fetchone()[0]


def test_scans_build_leaf_columns_once_and_answer_from_them(server):
    with psycopg.connect(server.dsn, autocommit=True) as conn:
        conn.execute("create table m (id bigint primary key, v numeric(10,2), d date)")
        conn.execute("insert into m select i, i * 0.01, date '2024-01-01' + i / 100 from generate_series(1, 50000) i")
        start = leaf_column_bytes(conn)
        query = "select count(*), sum(v) from m where d >= date '2024-03-01'"
        expected_count = sum(1 for i in range(1, 50001) if i // 100 >= 60)
        expected_sum = sum(i for i in range(1, 50001) if i // 100 >= 60)
        first = conn.execute(query).fetchone()
        built = leaf_column_bytes(conn)
        # Two columns of 50,000 rows whose values span little within a leaf:
        # one-byte codes (frame of reference), not the 4 and 8 of the types.
        assert 50000 * 2 <= built - start < 50000 * (4 + 8)
        assert conn.execute(query).fetchone() == first
        assert leaf_column_bytes(conn) == built
        assert first[0] == expected_count
        assert first[1] == pytest.approx(expected_sum / 100)

        conn.execute("update m set v = v + 1 where id % 5000 = 0")
        after = conn.execute(query).fetchone()
        changed = sum(1 for i in range(5000, 50001, 5000) if i // 100 >= 60)
        assert after[0] == expected_count
        assert after[1] == pytest.approx(expected_sum / 100 + changed)

        conn.execute("drop table m")
        # Old worlds are freed when their last reader ends; allow a moment.
        deadline = time.monotonic() + 10
        while leaf_column_bytes(conn) > start and time.monotonic() < deadline:
            time.sleep(0.1)
        assert leaf_column_bytes(conn) <= start
