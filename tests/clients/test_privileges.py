"""Object privileges as PostgreSQL 15 has them: pg_authid hidden from
non-superusers, ownership, GRANT/REVOKE on tables, columns, views and the
public schema, WITH GRANT OPTION chains, role membership and SET ROLE,
has_*_privilege and psql's \\dp. Each script runs through psql, switching
users with \\c, on ptreedb and on PostgreSQL; the outputs must be identical."""
import difflib

import psycopg
import pytest

from fixtures.server import start_server, stop_server

# The oracle lives for the whole test session: start it from a clean slate.
ORACLE_CLEANUP = """
\\set ON_ERROR_STOP 0
\\set VERBOSITY terse
SET client_min_messages = error;
DROP VIEW IF EXISTS tv, av;
DROP TABLE IF EXISTS t, child, parent, other, mine, orders, tickets CASCADE;
DROP SEQUENCE IF EXISTS s, s2;
DROP OWNED BY alice, bob, carol CASCADE;
DROP ROLE IF EXISTS alice, bob, carol, team;
REVOKE ALL ON SCHEMA public FROM alice, bob;
"""

SETUP = """
CREATE ROLE alice LOGIN PASSWORD 'alice-secret';
CREATE ROLE bob LOGIN;
CREATE ROLE carol LOGIN;
CREATE ROLE team;
CREATE TABLE t (id int PRIMARY KEY, a text, b int);
INSERT INTO t VALUES (1, 'x', 10), (2, 'y', 20);
"""

PASSWORDS_AND_OWNERSHIP = SETUP + """
\\c - alice
SELECT rolname, rolpassword FROM pg_authid;
SELECT count(*) FROM pg_authid;
SELECT rolname, rolpassword FROM pg_roles WHERE rolname IN ('alice', 'bob') ORDER BY rolname;
SELECT usename, passwd FROM pg_user WHERE usename = 'alice';
SELECT current_user, session_user;
SELECT * FROM t;
UPDATE t SET b = 0;
UPDATE t SET b = 0 WHERE id = 1;
DELETE FROM t;
INSERT INTO t VALUES (3, 'z', 30);
TRUNCATE t;
COPY t TO STDOUT;
DROP TABLE t;
ALTER TABLE t ADD COLUMN c int;
ALTER TABLE t RENAME TO t2;
CREATE INDEX t_b ON t (b);
CREATE TABLE mine (x int);
CREATE VIEW av AS SELECT 1 AS one;
GRANT SELECT ON t TO bob;
ALTER TABLE t OWNER TO alice;
SELECT has_table_privilege('t', 'SELECT'), has_table_privilege('alice', 't', 'INSERT');
SELECT has_schema_privilege('public', 'USAGE'), has_schema_privilege('public', 'CREATE');
\\c - postgres
SELECT rolname, rolpassword IS NOT NULL AS has_password FROM pg_authid WHERE rolname = 'alice';
SELECT has_table_privilege('alice', 't', 'SELECT'), has_table_privilege('postgres', 't', 'SELECT');
ALTER TABLE t OWNER TO alice;
SELECT tableowner FROM pg_tables WHERE tablename = 't';
SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 't';
\\c - alice
SELECT * FROM t ORDER BY id;
INSERT INTO t VALUES (3, 'z', 30);
ALTER TABLE t ADD COLUMN c int;
CREATE INDEX t_b ON t (b);
\\c - postgres
DROP ROLE alice;
ALTER TABLE t OWNER TO postgres;
DROP INDEX t_b;
\\c - alice
DROP TABLE t;
\\c - postgres
DROP TABLE t;
DROP ROLE alice, bob, carol, team;
"""

