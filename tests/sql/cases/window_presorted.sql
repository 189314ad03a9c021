-- Window functions over rows that already stand in their partition and order
-- keys' order (a table read in its primary key's order, a sorted subquery):
-- the sort is skipped, so NULL placement, DESC and rows out of order only at
-- the very end must still come out as PostgreSQL's.
create table wps_lines (order_key integer, line integer, price numeric(10,2), note text, primary key (order_key, line));
insert into wps_lines select i / 4, i % 4, (i * 37 % 1000) / 10.0, case when i % 7 = 0 then null else 'n' || (i % 5) end from generate_series(1, 5000) i;
select count(*), sum(share), max(share) from (select price / sum(price) over (partition by order_key) as share from wps_lines) s;
select order_key, line, row_number() over (partition by order_key order by line), sum(price) over (partition by order_key order by line) from wps_lines where order_key < 4 order by 1, 2;
select order_key, line, rank() over (order by order_key, line) from wps_lines where order_key between 100 and 102 order by 1, 2;
select note, id, row_number() over (partition by note order by id desc) from (select * from (values (1, 'a'), (2, null), (3, 'a'), (4, 'b'), (5, null)) v(id, note) order by note nulls last, id desc) s order by 1 nulls last, 2;
select note, id, row_number() over (partition by note order by id desc) from (select * from (values (1, 'a'), (2, null), (3, 'a'), (4, 'b'), (5, null)) v(id, note) order by note nulls first, id desc) s order by 1 nulls first, 2;
select id, v, rank() over (order by v nulls first) from (select * from (values (1, null), (2, 1), (3, 2), (4, 2)) t(id, v) order by v nulls first) s order by 1;
select id, v, rank() over (order by v desc) from (select * from (values (1, 5), (2, 4), (3, 4), (4, null)) t(id, v) order by v desc nulls last) s order by 1;
-- in order but for the last row
select id, v, row_number() over (order by v) from (values (1, 1), (2, 2), (3, 3), (4, 0)) t(id, v) order by 1;
select id, g, count(*) over (partition by g) from (values (1, 'a'), (2, 'a'), (3, 'b'), (4, 'a')) t(id, g) order by 1;
select order_key, line, lag(price) over (partition by order_key order by line desc) from wps_lines where order_key < 3 order by 1, 2;
