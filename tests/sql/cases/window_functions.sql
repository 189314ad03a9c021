-- Window functions: ranking, offsets, frame values, aggregates over frames
-- (ROWS, RANGE with offsets on numbers and dates, GROUPS, EXCLUDE), named
-- windows, several windows per query, and PostgreSQL's errors.
create table win_t (id integer primary key, g text, v integer, x numeric(10,2), f float8, d date, s text);
insert into win_t values (1, 'a', 10, 1.50, 0.5, '2024-01-01', 'p'), (2, 'a', 20, 2.25, 1.5, '2024-01-03', 'q'), (3, 'a', 20, null, 2.5, '2024-01-04', null), (4, 'a', null, 1.50, null, null, 'r'), (5, 'b', 5, 3.00, 1.0, '2024-02-01', 's'), (6, 'b', 7, 3.00, -1.0, '2024-02-10', 't'), (7, 'b', 7, -0.75, -2.0, '2024-02-11', 'u'), (8, null, 1, 0.10, 0.0, '2024-03-01', 'v'), (9, null, null, null, null, null, null), (10, 'c', 100, 10.00, 10.0, '2024-04-01', 'w');
create table win_empty (id integer, v integer);
-- ranking
select id, g, v, row_number() over (partition by g order by v, id) from win_t order by id;
select id, g, v, rank() over (partition by g order by v), dense_rank() over (partition by g order by v) from win_t order by id;
select id, v, rank() over (order by v desc), dense_rank() over (order by v desc nulls last) from win_t order by id;
select id, g, v, percent_rank() over (partition by g order by v), cume_dist() over (partition by g order by v) from win_t order by id;
select id, percent_rank() over (), cume_dist() over (), rank() over (), dense_rank() over () from win_t order by id;
select id, ntile(3) over (order by id), ntile(4) over (partition by g order by id), ntile(20) over (order by id) from win_t order by id;
select id, ntile(null) over (order by id) from win_t order by id;
select row_number() over (order by v nulls first, id) as rn, id from win_t order by rn;
-- lag and lead
select id, v, lag(v) over (order by id), lead(v) over (order by id) from win_t order by id;
select id, v, lag(v, 2) over (partition by g order by id), lead(v, 2, -1) over (partition by g order by id) from win_t order by id;
select id, lag(s, 1, 'none') over (order by id), lead(s, 0) over (order by id), lag(v, -1) over (order by id) from win_t order by id;
select id, lag(x, 1, 0) over (order by id), lead(v, 1, 0.5) over (order by id) from win_t order by id;
select id, lag(v, null) over (order by id), lead(d, 3) over (order by id) from win_t order by id;
-- first_value, last_value, nth_value
select id, g, first_value(v) over w, last_value(v) over w, nth_value(v, 2) over w from win_t window w as (partition by g order by id) order by id;
select id, first_value(s) over w, last_value(s) over w, nth_value(s, 3) over w from win_t window w as (order by id rows between unbounded preceding and unbounded following) order by id;
select id, nth_value(v, 2) over (order by v rows between 1 preceding and 1 following) from win_t order by id;
select id, first_value(v) over (order by v range between current row and unbounded following), last_value(v) over (order by v desc range between unbounded preceding and current row) from win_t order by id;
-- aggregates as window functions, default frame (peers included)
select id, g, v, sum(v) over (partition by g order by v), count(*) over (partition by g order by v), count(v) over (partition by g) from win_t order by id;
select id, avg(v) over (order by v), min(s) over (order by v), max(d) over (order by v) from win_t order by id;
select id, sum(x) over (order by id), avg(x) over (order by id), sum(f) over (order by id) from win_t order by id;
select id, string_agg(s, ',') over (order by id), bool_and(v > 6) over (order by id), bool_or(v > 50) over (order by id) from win_t order by id;
select id, count(*) over (), sum(v) over (), max(s) over () from win_t order by id;
select id, count(*) filter (where v > 6) over (order by id), sum(v) filter (where g = 'a') over (partition by g) from win_t order by id;
-- ROWS frames
select id, sum(v) over (order by id rows between 1 preceding and 1 following) from win_t order by id;
select id, sum(v) over (order by id rows 2 preceding), count(*) over (order by id rows between current row and 2 following) from win_t order by id;
select id, sum(v) over (order by id rows between 3 preceding and 1 preceding), sum(v) over (order by id rows between 1 following and 3 following) from win_t order by id;
select id, min(v) over (order by id rows between 2 preceding and 2 following), max(s) over (order by id rows between 1 preceding and 1 following) from win_t order by id;
select id, string_agg(s, '') over (order by id rows between 2 preceding and 1 following) from win_t order by id;
select id, count(*) over (order by id rows between 5 following and 2 following), sum(v) over (order by id rows between unbounded preceding and 2 preceding) from win_t order by id;
select id, sum(v) over (partition by g order by id rows between 0 preceding and 0 following) from win_t order by id;
select id, avg(f) over (order by id rows between 1 preceding and current row) from win_t order by id;
-- RANGE frames with offsets
select id, v, sum(v) over (order by v range between 5 preceding and 5 following) from win_t order by id;
select id, v, count(*) over (order by v desc range between 10 preceding and current row) from win_t order by id;
select id, v, sum(id) over (order by v nulls first range between 1 preceding and 3 following) from win_t order by id;
select id, x, count(*) over (order by x range between 1.5 preceding and 0.5 following) from win_t order by id;
select id, f, sum(id) over (order by f range between 1 preceding and 1 following) from win_t order by id;
select id, d, count(*) over (order by d range between interval '3 days' preceding and current row), min(id) over (order by d range between current row and interval '1 month' following) from win_t order by id;
select id, v, sum(v) over (partition by g order by v range between unbounded preceding and 1 preceding) from win_t order by id;
select id, v, count(*) over (order by v range between 2 following and 10 following) from win_t order by id;
select id, v, sum(v) over (order by v range between current row and current row) from win_t order by id;
-- GROUPS frames
select id, v, sum(v) over (order by v groups between 1 preceding and 1 following) from win_t order by id;
select id, v, count(*) over (order by v groups between current row and 2 following), sum(id) over (order by v groups 1 preceding) from win_t order by id;
select id, v, sum(id) over (partition by g order by v groups between 2 preceding and 1 preceding) from win_t order by id;
-- EXCLUDE
select id, v, sum(id) over (order by v rows between unbounded preceding and unbounded following exclude current row) from win_t order by id;
select id, v, sum(id) over (order by v range between unbounded preceding and current row exclude group) from win_t order by id;
select id, v, sum(id) over (order by v groups between 1 preceding and 1 following exclude ties), count(*) over (order by v range between 10 preceding and 10 following exclude group) from win_t order by id;
select id, v, first_value(id) over (order by v, id rows between current row and 2 following exclude current row), last_value(v) over (order by v range between unbounded preceding and current row exclude ties) from win_t order by id;
select id, v, nth_value(id, 2) over (order by v, id rows between unbounded preceding and unbounded following exclude group), sum(v) over (order by v, id rows 1 preceding exclude no others) from win_t order by id;
select id, v, sum(id) over (order by v rows between unbounded preceding and unbounded following exclude ties), count(*) over (order by v groups between 1 preceding and 1 following exclude current row) from win_t order by id;
select id, string_agg(s, ',') over (order by v, id rows between 2 preceding and 2 following exclude current row) from win_t order by id;
-- named windows, several windows, windows over groups, in expressions and ORDER BY
select id, sum(v) over w, rank() over (w order by id) from win_t window w as (partition by g) order by id;
select id, count(*) over w2 from win_t window w1 as (partition by g), w2 as (w1 order by id rows 1 preceding) order by id;
select id, sum(v) over w, sum(v) over (w rows between current row and unbounded following) from win_t window w as (order by id) order by id;
select id, row_number() over (order by id) * 10 + rank() over (partition by g order by v) as r, coalesce(lag(v) over (order by id), 0) from win_t order by id;
select id, g from win_t order by row_number() over (order by id desc);
select g, sum(v), rank() over (order by sum(v) desc nulls last), sum(sum(v)) over () from win_t group by g order by g;
select g, count(*) as c, row_number() over (order by g) from win_t group by g having count(*) > 1 order by g;
select distinct g, count(*) over (partition by g) from win_t order by g;
select * from (select id, rank() over (partition by g order by v desc) as r from win_t) t where r = 1 order by id;
select id, row_number() over (order by id) from win_t order by id limit 3 offset 2;
select sum(v) over (), avg(v) over (order by id) from win_empty;
select count(*) over (), 1 + row_number() over ();
select id, v, sum(v) over (partition by v order by id) from win_t order by id;
-- errors
select id from win_t where row_number() over (order by id) > 1;
select g, count(*) from win_t group by g having rank() over (order by g) > 1;
select count(*) from win_t group by row_number() over ();
select sum(row_number() over (order by id)) from win_t;
select row_number() over (order by rank() over (order by id)) from win_t;
select lag(lead(v) over ()) over () from win_t;
select row_number() from win_t;
select abs(v) over () from win_t;
select count(distinct v) over () from win_t;
select sum(v order by id) over () from win_t;
select rank() filter (where v > 1) over () from win_t;
select sum(v) over w from win_t;
select sum(v) over (w order by id) from win_t window w as (order by v);
select sum(v) over (w partition by id) from win_t window w as (order by v);
select sum(v) over (w) from win_t window w as (order by v rows 1 preceding);
select 1 from win_t window w as (), w as (order by id);
select sum(v) over (order by v, id range 1 preceding) from win_t;
select sum(v) over (range between 1 preceding and current row) from win_t;
select sum(v) over (groups between 1 preceding and current row) from win_t;
select sum(v) over (order by id rows between -1 preceding and current row) from win_t;
select sum(v) over (order by id rows between 1 preceding and -2 following) from win_t;
select sum(v) over (order by id groups between -1 preceding and current row) from win_t;
select sum(v) over (order by v range between -1 preceding and current row) from win_t;
select sum(v) over (order by id rows between null preceding and current row) from win_t;
select sum(v) over (order by id rows between id preceding and current row) from win_t;
select sum(v) over (order by s range between 1 preceding and current row) from win_t;
select sum(v) over (order by v range between 1.5 preceding and current row) from win_t;
select sum(v) over (order by d range between 1 preceding and current row) from win_t;
select sum(v) over (order by id rows between unbounded following and current row) from win_t;
select sum(v) over (order by id rows between current row and unbounded preceding) from win_t;
select ntile(0) over (order by id) from win_t;
select nth_value(v, 0) over (order by id) from win_t;
select ntile(-1) over (order by id) from win_empty;
select row_number(1) over () from win_t;
select ntile('x') over () from win_t;
select sum(v) over (order by id rows between 1 preceding and current row) from win_empty;
insert into win_empty select id, row_number() over () from win_t where false;
update win_empty set v = row_number() over ();
select t.id from win_t t join win_empty e on rank() over () = 1;
values (row_number() over ());
