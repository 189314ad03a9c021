-- time with time zone (timetz): input with offsets, abbreviations and zone
-- names on a date, timetz(p), PostgreSQL's order (the UTC time, then the
-- zone), keys, casts, arithmetic, extract, AT TIME ZONE, CURRENT_TIME.
set timezone = 'UTC';
create table tz (id int primary key, f1 time(2) with time zone);
insert into tz values (1, '00:01 PDT'), (2, '01:00 PDT'), (3, '02:03 PDT'), (4, '07:07 PST'), (5, '08:08 EDT');
insert into tz values (6, '11:59:59.99 PM PDT'), (7, '2003-03-07 15:36:39 America/New_York'), (8, '2003-07-07 15:36:39 America/New_York');
insert into tz values (9, '10:00:00.456+05:30'), (10, '05:00+00'), (11, '10:00+05'), (12, null), (13, '24:00 -07');
insert into tz values (14, '15:36:39 America/New_York');
insert into tz values (14, '15:36:39 m2');
insert into tz values (14, '24:00:00.01 PDT');
insert into tz values (14, '12:00+16');
select * from tz order by id;
select f1 from tz order by f1, id;
select f1 from tz where f1 < '05:06:07-07' order by f1;
select f1 from tz where f1 >= '00:00-07' order by f1 desc;
select f1, count(*) from tz group by f1 order by f1 nulls first;
select min(f1), max(f1), count(distinct f1) from tz;
select '10:00+05'::timetz = '05:00+00'::timetz, '10:00+05'::timetz < '05:00+00'::timetz, '10:00+05'::timetz = '10:00+05:00'::timetz;
select '23:59:59.999999 PDT'::timetz, '23:59:59.9999999 PDT'::timetz, '23:59:60 PDT'::timetz, time with time zone 'T040506.789 -08';
select time(1) with time zone '10:20:30.456-03', '10:20:30.456-03'::timetz(0), timetz 'allballs';
-- keys
create table tzk (t timetz primary key, note text);
insert into tzk values ('08:00+01', 'a'), ('07:00+00', 'b'), ('09:00+01', 'c');
insert into tzk values ('08:00+01:00', 'dup');
select * from tzk order by t;
select * from tzk where t = '08:00+01';
delete from tzk where t > '07:30+00';
select * from tzk;
-- arithmetic and casts
select f1 + interval '1 hour', f1 - interval '25 hours', interval '90 minutes' + f1 from tz where id in (1, 6, 13) order by id;
select date '2001-02-03' + timetz '04:05:06 UTC', timetz '04:05:06-03' + date '2001-02-03', date 'infinity' + timetz '10:00+01';
select f1::time, f1::text from tz where id <= 3 order by id;
select timestamptz '2020-06-01 12:00+02'::timetz, 'infinity'::timestamptz::timetz is null, time '10:00'::timetz;
select time '10:00' = timetz '10:00+00', time '10:00' < timetz '09:00-02';
select timetz '10:00+01' + timetz '01:00+00';
select date '1991-02-03' - time with time zone '04:05:06 UTC';
select timetz '10:00+01'::interval;
select timetz '10:00+01'::date;
-- extract
select extract(microsecond from time with time zone '2020-05-26 13:30:25.575401-04'), extract(millisecond from timetz '13:30:25.575401-04'), extract(second from timetz '13:30:25.575401-04');
select extract(minute from timetz '13:30:25-04'), extract(hour from timetz '13:30:25-04'), extract(epoch from timetz '13:30:25.575401-04');
select extract(timezone from timetz '13:30-04:30'), extract(timezone_hour from timetz '13:30-04:30'), extract(timezone_minute from timetz '13:30-04:30');
select date_part('epoch', timetz '13:30:25.575401-04'), date_part('timezone', timetz '13:30+05:45');
select extract(day from timetz '13:30-04');
select extract(fortnight from timetz '13:30-04');
-- AT TIME ZONE
select f1, f1 at time zone 'UTC', f1 at time zone interval '-10:00', f1 at time zone 'UTC+10' from tz where id <= 5 order by f1;
select timetz '10:00-05' at time zone interval '1 day';
select time '10:00' at time zone 'UTC';
-- CURRENT_TIME and the catalogs
select current_time is not null, current_time(2) is not null, pg_typeof(current_time), pg_typeof(current_time(1));
select column_name, data_type, datetime_precision from information_schema.columns where table_name = 'tz' order by ordinal_position;
select format_type(atttypid, atttypmod) from pg_attribute where attrelid = 'tz'::regclass and attnum > 0 order by attnum;
select array[timetz '10:00+01', timetz '09:00-01'], '{10:00+01,11:30:15.5-02}'::timetz[];
