"""The readable side of a compatibility run: a per-file table, the crashes
and hangs, why statements differ, and ptreedb's most frequent error messages
over all files (what to implement next).

  python tools/regress/report.py build/regress/regress-compat.json
"""
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from outcome import IDENTICAL, error_pattern  # noqa: E402


def top_errors(files, limit=30):
    """ptreedb's error messages on statements whose outcome differs, grouped
    with names and numbers masked: (pattern, count, files, an example)."""
    counts = Counter()
    examples = {}
    in_files = {}
    for summary in files:
        for record in summary["statements_detail"]:
            if record["verdict"] == IDENTICAL:
                continue
            for result in record["ptreedb"]:
                if result["status"] != "error":
                    continue
                pattern = f"{result.get('sqlstate')}: {error_pattern(result.get('message'))}"
                counts[pattern] += 1
                in_files.setdefault(pattern, set()).add(summary["file"])
                examples.setdefault(pattern, (result.get("message", ""), record["sql"]))
    return [(pattern, count, sorted(in_files[pattern]), examples[pattern])
            for pattern, count in counts.most_common(limit)]


_MODIFIERS = {"OR", "REPLACE", "TEMP", "TEMPORARY", "UNIQUE", "UNLOGGED", "MATERIALIZED", "RECURSIVE",
              "GLOBAL", "LOCAL", "DEFAULT", "CONSTRAINT", "TRUSTED", "PROCEDURAL", "IF", "NOT", "EXISTS"}


def statement_kind(sql):
    """The leading keywords of a statement (CREATE TABLE, CREATE OR REPLACE
    FUNCTION, SELECT, ...), with AS for CREATE TABLE ... AS."""
    words = [word for word in sql.replace("(", " ( ").split() if not word.startswith(("--", "/*"))]
    kind = [words[0].upper()] if words else [""]
    if kind[0] in ("CREATE", "ALTER", "DROP", "COMMENT"):
        for word in words[1:6]:
            kind.append(word.upper())
            if word.upper() not in _MODIFIERS:
                break
    if kind[:2] == ["CREATE", "TABLE"] and " AS " in f" {sql.upper()} ".replace("\n", " "):
        kind.append("… AS")
    return " ".join(kind)


def unsupported_statements(files, limit=25):
    """The statement kinds behind ptreedb's generic 'this statement is not
    supported yet', where the outcome differs."""
    counts = Counter()
    for summary in files:
        for record in summary["statements_detail"]:
            if record["verdict"] == IDENTICAL:
                continue
            for result in record["ptreedb"]:
                if result["status"] == "error" and "statement is not supported" in (result.get("message") or ""):
                    counts[statement_kind(record["sql"])] += 1
    return counts.most_common(limit)


def verdicts(files):
    counts = Counter()
    for summary in files:
        for record in summary["statements_detail"]:
            if record["verdict"] != IDENTICAL:
                counts[record["verdict"]] += 1
    return counts


def markdown(document):
    files = document["files"]
    lines = [f"# PostgreSQL 15 regression files on ptreedb", "",
             f"Oracle: {document['postgres_version']}; session settings {document['session_settings']}; "
             f"{document['timeout_seconds']} s per statement; COPY FROM file sent from the "
             f"{document['copy_from_file']}.", "",
             "| file | statements | identical | % | crashes | timeouts | errors on PostgreSQL | test_setup identical |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    total = identical = crashes = timeouts = 0
    for summary in files:
        setup = summary["setup"]
        setup_text = f"{setup['identical']}/{setup['statements']}" if setup["statements"] else "-"
        postgres_errors = sum(any(result["status"] == "error" for result in record["postgres"])
                              for record in summary["statements_detail"])
        lines.append(f"| {summary['file']} | {summary['statements']} | {summary['identical']} | "
                     f"{summary['percent']:.1f} | {summary['crashes']} | {summary['timeouts']} | "
                     f"{postgres_errors} | {setup_text} |")
        total += summary["statements"]
        identical += summary["identical"]
        crashes += summary["crashes"]
        timeouts += summary["timeouts"]
    percent = 100.0 * identical / total if total else 0.0
    lines.append(f"| **all {len(files)} files** | {total} | {identical} | {percent:.1f} | {crashes} | "
                 f"{timeouts} | | |")
    losses = sorted(files, key=lambda summary: summary["identical"] - summary["statements"])[:15]
    lines += ["", "Most statements lost: " + ", ".join(
        f"{summary['file']} {summary['statements'] - summary['identical']}" for summary in losses
        if summary["statements"] > summary["identical"]) + "."]
    all_crashes = [crash for summary in files for crash in summary["crash_details"]]
    timeouts_list = [(summary["file"], record) for summary in files for record in summary["statements_detail"]
                     if record["verdict"] == "timeout"]
    lines += ["", "## Crashes and hangs", ""]
    if not all_crashes and not timeouts_list:
        lines.append("None.")
    for name, record in timeouts_list:
        sql = " ".join(record["sql"].split())[:300]
        lines.append(f"- timeout ({document['timeout_seconds']} s), **{name}.sql line {record['line']}**: `{sql}`")
    for crash in all_crashes:
        lines += [f"- **{crash['file']}.sql line {crash['line']}** ({crash['exit']}):", "",
                  "  ```sql", *("  " + text for text in crash["sql"].splitlines()), "  ```"]
    refused = sorted({f"{setting}: {text}" for summary in files
                      for setting, text in summary.get("session_settings", {}).items() if text != "applied"})
    if refused:
        lines += ["", "## Session settings ptreedb refused", ""] + [f"- {text}" for text in refused]
    lines += ["", "## Why statements differ", "", "| reason | statements |", "|---|---:|"]
    for reason, count in verdicts(files).most_common():
        lines.append(f"| {reason} | {count} |")
    same_state = sum(1 for summary in files for record in summary["statements_detail"]
                     if record.get("messages_identical") is False)
    lines += ["", f"Statements with the same SQLSTATE but a different message text: {same_state}."]
    lines += ["", "## ptreedb's most frequent errors where the outcome differs", "",
              "| count | SQLSTATE: message (names and numbers masked) | files | example statement |",
              "|---:|---|---:|---|"]
    for pattern, count, in_files, (message, sql) in top_errors(files):
        example = " ".join(sql.split())[:120].replace("|", "\\|")
        pattern = pattern.replace("|", "\\|")
        lines.append(f"| {count} | {pattern} | {len(in_files)} | `{example}` |")
    kinds = unsupported_statements(files)
    if kinds:
        lines += ["", "\"this statement is not supported yet\" by statement kind: " +
                  ", ".join(f"{kind} {count}" for kind, count in kinds) + "."]
    skipped = Counter()
    for summary in files:
        skipped.update(summary["meta_commands"]["skipped"])
    if skipped:
        lines += ["", "Meta-commands skipped (not compared): " +
                  ", ".join(f"\\{name} {count}" for name, count in skipped.most_common())]
    return "\n".join(lines) + "\n"


def write_reports(document, out_dir):
    (Path(out_dir) / "regress-compat.md").write_text(markdown(document))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0] if argv else "build/regress/regress-compat.json")
    document = json.loads(path.read_text())
    write_reports(document, path.parent)
    print(markdown(document))


if __name__ == "__main__":
    sys.exit(main())
