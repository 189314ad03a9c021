"""Privileges on schemas: CREATE SCHEMA needs the database's CREATE (its
owner and superusers), AUTHORIZATION makes another role the owner, USAGE and
CREATE on a schema are granted and revoked, the owner alone may drop or
rename it; PostgreSQL 15's SQLSTATEs throughout."""
import psycopg
import pytest


def connect(server, user="postgres"):
    return psycopg.connect(server.dsn.replace("user=postgres", f"user={user}"), autocommit=True, connect_timeout=10)


def test_schema_privileges(ptreedb_server):
    with connect(ptreedb_server) as admin:
        admin.execute("create role alice login")
        admin.execute("create role bob login")
        admin.execute("create schema owned_by_alice authorization alice")
        admin.execute("create schema locked")
        admin.execute("create table locked.t (a int)")
        assert admin.execute(
            "select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'owned_by_alice'").fetchone() == ("alice",)
    with connect(ptreedb_server, "alice") as alice:
        alice.execute("create table owned_by_alice.t (a int)")  # the owner may create in it
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            alice.execute("create schema alices_own")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            alice.execute("create table locked.u (a int)")
    with connect(ptreedb_server, "bob") as bob:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied for schema locked"):
            bob.execute("select * from locked.t")
        bob.execute("set search_path to locked, public")
        with pytest.raises(psycopg.errors.UndefinedTable):
            bob.execute("select * from t")  # a schema without USAGE is left out of the path
        assert bob.execute("select current_schema()").fetchone() == ("public",)
    with connect(ptreedb_server) as admin:
        admin.execute("grant usage on schema locked to bob")
        admin.execute("grant select on locked.t to bob")
    with connect(ptreedb_server, "bob") as bob:
        assert bob.execute("select count(*) from locked.t").fetchone() == (0,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bob.execute("create table owned_by_alice.b (a int)")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bob.execute("drop schema owned_by_alice cascade")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bob.execute("alter schema owned_by_alice rename to taken")
    with connect(ptreedb_server, "alice") as alice:
        alice.execute("grant create on schema owned_by_alice to bob")
    with connect(ptreedb_server, "bob") as bob:
        bob.execute("create table owned_by_alice.b (a int)")
    with connect(ptreedb_server, "alice") as alice:
        alice.execute("revoke create on schema owned_by_alice from bob")
        acl = alice.execute("select nspacl::text from pg_namespace where nspname = 'owned_by_alice'").fetchone()[0]
        assert acl == "{alice=UC/alice}"
    with connect(ptreedb_server, "bob") as bob:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            bob.execute("create table owned_by_alice.c (a int)")
    with connect(ptreedb_server, "alice") as alice:
        alice.execute("drop schema owned_by_alice cascade")
    with connect(ptreedb_server) as admin:
        assert admin.execute("select count(*) from pg_namespace where nspname = 'owned_by_alice'").fetchone()[0] == 0


def test_roles_owning_schemas(ptreedb_server):
    with connect(ptreedb_server) as admin:
        admin.execute("create role carol")
        admin.execute("create schema carols authorization carol")
        admin.execute("create table carols.t (a int)")
        with pytest.raises(psycopg.errors.DependentObjectsStillExist, match="owner of schema carols"):
            admin.execute("drop role carol")
        with pytest.raises(psycopg.errors.DependentObjectsStillExist):
            admin.execute("drop owned by carol")
        admin.execute("reassign owned by carol to postgres")
        assert admin.execute(
            "select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'carols'").fetchone() == ("postgres",)
        admin.execute("alter schema carols owner to carol")
        admin.execute("drop owned by carol cascade")
        assert admin.execute("select count(*) from pg_namespace where nspname = 'carols'").fetchone() == (0,)
        admin.execute("drop role carol")
