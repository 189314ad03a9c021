-- Scans read leaves from their column arrays once a scan has built them, and
-- skip leaves whose column ranges a filter rules out (zone maps). Every
-- query runs twice (columns built, then read), and again after writes that
-- replace some leaves: answers must not depend on which leaves have columns.
CREATE TABLE lc (id bigint PRIMARY KEY, amount numeric(12,2), loose numeric, day date, at timestamp,
                 flag boolean, code char(2), note text, spare int);
INSERT INTO lc SELECT i,
  CASE WHEN i % 97 = 0 THEN NULL ELSE (i % 1000) * 1.25 END,
  CASE WHEN i % 3 = 0 THEN i * 0.5 WHEN i % 3 = 1 THEN i ELSE i * 0.001 END,
  DATE '2020-01-01' + (i / 50)::int,
  TIMESTAMP '2021-06-01 00:00' + i * INTERVAL '1 minute',
  i % 2 = 0,
  CASE WHEN i % 5 = 0 THEN NULL ELSE chr(65 + i % 7) || chr(65 + i % 3) END,
  'note ' || i,
  NULL
FROM generate_series(1, 20000) i;
-- Beyond int64 in a few leaves: those leaves keep whole numerics.
UPDATE lc SET loose = 123456789012345678901234.5 WHERE id IN (7, 8, 15001);
SELECT count(*), sum(amount), sum(loose), min(day), max(at), count(code), count(spare) FROM lc;
SELECT count(*), sum(amount), sum(loose), min(day), max(at), count(code), count(spare) FROM lc;
SELECT count(*), sum(amount) FROM lc WHERE id >= 12345 AND id < 12445;
SELECT count(*), sum(amount) FROM lc WHERE id >= 12345 AND id < 12445;
SELECT count(*), sum(id) FROM lc WHERE day = DATE '2020-03-01';
SELECT count(*), sum(id) FROM lc WHERE day > DATE '2021-01-01' AND day <= DATE '2021-01-05';
SELECT count(*) FROM lc WHERE day < DATE '2019-01-01';
SELECT count(*) FROM lc WHERE at >= TIMESTAMP '2021-06-10 12:00' AND at < TIMESTAMP '2021-06-10 13:00';
SELECT count(*), min(id), max(id) FROM lc WHERE amount > 1248.00;
SELECT count(*), min(id), max(id) FROM lc WHERE amount >= 1248.75;
SELECT count(*), min(id) FROM lc WHERE loose > 100000000000000000000000;
SELECT count(*) FROM lc WHERE loose = 5000;
SELECT count(*) FROM lc WHERE spare = 1;
SELECT count(*) FROM lc WHERE spare IS NULL AND id < 100;
SELECT code, count(*), sum(amount) FROM lc WHERE id BETWEEN 100 AND 5000 GROUP BY code ORDER BY code;
SELECT flag, count(*), min(note), max(note) FROM lc WHERE day BETWEEN DATE '2020-02-01' AND DATE '2020-02-10' GROUP BY flag ORDER BY flag;
SELECT id, amount, loose, day, at, flag, code, note FROM lc WHERE id IN (1, 97, 8, 15001, 20000) ORDER BY id;
-- Writes replace some leaves (without columns until the next scan).
UPDATE lc SET amount = -1, day = DATE '1999-12-31' WHERE id % 1000 = 1;
DELETE FROM lc WHERE id BETWEEN 5000 AND 5999;
INSERT INTO lc (id, amount, day, code) SELECT i, 0.01, DATE '2030-01-01', 'ZZ' FROM generate_series(30001, 30500) i;
SELECT count(*), sum(amount), min(day), max(day), count(code) FROM lc;
SELECT count(*) FROM lc WHERE day < DATE '2000-01-01';
SELECT count(*) FROM lc WHERE day < DATE '2000-01-01';
SELECT count(*), sum(amount) FROM lc WHERE day >= DATE '2030-01-01';
SELECT count(*), sum(amount) FROM lc WHERE amount < 0;
SELECT count(*) FROM lc WHERE id >= 5000 AND id < 6000;
SELECT code, count(*) FROM lc WHERE id > 29000 GROUP BY code ORDER BY code;
SELECT count(*), sum(amount) FROM lc WHERE id >= 12345 AND id < 12445;
-- Text equalities tested on a leaf's numbered values: present, absent,
-- char(n) against a constant without its blanks, OR and IN lists, NULLs.
CREATE TABLE lt (id bigint PRIMARY KEY, mode char(10), kind varchar(12), note text);
INSERT INTO lt SELECT i,
  CASE WHEN i % 11 = 0 THEN NULL WHEN i % 5 = 0 THEN 'AIR' WHEN i % 5 = 1 THEN 'AIR REG' WHEN i % 5 = 2 THEN 'SHIP'
       WHEN i % 5 = 3 THEN 'MAIL' ELSE 'TRUCK' END,
  CASE WHEN i < 6000 THEN 'early' ELSE 'late ' || (i % 3) END,
  'note ' || i
FROM generate_series(1, 12000) i;
SELECT count(*), sum(id) FROM lt WHERE mode = 'AIR';
SELECT count(*), sum(id) FROM lt WHERE mode = 'AIR';
SELECT count(*), sum(id) FROM lt WHERE mode = 'AIR       ';
SELECT count(*) FROM lt WHERE mode = 'RAIL';
SELECT count(*), sum(id) FROM lt WHERE mode = 'AIR' OR mode = 'AIR REG';
SELECT count(*), sum(id) FROM lt WHERE mode IN ('SHIP', 'MAIL', 'FOB') AND kind = 'early';
SELECT count(*), sum(id) FROM lt WHERE mode NOT IN ('SHIP', 'MAIL');
SELECT count(*), sum(id) FROM lt WHERE kind = 'late 2';
SELECT count(*), sum(id) FROM lt WHERE kind = 'late 2 ';
SELECT count(*) FROM lt WHERE kind IN ('early', 'late 1') AND mode IS NULL;
SELECT count(*) FROM lt WHERE note = 'note 77' OR note = 'note 78';
SELECT mode, count(*) FROM lt WHERE mode IN ('TRUCK', 'AIR REG') GROUP BY mode ORDER BY mode;
UPDATE lt SET mode = 'RAIL' WHERE id % 1000 = 1;
SELECT count(*), sum(id) FROM lt WHERE mode = 'RAIL';
SELECT count(*), sum(id) FROM lt WHERE mode = 'AIR' OR mode = 'RAIL';
