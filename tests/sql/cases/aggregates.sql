-- GROUP BY, aggregates and HAVING.
create table agg_sales (id integer primary key, region text, item varchar(10), qty integer, price numeric(12,2), weight float8, sold date);
insert into agg_sales values (1, 'east', 'apple', 3, 1.50, 0.5, '1998-01-01'), (2, 'east', 'pear', 10, 2.25, 1.25, '1998-02-01'), (3, 'west', 'apple', 5, 1.75, 0.75, '1998-01-15'), (4, 'west', 'fig', null, 10.00, null, null), (5, 'north', 'apple', 7, null, 2.0, '1998-03-01'), (6, null, 'kiwi', 1, 0.99, 0.1, '1997-12-31');
select count(*), count(qty), sum(qty), avg(qty), min(qty), max(qty) from agg_sales;
select sum(price), avg(price), min(price), max(price), sum(weight), avg(weight) from agg_sales;
select region, count(*), sum(qty) from agg_sales group by region order by region;
select region, sum(price * qty) as revenue from agg_sales group by region order by revenue desc nulls last;
select item, count(*) as n from agg_sales group by item having count(*) > 1 order by item;
select region, item, max(sold), min(sold) from agg_sales group by region, item order by 1, 2;
select count(distinct region), count(distinct item) from agg_sales;
select region, count(*) from agg_sales where qty > 2 group by 1 order by 2 desc, 1;
select sum(qty) from agg_sales where id > 100;
select count(*) from agg_sales where id > 100;
select region, avg(price) from agg_sales group by region order by region nulls first;
select qty + 1 as q, count(*) from agg_sales group by qty + 1 order by q;
select region, qty from agg_sales group by region;
select sum(region) from agg_sales;
select max(min(qty)) from agg_sales;
select * from agg_sales where count(*) > 1;
select count(*) * 2, sum(qty) / count(*) from agg_sales;
select region as r, count(*) from agg_sales group by r order by r;
drop table agg_sales;
-- DISTINCT float sums add ascending, as PostgreSQL's sorted DISTINCT input does
select sum(distinct x) from (values (1e16::float8), (1::float8), (2::float8), (1::float8)) t(x);
select x % 2 as parity, count(distinct y), sum(distinct y), avg(distinct y), count(distinct x) from (values (1, 10::numeric), (1, 10.0), (2, 20), (3, null), (3, 30), (5, 10)) t(x, y) group by x % 2 order by 1;
