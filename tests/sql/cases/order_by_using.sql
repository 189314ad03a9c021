-- ORDER BY ... USING < / USING >: ascending and descending, with NULLs placed
-- as ASC / DESC place them; in set operations, window and aggregate orders;
-- other operators are not ordering operators.
create table obu (k int primary key, v int, s text);
insert into obu values (1, 30, 'b'), (2, null, 'a'), (3, 10, 'c'), (4, 20, null), (5, 10, 'a');
select k, v from obu order by v using >, k using <;
select k, v from obu order by v using <, k using >;
select k, v from obu order by v using > nulls last, k;
select k, v from obu order by v using < nulls first, k using >;
select k, s from obu order by s using operator(pg_catalog.>), k;
select v from obu union select k from obu order by 1 using >;
select k, row_number() over (order by v using >, k) from obu order by k;
select string_agg(s, ',' order by s using >) from obu;
select k from obu order by v using =;
select k from obu order by v using <=;
drop table obu;
