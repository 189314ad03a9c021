-- IS [NOT] DISTINCT FROM: equality under which NULL equals NULL and nothing
-- else, over constants, columns of several types, rows (element by element),
-- in WHERE, and its errors.
select 1 is distinct from 2 as a, 2 is distinct from 2 as b, 2 is distinct from null as c, null is distinct from null as d;
select 1 is not distinct from 2 as a, 2 is not distinct from 2 as b, 2 is not distinct from null as c, null is not distinct from null as d;
drop table if exists distinct_from_t;
create table distinct_from_t (id int primary key, f1 int, t text, n numeric(6, 2), d date);
insert into distinct_from_t values (1, 1, 'a', 1.00, '2024-01-01'), (2, 2, null, null, null), (3, null, 'b', 2.50, '2024-02-29'), (4, null, null, 1.5, '2024-01-01');
select id, f1 is distinct from 2, f1 is not distinct from null, t is distinct from 'a', f1 is distinct from f1 + 1 from distinct_from_t order by id;
select id, n is distinct from 1, n is not distinct from 1.5, d is distinct from date '2024-01-01', t is not distinct from t from distinct_from_t order by id;
select count(*) from distinct_from_t where f1 is distinct from 1;
select id from distinct_from_t where t is not distinct from null order by id;
select a.id, b.id from distinct_from_t a join distinct_from_t b on a.f1 is not distinct from b.f1 order by 1, 2;
select row(1, null) is distinct from row(1, null), row(1, null) is not distinct from row(1, null), row(1, 2) is distinct from row(1, null), (1, 'x') is not distinct from (1, 'x');
select 1.0 is distinct from 1, 1.5 is not distinct from 1, 'abc' is distinct from 'abc', 'abc'::text is not distinct from null;
select not (f1 is distinct from 1) from distinct_from_t order by id;
select 1 is distinct from 'x';
select 1 is distinct from now();
select 1 is distinct from date '2024-01-01';
drop table distinct_from_t;