GRANTS = SETUP + """
CREATE TABLE other (k int PRIMARY KEY);
GRANT SELECT ON t TO alice;
GRANT UPDATE (b), INSERT (id, b) ON t TO alice;
\\dp t
\\c - alice
SELECT * FROM t ORDER BY id;
UPDATE t SET b = 11 WHERE id = 1;
UPDATE t SET a = 'q' WHERE id = 1;
INSERT INTO t (id, b) VALUES (5, 50);
INSERT INTO t (id, a) VALUES (6, 'w');
DELETE FROM t WHERE id = 5;
SELECT * FROM other;
SELECT has_table_privilege('t', 'UPDATE'), has_column_privilege('t', 'b', 'UPDATE'),
       has_column_privilege('t', 'a', 'UPDATE');
\\c - postgres
SELECT * FROM t ORDER BY id;
REVOKE SELECT ON t FROM alice;
\\c - alice
SELECT * FROM t;
\\c - postgres
GRANT SELECT (id, b) ON t TO alice;
\\dp t
\\c - alice
SELECT id, b FROM t ORDER BY id;
SELECT * FROM t;
SELECT count(*) FROM t;
SELECT id FROM t WHERE a = 'x';
SELECT t.b FROM t JOIN other ON other.k = t.id;
UPDATE t SET b = b + 1 WHERE id = 1 RETURNING id, b;
UPDATE t SET b = 0 WHERE a = 'x';
SELECT has_column_privilege('t', 'b', 'SELECT'), has_column_privilege('t', 'a', 'SELECT'),
       has_table_privilege('t', 'SELECT');
\\c - postgres
REVOKE SELECT (id, b) ON t FROM alice;
\\c - postgres
GRANT ALL ON t TO bob WITH GRANT OPTION;
GRANT SELECT ON t TO alice;
\\dp t
\\c - bob
GRANT SELECT, INSERT ON t TO carol WITH GRANT OPTION;
\\c - carol
SELECT count(*) FROM t;
GRANT SELECT ON t TO alice;
GRANT DELETE ON t TO alice;
\\c - alice
GRANT SELECT ON t TO carol;
\\c - postgres
\\dp t
REVOKE ALL ON t FROM bob;
REVOKE GRANT OPTION FOR ALL ON t FROM bob CASCADE;
\\dp t
REVOKE ALL ON t FROM bob CASCADE;
\\dp t
\\c - carol
SELECT count(*) FROM t;
\\c - postgres
GRANT SELECT ON ALL TABLES IN SCHEMA public TO PUBLIC;
\\dp other
\\c - carol
SELECT * FROM other;
\\c - postgres
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
GRANT CREATE ON SCHEMA public TO alice;
\\c - alice
CREATE TABLE mine (x int);
INSERT INTO mine VALUES (1);
CREATE TABLE child (id int REFERENCES t (id));
\\c - postgres
GRANT REFERENCES ON t TO alice;
\\c - alice
CREATE TABLE child (id int REFERENCES t (id));
DROP TABLE child;
\\dt mine
SELECT relname, pg_get_userbyid(relowner), relacl FROM pg_class WHERE relname = 'mine';
GRANT SELECT ON mine TO bob;
\\c - bob
SELECT * FROM mine;
DROP TABLE mine;
\\c - postgres
DROP ROLE alice;
REVOKE CREATE ON SCHEMA public FROM alice;
DROP TABLE mine;
DROP TABLE t, other;
DROP ROLE alice, bob, carol, team;
"""

ROLES_AND_VIEWS = SETUP + """
CREATE TABLE other (k int PRIMARY KEY);
INSERT INTO other VALUES (7);
GRANT SELECT ON t TO team;
GRANT team TO alice;
SELECT r.rolname, m.rolname AS member, admin_option FROM pg_auth_members am
  JOIN pg_roles r ON r.oid = am.roleid JOIN pg_roles m ON m.oid = am.member WHERE r.rolname = 'team';
\\c - alice
SELECT count(*) FROM t;
SELECT pg_has_role('team', 'MEMBER'), pg_has_role('bob', 'MEMBER');
SET ROLE bob;
SET ROLE team;
SELECT current_user, session_user;
SELECT count(*) FROM t;
RESET ROLE;
SELECT current_user;
SET SESSION AUTHORIZATION bob;
\\c - postgres
GRANT team TO alice;
REVOKE team FROM bob;
SET SESSION AUTHORIZATION bob;
SELECT current_user, session_user;
SELECT count(*) FROM t;
RESET SESSION AUTHORIZATION;
SELECT current_user;
SET ROLE alice;
SELECT count(*) FROM t;
SELECT * FROM other;
RESET ROLE;
CREATE VIEW tv AS SELECT id, b FROM t;
GRANT SELECT ON tv TO carol;
\\dp tv
\\c - carol
SELECT * FROM tv ORDER BY id;
SELECT * FROM t;
\\c - postgres
ALTER VIEW tv OWNER TO alice;
\\c - carol
SELECT * FROM tv ORDER BY id;
\\c - postgres
REVOKE team FROM alice;
\\c - carol
SELECT * FROM tv ORDER BY id;
\\c - postgres
GRANT SELECT ON other TO bob;
REASSIGN OWNED BY alice TO bob;
ALTER DEFAULT PRIVILEGES GRANT SELECT ON TABLES TO carol;
ALTER DEFAULT PRIVILEGES FOR ROLE bob REVOKE ALL ON TABLES FROM PUBLIC;
ALTER DEFAULT PRIVILEGES FOR ROLE bob GRANT INSERT ON TABLES TO carol WITH GRANT OPTION;
\\ddp
CREATE TABLE fresh (k int);
\\dp fresh
\\c - carol
SELECT * FROM fresh;
\\c - postgres
DROP TABLE fresh;
DROP ROLE carol;
ALTER DEFAULT PRIVILEGES REVOKE SELECT ON TABLES FROM carol;
\\ddp
SELECT viewowner FROM pg_views WHERE viewname = 'tv';
DROP ROLE alice;
DROP ROLE bob;
DROP OWNED BY bob;
SELECT count(*) FROM pg_views WHERE viewname = 'tv';
\\dp other
DROP VIEW tv;
DROP TABLE t, other;
DROP ROLE alice, bob, carol, team;
"""


