"""What a statement gave, and whether two servers gave the same.

An outcome is a list of results, one per result the server sent (a statement
split at semicolons usually gives one). A result is a dict:
  {"status": "rows", "tag": "SELECT 2", "columns": [...], "rows": [[...]]}
  {"status": "command", "tag": "CREATE TABLE"}
  {"status": "copy_out", "tag": "COPY 2", "data": "..."}
  {"status": "error", "sqlstate": "42P01", "message": "..."}
  {"status": "timeout"} / {"status": "crash"} / {"status": "connection_lost", "message": ...}
Values are the text the server sent (None for NULL). Outcomes are the same
when every result has the same status, tag, column names and rows in the
same order, or the same SQLSTATE; message text is compared on its own.
"""
import re

IDENTICAL = "identical"


def compare(expected, actual):
    """A short reason why actual (ptreedb) differs from expected
    (PostgreSQL), or IDENTICAL."""
    for status in ("crash", "timeout", "connection_lost"):
        if any(result["status"] == status for result in actual):
            return status
    if len(expected) != len(actual):
        return "result count differs"
    for want, got in zip(expected, actual):
        reason = _compare_result(want, got)
        if reason != IDENTICAL:
            return reason
    return IDENTICAL


def _compare_result(want, got):
    if want["status"] != got["status"]:
        if got["status"] == "error":
            return "ptreedb error"
        if want["status"] == "error":
            return "ptreedb no error"
        return "result kind differs"
    status = want["status"]
    if status == "error":
        return IDENTICAL if want["sqlstate"] == got["sqlstate"] else "sqlstate differs"
    if status == "rows":
        if want["columns"] != got["columns"] and want["rows"] == got["rows"]:
            return "column names differ"
        if want["rows"] != got["rows"]:
            if _as_multiset(want["rows"]) == _as_multiset(got["rows"]):
                return "row order differs"
            return "rows differ"
        if want["columns"] != got["columns"]:
            return "column names differ"
    if status == "copy_out" and want.get("data") != got.get("data"):
        if sorted(want["data"].splitlines()) == sorted(got["data"].splitlines()):
            return "row order differs"
        return "rows differ"
    if want.get("tag") != got.get("tag"):
        return "command tag differs"
    return IDENTICAL


def _as_multiset(rows):
    return sorted(tuple("\0NULL" if value is None else value for value in row) for row in rows)


def messages_identical(expected, actual):
    """Whether the error messages agree too (only for outcomes that are
    otherwise identical and hold an error)."""
    want = [result.get("message") for result in expected if result["status"] == "error"]
    got = [result.get("message") for result in actual if result["status"] == "error"]
    return want == got


_QUOTED = re.compile(r'"[^"]*"|\'[^\']*\'')
_NUMBER = re.compile(r"\b\d+(\.\d+)?\b")


def error_pattern(message):
    """An error message with its quoted names and numbers masked, so that
    'type "foo" does not exist' and 'type "bar" does not exist' group."""
    first_line = (message or "").strip().splitlines()[0] if (message or "").strip() else ""
    return _NUMBER.sub("N", _QUOTED.sub('"…"', first_line))
