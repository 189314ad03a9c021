-- Data-modifying WITH queries: INSERT, UPDATE and DELETE ... RETURNING in a
-- statement's top-level WITH list, each run once, all against the statement's
-- snapshot; the main statement reads their RETURNING rows.
create table mw_y (a int);
insert into mw_y select generate_series(1, 10);
with t as (insert into mw_y values (11), (12), (13) returning *) select * from t order by a;
select count(*), sum(a) from mw_y;
with t as (update mw_y set a = a + 1 returning *) select * from t order by a;
with t as (delete from mw_y where a <= 10 returning *) select * from t order by a;
select * from mw_y order by a;
-- The main statement sees the snapshot: not the rows a WITH query changed.
with t as (insert into mw_y values (100) returning *) select (select count(*) from mw_y), (select count(*) from t);
with t as (update mw_y set a = -a returning *) select (select min(a) from mw_y), (select min(a) from t);
select * from mw_y order by a;
-- Moving rows: DELETE ... RETURNING into INSERT.
create table mw_archive (a int, moved_from text);
with moved as (delete from mw_y where a < -12 returning a) insert into mw_archive select a, 'mw_y' from moved returning *;
select * from mw_y order by a;
select * from mw_archive order by a;
-- A WITH query that nothing reads still runs, once; LIMIT on the main query does not stop it.
with t as (delete from mw_archive where a = -100) select 1 as one;
select count(*) from mw_archive;
with t as (update mw_y set a = a * 10 returning *) select * from t order by a limit 1;
select * from mw_y order by a;
-- Two readers of one WITH query see the same rows; column aliases rename them.
with t(x) as (insert into mw_y values (7), (8) returning a) select * from t a join t b on a.x = b.x order by 1;
with t as (insert into mw_y values (9) returning a * 2 as doubled, 'new' as tag) select doubled, tag from t;
-- One WITH query reads another; under RECURSIVE a later one is run first.
with a as (insert into mw_y values (1000) returning a), b as (insert into mw_archive select a, 'b' from a returning *) select * from b;
with recursive a as (insert into mw_archive select a, 'a' from b returning *), b as (insert into mw_y values (2000) returning a) select * from a;
with recursive n(i) as (select 1 union all select i + 1 from n where i < 3), ins as (insert into mw_y select i * 1000000 from n returning a) select * from ins order by a;
select * from mw_archive order by a;
-- The main statement is an UPDATE or DELETE: a row a WITH query changed is left as it left it.
with t as (update mw_y set a = a + 1 where a > 0 returning *) delete from mw_y returning *;
select * from mw_y order by a;
with t as (insert into mw_y values (5) returning a) update mw_y set a = mw_y.a + t.a from t returning mw_y.a;
with t as (insert into mw_y values (6) returning a) delete from mw_y using t where mw_y.a = t.a * 1000000 - 4999990;
select * from mw_y order by a;
-- Upserts in WITH.
create table mw_kv (k int primary key, v text);
with t as (insert into mw_kv values (1, 'one'), (2, 'two') on conflict (k) do update set v = excluded.v returning *) select * from t order by k;
with t as (insert into mw_kv values (1, 'uno'), (3, 'tres') on conflict (k) do update set v = mw_kv.v || '/' || excluded.v returning *) select * from t order by k;
with t as (insert into mw_kv values (2, 'dos') on conflict do nothing returning *) select count(*) from t;
select * from mw_kv order by k;
-- Errors.
with t as (delete from mw_y) select * from t;
with t as (delete from mw_y where false returning a) select x from t;
with t(p, q) as (delete from mw_y where false returning a) select * from t;
select * from (with t as (delete from mw_y returning *) select * from t) s;
with t as (with u as (insert into mw_y values (1) returning *) select * from u) select * from t;
select (with t as (delete from mw_y returning *) select count(*) from t);
with recursive t as (insert into mw_y select * from t returning *) select 1;
with t as (insert into mw_y values ('not a number') returning *) select * from t;
with t as (insert into mw_kv values (1, 'dup') returning *) select * from t;
-- A failing statement changes nothing: the WITH query's writes go with it.
with t as (delete from mw_y returning *) select 1 / (count(*) - count(*)) from t;
with t as (insert into mw_kv values (10, 'ten') returning *) insert into mw_kv select k - 9, v from t;
select count(*) from mw_y;
select * from mw_kv order by k;
drop table mw_y, mw_archive, mw_kv;
