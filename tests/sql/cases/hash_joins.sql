-- Hash joins: keys packed into integers (integers, dates, booleans, numerics
-- of several scales), keys compared as values (char, text, wide numerics),
-- many build rows per key, NULL keys, conditions tested in the probe loop
-- (integer comparisons) or evaluated over their columns (others), and
-- semi, anti and outer joins with such conditions.
CREATE TABLE hj_l (k integer, s integer, d date, b boolean, n numeric(10,1), c char(4), t text, big bigint);
CREATE TABLE hj_r (k integer, s integer, d date, b boolean, n numeric(12,3), c char(6), t text, big bigint);
INSERT INTO hj_l VALUES
  (1, 10, '2024-01-01', true, 1.5, 'ab', 'x', -9223372036854775808),
  (1, 11, '2024-01-02', false, 2.0, 'ab ', 'x ', 9223372036854775807),
  (2, 10, '2024-01-01', NULL, -1.5, 'c', 'y', 0),
  (-3, NULL, NULL, true, NULL, NULL, NULL, -1),
  (NULL, 12, '2024-01-03', false, 0.0, 'd', '', NULL),
  (4, 13, '1999-12-31', true, 100.5, 'e', 'e', 4);
INSERT INTO hj_r VALUES
  (1, 10, '2024-01-01', true, 1.500, 'ab', 'x', 9223372036854775807),
  (1, 12, '2024-01-01', true, 2.000, 'ab    ', 'x', -9223372036854775808),
  (1, 10, '2024-01-02', false, 1.5, 'zz', 'x ', 5),
  (2, NULL, '2024-01-01', NULL, -1.500, 'c  ', 'y', 0),
  (-3, 7, NULL, false, 0.001, NULL, '', -1),
  (NULL, 12, '2024-01-03', false, 0, 'd', NULL, NULL),
  (5, 13, '2000-01-01', true, 100.5, 'e', 'e', 4);
