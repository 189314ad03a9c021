"""tools/regress/psql_script.py splits a script where psql would: these
scripts are small synthetic ones shaped like PostgreSQL's regression files."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "regress"))

from psql_script import MetaCommand, PsqlScript, Statement  # noqa: E402


def split(text, variables=None, environment=None):
    return list(PsqlScript(text, variables, environment))


def statements(text, variables=None, environment=None):
    return [item.sql for item in split(text, variables, environment) if isinstance(item, Statement)]


def test_semicolons_end_statements_and_lines_are_counted():
    items = split("SELECT 1;\n\nSELECT 2; SELECT\n  3;\n")
    assert [item.sql for item in items] == ["SELECT 1", "SELECT 2", "SELECT\n  3"]
    assert [item.line for item in items] == [1, 3, 3]


def test_semicolons_inside_quotes_do_not_end_a_statement():
    assert statements("SELECT 'a;b', 'it''s;', E'\\';x';\nSELECT \"semi;colon\" FROM t;") == [
        "SELECT 'a;b', 'it''s;', E'\\';x'", 'SELECT "semi;colon" FROM t']


def test_a_backslash_in_a_standard_string_does_not_escape_the_quote():
    assert statements("SELECT 'a\\'; SELECT 2;") == ["SELECT 'a\\'", "SELECT 2"]


def test_dollar_quotes_with_and_without_tags():
    text = ("CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n"
            "DO $body$ BEGIN RAISE NOTICE 'x;'; END $body$;\n"
            "SELECT $1;")
    assert statements(text) == ["CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql",
                                "DO $body$ BEGIN RAISE NOTICE 'x;'; END $body$", "SELECT $1"]


def test_a_dollar_inside_an_identifier_is_not_a_quote():
    assert statements("SELECT a$b$c FROM t; SELECT 2;") == ["SELECT a$b$c FROM t", "SELECT 2"]


def test_line_comments_and_nested_block_comments():
    text = ("-- a comment; not a statement\n"
            "SELECT 1 /* outer /* inner; */ still; */ + 1; -- trailing;\n"
            "SELECT 2;")
    assert statements(text) == ["SELECT 1 /* outer /* inner; */ still; */ + 1", "SELECT 2"]


def test_semicolons_inside_parentheses_do_not_end_a_statement():
    assert statements("CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO u VALUES (1); "
                      "INSERT INTO u VALUES (2));") == [
        "CREATE RULE r AS ON INSERT TO t DO ALSO (INSERT INTO u VALUES (1); INSERT INTO u VALUES (2))"]


def test_begin_atomic_body_of_a_sql_function_is_one_statement():
    text = ("CREATE OR REPLACE FUNCTION f(x int) RETURNS int LANGUAGE sql\n"
            "BEGIN ATOMIC\n  SELECT CASE WHEN x > 0 THEN 1 ELSE 2 END;\n  SELECT 3;\nEND;\n"
            "BEGIN;\nSELECT 4;\nEND;")
    assert statements(text) == [
        "CREATE OR REPLACE FUNCTION f(x int) RETURNS int LANGUAGE sql\n"
        "BEGIN ATOMIC\n  SELECT CASE WHEN x > 0 THEN 1 ELSE 2 END;\n  SELECT 3;\nEND",
        "BEGIN", "SELECT 4", "END"]


def test_copy_from_stdin_takes_the_data_lines_up_to_backslash_dot():
    text = ("COPY t FROM stdin;\n1\tone;\n2\t\\N\n\\.\nSELECT * FROM t;\n"
            "copy u (a) from STDIN with (format csv);\n\"x;\",1\n\\.\n")
    items = split(text)
    assert [item.sql for item in items] == ["COPY t FROM stdin", "SELECT * FROM t",
                                            "copy u (a) from STDIN with (format csv)"]
    assert items[0].copy_data == "1\tone;\n2\t\\N\n"
    assert items[1].copy_data is None
    assert items[2].copy_data == '"x;",1\n'
    assert items[1].line == 5


def test_backslash_commands_are_separate_items_and_set_variables():
    text = ("\\pset null '(null)'\n"
            "\\set answer 42\n"
            "\\set greeting 'it''s'\n"
            "SELECT :answer, :'greeting', :\"answer\", '::answer', 1::int;\n"
            "\\d t\n")
    items = split(text)
    assert [type(item) for item in items] == [MetaCommand, MetaCommand, MetaCommand, Statement, MetaCommand]
    assert items[0].name == "pset" and items[0].argument == "null '(null)'"
    assert items[3].sql == "SELECT 42, 'it''s', \"42\", '::answer', 1::int"
    assert items[4].name == "d" and items[4].argument == "t"


def test_unknown_variables_are_left_as_written():
    assert statements("SELECT :nothing, :'nothing', a[1:2];") == ["SELECT :nothing, :'nothing', a[1:2]"]


def test_getenv_and_concatenating_set_like_pg_regress_files():
    text = ("\\getenv abs_srcdir PG_ABS_SRCDIR\n"
            "\\set filename :abs_srcdir '/data/onek.data'\n"
            "COPY onek FROM :'filename';\n")
    assert statements(text, environment={"PG_ABS_SRCDIR": "/src/regress"}) == [
        "COPY onek FROM '/src/regress/data/onek.data'"]


def test_g_family_commands_send_the_statement():
    items = split("SELECT 1 AS x \\gset\nSELECT 'SELECT 2' \\gexec\nSELECT 3 \\g\nSELECT 4\\gset p_\n")
    assert [(item.sql, item.send_command, item.send_argument) for item in items] == [
        ("SELECT 1 AS x", "gset", ""), ("SELECT 'SELECT 2'", "gexec", ""), ("SELECT 3", "g", ""),
        ("SELECT 4", "gset", "p_")]


def test_variables_set_while_iterating_are_seen_by_later_text():
    script = PsqlScript("SELECT 1 AS x \\gset\nSELECT :x;\n")
    seen = []
    for item in script:
        seen.append(item.sql)
        if item.send_command == "gset":
            script.variables["x"] = "1"
    assert seen == ["SELECT 1 AS x", "SELECT 1"]


def test_if_elif_else_choose_the_branch_and_skip_the_rest():
    text = ("SELECT 0 AS skip_test \\gset\n"
            "\\if :skip_test\nSELECT 'skipped';\n\\quit\n\\endif\n"
            "\\if false\nSELECT 'no';\n\\elif on\nSELECT 'yes';\n\\else\nSELECT 'no either';\n\\endif\n"
            "\\if :{?undefined}\nSELECT 'no';\n\\else\n\\if 1\nSELECT 'nested';\n\\endif\n\\endif\n"
            "SELECT 'end';\n")
    script = PsqlScript(text)
    seen = []
    for item in script:
        if isinstance(item, Statement):
            seen.append(item.sql)
            if item.send_command == "gset":
                script.variables["skip_test"] = "f"
    assert seen == ["SELECT 0 AS skip_test", "SELECT 'yes'", "SELECT 'nested'", "SELECT 'end'"]


def test_quit_ends_the_script():
    assert statements("SELECT 1;\n\\quit\nSELECT 2;\n") == ["SELECT 1"]


def test_backslash_semicolon_joins_statements_into_one_query():
    assert statements("SELECT 1\\; SELECT 2;\nSELECT 3;") == ["SELECT 1; SELECT 2", "SELECT 3"]


def test_a_statement_without_a_final_semicolon_is_still_sent():
    assert statements("SELECT 1;\nSELECT 2\n") == ["SELECT 1", "SELECT 2"]


def test_a_copy_the_server_refused_leaves_its_data_lines_to_be_read_as_sql():
    script = PsqlScript("COPY t FROM stdin WITH (bad);\nSELECT 1;\n\\.\nCOPY t FROM stdin;\nx\n\\.\nSELECT 2;\n")
    seen = []
    for item in script:
        seen.append((item.sql, item.copy_data) if isinstance(item, Statement) else item.name)
        if isinstance(item, Statement) and item.sql.startswith("COPY t FROM stdin WITH"):
            script.copy_accepted = False
    assert seen == [("COPY t FROM stdin WITH (bad)", "SELECT 1;\n"), ("SELECT 1", None), ".",
                    ("COPY t FROM stdin", "x\n"), ("SELECT 2", None)]


def test_backslashes_escape_quotes_while_standard_conforming_strings_is_off():
    script = PsqlScript("SET standard_conforming_strings TO off;\nSELECT 'a\\';b', U&' \\' AS u;\n"
                        "RESET standard_conforming_strings;\nSELECT 'c\\'; SELECT 3;\n")
    seen = []
    for item in script:
        seen.append(item.sql)
        if item.sql.startswith("SET"):
            script.standard_strings = False
        if item.sql.startswith("RESET"):
            script.standard_strings = True
    assert seen == ["SET standard_conforming_strings TO off", "SELECT 'a\\';b', U&' \\' AS u",
                    "RESET standard_conforming_strings", "SELECT 'c\\'", "SELECT 3"]


def test_a_double_backslash_inside_a_meta_command_argument_is_not_a_separator():
    items = split("\\pset null '\\\\N'\nSELECT 1;\n\\pset x \\\\ SELECT 2;\n")
    assert [(type(item).__name__, getattr(item, "sql", getattr(item, "argument", None))) for item in items] == [
        ("MetaCommand", "null '\\\\N'"), ("Statement", "SELECT 1"), ("MetaCommand", "x"), ("Statement", "SELECT 2")]


def test_a_plain_variable_is_lexed_as_input_so_its_semicolons_split():
    text = ("\\set init 'TRUNCATE t; INSERT INTO t VALUES (1)'\n"
            ":init;\nSELECT :'init';\n")
    assert statements(text) == ["TRUNCATE t", "INSERT INTO t VALUES (1)",
                                "SELECT 'TRUNCATE t; INSERT INTO t VALUES (1)'"]


def test_reset_empties_the_statement_being_collected():
    assert statements("** not SQL\n\\p\n\\r\nDELETE FROM t;\n") == ["DELETE FROM t"]


def test_backslash_copy_from_stdin_reads_the_next_lines_and_to_stdout_is_sent():
    items = split("\\copy t from stdin\n1\ta;b\n\\.\n\\copy t to stdout\n\\copy t from 'f.data'\nSELECT 1;\n")
    assert [(type(item).__name__, getattr(item, "sql", None), getattr(item, "copy_data", None))
            for item in items] == [("Statement", "COPY t from stdin", "1\ta;b\n"),
                                   ("Statement", "COPY t to stdout", None),
                                   ("MetaCommand", None, None), ("Statement", "SELECT 1", None)]
