-- IntervalStyle: postgres, postgres_verbose, sql_standard and iso_8601 output
-- of intervals (also in casts to text, arrays and COPY), and reading those
-- forms back. Each line runs in its own session; lines that SET run the SET
-- and the query together.
show intervalstyle;
set intervalstyle = 'sql_standard'; show intervalstyle;
set intervalstyle = ISO_8601; show intervalstyle;
set intervalstyle = 'Postgres_Verbose'; show intervalstyle;
set intervalstyle = 'iso_8601'; reset intervalstyle; show intervalstyle;
set intervalstyle = 'foo';
set intervalstyle = 'postgres'; select i from (values (interval '1 year 2 months 3 days 04:05:06.789'), (interval '-1 year -2 mons'), (interval '-3 days -04:05:06'), (interval '1 day -02:00:00'), (interval '0'), (interval '-00:00:00.5'), (interval '1 mon -1 day 1 second')) v(i) order by i;
set intervalstyle = 'postgres_verbose'; select i from (values (interval '1 year 2 months 3 days 04:05:06.789'), (interval '-1 year -2 mons'), (interval '-3 days -04:05:06'), (interval '1 day -02:00:00'), (interval '0'), (interval '-00:00:00.5'), (interval '1 mon -1 day 1 second'), (interval '1 second'), (interval '1 hour 1 minute'), (interval '-1 day 2 hours')) v(i) order by i;
set intervalstyle = 'sql_standard'; select i from (values (interval '1 year 2 months 3 days 04:05:06.789'), (interval '-1 year -2 mons'), (interval '-3 days -04:05:06'), (interval '1 day -02:00:00'), (interval '0'), (interval '-00:00:00.5'), (interval '1 mon -1 day 1 second'), (interval '1 year 2 mons'), (interval '3 days 04:05:06'), (interval '04:05:06.5'), (interval '-1 year 2 mons')) v(i) order by i;
set intervalstyle = 'iso_8601'; select i from (values (interval '1 year 2 months 3 days 04:05:06.789'), (interval '-1 year -2 mons'), (interval '-3 days -04:05:06'), (interval '1 day -02:00:00'), (interval '0'), (interval '-00:00:00.5'), (interval '1 mon -1 day 1 second'), (interval '6 years'), (interval '-0.000001 sec')) v(i) order by i;
-- Casts to text, arrays, COPY, arithmetic results.
set intervalstyle = 'iso_8601'; select (interval '1 day 2 hours')::text, timestamp '2003-01-02' - timestamp '2003-01-01 12:00', 'x' || interval '2 hours';
set intervalstyle = 'sql_standard'; drop table if exists is_t; create table is_t (i interval); insert into is_t values ('1 day 2 hours'), ('-1 year'); copy is_t to stdout;
set intervalstyle = 'postgres_verbose'; select * from is_t order by i; drop table is_t;
set intervalstyle = 'postgres_verbose'; select interval '1 day' * 1.5, -interval '1 day 1 second', string_agg(i::text, ';' order by i) from (values (interval '1 hour'), (interval '-1 hour')) v(i);
-- Input of each style's forms.
select interval '@ 1 year 2 mons 3 days 4 hours 5 mins 6 secs ago', interval '@ 1 day -2 hours', interval '@ 0.5 secs';
select interval '1-2', interval '3 4:05:06', interval '-1-2', interval '+1-2 -3 +4:05:06', interval '-1-2 3 4:05:06';
select interval 'P1Y2M3DT4H5M6.5S', interval 'PT0S', interval 'P-1Y-2M', interval 'PT-0.000001S', interval 'P1W', interval 'P0001-02-03T04:05:06';
set intervalstyle = 'sql_standard'; select interval '-1 2:03:04', interval '-1-2', interval '-2:03:04', interval '1 2:03:04';
set intervalstyle = 'sql_standard'; select (interval '-1 day -2 hours')::text::interval = interval '-1 day -2 hours', (interval '1 year -1 day')::text::interval = interval '1 year -1 day';
set intervalstyle = 'postgres_verbose'; select (interval '-1 day 2 hours 0.5 sec')::text::interval = interval '-1 day 2 hours 0.5 sec';
set intervalstyle = 'iso_8601'; select (interval '1 year -1 day 04:05:06.5')::text::interval = interval '1 year -1 day 04:05:06.5';
-- Date and interval styles together.
set datestyle = 'Postgres'; set intervalstyle = 'postgres_verbose'; select date '2003-01-02' + interval '1 day 2 hours', interval '1 day 2 hours';
