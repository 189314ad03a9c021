-- Temporary tables: each statement line runs in its own session, so what a
-- temporary table must show is written on one line (one session).
create temp table tt_a (id int primary key, v text); insert into tt_a values (1, 'x'), (2, 'y'); select * from tt_a order by id;
create temporary table tt_a (id int); select count(*) from tt_a;
select * from tt_a;
create table tt_shadow (a int); insert into tt_shadow values (1);
create temp table tt_shadow (a int); insert into tt_shadow values (2), (3); select * from tt_shadow order by a;
create temp table tt_shadow (a int); insert into tt_shadow values (2), (3); select * from public.tt_shadow order by a;
create temp table tt_shadow (a int); select * from pg_temp.tt_shadow;
select * from tt_shadow;
create temp table tt_as as select 1 as one, 'two'::text as two; select * from tt_as;
select 5 as five into temp tt_into; select * from tt_into;
create temp table tt_q (a int); select relpersistence, relkind from pg_class where relname = 'tt_q';
create temp table tt_q (a int); select table_type from information_schema.tables where table_name = 'tt_q';
create temp table tt_q (a int); select count(*) from pg_tables where tablename = 'tt_q' and schemaname like 'pg_temp%';
create temp table tt_q (a int); select pg_table_is_visible('tt_q'::regclass);
create temp table tt_del (a int) on commit delete rows; insert into tt_del values (1); select count(*) from tt_del;
create temp table tt_del (a int) on commit delete rows; begin; insert into tt_del values (1); select count(*) from tt_del; commit; select count(*) from tt_del;
create temp table tt_drop (a int) on commit drop; select * from tt_drop;
create temp table tt_pres (a int) on commit preserve rows; insert into tt_pres values (1); select * from tt_pres;
create table tt_perm (a int) on commit delete rows;
create schema tt_sch; create temp table tt_sch.t (a int);
drop schema tt_sch;
create temp table tt_idx (a int, b text); create index tt_idx_b on tt_idx (b); insert into tt_idx values (1, 'q'); select * from tt_idx where b = 'q';
create temp table tt_upd (a int primary key, b int); insert into tt_upd values (1, 1), (2, 2); update tt_upd set b = b * 10 where a = 2; delete from tt_upd where a = 1; select * from tt_upd;
create temp table tt_d (a int); drop table tt_d; select * from tt_d;
