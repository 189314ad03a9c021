-- justify_hours, justify_days, justify_interval, isfinite, interval(p) and
-- SECOND(p) rounding, with PostgreSQL's overflow errors.
select justify_hours(interval '6 months 3 days 52 hours 3 minutes 2 seconds'), justify_days(interval '6 months 36 days 5 hours 4 minutes 3 seconds');
select justify_interval(interval '1 month -1 hour'), justify_interval(interval '2147483647 days 24 hrs'), justify_interval(interval '-2147483648 days -24 hrs');
select justify_hours(interval '-50 hours'), justify_days(interval '-45 days'), justify_hours(null::interval);
select justify_hours(interval '2147483647 days 24 hrs');
select justify_days(interval '2147483647 months 30 days');
select justify_interval(interval '2147483647 months 30 days');
select justify_hours('1 day 30 hours');
select isfinite('infinity'::date), isfinite('-infinity'::date), isfinite('today'::date), isfinite(timestamp 'infinity'), isfinite(timestamptz '2020-01-01 10:00+00'), isfinite(interval '1 day'), isfinite(null::date);
select isfinite(12);
select interval(0) '1 day 01:23:45.6789', interval(2) '1 day 01:23:45.6789', interval '12:34.5678' minute to second(2), interval '1.234' second(2);
select interval '1 2:03:04.5678' day to second(2), interval '-1.5' second(0), interval '2.5' second(0);
select interval(7) '1 second';
create table ij (id int, i interval);
insert into ij values (1, '36 hours'), (2, '-40 days'), (3, null);
select id, justify_hours(i), justify_days(i), justify_interval(i), isfinite(i) from ij order by id;
