"""tools/regress: how two outcomes are compared and how error messages are
grouped, on synthetic outcomes; and a session's results, timeout and lost
connection on a real ptreedb."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "regress"))

from outcome import IDENTICAL, compare, error_pattern, messages_identical  # noqa: E402
from session import Session  # noqa: E402


def rows(values, columns=("a",), tag=None):
    return {"status": "rows", "tag": tag or f"SELECT {len(values)}", "columns": list(columns),
            "rows": [list(row) for row in values]}


def error(sqlstate, message="boom"):
    return {"status": "error", "sqlstate": sqlstate, "message": message}


def test_same_rows_tag_and_columns_are_identical():
    assert compare([rows([["1"], [None]])], [rows([["1"], [None]])]) == IDENTICAL


def test_rows_must_match_in_order_and_null_is_not_the_text_null():
    assert compare([rows([["1"], ["2"]])], [rows([["2"], ["1"]])]) == "row order differs"
    assert compare([rows([[None]])], [rows([["NULL"]])]) == "rows differ"
    assert compare([rows([["1"]])], [rows([["1"], ["1"]])]) == "rows differ"


def test_column_names_and_command_tags_count():
    assert compare([rows([["1"]], columns=["x"])], [rows([["1"]], columns=["?column?"])]) == \
        "column names differ"
    assert compare([{"status": "command", "tag": "INSERT 0 2"}],
                   [{"status": "command", "tag": "INSERT 0 1"}]) == "command tag differs"
    assert compare([{"status": "command", "tag": "CREATE TABLE"}],
                   [{"status": "command", "tag": "CREATE TABLE"}]) == IDENTICAL


def test_errors_compare_by_sqlstate_and_messages_apart():
    expected, actual = [error("22012", "division by zero")], [error("22012", "divide by zero")]
    assert compare(expected, actual) == IDENTICAL
    assert not messages_identical(expected, actual)
    assert messages_identical(expected, [error("22012", "division by zero")])
    assert compare([error("22012")], [error("0A000")]) == "sqlstate differs"
    assert compare([rows([["1"]])], [error("0A000")]) == "ptreedb error"
    assert compare([error("42601")], [rows([["1"]])]) == "ptreedb no error"


def test_crash_timeout_and_result_count():
    assert compare([rows([["1"]])], [{"status": "crash"}]) == "crash"
    assert compare([rows([["1"]])], [error(None, "server closed the connection"), {"status": "crash"}]) == "crash"
    assert compare([rows([["1"]])], [error("57014"), {"status": "timeout"}]) == "timeout"
    assert compare([rows([["1"]]), rows([["2"]])], [rows([["1"]])]) == "result count differs"


def test_copy_out_data_is_compared():
    want = [{"status": "copy_out", "data": "1\n2\n"}, {"status": "command", "tag": "COPY 2"}]
    assert compare(want, want) == IDENTICAL
    assert compare(want, [{"status": "copy_out", "data": "2\n1\n"}, {"status": "command", "tag": "COPY 2"}]) == \
        "row order differs"


def test_error_patterns_group_names_and_numbers():
    assert error_pattern('type "point" does not exist') == error_pattern('type "path" does not exist')
    assert error_pattern("value 12 out of range for 3 digits") == "value N out of range for N digits"
    assert error_pattern('function gcd does not exist\nLINE 1: ...') == "function gcd does not exist"
    assert error_pattern(None) == ""


def test_a_session_reads_rows_copy_errors_and_times_out(ptreedb_server):
    session = Session(ptreedb_server.port)
    try:
        assert session.run("SELECT 1 AS one, NULL AS nothing") == [rows([["1", None]], columns=["one", "nothing"])]
        assert session.run("SELECT 1/0")[0]["sqlstate"] == "22012"
        assert session.run("CREATE TABLE t (a int, b text)") == [{"status": "command", "tag": "CREATE TABLE"}]
        assert session.run("COPY t FROM STDIN", "1\tx\n2\t\\N\n") == [{"status": "command", "tag": "COPY 2"}]
        assert session.run("SELECT b FROM t ORDER BY a") == [rows([["x"], [None]], columns=["b"])]
        assert session.run("SELECT 1; SELECT 2") == [rows([["1"]], columns=["?column?"]),
                                                      rows([["2"]], columns=["?column?"])]
        slow = session.run("SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b",
                           timeout=0.5)
        assert slow[-1] == {"status": "timeout"}
    finally:
        session.close()
    # A timed-out statement leaves the server answering new sessions.
    again = Session(ptreedb_server.port)
    try:
        assert again.run("SELECT count(*) FROM t") == [rows([["2"]], columns=["count"])]
    finally:
        again.close()


def test_report_groups_errors_and_names_statement_kinds():
    from report import statement_kind, top_errors, unsupported_statements

    assert statement_kind("CREATE OR REPLACE FUNCTION f() RETURNS int") == "CREATE OR REPLACE FUNCTION"
    assert statement_kind("create temp table t AS SELECT 1") == "CREATE TEMP TABLE"
    assert statement_kind("CREATE TABLE t AS SELECT 1") == "CREATE TABLE … AS"
    assert statement_kind("SELECT 1") == "SELECT"

    def record(sql, message, sqlstate="0A000"):
        return {"sql": sql, "verdict": "ptreedb error", "postgres": [{"status": "command", "tag": "X"}],
                "ptreedb": [error(sqlstate, message)]}

    files = [{"file": "a", "statements_detail": [
        record("CREATE TABLE p (f1 point)", 'type "point" does not exist', "42704"),
        record("CREATE TABLE q (f1 path)", 'type "path" does not exist', "42704"),
        record("CREATE FUNCTION f() RETURNS int AS 'select 1' LANGUAGE sql", "this statement is not supported yet"),
        {"sql": "SELECT 1", "verdict": IDENTICAL, "postgres": [error("42704", "x")],
         "ptreedb": [error("42704", "x")]}]}]
    [(pattern, count, in_files, (message, sql)), second] = top_errors(files)
    assert (pattern, count, in_files) == ('42704: type "…" does not exist', 2, ["a"])
    assert sql == "CREATE TABLE p (f1 point)"
    assert second[:2] == ("0A000: this statement is not supported yet", 1)
    assert unsupported_statements(files) == [("CREATE FUNCTION", 1)]
