-- Correlated subqueries beyond equality correlations: decorrelated into joins
-- with the distinct outer values, NOT IN / ALL with NULLs, IN as a value.
CREATE TABLE cs_o (id integer PRIMARY KEY, a integer, b integer);
CREATE TABLE cs_i (k integer, v integer, s text);
INSERT INTO cs_o VALUES (1, 1, 0), (2, 2, 5), (3, NULL, 3), (4, 4, NULL), (5, 2, 10), (6, 7, 2);
INSERT INTO cs_i VALUES (1, 10, 'x'), (2, 20, 'y'), (2, NULL, 'z'), (3, 30, NULL), (5, 50, 'w'), (NULL, 7, 'n'), (9, 2, 'q');
SELECT id, (SELECT max(v) FROM cs_i WHERE cs_i.k > cs_o.b) FROM cs_o;
SELECT id, (SELECT count(*) FROM cs_i WHERE cs_i.k < cs_o.b) FROM cs_o;
SELECT id, (SELECT count(v) FROM cs_i WHERE cs_i.k <> cs_o.a AND cs_i.v > cs_o.b) FROM cs_o;
SELECT id, (SELECT max(v + cs_o.a) FROM cs_i WHERE cs_i.k = cs_o.b) FROM cs_o;
SELECT id, (SELECT sum(v * cs_o.a) FROM cs_i WHERE cs_i.k >= cs_o.a) FROM cs_o;
SELECT id, (SELECT min(v) FROM cs_i WHERE cs_i.k = cs_o.a OR cs_o.a IS NULL) FROM cs_o;
SELECT id, (SELECT count(*) FROM cs_i WHERE cs_i.k = coalesce(cs_o.a, 9)) FROM cs_o;
SELECT id FROM cs_o WHERE b < (SELECT max(v) FROM cs_i WHERE cs_i.k > cs_o.a);
SELECT id FROM cs_o WHERE (SELECT count(*) FROM cs_i WHERE cs_i.v > cs_o.b * 5) > 2;
SELECT id, CASE WHEN a > 1 THEN (SELECT max(k) FROM cs_i WHERE cs_i.v < cs_o.b * 10) ELSE -1 END FROM cs_o;
SELECT a, count(*) FROM cs_o WHERE b >= (SELECT avg(k) FROM cs_i WHERE cs_i.k <> cs_o.id) GROUP BY a;
SELECT id, (SELECT max(v) FROM cs_i WHERE cs_i.k > cs_o.b) + (SELECT min(v) FROM cs_i WHERE cs_i.k < cs_o.a) FROM cs_o;
SELECT id FROM cs_o WHERE a NOT IN (SELECT k FROM cs_i WHERE cs_i.v > cs_o.b);
SELECT id FROM cs_o WHERE a NOT IN (SELECT k FROM cs_i WHERE cs_i.v > cs_o.b AND k IS NOT NULL);
SELECT id FROM cs_o WHERE a NOT IN (SELECT k FROM cs_i WHERE cs_i.k = cs_o.b);
SELECT id FROM cs_o WHERE b NOT IN (SELECT v FROM cs_i WHERE cs_i.k = cs_o.a);
SELECT id, a IN (SELECT k FROM cs_i WHERE cs_i.v > cs_o.b) FROM cs_o;
SELECT id, a NOT IN (SELECT k FROM cs_i WHERE cs_i.v > cs_o.b) FROM cs_o;
SELECT id, b IN (SELECT v FROM cs_i WHERE cs_i.k = cs_o.a) FROM cs_o;
SELECT id FROM cs_o WHERE a > ALL (SELECT k FROM cs_i WHERE cs_i.v < cs_o.b * 10);
SELECT id FROM cs_o WHERE a < ANY (SELECT k FROM cs_i WHERE cs_i.v < cs_o.b * 10);
SELECT id, a >= ALL (SELECT k FROM cs_i WHERE cs_i.s > 'w' AND cs_i.v <> cs_o.id) FROM cs_o;
SELECT id FROM cs_o WHERE NOT (a = ANY (SELECT k FROM cs_i WHERE cs_i.v > cs_o.b));
SELECT id FROM cs_o WHERE EXISTS (SELECT 1 FROM cs_i WHERE cs_i.k = cs_o.a) OR b > 4;
SELECT id, EXISTS (SELECT 1 FROM cs_i WHERE cs_i.k > cs_o.b) FROM cs_o;
SELECT id, (SELECT v FROM cs_i WHERE cs_i.k = cs_o.a ORDER BY v DESC LIMIT 1) FROM cs_o ORDER BY id;
SELECT id, (SELECT v FROM cs_i WHERE cs_i.k = cs_o.a ORDER BY v LIMIT 1) FROM cs_o ORDER BY id;
SELECT id, (SELECT s FROM cs_i WHERE cs_i.k > cs_o.b ORDER BY k, v LIMIT 1) FROM cs_o ORDER BY id;
SELECT id, (SELECT s FROM cs_i WHERE cs_i.k = cs_o.a ORDER BY s NULLS FIRST LIMIT 1) FROM cs_o ORDER BY id;
SELECT id, (SELECT v + cs_o.a FROM cs_i WHERE cs_i.k = cs_o.id) FROM cs_o WHERE id <> 2;
SELECT id, (SELECT v FROM cs_i WHERE cs_i.k = cs_o.id) FROM cs_o;
SELECT id, (SELECT cs_o.a + 1 FROM cs_i WHERE cs_i.k = cs_o.id LIMIT 1) FROM cs_o;
SELECT id FROM cs_o WHERE a = (SELECT k FROM cs_i WHERE cs_i.v = cs_o.b * 10);
SELECT id, (SELECT max(v) + cs_o.a FROM cs_i WHERE cs_i.k < cs_o.id) FROM cs_o;
SELECT id, (SELECT count(*) FROM cs_i) + (SELECT count(*) FROM cs_i WHERE cs_i.k > cs_o.id) FROM cs_o;
SELECT a, count(*) FROM cs_o GROUP BY a HAVING count(*) >= (SELECT count(*) FROM cs_i WHERE cs_i.k = cs_o.a);
SELECT a, max(b) FROM cs_o GROUP BY a HAVING max(b) > (SELECT min(v) FROM cs_i WHERE cs_i.k < cs_o.a);
SELECT a FROM cs_o GROUP BY a HAVING a IN (SELECT k FROM cs_i);
SELECT a FROM cs_o GROUP BY a HAVING a NOT IN (SELECT k FROM cs_i WHERE cs_i.v > cs_o.a * 5);
SELECT a FROM cs_o GROUP BY a HAVING EXISTS (SELECT 1 FROM cs_i WHERE cs_i.k = cs_o.a) OR a > 5;
SELECT a FROM cs_o GROUP BY a HAVING EXISTS (SELECT 1 FROM cs_i WHERE cs_i.k = cs_o.b);
-- ORDER BY the inner table's key with LIMIT 1 is per outer row: the inner
-- scan never stops after the first row of the whole table.
CREATE TABLE cs_keyed (id integer PRIMARY KEY, o_id integer, s text);
INSERT INTO cs_keyed VALUES (1, 2, 'a'), (2, 1, 'b'), (3, 2, 'c'), (4, 5, 'd'), (5, 1, 'e'), (6, NULL, 'f');
SELECT id, (SELECT s FROM cs_keyed k WHERE k.o_id = cs_o.id ORDER BY k.id LIMIT 1) FROM cs_o ORDER BY id;
SELECT id, (SELECT s FROM cs_keyed k WHERE k.o_id = cs_o.id ORDER BY k.id DESC LIMIT 1) FROM cs_o ORDER BY id;
SELECT s FROM cs_keyed ORDER BY id DESC LIMIT 2;
DROP TABLE cs_keyed;
-- Subqueries in an inner join's ON condition become semi joins or tests of
-- the columns they add, as in WHERE (an IN here took the server down).
CREATE TABLE on_a (a int);
CREATE TABLE on_b (b int);
INSERT INTO on_a VALUES (1), (2), (NULL);
INSERT INTO on_b VALUES (1), (3), (NULL);
SELECT * FROM on_a JOIN on_b ON on_a.a IN (SELECT count(*) FROM on_b WHERE b IS NOT NULL) ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON on_a.a IN (SELECT b FROM on_b) ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON on_a.a = on_b.b AND on_a.a IN (SELECT count(*) FROM on_b) ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON on_a.a NOT IN (SELECT b FROM on_b WHERE b > 1) ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON EXISTS (SELECT 1 FROM on_b b2 WHERE b2.b = on_a.a + 2) ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON on_a.a IN (SELECT b FROM on_b) OR on_b.b = 3 ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON (on_a.a IN (SELECT b FROM on_b)) = (on_b.b IN (SELECT a FROM on_a)) ORDER BY 1, 2;
SELECT * FROM on_a JOIN on_b ON on_b.b IN (SELECT x.a FROM on_a x WHERE x.a = on_a.a) ORDER BY 1, 2;
SELECT * FROM on_a a1 JOIN on_a a2 ON a1.a = a2.a JOIN on_b ON on_b.b IN (SELECT a1.a) ORDER BY 1, 2, 3;
DROP TABLE on_a;
DROP TABLE on_b;
-- A FROM function reading an outer array, json or jsonb that is NULL in some rows.
SELECT (SELECT count(*) FROM unnest(t.a) x) FROM (SELECT NULL::text[] AS a UNION ALL SELECT '{x,y}') t ORDER BY 1;
SELECT (SELECT count(*) FROM json_array_elements(t.a) x) FROM (SELECT NULL::json AS a UNION ALL SELECT '[1,2]') t ORDER BY 1;
SELECT (SELECT count(*) FROM jsonb_array_elements(t.a) x) FROM (SELECT NULL::jsonb AS a UNION ALL SELECT '[1]') t ORDER BY 1;