# Ways around the checks that PostgreSQL closes: RETURNING *, USING/NATURAL
# join columns, column grants across RENAME/DROP COLUMN (and TRUNCATE ...
# CASCADE below).
SIDE_CHANNELS = """
CREATE ROLE alice LOGIN;
CREATE ROLE bob LOGIN;
GRANT CREATE ON SCHEMA public TO alice;
CREATE TABLE parent (id int PRIMARY KEY);
INSERT INTO parent VALUES (1);
GRANT REFERENCES ON parent TO alice;
CREATE TABLE t (k int PRIMARY KEY, id int, a text, b int);
INSERT INTO t VALUES (1, 1, 'x', 10), (2, 2, 'y', 20);
GRANT DELETE, UPDATE (b) ON t TO bob;
GRANT SELECT (id) ON t TO bob;
\\c - alice
CREATE TABLE child (p int REFERENCES parent, payload text);
INSERT INTO child VALUES (1, 'kept');
\\c - bob
BEGIN;
DELETE FROM t RETURNING *;
ROLLBACK;
BEGIN;
UPDATE t SET b = 0 RETURNING *;
ROLLBACK;
BEGIN;
UPDATE t SET b = 0 WHERE id = 1 RETURNING id;
ROLLBACK;
SELECT count(*) FROM t JOIN (SELECT 'x'::text AS a) x USING (a);
SELECT id FROM t JOIN (SELECT 1 AS id) x USING (id);
SELECT count(*) FROM t NATURAL JOIN (SELECT 1 AS id) x;
\\c - postgres
ALTER TABLE t RENAME COLUMN id TO old_id;
ALTER TABLE t RENAME COLUMN b TO id;
\\dp t
\\c - bob
SELECT id FROM t;
SELECT old_id FROM t ORDER BY 1;
\\c - postgres
ALTER TABLE t DROP COLUMN old_id;
ALTER TABLE t ADD COLUMN old_id int;
\\dp t
\\c - bob
SELECT old_id FROM t;
\\c - postgres
SET ROLE bob;
CREATE ROLE mallory;
ALTER ROLE postgres PASSWORD 'taken';
ALTER ROLE CURRENT_USER PASSWORD 'bobs';
SELECT current_user, session_user;
RESET ROLE;
DROP TABLE child, parent, t;
REVOKE CREATE ON SCHEMA public FROM alice;
DROP ROLE alice, bob;
"""

