-- Sorts on normalized keys and top-N cuts, compared with PostgreSQL: every
-- key type's order (NaN, -0 and infinities; numeric at several scales; text
-- past the 24-byte key prefix; char(n) trailing blanks), ASC/DESC with NULLS
-- FIRST/LAST, LIMIT/OFFSET over a table large enough to sort in parallel and
-- to be cut while it arrives. The id closes each key so the order is total.
CREATE TABLE sort_t (id int PRIMARY KEY, i int, b bigint, s smallint, d double precision, n numeric(12, 2), w numeric, t text, c char(6), day date, flag boolean);
INSERT INTO sort_t SELECT g, CASE WHEN g % 11 = 0 THEN NULL ELSE (g * 7919) % 1000 - 500 END, (g::bigint * 104729) % 100000000000 - 50000000000, (g % 300 - 150)::smallint, CASE g % 13 WHEN 0 THEN 'NaN'::float8 WHEN 1 THEN '-0'::float8 WHEN 2 THEN 'Infinity'::float8 WHEN 3 THEN '-Infinity'::float8 WHEN 4 THEN NULL ELSE (g % 97) / 7.0 - 5 END, CASE WHEN g % 17 = 0 THEN NULL ELSE ((g * 31) % 20000) / 100.0 - 100 END, CASE g % 3 WHEN 0 THEN (g % 50) / 2.0 WHEN 1 THEN (g % 50) / 2.00 ELSE (g % 50)::numeric / 2 END, CASE WHEN g % 19 = 0 THEN NULL WHEN g % 2 = 0 THEN repeat('p', 30) || (g % 37)::text ELSE (g % 53)::text END, CASE WHEN g % 23 = 0 THEN NULL ELSE (g % 5)::text || repeat(' ', g % 3) END, date '2000-01-01' + (g % 400), CASE WHEN g % 29 = 0 THEN NULL ELSE g % 2 = 0 END FROM generate_series(1, 120000) g;
SELECT id, i FROM sort_t ORDER BY i, id LIMIT 20;
SELECT id, i FROM sort_t ORDER BY i DESC, id LIMIT 20;
SELECT id, i FROM sort_t ORDER BY i NULLS FIRST, id DESC LIMIT 15 OFFSET 3;
SELECT id, i FROM sort_t ORDER BY i DESC NULLS LAST, id LIMIT 10 OFFSET 100;
SELECT id, b FROM sort_t ORDER BY b DESC, id LIMIT 10;
SELECT id, s, i FROM sort_t ORDER BY s, i DESC NULLS LAST, id LIMIT 25;
SELECT id, d FROM sort_t ORDER BY d, id LIMIT 12;
SELECT id, d FROM sort_t ORDER BY d DESC, id LIMIT 12;
SELECT id, d FROM sort_t ORDER BY d DESC NULLS LAST, id LIMIT 12;
SELECT id, n FROM sort_t ORDER BY n, id LIMIT 10;
SELECT id, n FROM sort_t ORDER BY n DESC, id DESC LIMIT 10;
SELECT id, w FROM sort_t ORDER BY w DESC, id LIMIT 10;
SELECT id, w FROM sort_t ORDER BY w, id DESC LIMIT 10;
SELECT id, t FROM sort_t ORDER BY t, id LIMIT 10;
SELECT id, t FROM sort_t ORDER BY t DESC, id LIMIT 10;
SELECT id, t FROM sort_t ORDER BY t NULLS FIRST, id LIMIT 10 OFFSET 5;
SELECT id, c, length(c) FROM sort_t ORDER BY c DESC, id LIMIT 10;
SELECT id, c FROM sort_t ORDER BY c, id DESC LIMIT 10;
SELECT id, day FROM sort_t ORDER BY day DESC, id LIMIT 10;
SELECT id, flag FROM sort_t ORDER BY flag, id DESC LIMIT 10;
SELECT id, flag FROM sort_t ORDER BY flag DESC, id LIMIT 10;
SELECT id, t, c FROM sort_t ORDER BY t, c, id LIMIT 10 OFFSET 1000;
SELECT count(*), min(x), max(x) FROM (SELECT i * 2 AS x FROM sort_t ORDER BY i DESC NULLS LAST, id LIMIT 50000) s;
SELECT sum(i::bigint * rn) FROM (SELECT i, row_number() OVER () AS rn FROM (SELECT i FROM sort_t ORDER BY i, id) o) s;
SELECT sum(id::bigint * rn) FROM (SELECT id, row_number() OVER () AS rn FROM (SELECT id FROM sort_t ORDER BY t DESC, d, id) o) s;
-- Top-Ns cut while rows arrive (80,000 rows to 40,000), then sorted whole in parallel.
SELECT sum(id::bigint * rn), count(*) FROM (SELECT id, row_number() OVER () AS rn FROM (SELECT id FROM sort_t ORDER BY t DESC, n, id LIMIT 40000) o) s;
SELECT sum(id::bigint * rn), count(*) FROM (SELECT id, row_number() OVER () AS rn FROM (SELECT id FROM sort_t ORDER BY d, id LIMIT 45000 OFFSET 5000) o) s;
SELECT id FROM sort_t ORDER BY id DESC LIMIT 0;
SELECT id, i FROM sort_t ORDER BY i, id OFFSET 119995;
SELECT i, count(*) FROM sort_t GROUP BY i ORDER BY count(*) DESC, i LIMIT 5;
SELECT id, n FROM sort_t ORDER BY n, id FETCH FIRST 3 ROWS WITH TIES;
DROP TABLE sort_t;
