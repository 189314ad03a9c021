"""A Query message of several statements is one implicit transaction, as in
PostgreSQL: the statements see each other's writes and commit together, an
error rolls back every earlier one, SET LOCAL lasts to the end of the
message, BEGIN inside turns it into an explicit block, COMMIT/ROLLBACK inside
end it with a warning and the next statement starts another, SAVEPOINT needs
a block, and VACUUM and DISCARD ALL refuse to run inside one. Each message is
sent with psql -c to ptreedb and to PostgreSQL 15; output and messages must
be identical."""

MESSAGES = [
    'create table it (id int primary key, v int)',
    'insert into it values (1, 1); insert into it values (2, 2); select 1/0;',
    'select count(*) from it',
    'insert into it values (1, 1); insert into it values (2, 2); select count(*) from it;',
    'insert into it values (3, 3); insert into it values (3, 4);',
    'select * from it order by id',
    "update it set v = v + 10; set local statement_timeout = '7s'; show statement_timeout;",
    'show statement_timeout',
    'select * from it order by id',
    'create table it2 (x int); insert into it2 values (1); select * from it2; select 1/0;',
    'select * from it2',
    'insert into it values (5,5); commit; insert into it values (6,6); select 1/0;',
    'select id from it order by id',
    'declare c cursor for select id from it order by id; fetch 2 from c;',
    'drop table it',
    'create table it (id int primary key, v int)',
    'insert into it values (1,1); begin; insert into it values (2,2); commit; insert into it values (3,3); select 1/0;',
    'select id from it order by id',
    'insert into it values (4,4); rollback; insert into it values (5,5);',
    'select id from it order by id',
    'insert into it values (6,6); savepoint s; insert into it values (7,7);',
    'select id from it order by id',
    'insert into it values (8,8); begin; insert into it values (9,9);',
    'select id from it order by id',
    'vacuum; select 1;',
    'select 1; checkpoint;',
    'discard all; select 1;',
    'drop table it',
]


def test_multi_statement_messages_answer_as_postgresql(ptreedb_server, postgres_oracle):
    postgres_oracle.psql("-c", "drop table if exists it; drop table if exists it2")
    try:
        for message in MESSAGES:
            ours = ptreedb_server.psql("-c", message)
            theirs = postgres_oracle.psql("-c", message)
            assert (ours.stdout, ours.stderr) == (theirs.stdout, theirs.stderr), message
    finally:
        postgres_oracle.psql("-c", "drop table if exists it; drop table if exists it2")


def test_a_failed_copy_rolls_back_the_message(ptreedb_server):
    ptreedb_server.psql("-c", "create table cp (id int primary key)", check=True)
    script = "insert into cp values (1); copy cp from stdin; insert into cp values (3);"
    result = ptreedb_server.psql("-c", script, input="2\nnot a number\n\\.\n")
    assert "invalid input syntax" in result.stderr
    assert ptreedb_server.psql("-A", "-t", "-c", "select count(*) from cp").stdout.strip() == "0"
    ptreedb_server.psql("-c", "insert into cp values (1); copy cp from stdin; insert into cp values (3);",
                        input="2\n\\.\n", check=True)
    assert ptreedb_server.psql("-A", "-t", "-c", "select id from cp order by id").stdout.split() == ["1", "2", "3"]