SEQUENCES = SETUP + """
CREATE SEQUENCE s;
CREATE SEQUENCE s2 START 100;
CREATE TABLE orders (id serial PRIMARY KEY, item text);
CREATE TABLE tickets (id int GENERATED ALWAYS AS IDENTITY, note text);
GRANT INSERT, SELECT ON orders, tickets TO bob;
\\c - alice
SELECT nextval('s');
SELECT setval('s', 5);
SELECT * FROM s;
SELECT last_value FROM s2;
\\c - bob
INSERT INTO orders (item) VALUES ('book');
INSERT INTO orders (id, item) VALUES (50, 'an id given needs no sequence privilege');
INSERT INTO orders SELECT 51, 'nor through a query';
INSERT INTO tickets (note) VALUES ('identity columns need no sequence privilege');
SELECT id, note FROM tickets;
SELECT sequencename, last_value FROM pg_sequences WHERE sequencename IN ('s', 'orders_id_seq') ORDER BY 1;
\\c - postgres
SELECT nextval('s');
SELECT relname, relacl FROM pg_class WHERE relname IN ('s', 's2', 'orders_id_seq') ORDER BY 1;
CREATE VIEW seq_draw AS SELECT nextval('s2') AS drawn;
GRANT SELECT ON seq_draw TO carol;
\\c - carol
SELECT * FROM seq_draw;
\\c - postgres
SELECT * FROM seq_draw;
DROP VIEW seq_draw;
GRANT USAGE ON SEQUENCE s TO alice;
GRANT SELECT ON SEQUENCE s2 TO alice;
GRANT UPDATE ON s2 TO alice;
GRANT USAGE ON orders_id_seq TO bob;
GRANT INSERT, SELECT ON SEQUENCE s TO bob;
GRANT INSERT, SELECT ON s TO bob;
GRANT USAGE ON orders TO bob;
GRANT USAGE ON SEQUENCE orders TO bob;
GRANT SELECT (last_value) ON SEQUENCE s TO bob;
GRANT ALL ON SEQUENCE s2 TO carol;
GRANT ALL ON s TO carol WITH GRANT OPTION;
SELECT relname, relacl FROM pg_class WHERE relname IN ('s', 's2', 'orders_id_seq') ORDER BY 1;
\\c - alice
SELECT nextval('s');
SELECT currval('s');
SELECT lastval();
SELECT setval('s', 50);
SELECT * FROM s;
SELECT last_value FROM s2;
SELECT currval('s2');
SELECT setval('s2', 500);
SELECT nextval('s2');
SELECT lastval();
\\c - bob
INSERT INTO orders (item) VALUES ('book');
SELECT id, item FROM orders ORDER BY id;
SELECT currval('orders_id_seq');
SELECT last_value FROM s;
\\c - carol
SELECT nextval('s2');
GRANT USAGE ON SEQUENCE s TO bob;
GRANT USAGE ON SEQUENCE s2 TO bob;
\\c - postgres
REVOKE USAGE ON SEQUENCE s FROM alice;
REVOKE ALL ON SEQUENCE s2 FROM alice, carol;
REVOKE ALL ON SEQUENCE s FROM carol CASCADE;
GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO team;
SELECT relname, relacl FROM pg_class WHERE relname IN ('s', 's2', 'orders_id_seq') ORDER BY 1;
SELECT has_sequence_privilege('bob', 's', 'USAGE'), has_sequence_privilege('bob', 'orders_id_seq', 'usage'),
       has_sequence_privilege('team', 's2', 'SELECT'), has_sequence_privilege('alice', 's', 'UPDATE, USAGE'),
       has_sequence_privilege('carol', 's2', 'USAGE WITH GRANT OPTION');
SELECT relname, has_sequence_privilege('bob', oid, 'USAGE') FROM pg_class WHERE relkind = 'S' AND relname IN ('s', 's2', 'orders_id_seq', 'tickets_id_seq') ORDER BY 1;
SELECT has_sequence_privilege('s', 'INSERT');
SELECT has_sequence_privilege('orders', 'USAGE');
SELECT has_sequence_privilege('nosuch', 'USAGE');
\\c - alice
SELECT nextval('s');
SELECT has_sequence_privilege('s', 'USAGE'), has_sequence_privilege('s2', 'SELECT');
SELECT last_value FROM s2;
\\c - postgres
DROP TABLE orders, tickets, t;
DROP SEQUENCE s, s2;
DROP ROLE alice, bob, carol, team;
"""


def run_script(server, script):
    """psql's whole output, errors and notices in place (stderr into stdout)."""
    result = server.psql("-v", "ON_ERROR_STOP=0", "-f", "-", input=script)
    return (result.stdout + result.stderr).splitlines(), result


def compare(ptreedb_server, postgres_oracle, script):
    postgres_oracle.psql(input=ORACLE_CLEANUP)
    ours, _ = run_script(ptreedb_server, "\\set VERBOSITY default\n" + script)
    theirs, _ = run_script(postgres_oracle, "\\set VERBOSITY default\n" + script)
    if ours != theirs:
        diff = difflib.unified_diff(theirs, ours, "postgresql", "ptreedb", lineterm="")
        pytest.fail("outputs differ:\n" + "\n".join(diff))