SELECT * FROM hj_l JOIN hj_r ON hj_l.k = hj_r.k;
SELECT hj_l.k, hj_l.s, hj_r.s FROM hj_l JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.d = hj_r.d;
SELECT hj_l.k, hj_r.k FROM hj_l JOIN hj_r ON hj_l.b = hj_r.b;
SELECT hj_l.n, hj_r.n FROM hj_l JOIN hj_r ON hj_l.n = hj_r.n;
SELECT hj_l.c, hj_r.c FROM hj_l JOIN hj_r ON hj_l.c = hj_r.c;
SELECT hj_l.t, hj_r.t FROM hj_l JOIN hj_r ON hj_l.t = hj_r.t;
SELECT hj_l.big, hj_r.big FROM hj_l JOIN hj_r ON hj_l.big = hj_r.big;
SELECT hj_l.k, hj_r.k FROM hj_l JOIN hj_r ON hj_l.big = hj_r.big AND hj_l.k = hj_r.k;
SELECT hj_l.k, hj_r.k FROM hj_l JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.n = hj_r.n AND hj_l.d = hj_r.d;
SELECT hj_l.k, hj_r.k FROM hj_l JOIN hj_r ON hj_l.k + 1 = hj_r.k;
SELECT hj_l.k, hj_r.k FROM hj_l JOIN hj_r ON hj_l.k = hj_r.big;
-- Conditions beside the keys: integer comparisons, and others.
SELECT hj_l.k, hj_l.s, hj_r.s FROM hj_l JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.s <> hj_r.s;
SELECT hj_l.k, hj_l.s, hj_r.s FROM hj_l JOIN hj_r ON hj_l.k = hj_r.k AND hj_r.s < hj_l.s;
SELECT hj_l.k, hj_l.t, hj_r.t FROM hj_l JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.t <> hj_r.t;
SELECT hj_l.k, hj_l.s, hj_r.s, hj_r.t FROM hj_l LEFT JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.s <> hj_r.s;
SELECT hj_l.k, hj_l.s, hj_r.s, hj_r.c FROM hj_l RIGHT JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.s >= hj_r.s;
SELECT hj_l.k, hj_l.s, hj_r.k, hj_r.s FROM hj_l FULL JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.s <> hj_r.s;
SELECT hj_l.k, hj_r.k, hj_r.d FROM hj_l FULL JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.d < hj_r.d;
SELECT hj_l.k, hj_l.c, hj_r.c FROM hj_l LEFT JOIN hj_r ON hj_l.k = hj_r.k AND hj_l.c || 'q' <> hj_r.c || 'q';
-- Semi and anti joins with conditions (Q21's shape), IN and NOT IN with NULLs.
SELECT * FROM hj_l WHERE EXISTS (SELECT 1 FROM hj_r WHERE hj_r.k = hj_l.k AND hj_r.s <> hj_l.s);
SELECT * FROM hj_l WHERE NOT EXISTS (SELECT 1 FROM hj_r WHERE hj_r.k = hj_l.k AND hj_r.s <> hj_l.s);
SELECT * FROM hj_l WHERE EXISTS (SELECT 1 FROM hj_r WHERE hj_r.k = hj_l.k AND hj_r.t <> hj_l.t);
SELECT * FROM hj_l WHERE NOT EXISTS (SELECT 1 FROM hj_r WHERE hj_r.k = hj_l.k AND hj_r.d > hj_l.d AND hj_r.s <> hj_l.s);
SELECT * FROM hj_l WHERE EXISTS (SELECT 1 FROM hj_r WHERE hj_r.n = hj_l.n);
SELECT * FROM hj_l WHERE NOT EXISTS (SELECT 1 FROM hj_r WHERE hj_r.c = hj_l.c);
SELECT k, s FROM hj_l WHERE k IN (SELECT k FROM hj_r);
SELECT k, s FROM hj_l WHERE k NOT IN (SELECT k FROM hj_r);
SELECT k, s FROM hj_l WHERE k NOT IN (SELECT k FROM hj_r WHERE k IS NOT NULL);
SELECT k, s FROM hj_l WHERE EXISTS (SELECT 1 FROM hj_r WHERE hj_r.k = hj_l.k AND hj_r.s = hj_l.s AND hj_r.d = hj_l.d);
SELECT k, s FROM hj_l WHERE s NOT IN (SELECT s FROM hj_r WHERE hj_r.k = hj_l.k);
SELECT k, s, s IN (SELECT s FROM hj_r WHERE hj_r.k = hj_l.k) AS marked FROM hj_l;
SELECT k, n FROM hj_l WHERE n IN (SELECT n FROM hj_r);
SELECT k, c FROM hj_l WHERE c NOT IN (SELECT c FROM hj_r WHERE c IS NOT NULL);
-- An empty build side.
SELECT * FROM hj_l JOIN (SELECT * FROM hj_r WHERE false) r ON hj_l.k = r.k;
SELECT hj_l.k, r.k FROM hj_l LEFT JOIN (SELECT * FROM hj_r WHERE false) r ON hj_l.k = r.k AND hj_l.s <> r.s;
SELECT * FROM hj_l WHERE NOT EXISTS (SELECT 1 FROM hj_r WHERE false AND hj_r.k = hj_l.k);
SELECT k FROM hj_l WHERE k NOT IN (SELECT k FROM hj_r WHERE false);
-- Many rows: keys with many build rows, dense and sparse, and negative.
CREATE TABLE hj_big (k integer, g integer, v bigint);
INSERT INTO hj_big SELECT i, i % 1000, i::bigint * 1000003 - 500000000 FROM generate_series(1, 200000) AS i;
SELECT count(*), sum(a.k), sum(b.k) FROM hj_big a JOIN hj_big b ON a.g = b.g AND a.k < 5000;
SELECT count(*), sum(a.k) FROM hj_big a JOIN hj_big b ON a.v = b.v;
SELECT count(*) FROM hj_big a WHERE EXISTS (SELECT 1 FROM hj_big b WHERE b.g = a.g AND b.k <> a.k AND b.k < 2000);
SELECT count(*) FROM hj_big a WHERE NOT EXISTS (SELECT 1 FROM hj_big b WHERE b.g = a.g AND b.k <> a.k AND b.k < 1500);
SELECT count(*), sum(b.k) FROM hj_big a LEFT JOIN hj_big b ON a.k = b.k + 100000 AND b.g <> 7;
-- Semi and anti joins whose probe side is the smaller: it is the one hashed.
CREATE TABLE hj_small (k integer, g integer, t text);
INSERT INTO hj_small SELECT i, i % 1000, 't' || (i % 7) FROM generate_series(-50, 3000) AS i;
INSERT INTO hj_small VALUES (NULL, 5, 'n'), (7, NULL, NULL);
SELECT count(*), sum(k) FROM hj_small a WHERE EXISTS (SELECT 1 FROM hj_big b WHERE b.g = a.g);
SELECT count(*), sum(k) FROM hj_small a WHERE NOT EXISTS (SELECT 1 FROM hj_big b WHERE b.g = a.g);
SELECT count(*), sum(k) FROM hj_small a WHERE EXISTS (SELECT 1 FROM hj_big b WHERE b.g = a.g AND b.k <> a.k);
SELECT count(*), sum(k) FROM hj_small a WHERE NOT EXISTS (SELECT 1 FROM hj_big b WHERE b.k = a.k AND b.g <> a.g);
SELECT count(*), sum(k) FROM hj_small a WHERE NOT EXISTS (SELECT 1 FROM hj_big b WHERE b.k = a.k AND b.g::text <> a.t);
SELECT count(*), sum(k) FROM hj_small a WHERE EXISTS (SELECT 1 FROM hj_big b WHERE b.k = a.k + 1 AND b.v > a.k * 1000);
SELECT k, g, t FROM hj_small a WHERE k < 20 AND EXISTS (SELECT 1 FROM hj_big b WHERE b.k = a.k AND b.g = a.g);
SELECT k, g, t FROM hj_small a WHERE k < 3 AND NOT EXISTS (SELECT 1 FROM hj_big b WHERE b.k = a.k AND b.g = a.g);
SELECT count(*) FROM hj_small a WHERE a.k IN (SELECT k FROM hj_big);
SELECT count(*), sum(k) FROM hj_small a WHERE a.g IN (SELECT g FROM hj_small b WHERE b.k <> a.k);
SELECT count(*), sum(k) FROM hj_small a WHERE a.k < 400 AND a.g NOT IN (SELECT g FROM hj_small b WHERE b.k <> a.k);
SELECT k, s FROM hj_l WHERE s IN (SELECT s FROM hj_r WHERE hj_r.k <> hj_l.k);
SELECT k, s FROM hj_l WHERE s NOT IN (SELECT s FROM hj_r WHERE hj_r.k <> hj_l.k);
-- Keys with hundreds of build rows each: a probe chunk's pairs come in steps.
SELECT count(*), count(b.k), sum(b.k) FROM hj_small a LEFT JOIN hj_big b ON a.g = b.g AND b.k % 3 = 0 AND a.k <> b.k;
SELECT count(*), count(a.k), count(b.k), sum(b.k) FROM hj_small a FULL JOIN hj_big b ON a.g = b.g AND a.t <> b.k::text;
SELECT count(*), sum(b.k) FROM hj_small a JOIN hj_big b ON a.g = b.g AND a.t <> (b.k % 7)::text;
SELECT count(*) FROM hj_big a WHERE EXISTS (SELECT 1 FROM hj_small b WHERE b.g = a.g AND b.t <> 't' || (a.k % 5)::text);
