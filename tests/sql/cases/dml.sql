-- UPDATE, DELETE, INSERT ... SELECT, RETURNING and TRUNCATE.
create table dml_items (id integer primary key, name varchar(8) not null, qty integer, price numeric(8,2), added date default '2024-01-01');
create table dml_stock (item integer, warehouse text, amount integer);
create table dml_log (id integer, note text);
insert into dml_items values (1, 'apple', 10, 1.50, '2023-05-01'), (2, 'pear', 5, 2.25, '2023-06-01'), (3, 'fig', null, 10.00, null), (4, 'kiwi', 7, null, '2023-07-01'), (5, 'plum', 0, 0.99, '2023-08-01');
insert into dml_stock values (1, 'north', 3), (1, 'south', 4), (2, 'north', 8), (4, 'east', 1), (9, 'west', 2);

-- UPDATE with WHERE, expressions, several columns, RETURNING.
update dml_items set qty = qty + 1 where id = 1;
update dml_items set qty = qty * 2, price = price + 1 where qty > 5;
select * from dml_items order by id;
update dml_items set name = upper(name) where price is null returning id, name;
update dml_items set qty = 0 where id > 100;
update dml_items set qty = coalesce(qty, -1), added = added + 1 returning *;
update dml_items as i set qty = i.qty - 1 where i.id in (2, 3) returning i.id, i.qty, qty * 10 as tenfold;
update dml_items set price = 5 returning price, price * 2 as doubled;
select * from dml_items order by id;
-- Both sides read the old row, so a swap works.
create table dml_pair (k integer primary key, a integer, b integer);
insert into dml_pair values (1, 10, 20), (2, 30, 40);
update dml_pair set a = b, b = a;
select * from dml_pair order by k;
update dml_pair set (a, b) = (b + 1, a - 1) where k = 1 returning *;
update dml_pair set (a, b) = (1, 2, 3);
update dml_pair set a = default, b = 7 where k = 2 returning *;

-- Assignment coercion and constraint errors.
update dml_items set qty = '42' where id = 1 returning qty;
update dml_items set qty = 2.5 where id = 1 returning qty;
update dml_items set name = 12345678 where id = 1 returning name;
update dml_items set name = 123456789 where id = 1;
update dml_items set name = 'far too long';
update dml_items set qty = 'many';
update dml_items set qty = true;
update dml_items set added = 5;
update dml_items set name = null where id = 2;
update dml_items set nosuch = 1;
update dml_items set qty = nosuch;
update dml_items set qty = 1, qty = 2;
update dml_items set qty = sum(qty);
update dml_items set qty = 1 returning count(*);
update dml_items set qty = 1 where sum(qty) > 1;
update dml_items set qty = 1 where qty;
update dml_missing set x = 1;
select * from dml_items order by id;

-- Primary keys may change; duplicates are rejected and change nothing.
update dml_items set id = id + 100 where id >= 4 returning id, name;
update dml_items set id = 1 where id = 2;
update dml_items set id = 7 where id in (1, 2);
select id, name from dml_items order by id;
update dml_items set id = id - 100 where id > 100;
select id, name from dml_items order by id;

-- Subqueries in WHERE and SET.
update dml_items set qty = 99 where id in (select item from dml_stock where warehouse = 'north') returning id, qty;
update dml_items set qty = -5 where exists (select 1 from dml_stock s where s.item = dml_items.id and s.amount > 3) returning id;
update dml_items set qty = 0 where not exists (select 1 from dml_stock s where s.item = dml_items.id) returning id;
update dml_items set qty = (select max(amount) from dml_stock) where id = 5 returning qty;
update dml_items i set qty = (select sum(s.amount) from dml_stock s where s.item = i.id) returning id, qty;
update dml_items set price = price * 2 where price > (select avg(price) from dml_items) returning id, price;
select * from dml_items order by id;

-- UPDATE ... FROM: a join with other tables; RETURNING sees both.
update dml_items set qty = s.amount from dml_stock s where s.item = dml_items.id and s.warehouse = 'south' returning dml_items.id, qty, s.warehouse;
update dml_items i set price = i.price + s.amount from dml_stock s where s.item = i.id and s.warehouse = 'north' returning *;
update dml_items i set qty = t.total from (select item, sum(amount) as total from dml_stock group by item) t where t.item = i.id returning i.id, i.qty;
update dml_items set qty = 1 from dml_stock where dml_stock.item = 12345;
update dml_items set qty = 1 from dml_items where dml_items.id = 1;
delete from dml_stock s using dml_stock s where s.item = 1;
update dml_items set qty = 1 where current of some_cursor;
with totals as (select item, sum(amount) as total from dml_stock group by item) update dml_items set qty = totals.total from totals where totals.item = dml_items.id returning dml_items.id, qty;
select * from dml_items order by id;

