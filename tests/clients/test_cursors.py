"""SQL cursors and psycopg's server-side (named) cursors: a psql script of
DECLARE / FETCH / MOVE / CLOSE in every direction form, with SCROLL, NO
SCROLL, WITH HOLD, errors (25P01, 42P03, 34000, 55000) and transaction ends,
prints exactly what PostgreSQL 15 prints; psycopg iterates named cursors in
itersize batches, scrolls them, keeps WITH HOLD ones across COMMIT and reads
binary ones, as against PostgreSQL."""
import psycopg
import pytest

CURSOR_SCRIPT = """create table cur_t (id int primary key, v text);
insert into cur_t values (1,'a'),(2,'b'),(3,'c'),(4,'d'),(5,'e');
declare c cursor for select * from cur_t order by id;
begin;
declare c scroll cursor for select * from cur_t order by id;
fetch next from c;
fetch 2 from c;
fetch prior from c;
fetch backward 2 from c;
fetch backward 2 from c;
fetch last from c;
fetch next from c;
fetch absolute 2 from c;
fetch absolute -2 from c;
fetch relative 2 from c;
fetch relative -3 from c;
fetch relative 0 from c;
fetch forward all from c;
move backward all in c;
fetch first from c;
move 2 in c;
fetch 0 from c;
move forward all in c;
fetch backward all from c;
fetch absolute 0 from c;
fetch -1 from c;
fetch absolute 10 from c;
fetch relative -1 from c;
declare c cursor for select 1;
rollback;
begin;
declare n no scroll cursor for select * from cur_t order by id;
fetch 2 from n;
fetch prior from n;
rollback;
begin;
declare h cursor with hold for select id from cur_t order by id;
declare nh cursor for select id from cur_t order by id;
fetch from h;
commit;
fetch from h;
fetch from nh;
close h;
close h;
begin;
declare h2 cursor with hold for select id from cur_t order by id;
rollback;
fetch from h2;
declare v cursor with hold for values (1, 'x'), (2, 'y');
fetch all from v;
close all;
fetch from v;
move 1 in nosuch;
"""


def test_cursor_script_answers_as_postgresql(ptreedb_server, postgres_oracle):
    postgres_oracle.psql("-c", "drop table if exists cur_t")
    ours = ptreedb_server.psql("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0", input=CURSOR_SCRIPT)
    theirs = postgres_oracle.psql("-v", "VERBOSITY=verbose", "-v", "ON_ERROR_STOP=0", input=CURSOR_SCRIPT)
    postgres_oracle.psql("-c", "drop table cur_t")
    assert ours.stdout == theirs.stdout

    def messages(stderr):
        return [line for line in stderr.splitlines() if not line.startswith("LOCATION:")]
    assert messages(ours.stderr) == messages(theirs.stderr)


def named_cursor_session(dsn):
    """What a psycopg program sees through named cursors."""
    seen = {}
    with psycopg.connect(dsn) as conn:
        conn.execute("drop table if exists nc")
        conn.execute("create table nc (id int primary key, v text, amount numeric(8,2))")
        with conn.cursor() as cur:
            cur.executemany("insert into nc values (%s, %s, %s)", [(i, f"v{i}", i * 1.5) for i in range(1, 251)])
        conn.commit()
        with conn.cursor(name="walk") as cur:
            cur.itersize = 40
            cur.execute("select id, v, amount from nc where id > %s order by id", (10,))
            seen["description"] = [(d.name, d.type_code) for d in cur.description]
            rows = list(cur)
            seen["iterated"] = (len(rows), rows[0], rows[-1])
        with conn.cursor(name="scroller", scrollable=True) as cur:
            cur.execute("select id from nc order by id")
            seen["first"] = cur.fetchmany(3)
            cur.scroll(-2)
            seen["after_scroll_back"] = cur.fetchone()
            cur.scroll(100, mode="absolute")
            seen["absolute"] = cur.fetchone()
            seen["rest"] = len(cur.fetchall())
        with conn.cursor(name="bin", binary=True) as cur:
            cur.execute("select id, v, amount from nc where id <= 3 order by id")
            seen["binary"] = cur.fetchall()
        conn.commit()
        with conn.cursor(name="held", withhold=True) as cur:
            cur.execute("select id from nc where id <= 5 order by id")
            conn.commit()  # a WITH HOLD cursor survives its transaction
            seen["held"] = cur.fetchall()
        conn.commit()
        conn.execute("drop table nc")
        conn.commit()
    return seen


def test_psycopg_named_cursors_match_postgresql(ptreedb_server, postgres_oracle):
    ours = named_cursor_session(ptreedb_server.dsn)
    theirs = named_cursor_session(f"host=127.0.0.1 port={postgres_oracle.port} user=postgres dbname=postgres")
    assert ours["iterated"][0] == 240
    assert ours["held"] == [(1,), (2,), (3,), (4,), (5,)]
    assert ours == theirs


def test_cursor_errors_keep_the_session_usable(ptreedb_server):
    with psycopg.connect(ptreedb_server.dsn, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.NoActiveSqlTransaction):
            conn.execute("declare c cursor for select 1")
        with pytest.raises(psycopg.errors.InvalidCursorName):
            conn.execute("fetch from nosuch")
        conn.execute("begin")
        conn.execute("declare c no scroll cursor for select generate_series from (values (1), (2)) g(generate_series)")
        assert conn.execute("fetch 1 from c").fetchall() == [(1,)]
        with pytest.raises(psycopg.errors.ObjectNotInPrerequisiteState):
            conn.execute("fetch prior from c")
        conn.execute("rollback")
        assert conn.execute("select 1").fetchone() == (1,)
