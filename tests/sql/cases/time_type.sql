-- time without time zone: input (time_in), output, time(p), comparisons,
-- keys, casts, arithmetic with intervals and dates, extract, make_time,
-- OVERLAPS, window RANGE offsets and aggregates, with PostgreSQL's errors.
create table tt (id int primary key, t time(2), u time);
insert into tt values (1, '00:00', '04:05:06.789'), (2, '01:00', '4:05 PM'), (3, '02:03 PST', 'allballs');
insert into tt values (4, '11:59 EDT', '040506.789+08'), (5, '23:59:59.99 PM', 'T040506.789-08'), (6, '12:00 AM', '12:30 PM');
insert into tt values (7, '2003-03-07 15:36:39 America/New_York', '24:00:00'), (8, '23:59:59.999', '23:59:59.9999999');
insert into tt values (9, null, null), (10, '12:34:56.789', '23:59:60');
select * from tt order by id;
select t from tt where t < '05:06:07' order by t;
select t from tt where t > '05:06:07' order by t;
select t, count(*) from tt group by t order by t nulls first;
select min(t), max(t), min(u), max(u), count(distinct u) from tt;
select id from tt where t between '01:00' and '12:00' order by id;
select id, t from tt order by t desc nulls last, id;
insert into tt values (11, '15:36:39 America/New_York', null);
insert into tt values (11, '24:00:00.01', null);
insert into tt values (11, '23:59:60.01', null);
insert into tt values (11, '24:01:00', null);
insert into tt values (11, '25:00:00', null);
insert into tt values (11, '12:60', null);
insert into tt values (11, 'infinity', null);
insert into tt values (11, 'today', null);
insert into tt values (11, '13:00 PM', null);
select '23:59:59.999999'::time, '23:59:59.9999999'::time, '23:59:60'::time, '24:00:00'::time;
select time '10:20:30.456789', time(0) '10:20:30.5', time(3) '10:20:30.45678', '10:20:30.5'::time(0), cast('23:59:59.9' as time(0));
select time without time zone '040506.789+08', time '2020-05-26 13:30:25.575401', time 'allballs';
select f1 from (values (time '10:00'), (time '09:00')) v(f1) order by f1;
-- keys and lookups
create table tk (t time primary key, note text);
insert into tk values ('08:00', 'breakfast'), ('12:30', 'lunch'), ('19:00', 'dinner');
insert into tk values ('8:00 AM', 'again');
select * from tk where t = '12:30';
select * from tk where t >= '10:00' order by t;
update tk set t = t + interval '30 minutes' where note = 'dinner';
select * from tk order by t;
delete from tk where t < '09:00';
select * from tk order by t;
-- casts
select cast(time '01:02' as interval), time '13:45:00'::interval, interval '26:30'::time, interval '-1 hour'::time, interval '3 days 02:00'::time;
select timestamp '2020-05-26 13:30:25.5'::time, '2020-05-26 13:30:25.5'::timestamp::time(0), date '2020-01-01'::timestamp::time;
select 'infinity'::timestamp::time is null, time '04:05:06'::text, time '04:05:06' || ' o''clock';
select '1 hour'::interval = time '01:00';
select time '12:00'::date;
select 12::time;
-- arithmetic
select time '01:30' + interval '02:01', time '01:30' - interval '02:01', time '02:30' + interval '36:01', time '03:30' + interval '1 month 04:01';
select interval '1 hour' + time '23:30', time '23:59:59' + interval '1 second', time '00:00' - interval '1 microsecond', time '24:00' + interval '0';
select time '10:00' - time '08:30', time '08:30' - time '10:00', time '24:00' - time '00:00';
select date '1981-02-03' + time '04:05:06', time '04:05:06' + date '1981-02-03', date '1991-02-03' - time '04:05:06';
select timestamp '2020-01-01 10:00' + time '01:00', timestamp '2020-01-01 10:00' - time '01:00', time '01:00' * 2, time '03:00' / 2;
select time '01:00' + time '02:00';
select t + interval '1 hour' from tt where id <= 3 order by id;
select id, u - t from tt where id between 1 and 4 order by id;
select date '2024-02-29' + t from tt where id = 10;
-- extract and date_part
select extract(microsecond from time '2020-05-26 13:30:25.575401'), extract(millisecond from time '13:30:25.575401'), extract(second from time '13:30:25.575401');
select extract(minute from time '13:30:25'), extract(hour from time '13:30:25'), extract(epoch from time '13:30:25.575401'), extract(hour from time '24:00');
select date_part('microsecond', time '13:30:25.575401'), date_part('second', time '13:30:25.575401'), date_part('epoch', time '13:30:25.575401');
select extract(day from time '13:30:25');
select extract(fortnight from time '13:30:25');
select extract(timezone from time '13:30:25');
select id, extract(hour from t), extract(minute from u) from tt where id <= 5 order by id;
-- make_time
select make_time(8, 15, 23.5), make_time(24, 0, 0), make_time(0, 0, 59.9999999);
select make_time(10, 55, 100.1);
select make_time(24, 0, 2.1);
select make_time(-1, 0, 0);
-- OVERLAPS with times
select (time '00:00', time '01:00') overlaps (time '00:30', time '01:30');
select (time '00:00', interval '1 hour') overlaps (time '00:30', interval '1 hour');
select (time '00:00', interval '1 hour') overlaps (time '01:30', interval '1 hour');
select (time '00:00', interval '1 hour') overlaps (time '01:30', interval '1 day');
-- window frames and aggregates over times
select id, t, count(*) over (order by t range between interval '1 hour' preceding and current row) from tt where t is not null order by t, id;
select id, t, max(u) over (order by id rows between 1 preceding and current row) from tt order by id;
select t, row_number() over (order by t desc) from tt where id < 5 order by t;
-- catalog
select column_name, data_type, datetime_precision from information_schema.columns where table_name = 'tt' order by ordinal_position;
select format_type(atttypid, atttypmod) from pg_attribute where attrelid = 'tt'::regclass and attnum > 0 order by attnum;
select pg_typeof(time '10:00'), pg_typeof(time '10:00' - time '09:00'), pg_typeof(date '2020-01-01' + time '10:00');
create table td (t time default '10:00', c time check (c > '06:00'));
insert into td (c) values ('07:00');
insert into td (c) values ('05:00');
select * from td;
-- arrays of times
select array[time '10:00', time '09:30'], '{10:00,11:30:15.5}'::time[];
select unnest('{10:00,09:00}'::time[]) order by 1;
-- calls named after a type: function-style casts, timestamptz(date, time)
select int8(3), text(12), date(timestamp '2020-01-01 10:00'), float8(2), "time"(timestamp '2020-01-01 10:00'), "interval"(time '10:00'), date('2020-02-03'), int4('12');
select date(1);
select timestamptz(date '1994-01-01', time '11:00'), timestamptz(date '1994-01-01', time with time zone '11:00-5');
select timestamptz('1994-01-01', '10:00');
select timestamptz(1, 2);