@pytest.mark.parametrize("script", [PASSWORDS_AND_OWNERSHIP, GRANTS, ROLES_AND_VIEWS, SIDE_CHANNELS, SEQUENCES],
                         ids=["passwords_and_ownership", "grants", "roles_and_views", "side_channels", "sequences"])
def test_privileges_answer_as_postgresql(ptreedb_server, postgres_oracle, script):
    compare(ptreedb_server, postgres_oracle, script)


def connect(server, user="postgres"):
    return psycopg.connect(f"host=127.0.0.1 port={server.port} user={user} dbname=postgres",
                           autocommit=True, connect_timeout=10)


def ownership_state(server):
    with connect(server) as conn:
        return conn.execute(
            "SELECT c.relname, pg_get_userbyid(c.relowner), c.relacl FROM pg_class c"
            " WHERE c.relname IN ('owned', 'shared', 'owned_view') ORDER BY c.relname").fetchall()


@pytest.mark.parametrize("crash", [False, True], ids=["clean_stop", "kill9"])
def test_owners_grants_and_memberships_survive_restart(tmp_path, crash):
    server = start_server(tmp_path)
    try:
        with connect(server) as conn:
            conn.execute("CREATE ROLE alice LOGIN")
            conn.execute("CREATE ROLE team")
            conn.execute("GRANT team TO alice")
            conn.execute("GRANT CREATE ON SCHEMA public TO alice")
            conn.execute("CREATE TABLE shared (k int)")
            conn.execute("GRANT SELECT, UPDATE (k) ON shared TO team WITH GRANT OPTION")
        with connect(server, "alice") as conn:
            conn.execute("CREATE TABLE owned (x int)")
            conn.execute("CREATE VIEW owned_view AS SELECT x FROM owned")
            conn.execute("INSERT INTO owned VALUES (1)")
        before = ownership_state(server)
        assert before == [("owned", "alice", None), ("owned_view", "alice", None),
                          ("shared", "postgres", "{postgres=arwdDxt/postgres,team=r*/postgres}")]
        if crash:
            server.process.kill()
            server.process.wait()
        else:
            stop_server(server)
        server = start_server(tmp_path)
        assert ownership_state(server) == before
        with connect(server, "alice") as conn:
            assert conn.execute("SELECT count(*) FROM shared").fetchone() == (0,)
            conn.execute("DROP VIEW owned_view")
        with connect(server) as conn:
            with pytest.raises(psycopg.errors.DependentObjectsStillExist):
                conn.execute("DROP ROLE alice")
            assert conn.execute("SELECT has_column_privilege('alice', 'shared', 'k', 'UPDATE')").fetchone() == (True,)
            # A checkpoint writes owners and grants too.
            conn.execute("CHECKPOINT")
        stop_server(server)
        server = start_server(tmp_path)
        assert ownership_state(server) == [before[0], before[2]]
    finally:
        stop_server(server)


def test_plain_role_over_the_extended_protocol(ptreedb_server):
    """psycopg's default (extended) protocol: the same checks, SQLSTATEs and SET ROLE."""
    with connect(ptreedb_server) as admin:
        admin.execute("CREATE ROLE alice LOGIN PASSWORD 'alice-secret'")
        admin.execute("CREATE ROLE team")
        admin.execute("CREATE TABLE secret (id int PRIMARY KEY, note text)")
        admin.execute("INSERT INTO secret VALUES (1, 'x')")
        admin.execute("GRANT SELECT ON secret TO team")
        with connect(ptreedb_server, "alice") as alice:
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table pg_authid"):
                alice.execute("SELECT rolpassword FROM pg_authid WHERE rolname = %s", ["postgres"])
            assert alice.execute("SELECT has_table_privilege('pg_authid', 'SELECT')").fetchone() == (False,)
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table secret"):
                alice.execute("SELECT note FROM secret WHERE id = %s", [1])
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="must be owner of table secret"):
                alice.execute("DROP TABLE secret")
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match='permission denied to set role "team"'):
                alice.execute("SET ROLE team")
            admin.execute("GRANT team TO alice")
            # Inherited through the membership, then as the role itself.
            assert alice.execute("SELECT note FROM secret WHERE id = %s", [1]).fetchone() == ("x",)
            alice.execute("SET ROLE team")
            assert alice.execute("SELECT current_user, session_user").fetchone() == ("team", "alice")
            alice.execute("RESET ROLE")
            admin.execute("REVOKE SELECT ON secret FROM team")
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                alice.execute("SELECT note FROM secret WHERE id = %s", [1])
            with pytest.raises(psycopg.errors.FeatureNotSupported, match="ALTER DEFAULT PRIVILEGES IN SCHEMA"):
                admin.execute("ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO alice")


