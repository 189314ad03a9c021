-- LATERAL subqueries: FROM ... LATERAL (subquery), CROSS JOIN LATERAL, JOIN
-- LATERAL ... ON, LEFT JOIN LATERAL; the subquery reading the FROM items
-- before it in its WHERE, select list, aggregates, ORDER BY / LIMIT, GROUP
-- BY, FROM functions and set operations; duplicate and NULL values read.
CREATE TABLE lt_a (id int PRIMARY KEY, g int, name text, price numeric(8, 2));
CREATE TABLE lt_b (id int PRIMARY KEY, a_id int, v int, tag char(4));
INSERT INTO lt_a SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE i % 3 END, 'n' || (i % 4), (i % 5) * 1.5 FROM generate_series(1, 40) i;
INSERT INTO lt_b SELECT i, i % 45 + 1, (i * 37) % 101, CASE WHEN i % 2 = 0 THEN 'ev' ELSE 'od' END FROM generate_series(1, 300) i;
SELECT a.id, x.s FROM lt_a a, LATERAL (SELECT sum(v) s, count(*) c FROM lt_b b WHERE b.a_id = a.id) x ORDER BY 1;
SELECT a.id, x.v FROM lt_a a CROSS JOIN LATERAL (SELECT v FROM lt_b b WHERE b.a_id = a.id ORDER BY v DESC LIMIT 2) x ORDER BY 1, 2;
SELECT a.id, x.v, x.w FROM lt_a a JOIN LATERAL (SELECT v, a.g + v AS w FROM lt_b b WHERE b.a_id = a.id) x ON x.w > 90 ORDER BY 1, 2;
SELECT a.id, x.v FROM lt_a a LEFT JOIN LATERAL (SELECT v FROM lt_b b WHERE b.a_id = a.id AND v > 95) x ON true ORDER BY 1, 2;
SELECT a.id, x.v FROM lt_a a LEFT JOIN LATERAL (SELECT v FROM lt_b b WHERE b.a_id = a.id) x ON x.v < 10 ORDER BY 1, 2;
SELECT a.id, a.g, x.n FROM lt_a a, LATERAL (SELECT count(*) n FROM lt_b b WHERE b.v % 3 = a.g) x ORDER BY 1;
SELECT a.g, x.* FROM (SELECT DISTINCT g FROM lt_a) a, LATERAL (SELECT a.g * 10 AS ten, a.g IS NULL AS missing) x ORDER BY 1 NULLS FIRST;
SELECT a.id, x.tag, x.n FROM lt_a a, LATERAL (SELECT tag, count(*) n FROM lt_b b WHERE b.a_id = a.id GROUP BY tag) x WHERE a.id < 6 ORDER BY 1, 2;
SELECT a.id, x.s FROM lt_a a, LATERAL generate_series(1, a.id % 3) s, LATERAL (SELECT s * a.price AS s) x WHERE a.id < 8 ORDER BY 1, 2;
SELECT a.id, x.k FROM lt_a a, LATERAL (SELECT k FROM generate_series(1, a.id % 4) k) x WHERE a.id BETWEEN 5 AND 9 ORDER BY 1, 2;
SELECT a.id, x.v FROM lt_a a, LATERAL (SELECT v FROM lt_b b WHERE b.a_id = a.id UNION ALL SELECT -a.id) x WHERE a.id IN (3, 41, 44) ORDER BY 1, 2;
SELECT a.name, x.total FROM lt_a a, LATERAL (SELECT sum(b.v) total FROM lt_b b WHERE b.a_id BETWEEN a.id AND a.id + 2) x ORDER BY 2 DESC, 1 LIMIT 5;
SELECT a.id, a.price, x.cheaper FROM lt_a a, LATERAL (SELECT count(*) cheaper FROM lt_a o WHERE o.price < a.price) x ORDER BY 1 LIMIT 12;
SELECT count(*), sum(x.v) FROM lt_a a, lt_b c, LATERAL (SELECT v FROM lt_b b WHERE b.id = c.id AND b.a_id = a.id) x;
SELECT a.id, x.first_tag FROM lt_a a, LATERAL (SELECT min(tag) first_tag FROM lt_b b WHERE b.a_id = a.id) x WHERE x.first_tag IS NULL ORDER BY 1;
SELECT x.y FROM (VALUES (1.5), (1.50), (2)) v(p), LATERAL (SELECT p AS y) x ORDER BY 1;
SELECT * FROM lt_a a, LATERAL (SELECT a.id) x(i), LATERAL (SELECT x.i + 1 AS j) y WHERE a.id < 4 ORDER BY 1;
SELECT a.id, x.v FROM lt_a a LEFT JOIN LATERAL (SELECT v FROM lt_b b WHERE b.a_id = a.id ORDER BY v LIMIT 1) x ON true WHERE a.id > 36 ORDER BY 1;
SELECT a.id, x.v, x.r FROM lt_a a, LATERAL (SELECT v, row_number() OVER (ORDER BY v) + a.id AS r FROM lt_b b WHERE b.a_id = a.id) x WHERE a.id < 4 ORDER BY 1, 2;
SELECT a.id, x.tag, x.n FROM lt_a a, LATERAL (SELECT tag, count(*) n FROM lt_b b WHERE b.a_id = a.id GROUP BY tag HAVING count(*) > a.id % 4) x WHERE a.id < 10 ORDER BY 1, 2;
SELECT a.id, x.v FROM lt_a a, LATERAL (SELECT DISTINCT ON (tag) tag, v FROM lt_b b WHERE b.a_id = a.id ORDER BY tag, v DESC) x WHERE a.id < 5 ORDER BY 1, 2;
SELECT a.id, x.v FROM lt_a a, LATERAL (SELECT v FROM lt_b b WHERE b.a_id = a.id AND EXISTS (SELECT 1 FROM lt_b c WHERE c.v = b.v + 1)) x WHERE a.id < 6 ORDER BY 1, 2;
SELECT a.id, x.v, x.m FROM lt_a a, LATERAL (SELECT v, (SELECT max(c.v) FROM lt_b c WHERE c.a_id = b.a_id) m FROM lt_b b WHERE b.a_id = a.id) x WHERE a.id < 4 ORDER BY 1, 2;
SELECT a.id, y.w FROM lt_a a, LATERAL (SELECT x.v + a.id AS w FROM lt_b b, LATERAL (SELECT b.v * 2 AS v) x WHERE b.a_id = a.id) y WHERE a.id < 3 ORDER BY 1, 2;
SELECT a.id, c.id, x.n FROM lt_a a, lt_a c, LATERAL (SELECT count(*) n FROM lt_b b WHERE b.a_id = a.id OR b.a_id = c.id) x WHERE a.id < 3 AND c.id < 3 ORDER BY 1, 2;
SELECT a.id, x.v FROM lt_a a LEFT JOIN lt_b c ON c.a_id = a.id AND c.v > 99, LATERAL (SELECT coalesce(c.v, -1) AS v) x WHERE a.id < 12 ORDER BY 1, 2;
SELECT * FROM (SELECT 1 AS k) s JOIN LATERAL (SELECT s.k + 1 AS q) x ON x.q = 2;
SELECT a.id, j.* FROM lt_a a LEFT JOIN LATERAL (SELECT b.v, c.v AS w FROM lt_b b JOIN lt_b c ON c.id = b.id + 1 WHERE b.a_id = a.id) j ON j.w > j.v WHERE a.id < 4 ORDER BY 1, 2;
CREATE VIEW lt_view AS SELECT a.id, x.s FROM lt_a a, LATERAL (SELECT sum(v) s FROM lt_b b WHERE b.a_id = a.id) x;
SELECT * FROM lt_view WHERE id < 5 ORDER BY 1;
DROP VIEW lt_view;
CREATE TABLE lt_c (id int, s bigint);
INSERT INTO lt_c SELECT a.id, x.s FROM lt_a a, LATERAL (SELECT sum(v) s FROM lt_b b WHERE b.a_id = a.id) x WHERE a.id < 5;
SELECT * FROM lt_c ORDER BY 1;
DROP TABLE lt_c;
-- The errors PostgreSQL gives.
SELECT * FROM lt_a a, (SELECT a.id) x;
SELECT * FROM lt_a a RIGHT JOIN LATERAL (SELECT a.id) x ON true;
SELECT * FROM LATERAL (SELECT 1) x, lt_a a WHERE x.nope = 1;
SELECT 1 FROM lt_a a, LATERAL (SELECT max(a.id) FROM lt_b b) x;
SELECT a.id, x.m FROM lt_a a, LATERAL (SELECT max(a.id + b.v) m FROM lt_b b WHERE b.a_id = a.id) x WHERE a.id < 3 ORDER BY 1;
CREATE TABLE lt_u (id int PRIMARY KEY, n int);
INSERT INTO lt_u VALUES (1, 0), (2, 0);
UPDATE lt_u SET n = x.v FROM LATERAL (SELECT v FROM lt_b b WHERE b.a_id = lt_u.id) x;
DELETE FROM lt_u USING LATERAL (SELECT v FROM lt_b b WHERE b.a_id = lt_u.id) x;
UPDATE lt_u SET n = x.s FROM lt_a a, LATERAL (SELECT sum(v) s FROM lt_b b WHERE b.a_id = a.id) x WHERE a.id = lt_u.id;
SELECT * FROM lt_u ORDER BY 1;
DROP TABLE lt_u;
DROP TABLE lt_b;
DROP TABLE lt_a;
