-- GROUP BY keys of every form: packed integers with NULLs, numerics of mixed
-- scales, char(n) with trailing blanks, -0 and NaN, booleans (a direct
-- array), long text and intervals (byte keys), and enough groups across
-- threads for a partitioned merge.
create table gk_t (id integer primary key, i integer, b bigint, n numeric, nd numeric(8,2), c char(4), v varchar(30), f float8, flag boolean, span interval);
insert into gk_t values (1, -1, -9223372036854775807, 1.5, 1.5, 'a', 'short', 0.0, true, '1 day'), (2, -1, 9223372036854775807, 1.50, 1.50, 'a   ', 'short', -0.0, false, '24 hours'), (3, null, null, null, null, null, null, null, null, null), (4, 2, 0, -1.500, -1.5, 'a ', 'a text longer than seven bytes', 'NaN', true, '1 mon'), (5, null, 0, 0.000, 0, '', 'a text longer than seven bytes', 'NaN', null, '30 days'), (6, -2147483648, -1, 2, 2.00, ' a', 'short ', 1.5, false, '1 day');
select i, count(*), sum(id) from gk_t group by i order by i nulls first;
select b, count(*) from gk_t group by b order by b nulls first;
select i, b, count(*) from gk_t group by i, b order by i nulls first, b nulls first;
select round(n, 3), count(*), sum(n), avg(n) from gk_t group by n order by 1 nulls first;
select round(nd, 3), count(*), sum(nd) from gk_t group by nd order by 1 nulls first;
select c, length(c), count(*), min(id) from gk_t group by c order by c nulls first;
select v, count(*) from gk_t group by v order by v nulls first;
select v, c, count(*) from gk_t group by v, c order by v nulls first, c nulls first;
select f + 0, count(*) from gk_t group by f order by f nulls first;
select flag, count(*), string_agg(id::text, ',' order by id) from gk_t group by flag order by flag nulls first;
select flag, i, count(*) from gk_t group by flag, i order by flag nulls first, i nulls first;
select count(*), min(id) from gk_t group by span order by 2;
select n, count(*) from gk_t where id in (1, 2) group by n;
select count(*), count(distinct n), count(distinct c), count(distinct f) from gk_t;
-- Many groups, across threads.
create table gk_many (k integer primary key, g integer, name text, x numeric(20,2));
insert into gk_many select k, k % 100000, 'customer#' || (k % 90000), 999999999999999999.99 from generate_series(1, 300000) k;
select count(*), sum(c), min(g), max(g), sum(s) from (select g, count(*) c, sum(x) s from gk_many group by g) q;
select count(*), sum(c), max(c), min(c) from (select name, count(*) c from gk_many group by name) q;
select count(*), sum(d), sum(length(s)) from (select name, count(distinct k % 3) d, string_agg(k::text, ',' order by k desc) s from gk_many group by name) q;
select g, count(*), sum(x) from gk_many group by g having count(*) > 3 order by g limit 5;
select sum(x), avg(x) from gk_many;
-- One-character flags (a direct array) and a non-ASCII one that moves the table to packed keys.
create table gk_flags (id integer primary key, a char(1), b varchar(1), t boolean);
insert into gk_flags values (1, 'A', 'x', true), (2, 'A', 'x', true), (3, 'N', 'y', null), (4, null, null, false), (5, ' ', '', true), (6, 'A', 'x', null), (7, '', '', true), (8, 'é', 'y', false), (9, 'N', 'y', null);
select a, b, t, count(*), min(id) from gk_flags group by a, b, t order by min(id);
select a, count(*), min(id) from gk_flags group by a order by min(id);
select t, count(*) from gk_flags group by t order by t nulls first;
select a, b, count(*) from gk_flags where id < 8 group by a, b order by min(id);