def test_grant_racing_a_revoke_fails_the_later_commit(ptreedb_server):
    """Two blocks changing one table's ACL: the second commit fails with 40001 rather than losing one."""
    with connect(ptreedb_server) as admin:
        admin.execute("CREATE ROLE alice LOGIN")
        admin.execute("CREATE TABLE t (k int)")
    with connect(ptreedb_server) as first, connect(ptreedb_server) as second:
        first.execute("BEGIN")
        second.execute("BEGIN")
        first.execute("GRANT SELECT ON t TO alice")
        second.execute("GRANT INSERT ON t TO alice")
        first.execute("COMMIT")
        with pytest.raises(psycopg.errors.SerializationFailure):
            second.execute("COMMIT")
        acl = first.execute("SELECT relacl FROM pg_class WHERE relname = 't'").fetchone()[0]
        assert acl == "{postgres=arwdDxt/postgres,alice=r/postgres}"


def test_other_roles_sessions_hide_their_queries_in_pg_stat_activity(ptreedb_server):
    """As in PostgreSQL: a plain role sees who is connected, but another role's
    state, times and query text only as '<insufficient privilege>'."""
    with connect(ptreedb_server) as admin:
        admin.execute("CREATE ROLE alice LOGIN")
        admin.execute("SELECT 'a superuser secret' AS marker")
        with connect(ptreedb_server, "alice") as alice:
            alice.execute("SELECT 'alice own text' AS marker")
            rows = alice.execute(
                "SELECT usename, state, query, backend_start IS NULL, client_port IS NULL, "
                "usesysid = (SELECT oid FROM pg_roles WHERE rolname = usename) "
                "FROM pg_stat_activity ORDER BY usename").fetchall()
            assert rows[0][0] == "alice" and rows[0][1] == "active" and "pg_stat_activity" in rows[0][2]
            assert rows[0][3:] == (False, False, True)
            assert rows[1] == ("postgres", None, "<insufficient privilege>", True, True, True)
            # The superuser sees everything of every session.
            seen = admin.execute("SELECT usename, query FROM pg_stat_activity WHERE usename = 'alice'").fetchone()
            assert seen == ("alice", rows[0][2])


def test_plain_roles_read_the_commit_statistics(ptreedb_server):
    """ptreedb_stat_commit is a monitoring view, readable by every role like pg_stat_*."""
    with connect(ptreedb_server) as admin:
        admin.execute("CREATE ROLE alice LOGIN")
    with connect(ptreedb_server, "alice") as alice:
        assert alice.execute("SELECT commits >= 0 FROM ptreedb_stat_commit").fetchone() == (True,)


def test_truncate_cascade_needs_truncate_on_every_table_it_reaches(ptreedb_server):
    """PostgreSQL checks TRUNCATE on each table a CASCADE adds, not only the named one."""
    with connect(ptreedb_server) as admin:
        admin.execute("CREATE ROLE alice LOGIN")
        admin.execute("CREATE ROLE bob LOGIN")
        admin.execute("GRANT CREATE ON SCHEMA public TO bob")
    with connect(ptreedb_server, "bob") as bob:
        bob.execute("CREATE TABLE parent (id int PRIMARY KEY)")
        bob.execute("INSERT INTO parent VALUES (1)")
        bob.execute("GRANT REFERENCES ON parent TO alice")
    with connect(ptreedb_server) as admin:
        admin.execute("GRANT CREATE ON SCHEMA public TO alice")
    with connect(ptreedb_server, "alice") as alice:
        alice.execute("CREATE TABLE child (p int REFERENCES parent, payload text)")
        alice.execute("INSERT INTO child VALUES (1, 'kept')")
    with connect(ptreedb_server, "bob") as bob:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for table child"):
            bob.execute("TRUNCATE parent CASCADE")
    with connect(ptreedb_server, "alice") as alice:
        assert alice.execute("SELECT payload FROM child").fetchall() == [("kept",)]
        alice.execute("GRANT TRUNCATE ON child TO bob")
    with connect(ptreedb_server, "bob") as bob:
        bob.execute("TRUNCATE parent CASCADE")
    with connect(ptreedb_server) as admin:
        assert admin.execute("SELECT count(*) FROM child").fetchone() == (0,)
