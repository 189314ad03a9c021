-- GROUP BY GROUPING SETS, ROLLUP, CUBE, (), GROUPING() and GROUP BY DISTINCT:
-- keys outside a row's set read NULL, a NULL in the data is told apart by
-- GROUPING(), HAVING filters each set's groups, the empty set gives one row
-- even over no rows.
create table gs_sales (id integer primary key, region text, city text, product varchar(10), qty integer, price numeric(8,2));
insert into gs_sales values (1, 'north', 'oslo', 'apple', 3, 1.50), (2, 'north', 'oslo', 'pear', 1, 2.00), (3, 'north', 'bergen', 'apple', 5, 1.25), (4, 'south', 'rome', 'apple', 2, 1.75), (5, 'south', 'rome', 'fig', 7, 3.10), (6, 'south', 'milan', null, 4, null), (7, null, null, 'pear', 6, 2.20), (8, 'east', null, 'fig', null, 2.90);
select region, city, count(*), sum(qty) from gs_sales group by rollup (region, city) order by region nulls first, city nulls first, 3;
select region, city, grouping(region, city), count(*) from gs_sales group by rollup (region, city) order by 3, 1 nulls first, 2 nulls first;
select region, product, grouping(region), grouping(product), grouping(product, region), count(*), sum(qty), avg(qty), min(price), max(price) from gs_sales group by cube (region, product) order by 3, 4, 1 nulls first, 2 nulls first;
select region, city, product, count(*) from gs_sales group by grouping sets ((region, city), (product), ()) order by 1 nulls first, 2 nulls first, 3 nulls first;
select region, city, product, count(*) from gs_sales group by grouping sets (region, rollup (city, product)) order by 1 nulls first, 2 nulls first, 3 nulls first, 4;
select region, city, product, sum(qty) from gs_sales group by region, rollup (city, product) order by 1 nulls first, 2 nulls first, 3 nulls first;
select region, city, product, sum(qty) from gs_sales group by rollup (region), cube (city, product) order by 1 nulls first, 2 nulls first, 3 nulls first, 4 nulls first;
select region, city, count(*) from gs_sales group by rollup ((region, city)) order by grouping(region), 1 nulls first, 2 nulls first;
select region, count(*) from gs_sales group by grouping sets ((region), (region), ()) order by 1 nulls first, 2;
select region, city, count(*) from gs_sales group by distinct rollup (region), rollup (region, city) order by 1 nulls first, 2 nulls first;
select region, city, count(*) from gs_sales group by all rollup (region), rollup (region, city) order by 1 nulls first, 2 nulls first, grouping(region, city), 3;
select region, count(*) from gs_sales group by grouping sets (region, grouping sets ((), (region)));
select region, count(*), count(distinct product), count(distinct city) from gs_sales group by rollup (region) order by grouping(region), region nulls first;
-- NULL in the data against NULL for "not grouped".
select city, grouping(city) as g, count(*) from gs_sales group by rollup (city) order by g, city nulls first;
-- HAVING per set, also on GROUPING().
select region, city, sum(qty) from gs_sales group by rollup (region, city) having sum(qty) > 5 order by 1 nulls first, 2 nulls first;
select region, city, sum(qty) from gs_sales group by rollup (region, city) having grouping(city) = 1 order by 1 nulls first;
select region, count(*) from gs_sales group by rollup (region) having region is null order by 2;
-- ORDER BY over the result, expressions of keys, positions.
select region, city, sum(qty) from gs_sales group by rollup (1, 2) order by 3 desc nulls last, 1, 2;
select upper(region) as r, count(*) from gs_sales group by rollup (upper(region)) order by r nulls first;
select region || '/' || coalesce(city, '*') as place, sum(qty) from gs_sales group by rollup (region, city) order by place nulls first;
select region, sum(qty), rank() over (order by sum(qty) desc) from gs_sales group by rollup (region) order by 3, 1 nulls first;
select distinct grouping(region, city) from gs_sales group by cube (region, city) order by 1;
-- GROUP BY () and the empty set over an empty input.
create table gs_empty (a integer, b text);
select count(*), sum(a) from gs_empty group by ();
select a, count(*) from gs_empty group by rollup (a);
select a, b, count(*), grouping(a, b) from gs_empty group by cube (a, b);
select count(*) from gs_empty group by grouping sets ((), ());
select count(*) from gs_sales group by grouping sets ((), ());
select a, count(*) from gs_empty group by grouping sets ((a), (a));
select count(*) from gs_sales group by ();
select region, city, count(*) from gs_sales group by (region, city) order by 1 nulls first, 2 nulls first;
select region, grouping(region), count(*) from gs_sales group by region order by 1 nulls first;
select region, count(*) from gs_sales group by grouping sets ((region)) order by 1 nulls first;
-- Several aggregates of every kind over a CUBE.
select product, city, count(qty), sum(price), avg(price), min(city), max(product), bool_and(qty > 2), string_agg(id::text, ',' order by id) from gs_sales group by cube (product, city) order by product nulls first, city nulls first, grouping(product, city);
-- Errors as PostgreSQL raises them.
select region, grouping(city) from gs_sales group by rollup (region);
select grouping(region) from gs_sales;
select count(*) from gs_sales where grouping(region) = 0;
select count(*) from gs_sales group by grouping(region);
select region, city from gs_sales group by rollup (region);
select count(*) from gs_sales group by cube (id, region, city, product, qty, price, id + 1, id + 2, id + 3, id + 4, id + 5, id + 6, id + 7);
select count(*) from gs_sales group by cube (id, region, city, product), cube (qty, price, id + 1, id + 2), cube (id + 3, id + 4, id + 5, id + 6), rollup (id + 7);
select count(*) from gs_sales group by rollup (region, 9);
values (grouping(1));
values (count(*));
select 1 from gs_sales s join gs_sales t on grouping(s.id) = 0;
select 1 from gs_sales s left join gs_sales t on sum(s.id) = t.id;
select 1 from gs_sales s join gs_sales t on count(*) > 0;
select grouping(region, city, product, qty, price, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id, id) from gs_sales group by region, city, product, qty, price, id;
-- A key is a select-list entry: two entries of one expression are two keys.
select g as alias1, g as alias2 from generate_series(1, 3) g group by alias1, rollup (alias2) order by 1, 2;
select g as a1, g + 1 as b, g as a2, count(*) from generate_series(1, 3) g group by g, rollup (3) order by 1, 3;
select g, g, count(*) from generate_series(1, 3) g group by rollup (g, 2) order by 1, 2;
-- Many groups per set, folded by several threads.
create table gs_many (k integer primary key, g integer, name text, x numeric(20,2));
insert into gs_many select k, k % 1000, 'customer#' || (k % 900), k % 7 from generate_series(1, 100000) k;
select count(*), sum(c), sum(s), count(distinct name), max(length(name)) from (select g, name, count(*) c, sum(x) s from gs_many group by cube (g, name)) q;
select gr, count(*), sum(c), sum(d) from (select grouping(g, name) gr, count(*) c, count(distinct k % 5) d from gs_many group by rollup (name, g)) q group by gr order by gr;
select name, g, count(*), sum(x) from gs_many group by grouping sets ((name), (g), ()) order by 3 desc, 1 nulls first, 2 nulls first limit 5;
select name, sum(k) from gs_many group by rollup (name) having sum(k) > 5570000 order by 2 desc, 1 nulls first limit 4;
select count(*), count(k), count(g), sum(c), sum(gr), sum(s) from (select k, g, count(*) c, sum(x) s, grouping(k, g) gr from gs_many group by rollup (g, k)) q;
select g, k, sum(x), grouping(g, k) from gs_many group by rollup (g, k) order by 1 nulls first, 2 nulls first limit 4;
select k % 3 as m, count(*) from (select k, name from gs_many group by grouping sets ((k, name), (k), ())) q group by m order by m nulls first;
