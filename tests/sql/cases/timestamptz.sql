-- timestamp with time zone: input with and without a zone, output in the
-- session's TimeZone, casts, AT TIME ZONE, arithmetic across daylight saving,
-- extract/date_part/date_trunc, to_timestamp, keys, aggregates and errors.
-- Each line runs in its own session (TimeZone UTC on both servers); lines that
-- SET TIME ZONE run the SET and the query together.
select timestamptz '2024-03-01 12:00:00', '2024-03-01 12:00:00.5+02'::timestamptz, timestamp with time zone '2024-03-01T12:00:00Z';
select timestamptz '2024-03-01 12:00:00+02:00:30', timestamptz '2024-03-01 12:00:00 +0530', timestamptz '2024-03-01 12:00:00-8';
select timestamptz '2024-03-01 12:00 America/New_York', timestamptz '2024-03-01 12:00 EST', timestamptz '2024-03-01 12:00 PST';
select timestamptz '0001-01-01 00:00 BC', timestamptz '4714-11-24 00:00:00+00 BC', timestamptz '294276-12-31 23:59:59+00';
select timestamptz 'infinity', timestamptz '-infinity', timestamptz 'epoch', '2024-03-01'::timestamptz;
select timestamptz '2024-03-01 12:00:00.1234567', timestamptz '2024-03-01 12:00:00.000001';
select timestamptz 'garbage';
select timestamptz '2024-03-01 12:00 Mars/Base';
select timestamptz '294277-01-01 00:00:00+00';
select timestamptz '4714-11-23 23:59:59+00 BC';
select timestamptz '2024-02-30 12:00';
select timestamptz '2024-03-01 12:00 foo';
select timestamptz '2024-03-01 12:00+16';
-- A zone in a timestamp or date literal is read and ignored.
select timestamp '2024-03-01 12:00 EST', timestamp '2024-03-01 12:00 Europe/Berlin', date '2024-03-01 EST', timestamp '2024-03-01 12:00:00+02:00:30';
select timestamp '2024-03-01 12:00 Mars/Base';
select timestamp '2024-03-01 12:00 foo';
-- extract(timezone ...) is only defined for timestamptz: it tells the types apart.
select extract(timezone from now()), extract(timezone from current_timestamp), extract(timezone from transaction_timestamp()), current_date - current_date;
select extract(timezone from localtimestamp);
select format_type(1184, -1), format_type(1184, 3), timestamptz '2024-03-01' - timestamptz '2024-02-01';
select now() is not null, now() = current_timestamp, transaction_timestamp() = now(), statement_timestamp() >= now(), clock_timestamp() >= now();
select current_date = now()::date, localtimestamp = now()::timestamp;
-- 'now', 'today', 'tomorrow', 'yesterday': the statement's time in the session's zone.
select 'now'::timestamptz = now(), 'today'::date = current_date, 'tomorrow'::timestamp = current_date + 1, 'yesterday'::timestamptz = date_trunc('day', now()) - interval '1 day';
set time zone 'Pacific/Kiritimati'; select 'today'::timestamptz = date_trunc('day', now()), 'now'::timestamp = localtimestamp, 'today'::date = current_date;
-- The session's zone: output, input without a zone, SHOW.
set time zone 'Europe/Berlin'; show timezone;
set time zone 'europe/berlin'; show timezone;
set time zone 'Europe/Berlin'; select timestamptz '2024-03-01 12:00', timestamptz '2024-07-01 12:00', timestamptz '1800-01-01 00:00';
set time zone 'Europe/Berlin'; select timestamptz '2024-03-31 02:30', timestamptz '2024-10-27 02:30', timestamptz '2024-03-01 12:00:00+05:30';
set time zone 'Asia/Kolkata'; select timestamptz '2024-07-01 12:00:00.123', timestamptz '0044-03-15 12:00 BC';
set time zone 'America/St_Johns'; select timestamptz '2024-07-01 12:00:00', timestamptz '2024-01-01 12:00:00';
set time zone 'Asia/Kathmandu'; select timestamptz '2024-07-01 12:00:00';
set time zone '+02'; show timezone;
set time zone '+02'; select timestamptz '2024-03-01 12:00:00';
set time zone '-05:30'; select current_setting('TimeZone'), timestamptz '2024-03-01 12:00:00';
set time zone 'UTC+2'; select current_setting('TimeZone'), timestamptz '2024-03-01 12:00:00';
set time zone 2; select current_setting('TimeZone'), timestamptz '2024-03-01 12:00:00';
set time zone 5.5; select current_setting('TimeZone'), timestamptz '2024-03-01 12:00:00';
set time zone -3; select current_setting('TimeZone'), timestamptz '2024-03-01 12:00:00';
set time zone interval '-03:00' hour to minute; select current_setting('TimeZone'), timestamptz '2024-03-01 12:00:00';
set time zone 'EST5EDT'; select timestamptz '2024-07-01 12:00:00', timestamptz '2024-01-01 12:00:00';
set time zone 'CET-1CEST,M3.5.0,M10.5.0/3'; select current_setting('TimeZone'), timestamptz '2024-07-01 12:00:00', timestamptz '2024-01-01 12:00:00', timestamptz '2024-03-31 02:30';
set time zone 'CET-1CEST,M13.5.0';
set timezone to 'UTC'; show timezone;
set time zone 'Mars/Base';
set time zone 'XYZ';
set timezone = 'Europe/Berlin'; reset timezone; show timezone;
set time zone interval '1 day';
begin; set local time zone 'Asia/Tokyo'; select timestamptz '2024-01-01 00:00+00'; commit; select timestamptz '2024-01-01 00:00+00';
begin; set time zone 'Asia/Tokyo'; rollback; select timestamptz '2024-01-01 00:00+00';
set time zone 'Europe/Berlin'; select set_config('TimeZone', 'Asia/Tokyo', false); select timestamptz '2024-03-01 12:00';
-- Casts between timestamptz, timestamp, date and text.
set time zone 'Europe/Berlin'; select timestamptz '2024-03-01 12:00'::timestamp, timestamp '2024-03-01 12:00'::timestamptz, date '2024-03-01'::timestamptz, timestamptz '2024-03-01 00:30'::date;
set time zone 'Europe/Berlin'; select timestamptz '2024-03-01 12:00'::text, '2024-03-01 12:00+00'::text::timestamptz, cast(timestamptz '2024-03-01 12:00' as varchar(10));
set time zone 'America/New_York'; select timestamptz 'infinity'::timestamp, timestamp '-infinity'::timestamptz, date 'infinity'::timestamptz, timestamptz '-infinity'::date;
-- AT TIME ZONE both ways, timezone() and interval zones.
set time zone 'Europe/Berlin'; select timestamptz '2024-03-01 12:00' at time zone 'America/New_York', timestamp '2024-03-01 12:00' at time zone 'America/New_York';
set time zone 'Europe/Berlin'; select timestamp '2024-03-01 12:00' at time zone '+02', timestamp '2024-03-01 12:00' at time zone interval '02:00', timezone('UTC', timestamptz '2024-03-01 12:00');
set time zone 'Europe/Berlin'; select extract(timezone from timestamp '2020-01-01' at time zone 'UTC'), timestamptz '2024-03-01 12:00' at time zone 'EST', '2024-03-01 12:00+00' at time zone 'Asia/Tokyo';
select extract(timezone from now() at time zone 'UTC');
set time zone 'Europe/Berlin'; select timestamp '2024-03-31 02:30' at time zone 'Europe/Berlin', timestamp '2024-10-27 02:30' at time zone 'Europe/Berlin';
select timestamptz '2024-03-01 12:00' at time zone 'Mars/Base';
select timestamp '2024-03-01 12:00' at time zone 'Mars/Base';
select timestamptz '2024-03-01 12:00' at time zone null, null::timestamptz at time zone 'UTC';
-- Comparisons with timestamp and date (in the session's zone).
set time zone 'Europe/Berlin'; select timestamp '2024-03-01' = timestamptz '2024-03-01', date '2024-03-01' < timestamptz '2024-03-01 01:00+05', timestamptz '2024-03-01 12:00+01' = timestamptz '2024-03-01 11:00Z';
select timestamptz '2024-03-01 12:00+02' < timestamptz '2024-03-01 11:00+00', timestamptz 'infinity' > timestamptz '294276-01-01', timestamptz '-infinity' < timestamptz '4714-11-24 00:00:00+00 BC';
select case when true then timestamptz '2024-03-01 12:00+02' else timestamp '2024-03-01' end, coalesce(null, date '2024-03-01', timestamptz '2024-03-02');
-- Arithmetic: days and months on the wall time, hours elapsed.
set time zone 'Europe/Berlin'; select timestamptz '2024-03-30 12:00' + interval '1 day', timestamptz '2024-03-30 12:00' + interval '24 hours', timestamptz '2024-03-31 12:00' - timestamptz '2024-03-30 12:00';
set time zone 'America/New_York'; select timestamptz '2024-03-09 12:00' + interval '1 day', timestamptz '2024-03-10 01:30' + interval '1 hour', interval '1 month' + timestamptz '2024-01-31 12:00', timestamptz '2024-11-03 12:00' - interval '1 day 2 hours';
select timestamptz '2024-01-01 00:00+00' - interval '1 month', timestamptz '2024-01-31' + interval '1 month', timestamptz '2024-03-01 12:00+05' - timestamp '2024-03-01 12:00', timestamptz '2024-03-02 00:00+00' - date '2024-03-01';
select timestamptz 'infinity' + interval '1 day', timestamptz '294276-12-31 23:59:59+00' + interval '1 day';
select timestamptz 'infinity' - timestamptz '2024-01-01';
-- extract, date_part, date_trunc.
set time zone 'Europe/Berlin'; select extract(epoch from timestamptz '2024-03-01 12:00'), extract(timezone from timestamptz '2024-03-31 12:00'), extract(timezone_hour from timestamptz '2024-03-31 12:00'), extract(timezone_minute from timestamptz '2024-03-31 12:00'), extract(hour from timestamptz '2024-03-31 12:00');
set time zone 'Asia/Kolkata'; select extract(timezone from timestamptz '2024-03-01'), extract(timezone_minute from timestamptz '2024-03-01'), date_part('day', timestamptz '2024-03-01 23:00+00'), extract(dow from timestamptz '2024-03-01 23:00+00'), extract(julian from timestamptz '2024-03-01 12:00+00');
set time zone 'Europe/Berlin'; select extract(timezone from timestamptz '1800-01-01'), extract(month from timestamptz 'infinity'), extract(timezone from timestamptz '-infinity');
select extract(epoch from timestamptz '2024-03-01 12:00+00'), extract(epoch from timestamptz 'epoch'), extract(microseconds from timestamptz '2024-03-01 12:00:01.5+00');
select extract(foo from timestamptz '2024-03-01');
set time zone 'America/New_York'; select date_trunc('day', timestamptz '2024-11-03 23:00'), date_trunc('hour', timestamptz '2024-11-03 01:30-04'), date_trunc('week', timestamptz '2024-11-03 23:00'), date_trunc('month', timestamptz '2024-11-03 23:00'), date_trunc('year', timestamptz '2024-11-03 23:00');
set time zone 'Europe/Berlin'; select date_trunc('day', timestamptz '2024-03-31 12:00'), date_trunc('day', timestamptz '2024-03-31 12:00', 'America/New_York'), date_trunc('minute', timestamptz '2024-03-31 12:34:56.789');
set time zone 'Europe/Berlin'; select date_trunc('month', date '2024-03-15'), extract(timezone from date_trunc('month', date '2024-03-15'));
select date_trunc('day', timestamptz '2024-03-31 12:00', 'Mars/Base');
select date_trunc('dow', timestamptz '2024-03-31 12:00');
select date_trunc('timezone', timestamptz '2024-03-31 12:00');
select date_trunc('day', timestamptz 'infinity');
-- to_timestamp(double precision).
set time zone 'Europe/Berlin'; select to_timestamp(1700000000.5), to_timestamp(0), to_timestamp(-1), to_timestamp('Infinity'::float8), to_timestamp('-Infinity'), extract(timezone from to_timestamp(1));
select to_timestamp('1e300'::float8);
select to_timestamp('NaN'::float8);
-- Tables: primary keys, indexes, ORDER BY, aggregates, GROUP BY, DISTINCT.
create table tz_events (at timestamptz primary key, label text, local timestamp, day date);
insert into tz_events values ('2024-03-01 12:00+01', 'berlin noon', '2024-03-01 12:00', '2024-03-01'), ('2024-03-01 12:00+09', 'tokyo noon', '2024-03-01 12:00', '2024-03-01'), ('2024-03-01 07:00-05', 'new york morning', '2024-03-01 06:00', '2024-03-01'), ('infinity', 'end', 'infinity', 'infinity'), ('-infinity', 'start', '-infinity', '-infinity');
insert into tz_events values ('2024-03-01 13:00+00', 'utc one pm', null, null);
select * from tz_events order by at;
set time zone 'Asia/Tokyo'; select at, label from tz_events order by at desc;
select label from tz_events where at = '2024-03-01 03:00:00+00';
select label from tz_events where at between '2024-03-01 00:00Z' and '2024-03-01 23:59Z' order by at;
select label from tz_events where at > local order by label;
select min(at), max(at), count(distinct at) from tz_events where at > '-infinity' and at < 'infinity';
set time zone 'Europe/Berlin'; select at::date, count(*) from tz_events where at > '-infinity' and at < 'infinity' group by at::date order by 1;
create index tz_events_local on tz_events (local);
select label from tz_events where local = '2024-03-01 12:00' order by at;
update tz_events set at = at + interval '1 hour' where label = 'tokyo noon';
select at, label from tz_events where label = 'tokyo noon';
set time zone 'Europe/Berlin'; insert into tz_events (at, label) values ('2024-06-01 12:00', 'berlin summer noon'); select at from tz_events where label = 'berlin summer noon';
select at from tz_events where label = 'berlin summer noon';
insert into tz_events (at, label) values ('2024-03-01 12:00+01', 'duplicate');
insert into tz_events (at, label) values ('not a time', 'bad');
insert into tz_events (at, label, local) values (timestamp '2024-05-05 05:05', 'from timestamp', timestamptz '2024-05-05 05:05+02');
select at, local from tz_events where label = 'from timestamp';
select at, label from tz_events where at in ('2024-03-01 12:00+01', '2024-05-05 05:05+00') order by at;
select label, at - lag(at) over (order by at) from tz_events where at > '-infinity' and at < 'infinity' order by at;
select label, count(*) over (order by at range between interval '6 hours' preceding and current row) from tz_events where at > '-infinity' and at < 'infinity' order by at;
select * from generate_series(timestamptz '2024-03-30 00:00+01', timestamptz '2024-04-01 00:00+02', interval '1 day');
set time zone 'Europe/Berlin'; select * from generate_series(timestamptz '2024-03-30 00:00', timestamptz '2024-04-01 00:00', interval '1 day');
select table_name, column_name, data_type, datetime_precision from information_schema.columns where table_name = 'tz_events' order by ordinal_position;
select a.attname, format_type(a.atttypid, a.atttypmod), t.typname from pg_attribute a join pg_type t on t.oid = a.atttypid where a.attrelid = 'tz_events'::regclass and a.attnum > 0 order by a.attnum;
create table tz_precise (id int primary key, at timestamptz(3), at_default timestamp with time zone default '2024-01-01 00:00+00');
select format_type(a.atttypid, a.atttypmod) from pg_attribute a where a.attrelid = 'tz_precise'::regclass and a.attnum > 1 order by a.attnum;
insert into tz_precise (id) values (1);
select at_default from tz_precise;
drop table tz_precise;
-- timestamp(p) and timestamptz(p) round to p fractional digits, halves away from zero.
create table tz_rounded (id int primary key, a timestamptz(2), b timestamp(0));
insert into tz_rounded values (1, '2024-01-01 12:00:00.125+00', '2024-01-01 12:00:00.5'), (2, '2024-01-01 12:00:00.994999+00', 'infinity');
select * from tz_rounded order by id;
update tz_rounded set a = a + interval '0.001 sec' where id = 1;
select * from tz_rounded order by id;
select '2024-01-01 12:00:00.125'::timestamp(2), '2024-01-01 12:00:00.125+00'::timestamptz(1), '0044-03-15 12:00:00.5 BC'::timestamp(0);
drop table tz_rounded;
drop table tz_events;
-- zone abbreviations of PostgreSQL's default set (IST fixed, MSK by Europe/Moscow's history),
-- POSIX zones in literals, day-of-year and long run-together dates, Julian days
set timezone = 'UTC';
select '2011-03-27 02:00:00 MSK'::timestamptz, '2014-10-26 00:59:59 MSK'::timestamptz, '2014-10-26 01:00:00 MSK'::timestamptz;
select '2011-03-26 23:00:00 UTC'::timestamptz at time zone 'MSK', '2011-03-27 02:00:00'::timestamp at time zone 'MSK', make_timestamptz(2014, 10, 26, 1, 0, 0, 'MSK');
select 'Sat Mar 12 23:58:48 1000 IST'::timestamptz, '100000312 23:58:48 IST'::timestamptz, make_timestamptz(2008, 12, 10, 10, 10, 10, 'EDT');
select '2000-03-15 08:14:01 GMT+8'::timestamptz, '2000-03-15 02:14:05 MST+7:00'::timestamptz, '2000-03-15 03:14:04 PST+8'::timestamp;
select '1997.041 17:32:01 UTC'::timestamptz, 'J2452271.5+08'::timestamptz, '20011227T040506.789-08'::timestamptz, 'epoch'::timestamptz;
set timezone = 'America/Los_Angeles'; select 'epoch'::timestamptz, to_char('epoch'::timestamptz, 'YYYY HH24'), 'epoch'::timestamp, 'epoch'::date;
