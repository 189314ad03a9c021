-- DateStyle: the output styles ISO, SQL, Postgres and German with the field
-- orders MDY, DMY and YMD for date, timestamp and timestamptz (the zone's
-- abbreviation in SQL, German and Postgres styles), in text results, casts to
-- text, arrays and records and COPY; input of ambiguous dates in the field
-- order; SET/SHOW as PostgreSQL reads and shows the setting. Each line runs
-- in its own session; lines that SET run the SET and the query together.
show datestyle;
set datestyle = 'Postgres, MDY'; show datestyle;
set datestyle = 'SQL, DMY'; show datestyle;
set datestyle = 'German'; show datestyle;
set datestyle = 'ISO, YMD'; show datestyle;
set datestyle = 'dmy'; show datestyle;
set datestyle = 'sql'; show datestyle;
set datestyle = 'ymd'; set datestyle = 'postgres'; show datestyle;
set datestyle = 'German, MDY'; show datestyle;
set datestyle = 'euro'; show datestyle;
set datestyle = 'us, sql'; show datestyle;
set datestyle = 'noneuropean'; show datestyle;
set datestyle to postgres, dmy; show datestyle;
set datestyle = 'sql, dmy'; set datestyle = default; show datestyle;
set datestyle = 'sql, dmy'; reset datestyle; show datestyle;
set datestyle = 'German'; set datestyle = 'default'; show datestyle;
set datestyle = 'sql, dmy'; select current_setting('datestyle'), set_config('datestyle', 'postgres', false), current_setting('DateStyle');
set datestyle = 'foo';
set datestyle = 'iso, sql';
set datestyle = 'mdy, dmy';
set datestyle = 'sql dmy';
set datestyle = 'iso, foo';
-- Output of every style and order.
set datestyle = 'ISO, MDY'; select date '2003-01-02', timestamp '2003-01-02 04:05:06.789', timestamptz '2003-01-02 04:05:06.789+00';
set datestyle = 'SQL, MDY'; select date '2003-01-02', timestamp '2003-01-02 04:05:06.789', timestamptz '2003-01-02 04:05:06.789+00';
set datestyle = 'SQL, DMY'; select date '2003-01-02', timestamp '2003-01-02 04:05:06.789', timestamptz '2003-01-02 04:05:06.789+00';
set datestyle = 'SQL, YMD'; select date '2003-01-02', timestamp '2003-01-02 04:05:06', timestamptz '2003-01-02 04:05:06+00';
set datestyle = 'Postgres, MDY'; select date '2003-01-02', timestamp '2003-01-02 04:05:06.789', timestamptz '2003-01-02 04:05:06.789+00';
set datestyle = 'Postgres, DMY'; select date '2003-01-02', timestamp '2003-01-02 04:05:06.789', timestamptz '2003-01-02 04:05:06.789+00';
set datestyle = 'Postgres, YMD'; select date '2003-01-02', timestamp '2003-01-02 04:05:06', timestamptz '2003-01-02 04:05:06+00';
set datestyle = 'German'; select date '2003-01-02', timestamp '2003-01-02 04:05:06.789', timestamptz '2003-01-02 04:05:06.789+00';
set datestyle = 'German, YMD'; select date '2003-01-02', timestamp '2003-01-02 04:05:06', timestamptz '2003-01-02 04:05:06+00';
set datestyle = 'Postgres'; select date '0044-03-15 BC', timestamp '0044-03-15 12:00 BC', timestamp 'infinity', date '-infinity', timestamptz 'infinity';
set datestyle = 'SQL'; select date '0044-03-15 BC', timestamp '0044-03-15 12:00 BC', timestamp 'infinity', date 'infinity', timestamp '10000-01-01 00:00';
set datestyle = 'German'; select date '0001-01-01 BC', timestamp '0001-12-31 23:59:59.000001 BC', date '12345-06-07';
-- The day of the week in Postgres style.
set datestyle = 'Postgres'; select d, d::timestamp from (values (date '2000-01-01'), (date '1970-01-01'), (date '1999-12-31'), (date '2024-02-29'), (date '1582-10-15'), (date '0001-01-01 BC')) v(d) order by d;
-- timestamptz: the zone's abbreviation (or its offset where it has none).
set datestyle = 'Postgres'; set time zone 'PST8PDT'; select timestamptz '1970-01-01 00:00:00', timestamptz '2024-07-01 12:00:00+00';
set datestyle = 'SQL'; set time zone 'America/New_York'; select timestamptz '2024-01-15 12:00:00', timestamptz '2024-07-15 12:00:00', timestamptz '1800-01-01 00:00:00';
set datestyle = 'German'; set time zone 'Europe/Berlin'; select timestamptz '2024-01-15 12:00:00', timestamptz '2024-07-15 12:00:00.5';
set datestyle = 'Postgres, DMY'; set time zone 'Asia/Kolkata'; select timestamptz '2024-01-15 12:00:00', timestamptz '0044-03-15 12:00 BC';
set datestyle = 'Postgres'; set time zone 2; select timestamptz '2024-01-15 12:00:00+00';
set datestyle = 'SQL'; set time zone interval '+05:30'; select timestamptz '2024-01-15 12:00:00+00';
set datestyle = 'Postgres'; set time zone 'UTC'; select timestamptz '2024-01-15 12:00:00+00', now() is not null;
set datestyle = 'SQL'; set time zone 'UTC+3'; select timestamptz '2024-01-15 12:00:00+00';
set datestyle = 'Postgres'; set time zone 'Europe/Berlin'; select timestamptz '2024-03-31 01:59:59+00', timestamptz '2024-03-31 00:59:59+00';
-- Casts to text, concatenation, text functions, string_agg, grouping.
set datestyle = 'SQL, DMY'; select date '2003-01-02'::text, timestamp '2003-01-02 04:05'::varchar, 'd: ' || date '2003-01-02', timestamptz '2003-01-02 04:05+00'::text, length(date '2003-01-02'::text);
set datestyle = 'Postgres'; select upper(timestamp '2003-01-02 04:05:06'::text), string_agg(d::text, ';' order by d), string_agg(d::timestamp::text, ';' order by d) from (values (date '2003-01-02'), (date '2003-01-03')) v(d);
set datestyle = 'German'; select d::text, count(*) from (values (date '2003-01-02'), (date '2003-01-02'), (date '2004-05-06')) v(d) group by d::text order by 1;
-- Stored values and COPY TO.
set datestyle = 'SQL, DMY'; drop table if exists ds_t; create table ds_t (d date, ts timestamp, tz timestamptz); insert into ds_t values ('02/01/2003', '02/01/2003 04:05', '02/01/2003 04:05+00'); select * from ds_t;
set datestyle = 'Postgres, MDY'; select * from ds_t; copy ds_t to stdout;
set datestyle = 'German'; copy ds_t to stdout with (format csv);
set datestyle = 'SQL, MDY'; copy (select d, ts from ds_t) to stdout;
set datestyle = 'ISO, DMY'; select * from ds_t where d = '02/01/2003' and ts < '03/01/2003';
drop table ds_t;
-- Input: the field order decides ambiguous dates; a four-digit first field is a year.
set datestyle = 'ISO, MDY'; select date '01/02/2003', date '01-02-2003', date '01.02.2003', date '01/02/03', date '2003-01-02', date '2003/01/02';
set datestyle = 'ISO, DMY'; select date '01/02/2003', date '01-02-2003', date '01.02.2003', date '01/02/03', date '2003-01-02', date '2003/01/02';
set datestyle = 'ISO, YMD'; select date '01/02/2003', date '03/01/02', date '01-02-03', date '2003-01-02';
set datestyle = 'ISO, MDY'; select date '13/02/2003';
set datestyle = 'ISO, DMY'; select date '02/13/2003';
set datestyle = 'ISO, DMY'; select date '31/12/1999', timestamp '31/12/1999 23:59', timestamptz '31/12/1999 23:59+02';
set datestyle = 'ISO, YMD'; select date '99/12/31', timestamp '99-12-31 23:59';
-- Input of month names and the Postgres style's own output.
set datestyle = 'ISO, MDY'; select date 'Jan 02 2003', date 'January 2, 2003', date '2-Jan-2003', date 'Jan-02-2003', date '2003-Jan-02', date '02 Jan 2003';
set datestyle = 'ISO, DMY'; select date 'Jan 02 2003', date '02 Jan 2003', date '2-Jan-2003', date '2003-Jan-02';
set datestyle = 'ISO, YMD'; select date '2003 Jan 02', date '03-Jan-02', date '02-Jan-2003';
set time zone 'PST8PDT'; select timestamptz 'Thu Jan 01 00:00:00 1970 PST', timestamp 'Mon Feb 10 17:32:01 1997', timestamptz 'Mon Feb 10 17:32:01.5 1997 PST', timestamp 'Wed 31 Dec 16:00:00 1969';
set datestyle = 'Postgres'; set time zone 'PST8PDT'; select timestamptz 'Thu Jan 01 00:00:00 1970 PST', timestamp 'Feb 10 17:32:01 1997', date 'Feb 10 1997';
set datestyle = 'Postgres, DMY'; select timestamp 'Wed 31 Dec 16:00:00 1969', date 'Wed 31 Dec 1969';
select timestamp '2003-01-02 10:00 pm', timestamp '2003-01-02 12:30 am', timestamp '2003-01-02 12:30 pm', timestamp 'Jan 02 2003 1:00 PM';
select timestamp '2003-01-02 13:00 pm';
select date 'Foo 02 2003';
select date 'Jan Feb 2003';
-- Round trip: text in each style reads back as the same value.
set datestyle = 'Postgres, MDY'; select (timestamp '2003-01-02 04:05:06.5')::text::timestamp = timestamp '2003-01-02 04:05:06.5', (date '2003-01-02')::text::date = date '2003-01-02';
set datestyle = 'SQL, DMY'; select (timestamp '2003-01-02 04:05:06.5')::text::timestamp = timestamp '2003-01-02 04:05:06.5', (date '2003-01-02')::text::date = date '2003-01-02';
set datestyle = 'German'; select (timestamp '2003-01-02 04:05:06.5')::text::timestamp = timestamp '2003-01-02 04:05:06.5', (date '2003-01-02')::text::date = date '2003-01-02';
set datestyle = 'Postgres'; set time zone 'Europe/Berlin'; select (timestamptz '2003-07-02 04:05:06.5+00')::text::timestamptz = timestamptz '2003-07-02 04:05:06.5+00';
-- Run-together digits: YYMMDD, YYYYMMDD, and HHMMSS or HHMM after a date.
select date '990108', date '19990108', timestamp '19970210 173201', timestamp '1997-02-10 1732', timestamp '990108 173201';
set datestyle = 'ISO, DMY'; select date '990108', timestamp '19970210 173201';
select date '99-08-Jan';
select date '1999-08-Jan';
select timestamp '19970210 256101';
