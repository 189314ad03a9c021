-- TABLESAMPLE: answers that do not depend on which rows are drawn (whole or
-- empty samples, errors); tests/sql/test_table_sample.py tests the draws.
CREATE TABLE ts_items (id int PRIMARY KEY, grp int, name text);
INSERT INTO ts_items SELECT i, i % 10, 'item ' || i FROM generate_series(1, 2000) i;
CREATE INDEX ts_items_grp ON ts_items (grp);
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (100);
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (100) REPEATABLE (1+2);
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (100) REPEATABLE (0.4);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (100);
SELECT count(*) FROM ts_items TABLESAMPLE bernoulli (100) REPEATABLE (-0.0);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (0);
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (0) REPEATABLE (5);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (100.0000001);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI ('100');
SELECT count(*) FROM ts_items TABLESAMPLE bernoulli (('1'::text < '0'::text)::int);
SELECT grp, count(*) FROM ts_items TABLESAMPLE BERNOULLI (100) WHERE grp < 3 GROUP BY grp ORDER BY grp;
SELECT sum(id) FROM ts_items t TABLESAMPLE SYSTEM (100) WHERE t.id BETWEEN 10 AND 20;
SELECT count(*) FROM ts_items a TABLESAMPLE BERNOULLI (100) JOIN ts_items b ON a.id = b.id + 1;
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (100) WHERE grp = 4;
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (100) WHERE grp IN (1, 2);
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (100.0) WHERE id < 100;
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (0) WHERE id < 100;
SELECT id, name FROM ts_items TABLESAMPLE BERNOULLI (100) ORDER BY id DESC LIMIT 3;
SELECT count(*) FROM ts_items s TABLESAMPLE BERNOULLI (30) REPEATABLE (3)
  WHERE NOT EXISTS (SELECT 1 FROM ts_items t WHERE t.id = s.id AND t.name = s.name);
SELECT count(*) BETWEEN 0 AND 2000 FROM ts_items TABLESAMPLE SYSTEM (50);
SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (100) WHERE id IN (SELECT id FROM ts_items TABLESAMPLE BERNOULLI (100) WHERE grp = 0);
SELECT * FROM ts_items TABLESAMPLE BERNOULLI (100) WHERE id = 77;
UPDATE ts_items SET name = 'changed' WHERE id IN (SELECT id FROM ts_items TABLESAMPLE BERNOULLI (100) WHERE id <= 5);
SELECT count(*) FROM ts_items WHERE name = 'changed';
-- errors
SELECT id FROM ts_items TABLESAMPLE FOOBAR (1);
SELECT id FROM ts_items TABLESAMPLE SYSTEM (NULL);
SELECT id FROM ts_items TABLESAMPLE SYSTEM (50) REPEATABLE (NULL);
SELECT id FROM ts_items TABLESAMPLE BERNOULLI (-1);
SELECT id FROM ts_items TABLESAMPLE BERNOULLI (200);
SELECT id FROM ts_items TABLESAMPLE SYSTEM (-1);
SELECT id FROM ts_items TABLESAMPLE SYSTEM (200);
SELECT id FROM ts_items TABLESAMPLE SYSTEM ('NaN');
SELECT id FROM ts_items TABLESAMPLE SYSTEM ('abc'::text);
SELECT id FROM ts_items TABLESAMPLE SYSTEM ('abc');
SELECT id FROM ts_items TABLESAMPLE SYSTEM (1, 2);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (100::float8);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (100::numeric) REPEATABLE (1::numeric);
SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (100::smallint) REPEATABLE (1::real);
SELECT id FROM ts_items TABLESAMPLE BERNOULLI (50) REPEATABLE ('x'::text);
SELECT id FROM ts_items TABLESAMPLE SYSTEM (id);
SELECT id FROM ts_items TABLESAMPLE SYSTEM (sum(1));
SELECT id FROM ts_missing TABLESAMPLE SYSTEM (1);
CREATE VIEW ts_items_view AS SELECT * FROM ts_items;
SELECT id FROM ts_items_view TABLESAMPLE BERNOULLI (1);
CREATE SEQUENCE ts_sequence;
SELECT * FROM ts_sequence TABLESAMPLE BERNOULLI (1);
WITH q AS (SELECT * FROM ts_items) SELECT * FROM q TABLESAMPLE BERNOULLI (5.5) REPEATABLE (1);
SELECT q.* FROM (SELECT * FROM ts_items) AS q TABLESAMPLE BERNOULLI (5);
-- A view over a sample is not automatically updatable.
CREATE VIEW ts_sampled_view AS SELECT id FROM ts_items TABLESAMPLE SYSTEM (20) REPEATABLE (2);
INSERT INTO ts_sampled_view VALUES (1);
UPDATE ts_sampled_view SET id = 2;
DELETE FROM ts_sampled_view;
-- A LATERAL subquery's sample may take its percentage from the items before it.
SELECT * FROM (VALUES (0), (100)) v(pct), LATERAL (SELECT count(*) FROM ts_items TABLESAMPLE BERNOULLI (pct)) ss;
SELECT * FROM (VALUES (0), (100)) v(pct), LATERAL (SELECT count(*) FROM ts_items TABLESAMPLE SYSTEM (pct)) ss;
SELECT pct, count(id) FROM (VALUES (0), (100)) v(pct), LATERAL (SELECT * FROM ts_items TABLESAMPLE BERNOULLI (pct)) ss GROUP BY pct;
DROP VIEW ts_sampled_view;
DROP VIEW ts_items_view;
DROP SEQUENCE ts_sequence;
DROP TABLE ts_items;
