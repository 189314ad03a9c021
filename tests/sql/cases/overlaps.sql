-- (start, end) OVERLAPS (start, end) over timestamps, timestamptz and dates,
-- with lengths (intervals) for ends, reversed ends, touching periods, and
-- NULL ends (unknown only where they decide), in a WHERE and a select list.
SELECT (timestamp with time zone '2000-11-27', timestamp with time zone '2000-11-28') OVERLAPS (timestamp with time zone '2000-11-27 12:00', timestamp with time zone '2000-11-30') AS "True";
SELECT (timestamp with time zone '2000-11-26', timestamp with time zone '2000-11-27') OVERLAPS (timestamp with time zone '2000-11-27 12:00', timestamp with time zone '2000-11-30') AS "False";
SELECT (timestamp with time zone '2000-11-27', interval '12 hours') OVERLAPS (timestamp with time zone '2000-11-27 12:00', timestamp with time zone '2000-11-30') AS "False";
SELECT (timestamp with time zone '2000-11-27', interval '12 hours') OVERLAPS (timestamp with time zone '2000-11-27', interval '12 hours') AS "True";
SELECT (timestamp without time zone '2000-11-27', timestamp without time zone '2000-11-28') OVERLAPS (timestamp without time zone '2000-11-27 12:00', timestamp without time zone '2000-11-30') AS "True";
SELECT (timestamp without time zone '2000-11-27', interval '12 hours') OVERLAPS (timestamp without time zone '2000-11-27 12:00', interval '12 hours') AS "False";
select (date '2020-01-01', date '2020-01-10') overlaps (date '2020-01-05', date '2020-01-20'), (date '2020-01-10', date '2020-01-01') overlaps (date '2020-01-05', date '2020-01-20'), (date '2020-01-01', date '2020-01-05') overlaps (date '2020-01-05', date '2020-01-20');
select (timestamp '2020-01-01', timestamp '2020-01-01') overlaps (timestamp '2020-01-01', timestamp '2020-01-01'), (timestamp '2020-01-01', null::timestamp) overlaps (timestamp '2020-01-01', timestamp '2020-01-02');
select (timestamp '2020-01-01', null::timestamp) overlaps (timestamp '2020-01-02', timestamp '2020-01-03') is null, (null::timestamp, timestamp '2020-01-02') overlaps (timestamp '2020-01-01', timestamp '2020-01-03');
select (timestamp '2020-01-05', null::timestamp) overlaps (timestamp '2020-01-01', timestamp '2020-01-03'), (null::timestamp, null::timestamp) overlaps (timestamp '2020-01-01', timestamp '2020-01-03') is null;
select (timestamp '2020-01-01', interval '-1 day') overlaps (timestamp '2019-12-31 12:00', timestamp '2020-02-01'), ('2020-01-01', timestamp '2020-01-03') overlaps (timestamp '2020-01-02', interval '1 hour');
select (timestamp '2020-01-01', '2020-01-03') overlaps (timestamp '2020-01-02', interval '1 hour');
create table ov_t (id int, s timestamp, e timestamp);
insert into ov_t values (1, '2020-01-01', '2020-01-10'), (2, '2020-01-10', '2020-01-20'), (3, '2020-01-05', null), (4, null, null), (5, '2019-12-01', '2019-12-31');
select id, (s, e) overlaps (timestamp '2020-01-08', timestamp '2020-01-12') from ov_t order by id;
select id from ov_t where (s, e) overlaps (timestamp '2020-01-15', interval '1 day') order by id;
select (1, 2) overlaps (3, 4);
