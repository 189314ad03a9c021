"""SQL-level PREPARE / EXECUTE / DEALLOCATE answer as PostgreSQL 15 does,
within one session: declared and inferred parameter types, the arguments'
coercions (1.7 into an integer rounds; text that is no integer fails; a
boolean for an integer is 42804), the command tags of SELECT, INSERT ...
RETURNING and UPDATE, the wrong number of arguments (42601), unknown
(26000) and duplicate (42P05) names, DEALLOCATE and DEALLOCATE ALL, and a
prepared write inside a block that rolls back."""

SCRIPT = """
create table prep_t (id int primary key, name text, price numeric(10, 2), day date);
insert into prep_t values (1, 'a', 1.50, '2024-01-01'), (2, 'b', 2.25, '2024-02-28'), (3, 'c', null, null);
prepare by_id(int) as select id, name from prep_t where id > $1 order by id;
execute by_id(1);
execute by_id(0);
execute by_id(1.7);
execute by_id('2');
execute by_id('abc');
execute by_id(true);
execute by_id;
execute by_id(1, 2);
execute nosuch(1);
prepare by_id as select 1;
prepare inferred as select name, price from prep_t where id = $1 and price > $2;
execute inferred(1, 1);
execute inferred(2 + 0, '2.0');
execute inferred(3, 0);
prepare add(int, text, numeric, date) as insert into prep_t values ($1, $2, $3, $4) returning *;
execute add(10, 'x', 9.999, '2024-12-31');
execute add(11, null, 1, null);
execute by_id(9);
prepare reprice(numeric, int) as update prep_t set price = $1 where id = $2;
execute reprice(5, 1);
begin;
execute reprice(6, 2);
select id, price from prep_t order by id;
rollback;
select id, price from prep_t order by id;
prepare next_day(date) as select $1 + 1 as next, $1 - interval '1 day' as before;
execute next_day('2024-02-28');
prepare texts(text, varchar(3)) as select $1 || $2, length($2);
execute texts('ab', 'cdef');
prepare nothing as select 1 as one where false;
execute nothing;
deallocate by_id;
execute by_id(1);
deallocate by_id;
deallocate prepare inferred;
deallocate all;
execute add(12, 'y', 0, null);
drop table prep_t;
"""


def run(server):
    result = server.psql("-A", "-F", "|", "-v", "VERBOSITY=sqlstate", input=SCRIPT)
    return result.stdout.splitlines(), result.stderr.splitlines()


def test_prepared_statements_match_postgresql(ptreedb_server, postgres_oracle):
    mine_out, mine_errors = run(ptreedb_server)
    theirs_out, theirs_errors = run(postgres_oracle)
    assert mine_out == theirs_out
    assert mine_errors == theirs_errors
    assert len(theirs_errors) >= 8  # the error cases ran and failed on both
