-- System catalogs: information_schema and pg_catalog queries as drivers and
-- tools send them, over this case's own tables (named cat_*), compared with
-- PostgreSQL.
create table cat_dept (id integer primary key, code char(3) not null unique, name varchar(40), budget numeric(12,2) default 0);
create table cat_emp (id bigint primary key, dept_id integer references cat_dept (id) on delete cascade, name text not null, hired date, ratio double precision, flags smallint, seen timestamp);
create index cat_emp_name on cat_emp (name);
create table cat_pair (a integer, b integer, note text, primary key (a, b));
create table cat_child (id integer primary key, a integer, b integer, foreign key (a, b) references cat_pair (a, b));
create view cat_names as select id, name from cat_emp;
select table_name, table_type from information_schema.tables where table_schema = 'public' and table_name like 'cat\_%' order by table_name;
select table_catalog, table_schema, table_name, column_name, ordinal_position, is_nullable, data_type, character_maximum_length, numeric_precision, numeric_precision_radix, numeric_scale, datetime_precision, udt_name from information_schema.columns where table_schema = 'public' and table_name like 'cat\_%' and table_name <> 'cat_names' order by table_name, ordinal_position;
select column_name, column_default from information_schema.columns where table_name = 'cat_dept' and column_default is not null;
select schema_name from information_schema.schemata order by schema_name;
select table_name from information_schema.views where table_schema = 'public' and table_name like 'cat\_%';
select constraint_name, table_name, constraint_type, is_deferrable, initially_deferred from information_schema.table_constraints where table_schema = 'public' and table_name like 'cat\_%' and constraint_type <> 'CHECK' order by table_name, constraint_name;
select constraint_name, table_name, column_name, ordinal_position, position_in_unique_constraint from information_schema.key_column_usage where table_schema = 'public' and table_name like 'cat\_%' order by constraint_name, ordinal_position;
select constraint_name, unique_constraint_schema, unique_constraint_name, match_option, update_rule, delete_rule from information_schema.referential_constraints where constraint_name like 'cat\_%' order by 1;
-- What psycopg and pgjdbc ask: key columns through pg_index and pg_attribute.
select c.relname, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnum, a.attnotnull from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace join pg_catalog.pg_attribute a on a.attrelid = c.oid where n.nspname = 'public' and c.relname like 'cat\_%' and c.relkind = 'r' and a.attnum > 0 order by c.relname, a.attnum;
select t.relname as table_name, i.relname as index_name, x.indisprimary, x.indisunique, x.indnatts, x.indkey from pg_catalog.pg_index x join pg_catalog.pg_class t on t.oid = x.indrelid join pg_catalog.pg_class i on i.oid = x.indexrelid where t.relname like 'cat\_%' order by 1, 2;
select conname, contype, conkey, confkey, confdeltype, confmatchtype, pg_catalog.pg_get_constraintdef(oid) from pg_catalog.pg_constraint where conname like 'cat\_%' order by conname;
select tablename, indexname, indexdef from pg_catalog.pg_indexes where schemaname = 'public' and tablename like 'cat\_%' order by indexname;
select tablename, hasindexes from pg_catalog.pg_tables where schemaname = 'public' and tablename like 'cat\_%' order by tablename;
select viewname from pg_catalog.pg_views where schemaname = 'public' and viewname like 'cat\_%';
select c.relname, c.relkind, c.relnatts, c.relhasindex, c.relpersistence from pg_class c where c.relnamespace = 2200 and c.relname like 'cat\_%' order by c.relname;
select 'cat_emp'::regclass::oid = (select oid from pg_class where relname = 'cat_emp');
select 'cat_emp'::regclass = 'public.cat_emp'::regclass;
select c.oid::regclass from pg_class c where c.relname = 'cat_dept';
select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relname = 'cat_emp' and a.attnum > 0;
select 'cat_nothing'::regclass;
-- Types, namespaces, the role and the database.
select oid, typname, typlen from pg_type where typname in ('bool', 'int2', 'int4', 'int8', 'text', 'varchar', 'bpchar', 'numeric', 'float4', 'float8', 'date', 'timestamp', 'interval', 'oid', 'name') order by oid;
select oid, nspname from pg_namespace where nspname in ('pg_catalog', 'public') order by oid;
select rolname, rolsuper, rolcanlogin from pg_roles where rolname = 'postgres';
select usename, usesuper from pg_user where usename = 'postgres';
select datname, pg_catalog.pg_encoding_to_char(encoding), datcollate, datistemplate from pg_database order by datname;
select amname from pg_am where amname in ('btree', 'heap') order by 1;
select collname from pg_collation where oid in (100, 950, 951) order by oid;
select count(*) from pg_inherits;
-- Functions and operators psql uses.
select current_database(), current_schema(), current_user, session_user, user;
select pg_catalog.pg_get_userbyid(10), pg_catalog.format_type(1043, 44), pg_catalog.format_type(1700, 655366), format_type(23, null);
select 'abc' ~ '^a', 'abc' !~ 'b$', 'ABC' ~* 'abc', 'ABC' !~* 'x', 'abc' operator(pg_catalog.~) '^(abc)$';
select 'x' collate "C" < 'y', 'b' collate pg_catalog.default > 'a';
select relname from pg_class where relname operator(pg_catalog.~) '^(cat_emp)$' collate pg_catalog.default;
select quote_ident('plain'), quote_ident('Mixed Case'), pg_size_pretty(100::bigint), pg_size_pretty(123456789::bigint), pg_size_pretty(10240::bigint);
select pg_size_pretty('-9223372036854775808'::bigint), pg_size_pretty('9223372036854775807'::bigint), pg_size_pretty(-10239::bigint), pg_size_pretty(-10240::bigint), pg_size_pretty(10485247::bigint), pg_size_pretty(-10485248::bigint);
select has_table_privilege('cat_emp', 'select'), has_schema_privilege('public', 'usage'), pg_table_is_visible('cat_emp'::regclass);
select obj_description('cat_emp'::regclass, 'pg_class'), col_description('cat_emp'::regclass, 1);
select pg_catalog.array_to_string(datacl, ',') from pg_database where datname = 'template1';
select 'a' ~ '(';
-- Correlated scalar subqueries with one row or none.
select e.name, (select d.name from cat_dept d where d.id = e.dept_id) from cat_emp e order by 1;
select c.relname, (select count(*) from pg_attribute a where a.attrelid = c.oid and a.attnum > 0) from pg_class c where c.relname like 'cat\_%' and c.relkind = 'r' order by 1;
insert into cat_dept values (1, 'eng', 'Engineering', 100), (2, 'ops', 'Operations', 50);
insert into cat_emp values (1, 1, 'ann', '2020-01-01', 0.5, 1, null), (2, null, 'bob', null, null, null, null);
select e.name, (select d.code from cat_dept d where d.id = e.dept_id) from cat_emp e order by 1;
select e.name, (select d.code from cat_dept d where d.budget > 10 and e.id > 0) from cat_emp e order by 1;
select d.code, array(select e.name from cat_emp e where e.dept_id = d.id) from cat_dept d order by 1;
select r.rolname, array(select b.rolname from pg_auth_members m join pg_roles b on m.roleid = b.oid where m.member = r.oid) as memberof from pg_roles r where r.rolname = 'postgres';
drop view cat_names;
drop table cat_child, cat_pair, cat_emp, cat_dept;
