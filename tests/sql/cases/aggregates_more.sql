-- string_agg, bool_and/bool_or/every, DISTINCT in every aggregate, ORDER BY
-- inside a call, and FILTER (WHERE ...).
create table aggm_t (id integer primary key, g text, s text, v varchar(5), c char(3), n integer, x numeric(10,2), f float8, b boolean, sep text);
insert into aggm_t values (1, 'a', 'x', 'x', 'x', 1, 1.50, 0.5, true, ','), (2, 'a', 'y', 'yy', 'yy', 2, 2.25, 1.5, false, ';'), (3, 'b', 'z', 'z', 'z', 2, null, 2.5, true, null), (4, 'b', null, null, null, null, 1.50, null, null, '-'), (5, 'c', 'w', 'w', 'w', 5, 3.00, 1.0, true, ','), (6, 'a', 'x', 'x', 'x', 1, 1.5, 0.5, true, '/'), (7, null, 'q', 'q', 'q', -3, -0.75, -2.0, false, ',');
-- string_agg
select string_agg(s, ',' order by id) from aggm_t;
select string_agg(s, ', ' order by s desc, id) from aggm_t;
select string_agg(s, '' order by id desc) from aggm_t;
select string_agg(s, sep order by id) from aggm_t;
select string_agg(s, null order by id) from aggm_t;
select string_agg(v, '|' order by id), string_agg(c, '|' order by id) from aggm_t;
select string_agg('k', '-' order by id) from aggm_t;
select string_agg(s, ',' order by n nulls first, id) from aggm_t;
select string_agg(s, ',' order by n desc nulls last, id) from aggm_t;
select string_agg(s, ',' order by x, id) from aggm_t;
select string_agg(s || '!', ',' order by length(s), id desc) from aggm_t;
select g, string_agg(s, ',' order by id) as ss, count(*) from aggm_t group by g order by g;
select g, string_agg(s, ',' order by id) from aggm_t group by g having string_agg(s, ',' order by id) like '%x%' order by g;
select string_agg(s, ',' order by id) from aggm_t where id > 100;
select string_agg(s, ',') from aggm_t where id = 4;
select string_agg(s, ',') from aggm_t where id = 1;
select string_agg(s, ',' order by id) is null, count(*) from aggm_t where s is null;
-- bool_and, bool_or, every
select bool_and(b), bool_or(b), every(b) from aggm_t;
select g, bool_and(b), bool_or(b), every(n > 0) from aggm_t group by g order by g;
select bool_and(b), bool_or(b) from aggm_t where id = 4;
select bool_and(b), bool_or(b) from aggm_t where id > 100;
select bool_or(n > 4), bool_and(n > -10) from aggm_t;
select bool_and('t'), bool_or('f');
select g from aggm_t group by g having bool_or(b) order by g;
-- DISTINCT
select count(distinct n), sum(distinct n), avg(distinct n) from aggm_t;
select count(distinct x), sum(distinct x), avg(distinct x) from aggm_t;
select count(distinct f), sum(distinct f), avg(distinct f) from aggm_t;
select min(distinct n), max(distinct s), bool_and(distinct b), bool_or(distinct b) from aggm_t;
select string_agg(distinct s, ',') from aggm_t;
select string_agg(distinct s, ',' order by s desc) from aggm_t;
select string_agg(distinct v, ',' order by v) from aggm_t;
select string_agg(distinct s, sep) from aggm_t;
select g, count(distinct s), sum(distinct n), string_agg(distinct s, '+') from aggm_t group by g order by g;
select count(distinct n), count(n), sum(distinct n), sum(n) from aggm_t where id in (1, 6);
select avg(distinct n) from aggm_t where id > 100;
-- ORDER BY inside other aggregates is accepted and does not change them
select sum(n order by id desc), count(s order by s), max(x order by id) from aggm_t;
-- FILTER
select count(*) filter (where n > 1), count(n) filter (where b), sum(n) filter (where b), avg(x) filter (where x > 1) from aggm_t;
select g, count(*) filter (where b), count(*), sum(n) filter (where s <> 'x') from aggm_t group by g order by g;
select g, string_agg(s, ',' order by id) filter (where id < 5) from aggm_t group by g order by g;
select sum(10 / n) filter (where n <> 0) from aggm_t;
select count(*) filter (where null), count(*) filter (where false), count(*) filter (where true) from aggm_t;
select count(distinct n) filter (where n > 1), sum(distinct n) filter (where id > 1) from aggm_t;
select bool_and(b) filter (where g = 'a'), bool_or(b) filter (where g = 'b') from aggm_t;
select count(*) filter (where 't') from aggm_t;
select g, sum(n) filter (where b) as sb, sum(n) from aggm_t group by g having sum(n) filter (where b) > 1 order by g;
select sum(n) filter (where b), sum(n) filter (where not b), sum(n) from aggm_t;
select count(*) filter (where n > (select min(n) from aggm_t)) from aggm_t;
-- errors
select sum(s) from aggm_t;
select avg(s) from aggm_t;
select sum(b) from aggm_t;
select sum('1');
select avg(null);
select string_agg(n, ',') from aggm_t;
select string_agg(s, 1) from aggm_t;
select string_agg(s) from aggm_t;
select string_agg(s, ',', ';') from aggm_t;
select bool_and(n) from aggm_t;
select bool_or(s) from aggm_t;
select bool_and('maybe');
select min(b) from aggm_t;
select lower(s) filter (where true) from aggm_t;
select lower(distinct s) from aggm_t;
select lower(s order by s) from aggm_t;
select count(*) filter (where n) from aggm_t;
select count(*) filter (where count(*) > 1) from aggm_t;
select count(*) filter (where 'maybe') from aggm_t;
select string_agg(distinct s, ',' order by id) from aggm_t;
select string_agg(s, ',' order by sum(n)) from aggm_t;
select sum(sum(n)) from aggm_t;
select string_agg(s, ',' order by nope) from aggm_t;
select count(*) from aggm_t where bool_and(b);
-- many rows: per-thread tables merged
create table aggm_big (id integer primary key, g integer, s text, n integer);
insert into aggm_big select a.i * 1000 + b.i * 100 + c.i * 10 + d.i + e.i * 10000, (a.i + b.i) % 7, 's' || c.i, (a.i * 7 + d.i) % 13 from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) a(i), (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) b(i), (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) c(i), (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)) d(i), (values (0), (1), (2), (3), (4), (5)) e(i);
select count(*), count(distinct s), string_agg(distinct s, ','), count(distinct n), sum(distinct n), avg(distinct n) from aggm_big;
select g, count(distinct s), sum(distinct id % 100), avg(distinct id % 13), bool_and(id > 5), bool_or(id = 5), length(string_agg(s, ',' order by id)), substring(string_agg(s || id, ',' order by id desc), 100, 40) from aggm_big group by g order by g;
select g, count(*) filter (where n = 3), sum(n) filter (where s = 's5'), string_agg(distinct s, '' order by s desc) filter (where n < 2) from aggm_big group by g order by g;
select substring(string_agg(id::text, ',' order by id), 1, 60), substring(string_agg(id::text, ',' order by id desc), 1, 60) from aggm_big where g = 3;
select n, string_agg(distinct s, ',') from aggm_big group by n order by n;
drop table aggm_big;
drop table aggm_t;
-- An implicit and an explicit cast to numeric are one grouping expression, as in PostgreSQL.
CREATE TABLE cast_group_t (i int);
INSERT INTO cast_group_t VALUES (1), (2), (2), (3);
SELECT round(i::numeric, 2), count(*) FROM cast_group_t GROUP BY round(i, 2) ORDER BY 1;
SELECT i::varchar(1), count(*) FROM cast_group_t GROUP BY i::varchar(1) ORDER BY 1;
DROP TABLE cast_group_t;
