"""--huge-pages: with a memory limit of 4 GB or more (or `on`), the Release
server's heap (mimalloc) takes transparent huge pages where the kernel offers
them; `try` keeps small pages under a small limit, `off` never asks, `on`
refuses to start when they cannot be had, and a bad value is refused."""
import pathlib

import psycopg
import pytest

from fixtures.server import RELEASE_BINARY, start_server, stop_server

THP_SETTING = pathlib.Path("/sys/kernel/mm/transparent_hugepage/enabled")
# A hash aggregate of a few million groups: a table of tens of MB.
BIG_AGGREGATE = "select count(*) from (select i % 1000000 g, count(*) from generate_series(1, 2000000) i group by 1) s"


def thp_choice():
    try:
        text = THP_SETTING.read_text()
    except OSError:
        return "never"
    return text[text.index("[") + 1:text.index("]")] if "[" in text else "never"


def uses_mimalloc(pid):
    maps = pathlib.Path(f"/proc/{pid}/maps").read_text()
    return "mimalloc" in maps


def anon_huge_kb(pid):
    for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("AnonHugePages:"):
            return int(line.split()[1])
    return 0


def run_big_aggregate(server):
    with psycopg.connect(server.dsn, autocommit=True) as conn:
        assert conn.execute(BIG_AGGREGATE).fetchone() == (1000000,)


def started(tmp_path, args):
    server = start_server(tmp_path, args, binary=RELEASE_BINARY)
    if not uses_mimalloc(server.process.pid):
        stop_server(server)
        pytest.skip("this build does not link mimalloc (a sanitizer build)")
    return server


@pytest.mark.skipif(thp_choice() == "never", reason="the kernel offers no transparent huge pages")
def test_a_large_limit_takes_huge_pages(tmp_path):
    server = started(tmp_path, ["--memory-limit", "8G"])
    try:
        assert "huge pages: in use" in server.log()
        run_big_aggregate(server)
        assert anon_huge_kb(server.process.pid) > 0
    finally:
        stop_server(server)


@pytest.mark.skipif(thp_choice() != "madvise", reason="only under madvise does the kernel wait to be asked")
@pytest.mark.parametrize("args", [["--memory-limit", "1G"], ["--memory-limit", "8G", "--huge-pages", "off"]])
def test_a_small_limit_or_off_keeps_small_pages(tmp_path, args):
    server = started(tmp_path, args)
    try:
        assert "huge pages: not in use" in server.log()
        run_big_aggregate(server)
        assert anon_huge_kb(server.process.pid) == 0
    finally:
        stop_server(server)


def test_on_uses_them_or_refuses_to_start(tmp_path):
    if thp_choice() == "never":
        with pytest.raises(RuntimeError, match="--huge-pages on: the kernel offers no transparent huge pages"):
            start_server(tmp_path, ["--huge-pages", "on"], binary=RELEASE_BINARY)
        return
    try:
        server = started(tmp_path, ["--huge-pages", "on", "--memory-limit", "256M"])
    except RuntimeError as error:  # a build without mimalloc cannot honour "on"
        assert "this build's allocator cannot use huge pages" in str(error)
        return
    try:
        assert "huge pages: in use" in server.log()
    finally:
        stop_server(server)


def test_a_bad_value_is_refused(tmp_path):
    with pytest.raises(RuntimeError, match="invalid value for --huge-pages: sometimes"):
        start_server(tmp_path, ["--huge-pages", "sometimes"], binary=RELEASE_BINARY)
