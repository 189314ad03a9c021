-- numeric(p, s) columns with p <= 18 are read as 64-bit units at scale s,
-- and +, -, *, comparisons and sums keep them so while results fit: every
-- answer, scale and error must stay PostgreSQL's, including where a result
-- leaves 64 bits (the chunk is computed again exactly), where scales differ,
-- and where a constant carries more digits than its column.
CREATE TABLE nu (id int PRIMARY KEY, a numeric(15,2), b numeric(18,4), c numeric(10,0), e numeric(18,2),
                 w numeric, f numeric(6,3));
INSERT INTO nu SELECT i,
  CASE WHEN i % 53 = 0 THEN NULL ELSE (i % 1000) * 1.25 - 300 END,
  CASE WHEN i % 7 = 0 THEN NULL ELSE i * 0.0137 END,
  i % 17,
  CASE WHEN i % 500 = 0 THEN 9999999999999999.99 WHEN i % 500 = 1 THEN -9999999999999999.99 ELSE i * 1000.01 END,
  CASE WHEN i % 3 = 0 THEN i * 0.5 ELSE i END,
  (i % 900) * 0.111
FROM generate_series(1, 5000) i;
SELECT sum(a), sum(b), sum(c), sum(e), avg(a), avg(e), min(a), max(b), count(a) FROM nu;
SELECT sum(a * b), sum(a + b), sum(b - a), sum(1 - a), sum(a - 1), sum(a * 0.5), sum(2.125 * a) FROM nu;
SELECT sum(a * (1 - f)), sum(a * (1 - f) * (1 + f)), avg(a * (1 - f) * (1 + f)) FROM nu;
-- Products and sums that leave 64 bits: 9999999999999999.99 squared, times 100.
SELECT id, e * e, e * 100, e + e, e - (-e), e * e * 10 FROM nu WHERE id % 500 IN (0, 1) ORDER BY id LIMIT 6;
SELECT sum(e * e), sum(e * 100), sum(e + e), max(e * e) FROM nu;
SELECT sum(e), sum(e * 1000) FROM nu WHERE id % 500 = 0;
-- Comparisons: same scale, other scales, constants with more digits, NULLs.
SELECT count(*) FROM nu WHERE a < 24;
SELECT count(*) FROM nu WHERE a = 1.5;
SELECT count(*) FROM nu WHERE a = 1.50;
SELECT count(*) FROM nu WHERE a < 0.055;
SELECT count(*) FROM nu WHERE a > -0.001 AND a < 0.001;
SELECT count(*) FROM nu WHERE a BETWEEN 10.005 AND 20.005;
SELECT count(*) FROM nu WHERE b < a;
SELECT count(*) FROM nu WHERE a * b > 1000;
SELECT count(*) FROM nu WHERE a + 0.125 = f;
SELECT count(*) FROM nu WHERE c = 3;
SELECT count(*) FROM nu WHERE e > 99999999999999999999;
SELECT count(*) FROM nu WHERE a IS NULL OR a <> a;
SELECT count(*) FROM nu WHERE a IN (1.50, 2.5, -300);
SELECT count(*) FROM nu WHERE w = a;
-- Results shown: scales as PostgreSQL gives them.
SELECT id, a, b, a + b, a - b, a * b, -a, abs(a), a / 3, a % 7, round(a * b, 1), a::int, a::float8, a::numeric(20,5)
FROM nu WHERE id IN (1, 2, 7, 53, 106, 999) ORDER BY id;
SELECT id, coalesce(a, b), CASE WHEN id % 2 = 0 THEN a ELSE b END, greatest(a, b), least(a, c), nullif(a, 1.25)
FROM nu WHERE id IN (1, 2, 53, 106) ORDER BY id;
SELECT id, a + NULL, a * NULL::numeric, NULL - b FROM nu WHERE id < 3 ORDER BY id;
-- Grouping, joining, sorting and distinct on units.
SELECT a, count(*), sum(b) FROM nu GROUP BY a ORDER BY count(*) DESC, a NULLS FIRST LIMIT 8;
SELECT c, sum(a), sum(a * b), avg(b) FROM nu GROUP BY c ORDER BY c;
SELECT c % 3, sum(a), sum(a * b), avg(b), count(a) FROM nu GROUP BY 1 ORDER BY 1;
SELECT count(*), sum(x.a) FROM nu x JOIN nu y ON x.a = y.f WHERE y.id < 2000;
SELECT count(*) FROM nu x JOIN nu y ON x.c = y.a;
SELECT a FROM nu WHERE id < 40 ORDER BY a DESC NULLS LAST, id LIMIT 10;
SELECT count(DISTINCT a), count(DISTINCT b), count(DISTINCT c) FROM nu;
SELECT DISTINCT c * 1.0 FROM nu ORDER BY 1 LIMIT 5;
SELECT string_agg(a::text, ',' ORDER BY id) FROM nu WHERE id < 8;
SELECT id, sum(a) OVER (ORDER BY id ROWS 2 PRECEDING), max(b) OVER (PARTITION BY c ORDER BY id) FROM nu
WHERE id < 12 ORDER BY id;
SELECT (SELECT max(a) FROM nu) - (SELECT min(a) FROM nu);
-- Written back: units into rows.
CREATE TABLE nu_out (id int, v numeric(20,4), t numeric);
INSERT INTO nu_out SELECT id, a * b, e * 100 FROM nu WHERE id <= 1000;
SELECT count(*), sum(v), sum(t) FROM nu_out;
UPDATE nu SET a = a * 2 WHERE id % 10 = 0;
SELECT sum(a), sum(a * b) FROM nu;
-- Errors keep PostgreSQL's SQLSTATEs.
SELECT sum(a / 0) FROM nu;
SELECT (e * 1000)::numeric(18,2) FROM nu WHERE id = 500;
SELECT a::numeric(3,1) FROM nu WHERE id = 800;
