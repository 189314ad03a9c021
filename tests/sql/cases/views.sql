-- Views: CREATE [OR REPLACE] VIEW with column aliases, joins, aggregates and
-- subqueries; views over views; DROP VIEW and what depends on what.
create table ddlv_dept (id int primary key, name text not null, budget numeric(12,2));
create table ddlv_emp (id int primary key, dept_id int, name text, salary numeric(10,2), hired date);
insert into ddlv_dept values (1, 'eng', 1000000), (2, 'ops', 250000), (3, 'empty', null);
insert into ddlv_emp values (1, 1, 'ann', 120000, '2020-01-15'), (2, 1, 'bob', 95000, '2021-06-01'), (3, 2, 'cid', 70000, '2019-03-30'), (4, null, 'dee', 50000, null), (5, 1, 'eve', 130000, '2022-11-11');
create view ddlv_all as select * from ddlv_emp;
select * from ddlv_all;
select name from ddlv_all where salary > 100000 order by name;
create view ddlv_pay (dept, headcount, total, top) as select d.name, count(e.id), sum(e.salary), max(e.salary) from ddlv_dept d left join ddlv_emp e on e.dept_id = d.id group by d.name;
select * from ddlv_pay order by dept;
select dept, total / headcount as average from ddlv_pay where headcount > 0 order by dept;
create view ddlv_rich as select e.name, d.name as dept from ddlv_emp e join ddlv_dept d on d.id = e.dept_id where e.salary > (select avg(salary) from ddlv_emp);
select * from ddlv_rich order by name;
create view ddlv_top as select dept, top from ddlv_pay where top is not null;
select * from ddlv_top order by top desc;
select t.dept, r.name from ddlv_top t join ddlv_rich r on r.dept = t.dept order by 1, 2;
create view ddlv_recent as select name, hired from ddlv_emp where hired >= date '2021-01-01' + interval '1' month order by hired;
select * from ddlv_recent;
create view ddlv_partial (who) as select name, salary from ddlv_emp;
select * from ddlv_partial order by who;
create view ddlv_union as select name from ddlv_emp where dept_id = 1 union select name from ddlv_dept;
select * from ddlv_union order by name;
create view ddlv_cte as with big as (select * from ddlv_emp where salary >= 95000) select count(*) as n, min(name) as first from big;
select * from ddlv_cte;
-- Errors at CREATE time.
create view ddlv_bad as select nope from ddlv_emp;
create view ddlv_bad as select * from ddlv_missing;
create view ddlv_bad (a, b, c, d, e, f, g) as select * from ddlv_emp;
create view ddlv_bad (a, a) as select id, name from ddlv_emp;
create view ddlv_bad as select id, id from ddlv_emp;
create view ddlv_all as select 1;
create view ddlv_emp as select 1;
create or replace view ddlv_emp as select 1;
-- OR REPLACE keeps the old columns and may add new ones at the end.
create or replace view ddlv_partial (who) as select name, salary, hired from ddlv_emp;
select * from ddlv_partial order by who;
create or replace view ddlv_partial as select name from ddlv_emp;
create or replace view ddlv_partial (who, salary) as select name, id from ddlv_emp;
create or replace view ddlv_partial (who, pay) as select name, salary from ddlv_emp;
create or replace view ddlv_partial (who, salary, hired) as select upper(name), salary, hired from ddlv_emp;
select * from ddlv_partial order by who;
-- A view's * is the table's columns when the view was made.
alter table ddlv_emp add column bonus int default 0;
select * from ddlv_all order by id;
select * from ddlv_emp order by id;
-- Views follow renames of what they use.
alter table ddlv_emp rename column salary to pay;
select * from ddlv_pay order by dept;
select * from ddlv_rich order by name;
alter table ddlv_dept rename to ddlv_department;
select * from ddlv_top order by top;
alter view ddlv_top rename to ddlv_best;
select * from ddlv_best order by dept;
alter view ddlv_pay rename column top to highest;
select * from ddlv_pay order by dept;
-- Dependencies: dropping what a view uses needs CASCADE.
drop table ddlv_emp;
drop view ddlv_pay;
alter table ddlv_emp drop column pay;
alter table ddlv_emp drop column bonus;
select * from ddlv_emp order by id;
drop view ddlv_pay cascade;
select * from ddlv_best;
select * from ddlv_rich order by name;
-- Views PostgreSQL does not write through by itself, with its reason.
create view ddlv_distinct as select distinct dept_id from ddlv_emp;
create view ddlv_limited as select id, name from ddlv_emp order by id limit 2;
create view ddlv_windowed as select id, rank() over (order by salary) from ddlv_emp;
create view ddlv_joined as select e.id from ddlv_emp e, ddlv_dept d where d.id = e.dept_id;
create view ddlv_constant as select 1 as one;
insert into ddlv_pay values ('x', 1, 1, 1);
update ddlv_distinct set dept_id = 1;
delete from ddlv_union;
insert into ddlv_cte values (1, 'x');
delete from ddlv_limited;
update ddlv_windowed set id = 1;
insert into ddlv_joined values (1);
delete from ddlv_constant;
drop view ddlv_distinct, ddlv_limited, ddlv_windowed, ddlv_joined, ddlv_constant;
-- DROP VIEW on tables and DROP TABLE on views.
drop table ddlv_all;
drop view ddlv_emp;
drop index ddlv_all;
drop view ddlv_missing;
drop view if exists ddlv_missing, ddlv_all;
select * from ddlv_all;
drop view ddlv_rich, ddlv_recent, ddlv_partial, ddlv_union, ddlv_cte;
drop table ddlv_department cascade;
drop table ddlv_emp;
-- Set-returning functions in the select list, and ALTER VIEW options.
create view ddlv_series as select generate_series(1, 3) as n;
insert into ddlv_series values (4);
drop view ddlv_series;
