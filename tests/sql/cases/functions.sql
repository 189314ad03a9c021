-- CASE, COALESCE, NULLIF, LIKE, and scalar functions.
create table fn_people (id integer primary key, name text, city varchar(20), born date, score numeric(6,2), ratio float8, code char(4));
insert into fn_people values (1, 'Alice', 'Paris', '1980-02-29', 12.345, 0.5, 'ab'), (2, 'bob', null, '1999-12-31', -3.5, -2.5, 'xyz'), (3, 'Émile', 'Zürich', null, null, 2.5, null), (4, 'carol_x', 'Rome', '2001-07-04', 100, 1e10, 'a%b');
select id, case when score > 10 then 'high' when score < 0 then 'negative' else 'other' end as band from fn_people order by id;
select id, case id when 1 then 'one' when 2 then 'two' end from fn_people order by id;
select id, case when id = 3 then 0 else 1 / (id - 3) end from fn_people order by id;
select id, coalesce(city, name, 'none'), coalesce(score, 0) from fn_people order by id;
select id, nullif(city, 'Rome'), nullif(id, 2) from fn_people order by id;
select name from fn_people where name like 'A%' or name like '%b' order by name;
select name from fn_people where name like '_ob' or name ilike 'CAROL%' order by name;
select name from fn_people where name not like '%i%' order by name;
select name from fn_people where name like 'carol\_%' order by name;
select name, 'x' like 'x\' from fn_people where id = 1;
select name from fn_people where name like 'Alic\';
select upper(name), lower(name), length(name), length(code), char_length(city) from fn_people order by id;
select substring(name from 2 for 3), substring(name, 3), substr(name, 0, 3), substring(name from -1 for 4) from fn_people order by id;
select substring(name from 1 for -1) from fn_people;
select abs(score), abs(ratio), abs(-7), round(score), round(score, 1), trunc(score, 1), round(ratio), trunc(ratio) from fn_people order by id;
select round(2.5::float8), round(3.5::float8), round(-2.5), round(1234.5678, -2);
select extract(year from born), extract(month from born), extract(dow from born), extract(doy from born) from fn_people order by id;
select extract(year from timestamp '2024-03-15 10:20:30'), date_part('hour', timestamp '2024-03-15 10:20:30'), extract(epoch from interval '1 day');
select date_trunc('month', timestamp '2024-03-15 10:20:30'), date_trunc('year', born::timestamp) from fn_people order by id;
select count(*), sum(case when city like 'R%' then 1 else 0 end) from fn_people;
-- now() and its namesakes: one time per statement (PostgreSQL: per transaction).
select now() is not null, now() = current_timestamp, transaction_timestamp() = now(), statement_timestamp() >= now(), clock_timestamp() >= now();
select count(*) from fn_people where born < now();
select now(1);
select nosuchfunc(1);
select length(1);
drop table fn_people;
-- Regular expressions: the syntax applications use, and patterns that make a backtracking engine explode.
select 'abc' ~ 'B', 'abc' ~* 'B', 'abc' !~ 'x', 'abc' !~* 'A', 'a1' ~ '\d', 'foo' ~ '^[[:alpha:]]+$', 'a b' ~ '\s';
select 'abab' ~ '(ab)\1', 'x.y' ~ 'x\.y', 'xay' ~ 'x.y', 'aaa' ~ '^a{2,3}$', 'aaaa' ~ '^a{2,3}$', 'ab' ~ 'a(?=b)', 'ac' ~ 'a(?=b)';
select 'héllo' ~ '^h.llo$', 'HELLO' ~* 'l+o$', 'tab' ~ '^(t|x)a[bc]$', 'a+b' ~ 'a\+b', 'xyz' ~ '';
select 'a' ~ '((((((a+|)+|)+|)+|)+|)+|)', 'aaaa' ~ '((((((((((a+|)+|)+|)+|)+|)+|)+|)+|)+|)+|)';
select 'x' ~ '(';
select 'x' ~ '[z-a]';