-- DELETE with WHERE, subqueries, USING and RETURNING.
insert into dml_log values (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (6, 'f'), (null, 'g');
delete from dml_log where id = 1;
delete from dml_log where id > 100;
delete from dml_log where id in (select id from dml_items where qty > 10) returning *;
delete from dml_log l using dml_stock s where s.item = l.id and s.warehouse = 'east' returning l.note, s.warehouse;
delete from dml_log where not exists (select 1 from dml_items i where i.id = dml_log.id) returning id, note;
delete from dml_log where id is null returning note || '!' as shout;
select * from dml_log order by id;
delete from dml_log returning count(*);
delete from dml_log where nosuch = 1;
delete from dml_log returning *;
select count(*) from dml_log;

-- INSERT ... SELECT, VALUES with expressions, DEFAULT, RETURNING.
insert into dml_log select id, name from dml_items where id <= 3;
insert into dml_log (note) select name || '?' from dml_items where qty is not null returning note;
insert into dml_log (id, note) select id * 10, 'x' from dml_items order by id limit 2 returning id, note;
insert into dml_log values (1 + 1, 'two' || '!'), (abs(-3), lower('THREE')) returning id * 2 as double_id, note;
insert into dml_log values ((select max(id) from dml_items), 'max') returning *;
insert into dml_log (id) values (default), (8) returning id, note;
insert into dml_log select * from (values (70, 'seventy'), (71, 'seventy-one')) v returning *;
insert into dml_log (id) select '12';
insert into dml_log select 1;
insert into dml_log values (2);
insert into dml_log (id, note) values (2);
insert into dml_log values (3), (4, 'four');
insert into dml_log select 1, 'a', 'b';
insert into dml_log (id, id) values (1, 1);
insert into dml_log select 'a', 'b' union select 'c', 'd';
insert into dml_items (id, name) select 1, 'dup';
insert into dml_items (id, name) values (50, 'a'), (50, 'b');
insert into dml_items (id) values (60);
insert into dml_items (id, name) select id + 1000, note from dml_log where note is not null and id is not null and length(note) <= 8 returning id, name, added;
insert into dml_items values (90, 'n', 1, 2.5, '2024-02-02') returning *, qty + 1 as next;
insert into dml_items default values;
insert into dml_pair default values;
insert into dml_log values (1, 'z') returning count(*);
with n as (select 300 as id, 'cte' as note) insert into dml_log select * from n returning *;
with gone as (select 300 as id) delete from dml_log where id in (select id from gone) returning *;
select * from dml_log order by id, note;
select count(*) from dml_items;

-- Tables without a primary key (rows keyed by a hidden row id).
create table dml_heap (a integer, b text);
insert into dml_heap values (1, 'x'), (1, 'x'), (2, 'y'), (null, null);
update dml_heap set b = b || b where a = 1 returning *;
update dml_heap set a = 0 where a is null;
delete from dml_heap where b = 'y' returning a;
select * from dml_heap;
insert into dml_heap select * from dml_heap returning *;
select a, b, count(*) from dml_heap group by a, b order by a, b;
delete from dml_heap;
select count(*) from dml_heap;

-- Unique indexes are checked on UPDATE too.
create table dml_users (id integer primary key, email text unique, nick text);
insert into dml_users values (1, 'a@x', 'a'), (2, 'b@x', 'b'), (3, null, 'c');
update dml_users set email = 'a@x' where id = 2;
update dml_users set email = null where id = 1;
update dml_users set email = 'a@x' where id = 2 returning *;
update dml_users set email = 'c@x', nick = 'cc' where id = 3;
select * from dml_users order by id;

-- A join matching one target row several times updates it once.
create table dml_once (id integer primary key, v integer);
insert into dml_once values (1, 0), (2, 0);
update dml_once set v = v + 1 from dml_stock where dml_stock.item = dml_once.id;
select * from dml_once order by id;
delete from dml_once using dml_stock where dml_stock.item = dml_once.id;
select * from dml_once order by id;

-- TRUNCATE.
truncate dml_log;
select count(*) from dml_log;
truncate table dml_items, dml_stock;
select count(*) from dml_items;
select count(*) from dml_stock;
truncate dml_missing;
insert into dml_items values (1, 'again', 1, 1, null);
select * from dml_items;

drop table dml_items;
drop table dml_stock;
drop table dml_log;
drop table dml_pair;
drop table dml_heap;
drop table dml_users;
drop table dml_once;
