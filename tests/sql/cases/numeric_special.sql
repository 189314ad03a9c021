-- numeric NaN, Infinity and -Infinity: input in every spelling, output,
-- order, keys and grouping, arithmetic, functions, aggregates, casts, typmods,
-- binary-free client round trips and PostgreSQL's errors.
select 'NaN'::numeric, ' nan '::numeric, 'Infinity'::numeric, '-inf'::numeric, '+INFINITY'::numeric, ' -Inf '::numeric;
select 'infinit'::numeric;
select 'nanx'::numeric;
select '- inf'::numeric;
create table ns (id int primary key, v numeric, m numeric(10, 2));
insert into ns values (1, 'NaN', 'NaN'), (2, 'Infinity', 1.5), (3, '-Infinity', -2.25), (4, 0, 0), (5, 1e20, 12345678.9), (6, -7.5, null), (7, null, 'nan');
insert into ns values (8, 1, 'inf');
insert into ns values (8, 1, '-Infinity');
select * from ns order by id;
select id, v from ns order by v, id;
select id, v from ns order by v desc nulls last, id;
select v, count(*) from ns group by v order by v;
select m, count(*) from ns group by m order by m nulls first;
select id from ns where v = 'nan' order by id;
select id from ns where v > 100 order by id;
select id from ns where v < 'Infinity' order by id;
select id from ns where m = 'NaN' order by id;
select id from ns where m > 1 order by id;
select count(distinct v), min(v), max(v), min(m), max(m) from ns;
select a.id, b.id from ns a join ns b on a.v = b.v order by 1, 2;
create index ns_v on ns (v);
select id from ns where v = '-inf';
select id from ns where v >= 'infinity' order by id;
create table nk (k numeric primary key);
insert into nk values ('NaN'), ('Infinity'), ('-Infinity'), (0), (1.5), (-1e30);
insert into nk values ('nan');
insert into nk values ('-infinity');
select k from nk order by k;
select k from nk where k > 1 order by k;
select k from nk where k between '-Infinity' and 0 order by k;
-- arithmetic
with v(x) as (values ('0'::numeric), ('1'), ('-1'), ('4.2'), ('inf'), ('-inf'), ('nan'))
select x1, x2, x1 + x2 as sum, x1 - x2 as diff, x1 * x2 as prod from v as v1(x1), v as v2(x2) order by 1, 2;
with v(x) as (values ('0'::numeric), ('1'), ('-1'), ('4.2'), ('inf'), ('-inf'), ('nan'))
select x1, x2, x1 / x2 as quot, x1 % x2 as mod, div(x1, x2) as div from v as v1(x1), v as v2(x2) where x2 != 0 order by 1, 2;
select 'inf'::numeric / '0';
select '-inf'::numeric % '0';
select div('inf'::numeric, '0');
select 'nan'::numeric / '0', 'nan'::numeric % 0, div('nan'::numeric, 0);
select -'nan'::numeric, -'inf'::numeric, -('-inf'::numeric), +'nan'::numeric;
with v(x) as (values ('0'::numeric), ('1'), ('-1'), ('4.2'), ('-7.777'), ('inf'), ('-inf'), ('nan'))
select x, -x as minusx, abs(x), floor(x), ceil(x), sign(x), numerator_scale from (select x, scale(x) as numerator_scale from v) s order by x;
with v(x) as (values ('0'::numeric), ('1'), ('-1'), ('4.2'), ('-7.777'), ('inf'), ('-inf'), ('nan'))
select x, round(x), round(x, 1) as round1, trunc(x), trunc(x, 1) as trunc1, min_scale(x), trim_scale(x) from v order by x;
with v(x) as (values ('0'::numeric), ('1'), ('4.2'), ('inf'), ('nan')) select x, sqrt(x) from v order by x;
select sqrt('-inf'::numeric);
select ceiling(-1.5), floor(2.5), ceil(7), floor(-0.5::float8), ceil('-0.5'::float8), pg_typeof(ceil(1)), pg_typeof(floor(1.5));
select floor('abc');
-- casts
select 'nan'::numeric::float8, 'inf'::numeric::float8, '-inf'::numeric::float4, 'nan'::float8::numeric, '-inf'::float4::numeric, 'inf'::float8::numeric;
select 'nan'::numeric::int;
select 'inf'::numeric::bigint;
select '-inf'::numeric::smallint;
select 'inf'::numeric::numeric(10, 2);
select 'nan'::numeric::numeric(3, 1), 'nan'::numeric::text, 'Infinity'::text::numeric;
select '-inf'::float8::numeric(5, 0);
-- aggregates
select sum(v), avg(v) from ns where id in (1, 4, 5);
select sum(v), avg(v) from ns where id in (2, 4, 5);
select sum(v), avg(v) from ns where id in (2, 3);
select sum(v), avg(v) from ns where id in (3, 6);
select sum(m), avg(m) from ns where id in (2, 3, 4);
select sum(m), avg(m) from ns;
select stddev(v), variance(v), var_pop(v), stddev_samp(v) from ns where id in (2, 4, 5);
select var_samp(v) from ns where id = 2;
select id % 2 as g, sum(v), max(v), min(v) from ns group by 1 order by 1;
select id, v, sum(v) over (order by id), max(v) over (order by id rows between 1 preceding and current row) from ns order by id;
-- functions
select width_bucket('NaN', 3.0, 4.0, 888);
select width_bucket(2.0, 3.0, '-inf', 888);
select width_bucket('Infinity'::numeric, 1, 10, 10), width_bucket('-Infinity'::numeric, 1, 10, 10);
select * from generate_series(1::numeric, 'inf'::numeric);
select * from generate_series('nan'::numeric, 3);
select * from generate_series(1::numeric, 3, 'nan'::numeric);
with v(val) as (values ('0'::numeric), ('-4.2'), ('4.2e9'), ('1.2e-5'), ('inf'), ('-inf'), ('nan'))
select val, to_char(val, '9.999EEEE') as n, to_char(val, 'MI9999999999.99') as m, to_char(val, 'MI99.99') as s, to_char(val, '999') as t from v;
select to_char('nan'::numeric, 'RN');
select greatest(1, 'nan'::numeric, 'inf'), least(1, 'nan'::numeric, '-inf'), coalesce(null, 'inf'::numeric);
select 'nan'::numeric = 'nan'::numeric, 'nan'::numeric > 'inf'::numeric, 'inf'::numeric > 1e30, '-inf'::numeric < -1e30, 'inf'::numeric = 'infinity';
select v from ns where v in ('nan', 'inf', 0) order by v;
select case when v = 'inf' then 'big' when v = 'nan' then 'not' else 'finite' end, count(*) from ns where v is not null group by 1 order by 1;
update ns set v = v * 2 where id in (2, 3, 6) returning id, v;
update ns set m = 'inf' where id = 4;
select distinct v from ns order by v;
-- to_char of the special values of floats, as of numerics
with v(val) as (values ('0'::numeric), ('-4.2'), ('4.2e9'), ('1.2e-5'), ('inf'), ('-inf'), ('nan'))
select val, to_char(val::float8, 'MI9999999999.99') as f8, to_char(val::float4, 'MI9999999999.99') as f4, to_char(val::float4, 'MI99.99') as s4, to_char(val::float8, '9.999EEEE') as e from v;
select to_char(123.456::real, '999.999'), to_char(1234567.89::real, '99999999.99'), to_char(0.000123456789::float4, '0.9999999999');
-- extract of infinite dates and timestamps: fields that grow with time are infinite, the others NULL
select extract(year from 'infinity'::timestamp), extract(epoch from '-infinity'::timestamptz), extract(month from 'infinity'::timestamp), extract(millennium from '-infinity'::date), extract(day from 'infinity'::date);
select date_part('epoch', 'infinity'::timestamp), date_part('isoyear', '-infinity'::date), date_part('hour', 'infinity'::timestamptz), date_part('julian', 'infinity'::date);
select extract(timezone from 'infinity'::timestamptz), extract(century from 'infinity'::timestamptz);
-- RANGE frames with infinite offsets: a bound that would be NaN (Infinity - Infinity) takes every non-NaN row
select x, first_value(x) over w, last_value(x) over w, count(*) over w from (values ('-inf'::numeric), (-1), (0), (1.5), ('inf'), ('nan')) v(x) window w as (order by x range between 'inf' preceding and 'inf' following) order by x;
select x, first_value(x) over w, last_value(x) over w, count(*) over w from (values ('-inf'::numeric), (-1), (0), (1.5), ('inf'), ('nan')) v(x) window w as (order by x desc range between 'inf' preceding and 1 following) order by x;
select x, first_value(x) over w, last_value(x) over w, count(*) over w from (values ('-inf'::float8), (-1), (0), (1.5), ('inf'), ('nan')) v(x) window w as (order by x range between 'inf' preceding and 'inf' following) order by x;
select x, first_value(x) over w, last_value(x) over w from (values ('-inf'::float8), (-1), (0), (1.5), ('inf'), ('nan')) v(x) window w as (order by x desc range between 1 preceding and 'inf' following) order by x;
select x, count(*) over (order by x range between 'nan' preceding and current row) from (values (1::numeric)) v(x);
-- a special value decides sum and avg even when the finite part passes 128 bits
select sum(v), avg(v) from (values (9e37), (9e37), ('inf'::numeric)) t(v);
select sum(v) from (values ('-inf'::numeric), (9e37), (9e37), (9e37)) t(v);
