-- Semi and anti joins from WHERE-level EXISTS, IN, NOT EXISTS and NOT IN,
-- placed below or above the block's selective inner joins and filters: the
-- same rows either way, NULLs and correlated join filters included.
CREATE TABLE sj_nation (n_key integer PRIMARY KEY, n_name text);
CREATE TABLE sj_supp (s_key integer PRIMARY KEY, s_name text, s_nation integer);
CREATE TABLE sj_ord (o_key integer PRIMARY KEY, o_status text);
CREATE TABLE sj_line (l_ord integer, l_supp integer, l_commit integer, l_receipt integer);
INSERT INTO sj_nation SELECT i, 'n' || i FROM generate_series(0, 9) i;
INSERT INTO sj_supp SELECT i, 's' || i, i % 10 FROM generate_series(1, 50) i;
INSERT INTO sj_ord SELECT i, CASE WHEN i % 3 = 0 THEN 'F' WHEN i % 3 = 1 THEN 'O' END FROM generate_series(1, 400) i;
INSERT INTO sj_line SELECT 1 + (i * 7) % 400, CASE WHEN i % 97 = 0 THEN NULL ELSE 1 + (i * 13 + i / 400) % 50 END, i % 11, CASE WHEN i % 89 = 0 THEN NULL ELSE i % 13 END FROM generate_series(1, 3000) i;
INSERT INTO sj_line VALUES (NULL, 3, 1, 2), (401, 4, 5, 9), (401, 4, 1, 2);
-- TPC-H Q21's shape: EXISTS and NOT EXISTS with a correlated <> join filter.
SELECT s_name, count(*) FROM sj_supp, sj_line l1, sj_ord, sj_nation
WHERE s_key = l1.l_supp AND o_key = l1.l_ord AND o_status = 'F' AND l1.l_receipt > l1.l_commit
  AND EXISTS (SELECT * FROM sj_line l2 WHERE l2.l_ord = l1.l_ord AND l2.l_supp <> l1.l_supp)
  AND NOT EXISTS (SELECT * FROM sj_line l3 WHERE l3.l_ord = l1.l_ord AND l3.l_supp <> l1.l_supp AND l3.l_receipt > l3.l_commit + 8)
  AND s_nation = n_key AND n_name IN ('n3', 'n4')
GROUP BY s_name ORDER BY 2 DESC, s_name;
SELECT l1.l_ord, l1.l_supp, l1.l_commit FROM sj_line l1, sj_ord
WHERE o_key = l1.l_ord AND o_status = 'O' AND l1.l_commit > 8
  AND NOT EXISTS (SELECT 1 FROM sj_line l3 WHERE l3.l_ord = l1.l_ord AND l3.l_supp <> l1.l_supp AND l3.l_commit > l1.l_commit);
SELECT count(*), count(l1.l_supp) FROM sj_line l1, sj_ord
WHERE o_key = l1.l_ord AND o_status IS NULL
  AND EXISTS (SELECT 1 FROM sj_line l2 WHERE l2.l_ord = l1.l_ord AND l2.l_receipt IS NULL);
-- IN and NOT IN: NULL probe values, NULLs in the subquery, empty subqueries.
SELECT l_ord, l_supp FROM sj_line, sj_ord WHERE o_key = l_ord AND o_status = 'O' AND l_commit = 3
  AND l_supp IN (SELECT s_key FROM sj_supp WHERE s_nation = 2);
SELECT count(*) FROM sj_line, sj_ord WHERE o_key = l_ord AND o_status = 'O'
  AND l_supp NOT IN (SELECT s_key FROM sj_supp WHERE s_nation < 5);
SELECT count(*) FROM sj_line, sj_ord WHERE o_key = l_ord AND o_status = 'F'
  AND l_receipt NOT IN (SELECT l_commit FROM sj_line WHERE l_supp = 7);
SELECT count(*) FROM sj_line, sj_ord WHERE o_key = l_ord AND o_status = 'F'
  AND l_commit NOT IN (SELECT l_receipt FROM sj_line WHERE l_ord BETWEEN 220 AND 230);
SELECT count(*) FROM sj_line, sj_ord WHERE o_key = l_ord AND o_status = 'F'
  AND l_commit NOT IN (SELECT l_receipt FROM sj_line WHERE l_ord > 1000);
SELECT count(*) FROM sj_line, sj_ord WHERE o_key = l_ord AND o_status = 'F'
  AND l_supp NOT IN (SELECT s_nation FROM sj_supp UNION ALL SELECT NULL);
SELECT l_ord, l_supp, s_name FROM sj_line, sj_supp, sj_nation
WHERE s_key = l_supp AND s_nation = n_key AND n_name = 'n6' AND l_commit = 0
  AND l_ord IN (SELECT o_key FROM sj_ord WHERE o_status = 'F') AND l_supp NOT IN (SELECT l_ord FROM sj_line WHERE l_commit = 2);
-- A semi join over a relation the joins multiply (kept over its scan).
SELECT o_key, count(*) FROM sj_ord, sj_line WHERE o_key = l_ord
  AND o_key IN (SELECT l_ord FROM sj_line WHERE l_supp = 5) GROUP BY o_key ORDER BY o_key;
SELECT o_key, o_status FROM sj_ord, sj_line WHERE o_key = l_ord AND l_supp = 9
  AND NOT EXISTS (SELECT 1 FROM sj_ord o2 WHERE o2.o_status = sj_ord.o_status AND o2.o_key > sj_ord.o_key + 390);
-- A semi join reading two relations, and one after a scalar subquery's join.
SELECT o_key, s_key FROM sj_ord, sj_supp, sj_line l1 WHERE o_key = l1.l_ord AND s_key = l1.l_supp AND s_nation = 1
  AND EXISTS (SELECT 1 FROM sj_line l2 WHERE l2.l_ord = o_key AND l2.l_supp <> s_key AND l2.l_commit < l1.l_commit);
SELECT l1.l_ord, l1.l_supp FROM sj_line l1, sj_supp WHERE s_key = l1.l_supp AND s_nation = 4
  AND l1.l_commit > (SELECT avg(l2.l_commit) FROM sj_line l2 WHERE l2.l_ord = l1.l_ord)
  AND EXISTS (SELECT 1 FROM sj_line l3 WHERE l3.l_ord = l1.l_ord AND l3.l_supp <> l1.l_supp AND l3.l_receipt < l1.l_commit)
  AND l1.l_supp NOT IN (SELECT l_commit FROM sj_line WHERE l_ord = 7);
-- Under an outer join and with a filter naming no relation.
SELECT o_key, l_supp FROM sj_ord LEFT JOIN sj_line ON l_ord = o_key AND l_commit = 4, sj_nation
WHERE n_key = o_key % 10 AND n_name = 'n2' AND o_key < 100
  AND NOT EXISTS (SELECT 1 FROM sj_supp WHERE s_key = l_supp AND s_nation = 2) AND 1 = 1;
