-- WITH RECURSIVE: counting, trees, graphs, UNION vs UNION ALL, several
-- queries in one list, and the errors of misplaced recursive references.
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 100) SELECT sum(n), count(*), max(n) FROM t;
WITH RECURSIVE t(n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM t WHERE n < 10) SELECT n FROM t ORDER BY n;
WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n + 1 FROM t WHERE n < 5) SELECT * FROM t;
WITH RECURSIVE t AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT n, n * 2 AS twice FROM t ORDER BY n DESC;
WITH RECURSIVE t(s) AS (SELECT 'a' UNION ALL SELECT s || 'a' FROM t WHERE length(s) < 5) SELECT s FROM t ORDER BY s;
WITH RECURSIVE fib(i, a, b) AS (SELECT 1, 0::bigint, 1::bigint UNION ALL SELECT i + 1, b, a + b FROM fib WHERE i < 50) SELECT i, a FROM fib ORDER BY i;
CREATE TABLE tree (id int PRIMARY KEY, parent int, name text);
INSERT INTO tree VALUES (1, NULL, 'root'), (2, 1, 'a'), (3, 1, 'b'), (4, 2, 'a1'), (5, 2, 'a2'), (6, 3, 'b1'), (7, 6, 'b1x'), (8, 7, 'b1xy');
WITH RECURSIVE sub(id, name, depth) AS (SELECT id, name, 0 FROM tree WHERE id = 1 UNION ALL SELECT c.id, c.name, s.depth + 1 FROM tree c JOIN sub s ON c.parent = s.id) SELECT * FROM sub ORDER BY id;
WITH RECURSIVE sub AS (SELECT id, name, name AS path FROM tree WHERE parent IS NULL UNION ALL SELECT c.id, c.name, s.path || '/' || c.name FROM sub s, tree c WHERE c.parent = s.id) SELECT path FROM sub ORDER BY path;
WITH RECURSIVE up(id, parent) AS (SELECT id, parent FROM tree WHERE id = 8 UNION ALL SELECT t.id, t.parent FROM tree t JOIN up ON t.id = up.parent) SELECT id FROM up ORDER BY id;
WITH RECURSIVE sub(id) AS (SELECT 2 UNION ALL SELECT tree.id FROM tree, sub WHERE tree.parent = sub.id) SELECT count(*) FROM sub;
WITH RECURSIVE sub(id, depth) AS (SELECT id, 0 FROM tree WHERE parent IS NULL UNION ALL SELECT c.id, s.depth + 1 FROM (SELECT * FROM sub) s JOIN tree c ON c.parent = s.id) SELECT depth, count(*) FROM sub GROUP BY depth ORDER BY depth;
WITH RECURSIVE sub(id) AS (SELECT 1 UNION ALL SELECT tree.id FROM sub JOIN tree ON tree.parent = sub.id LEFT JOIN tree other ON other.id = tree.id + 100) SELECT count(*) FROM sub;
-- UNION discards duplicates against everything produced so far; UNION ALL keeps them.
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n % 3 + 1 FROM t WHERE n < 10) SELECT * FROM t LIMIT 7;
WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n % 3 + 1 FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (VALUES (1), (1), (2) UNION SELECT n + 1 FROM t WHERE n < 4) SELECT * FROM t;
WITH RECURSIVE t(n) AS (VALUES (1), (1), (2) UNION ALL SELECT n + 1 FROM t WHERE n < 4) SELECT * FROM t;
WITH RECURSIVE t(a, b) AS (SELECT 1, NULL::int UNION SELECT a, NULL::int FROM t) SELECT * FROM t;
-- A graph with a cycle: UNION ends once no new row appears.
CREATE TABLE edge (src int, dst int);
INSERT INTO edge VALUES (1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (6, 7);
WITH RECURSIVE reach(node) AS (SELECT 1 UNION SELECT e.dst FROM edge e JOIN reach r ON e.src = r.node) SELECT node FROM reach ORDER BY node;
WITH RECURSIVE reach(node, hops) AS (SELECT 1, 0 UNION ALL SELECT e.dst, r.hops + 1 FROM edge e JOIN reach r ON e.src = r.node WHERE r.hops < 6) SELECT node, min(hops), count(*) FROM reach GROUP BY node ORDER BY node;
WITH RECURSIVE paths(node, path) AS (SELECT 1, ',1,' UNION ALL SELECT e.dst, p.path || e.dst || ',' FROM edge e JOIN paths p ON e.src = p.node WHERE position(',' || e.dst || ',' IN p.path) = 0) SELECT node, path FROM paths ORDER BY 2;
-- LIMIT stops a recursion that would not end by itself.
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT * FROM t LIMIT 10;
WITH RECURSIVE t(n) AS (SELECT 1 UNION SELECT n + 1 FROM t) SELECT n FROM t WHERE n % 2 = 0 LIMIT 5 OFFSET 1;
-- Several queries in one list, non-recursive ones among them, reading earlier and later ones.
WITH RECURSIVE a(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM a WHERE n < 3), b AS (SELECT n * 10 AS m FROM a), c(m) AS (SELECT m FROM b UNION ALL SELECT m + 1 FROM c WHERE m % 10 < 2) SELECT m FROM c ORDER BY m;
WITH RECURSIVE x AS (SELECT n FROM y), y(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM y WHERE n < 4) SELECT * FROM x;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT a.n, b.n FROM t a, t b ORDER BY 1, 2;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t WHERE n IN (SELECT n * 2 FROM t);
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT (SELECT max(n) FROM t), (SELECT count(*) FROM t);
WITH t(n) AS (SELECT 1) SELECT * FROM (WITH RECURSIVE t(n) AS (SELECT 5 UNION ALL SELECT n - 1 FROM t WHERE n > 3) SELECT * FROM t) s;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL (SELECT n + 1 FROM t WHERE n < 3)) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3 UNION ALL SELECT n + 10 FROM t WHERE n < 2) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT DISTINCT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t UNION ALL SELECT * FROM t;
WITH RECURSIVE nope(n) AS (SELECT 1) SELECT * FROM nope;
CREATE TABLE counted (n int);
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 20) INSERT INTO counted SELECT n FROM t;
SELECT count(*), sum(n) FROM counted;
WITH RECURSIVE t(n) AS (SELECT 5 UNION ALL SELECT n + 1 FROM t WHERE n < 10) DELETE FROM counted WHERE n IN (SELECT n FROM t);
SELECT count(*), sum(n) FROM counted;
CREATE VIEW numbers AS WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 4) SELECT n FROM t;
SELECT * FROM numbers;
-- Errors.
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1.5 FROM t WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 'a'::varchar(3) UNION ALL SELECT n || 'b' FROM t WHERE length(n) < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1::bigint UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT n FROM t UNION ALL SELECT 1) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n IN (SELECT n FROM t)) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT (SELECT max(n) FROM t)) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT x.n + 1 FROM t x, t y WHERE x.n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT e.dst FROM edge e LEFT JOIN t ON e.src = t.n) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT t.n FROM t FULL JOIN edge e ON e.src = t.n) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT t.n FROM t RIGHT JOIN edge e ON e.src = t.n) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT count(*) FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t ORDER BY 1) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t LIMIT 10) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t OFFSET 1) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 INTERSECT SELECT n + 1 FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 EXCEPT SELECT n + 1 FROM t) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL (SELECT n + 1 FROM t EXCEPT SELECT 5)) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL (SELECT 5 EXCEPT SELECT n + 1 FROM t)) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL (SELECT n + 1 FROM t INTERSECT ALL SELECT 2)) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT n + 1 FROM t) SELECT * FROM t;
WITH RECURSIVE a(n) AS (SELECT 1 UNION ALL SELECT n FROM b), b(n) AS (SELECT 1 UNION ALL SELECT n FROM a) SELECT * FROM a;
WITH RECURSIVE t(a, b) AS (SELECT 1 UNION ALL SELECT a + 1 FROM t WHERE a < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1, 2 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3), t(m) AS (SELECT 2) SELECT * FROM t;
WITH t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) SELECT * FROM t;
WITH RECURSIVE x(n) AS (WITH sub AS (SELECT * FROM x) DELETE FROM counted RETURNING n) SELECT * FROM x;
WITH x(n, b) AS (SELECT 1) SELECT * FROM x;
WITH RECURSIVE x(n, b) AS (SELECT 1 UNION ALL SELECT n + 1 FROM x WHERE n < 2) SELECT * FROM x;
-- A recursion that never ends is ended by statement_timeout.
SET statement_timeout = '300ms'; WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT * FROM t ORDER BY n LIMIT 1;
