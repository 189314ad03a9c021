-- GREATEST and LEAST: NULLs ignored, the common type of the arguments.
SELECT greatest(1, 2, 3), least(1, 2, 3), greatest(3), least(-1);
SELECT greatest(1, NULL, 3), least(NULL, 2, 1), greatest(NULL, NULL), least(NULL::int, NULL);
SELECT greatest(1, 2.5, 2), least(1.5, 2, 0.25), greatest(1::smallint, 2::bigint);
SELECT greatest(1.5::real, 2), least(1e30::float8, 3), greatest('a', 'b', 'ab'), least('b'::text, 'a');
SELECT greatest(date '2024-01-01', date '2023-12-31'), least(timestamp '2024-01-01 10:00', date '2024-01-01');
SELECT greatest(interval '1 day', interval '23 hours'), least(true, false), greatest(true, NULL);
SELECT greatest('abc'::varchar(5), 'abd'), least('y'::char(3), 'x');
CREATE TABLE gl_t (id int PRIMARY KEY, a int, b int, c numeric(5,2), s text);
INSERT INTO gl_t VALUES (1, 1, 2, 1.5, 'x'), (2, NULL, 5, NULL, 'yy'), (3, 7, NULL, 7.25, NULL), (4, NULL, NULL, NULL, 'a');
SELECT id, greatest(a, b), least(a, b), greatest(a, b, c), least(c, a), greatest(s, 'm') FROM gl_t ORDER BY id;
SELECT id FROM gl_t WHERE greatest(a, b) > 4 ORDER BY id;
SELECT sum(greatest(a, b, 0)), max(least(a, b)) FROM gl_t;
SELECT greatest(1, 'a');
SELECT least(1, now());
DROP TABLE gl_t;
