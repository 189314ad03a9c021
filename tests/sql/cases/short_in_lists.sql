-- Short IN lists of integers are one sorted-array lookup per row (not n
-- comparisons); their answers and NULL rules are PostgreSQL's.
create table short_in (id int primary key, a smallint, b int, c bigint, d date, t text);
insert into short_in values (1, 1, 10, 100, '2024-01-01', 'x'), (2, 2, 20, 200, '2024-01-02', 'y'),
  (3, null, null, null, null, null), (4, -1, -10, -9000000000, '1999-12-31', 'z'), (5, 3, 30, 9000000000, '2024-03-01', 'x');
select id from short_in where a in (1, 3) order by id;
select id from short_in where a not in (1, 3) order by id;
select id from short_in where b in (10, 30, 10) order by id;
select id, b in (10, null) as with_null, b not in (10, null) as not_with_null from short_in order by id;
select id from short_in where c in (9000000000, -9000000000) order by id;
select id from short_in where c in (100, 200.0) order by id;
select id from short_in where b in (10, 20::bigint) order by id;
select id from short_in where a in (1, 70000) order by id;
select id from short_in where d in ('2024-01-02', '1999-12-31') order by id;
select id from short_in where d not in (date '2024-01-02', date '1999-12-31') order by id;
select id from short_in where t in ('x', 'z') order by id;
select id from short_in where id in (2, 4) order by id;
select id from short_in where id not in (2, 4) order by id;
select count(*) filter (where b in (10, 20)), count(*) filter (where b not in (10, 20)) from short_in;
drop table short_in;
