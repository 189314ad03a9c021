-- CHECK constraints: names, enforcement, catalog text (compared with PostgreSQL 15).
create table ck (x int check (x > 0), y text constraint ylen check (length(y) < 5), z int, check (z > x), check (z < 100));
select conname, contype, conkey, convalidated, connoinherit, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ck'::regclass order by conname;
select relchecks from pg_class where relname = 'ck';
insert into ck values (0, 'a', 1);
insert into ck values (1, 'abcdef', 5);
insert into ck values (1, 'a', 0);
insert into ck values (1, 'a', 200);
-- NULL passes a check.
insert into ck values (null, null, null);
insert into ck values (1, 'a', 2), (2, 'b', 3);
-- The first failing row of several, checks in name order.
insert into ck values (5, 'c', 6), (6, 'abcdefg', 1), (0, 'd', 2);
insert into ck select x + 1, y, z from ck where x is not null;
update ck set x = -1 where x = 1;
update ck set z = z + 50;
update ck set z = z + 1 where x = 2;
select * from ck order by x nulls first;
-- NOT NULL is checked before the row's checks.
create table ck_nn (a int not null check (a > 0), b int check (b > 0));
insert into ck_nn values (null, -1);
insert into ck_nn values (1, -1);
insert into ck_nn values (1, null);
-- Generated names: one column read, several, none; numbered past names in use.
create table ck_names (a int check (a > 0), b int check (b > 0), check (a > 0), check (a < b), check (true), check (a <> 3));
select conname, pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ck_names'::regclass order by conname;
-- A name given twice, a name the table already has.
create table ck_dup (a int constraint c1 check (a > 0), b int constraint c1 check (b > 0));
create table ck_dup (a int constraint c1 check (a > 0));
alter table ck_dup add constraint c1 check (a < 10);
-- Expressions refused as PostgreSQL refuses them.
create table ck_bad (a int check ((select 1) = 1));
create table ck_bad (a int check (count(*) > 0));
create table ck_bad (a int check (b > 0));
create table ck_bad (a int check (a + 1));
create table ck_bad (a int check (row_number() over () > 0));
-- ALTER TABLE ADD / DROP CONSTRAINT.
alter table ck add constraint big check (x > 10);
alter table ck add constraint small check (x < 10);
alter table ck add check (y <> 'q');
select conname, pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ck'::regclass order by conname;
insert into ck values (9, 'q', 10);
alter table ck drop constraint ck_z_check;
alter table ck drop constraint ck_z_check;
alter table ck drop constraint if exists ck_z_check;
update ck set z = 150 where x = 2;
select conname from pg_constraint where conrelid = 'ck'::regclass order by conname;
-- Dropping a column drops the checks that read it; renaming one follows into them.
alter table ck drop column z;
select conname, pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ck'::regclass order by conname;
alter table ck rename column y to label;
select conname, pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ck'::regclass order by conname;
insert into ck values (3, 'toolong');
-- ADD COLUMN with a check: existing rows get the default and are checked.
create table ckc (a int);
insert into ckc values (1), (2);
alter table ckc add column b int default 5 check (b > 0);
alter table ckc add column c int default 0 check (c > 0);
alter table ckc add column d int constraint d_small check (d < 10 and d > a);
select conname, pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ckc'::regclass order by conname;
insert into ckc values (3, 0, null, null);
insert into ckc values (3, 1, null, 2);
select * from ckc order by a;
drop table ckc;
-- A reference qualified by the table's name follows a renamed column too.
create table ckq (a int check (ckq.a > 0));
alter table ckq rename column a to b;
select conname, pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ckq'::regclass;
insert into ckq values (0);
insert into ckq values (1);
drop table ckq;
-- How pg_get_constraintdef prints expressions of many shapes.
create table ck_text (a int, b bigint, c real, d double precision, e smallint, f timestamp, g interval, h boolean, i varchar(10), j char(3), k numeric, l date,
  check (b > 5), check (c > 1.5), check (d > 2), check (e < 7), check (f > '2020-01-01 10:00'), check (g < '1 day'), check (h), check (not h),
  check (i = 'abc'), check (j = 'ab'), check (a + 1 > 2 * a), check ((a + 1) * 2 > a - 1), check (a is not null), check (a > 0 or b > 0 and c > 0),
  check ((a > 0 or b > 0) and c > 0), check (upper(i) <> 'X'), check (a in (1, 2, 3)), check (a not in (4, 5)), check (a between 0 and 100),
  check (i like 'a%' or i is null), check (a::numeric > 0.5), check (i || 'x' <> 'yx'), check (a % 2 = 0 or a / 2 > 1),
  check (k between 1 and 10), check (l > '2020-1-1'), check (k > 2.5), check (length(i) < 9));
select conname, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) from pg_constraint where conrelid = 'ck_text'::regclass order by conname;
insert into ck_text (a) values (4);
insert into ck_text (a, b) values (2, 5);
insert into ck_text (a, k) values (2, 11);
insert into ck_text (a, l) values (2, '2019-12-31');
insert into ck_text (a, i) values (2, 'abd');
insert into ck_text (a, h) values (2, true);
insert into ck_text (a, b, k, l) values (2, 6, 3, '2021-01-01');
select a, b, k, l from ck_text;
drop table ck, ck_nn, ck_names, ck_dup, ck_text;
