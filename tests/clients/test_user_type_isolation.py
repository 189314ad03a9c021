"""Enum types and domains follow snapshot isolation like tables: a change
another session has not committed is invisible (casts, inserts, format_type),
a rolled-back one is forgotten at once, and a committed one is seen by
statements that start after the commit."""
import threading
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


def test_an_uncommitted_enum_label_is_invisible_to_other_sessions(server):
    with psycopg.connect(server.dsn, autocommit=True) as writer, \
            psycopg.connect(server.dsn, autocommit=True) as reader:
        writer.execute("create type mood as enum ('sad', 'ok')")
        writer.execute("create table feelings (id int primary key, m mood)")
        writer.execute("begin")
        writer.execute("alter type mood add value 'happy'")
        # The reader casts (in a parallel scan too) and inserts through its own snapshot.
        for statement in ["select 'happy'::mood",
                          "insert into feelings values (1, 'happy')",
                          "select count(*) from generate_series(1, 200000) i where 'happy'::mood is not null"]:
            with pytest.raises(psycopg.errors.InvalidTextRepresentation,
                               match='invalid input value for enum mood: "happy"'):
                reader.execute(statement)
        assert reader.execute("select 'ok'::mood").fetchone() == ("ok",)
        writer.execute("rollback")
        # Rolled back: the writer's session forgets the label as well.
        for session in (writer, reader):
            with pytest.raises(psycopg.errors.InvalidTextRepresentation):
                session.execute("select 'happy'::mood")
        writer.execute("alter type mood add value 'happy'")
        assert reader.execute("select 'happy'::mood").fetchone() == ("happy",)
        reader.execute("insert into feelings values (1, 'happy')")
        assert writer.execute("select m from feelings").fetchall() == [("happy",)]


def test_an_uncommitted_enum_rename_and_domain_constraint_are_invisible_to_other_sessions(server):
    with psycopg.connect(server.dsn, autocommit=True) as writer, \
            psycopg.connect(server.dsn, autocommit=True) as reader:
        writer.execute("create type color as enum ('red', 'blue')")
        writer.execute("create domain small as int check (value < 100)")
        oid = reader.execute("select 'color'::regtype::oid").fetchone()[0]
        writer.execute("begin")
        writer.execute("alter type color rename to colour")
        writer.execute("alter domain small add constraint positive check (value > 0)")
        assert writer.execute("select format_type(%s, null)", (oid,)).fetchone() == ("colour",)
        writer.execute("savepoint before_check")
        with pytest.raises(psycopg.errors.CheckViolation):
            writer.execute("select (-1)::small")
        writer.execute("rollback to savepoint before_check")
        assert reader.execute("select format_type(%s, null)", (oid,)).fetchone() == ("color",)
        assert reader.execute("select (-1)::small").fetchone() == (-1,)
        assert reader.execute("select 'red'::color").fetchone() == ("red",)
        writer.execute("commit")
        assert reader.execute("select format_type(%s, null)", (oid,)).fetchone() == ("colour",)
        with pytest.raises(psycopg.errors.CheckViolation):
            reader.execute("select (-1)::small")


def test_a_running_statement_keeps_its_own_enum_labels_while_another_session_adds_one(server):
    # The reader's statement casts 'happy' only in its second half; meanwhile
    # a writer adds the label in a transaction it keeps open. The reader's
    # snapshot never had the label, so the cast fails however they interleave.
    with psycopg.connect(server.dsn, autocommit=True) as writer, \
            psycopg.connect(server.dsn, autocommit=True) as reader:
        writer.execute("create type weather as enum ('rain', 'sun')")
        n = 4000000
        query = (f"select count(*) from generate_series(1, {n}) i "
                 f"where (case when i > {n // 2} then 'snow' else 'rain' end)::weather is not null")
        errors = []

        def read():
            try:
                reader.execute(query)
            except psycopg.Error as error:
                errors.append(error)

        thread = threading.Thread(target=read)
        thread.start()
        time.sleep(0.05)
        writer.execute("begin")
        writer.execute("alter type weather add value 'snow'")
        thread.join()
        writer.execute("rollback")
        assert len(errors) == 1
        assert isinstance(errors[0], psycopg.errors.InvalidTextRepresentation)
