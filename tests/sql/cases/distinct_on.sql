-- SELECT DISTINCT ON: the first row of each group in the ORDER BY's order.
CREATE TABLE don_readings (id int PRIMARY KEY, sensor text, taken date, value numeric(6,2), site int);
INSERT INTO don_readings VALUES
  (1, 'a', date '2024-01-01', 1.5, 1), (2, 'a', date '2024-01-03', 2.5, 1), (3, 'a', date '2024-01-02', 0.5, 2),
  (4, 'b', date '2024-01-01', 7.0, 1), (5, 'b', date '2024-01-05', NULL, 2), (6, 'c', date '2024-01-04', 3.0, 2),
  (7, NULL, date '2024-01-02', 9.0, 1), (8, NULL, date '2024-01-07', 1.0, 3), (9, 'c', NULL, 4.0, 3);
SELECT DISTINCT ON (sensor) sensor, taken, value FROM don_readings ORDER BY sensor, taken DESC;
SELECT DISTINCT ON (sensor) sensor, taken, value FROM don_readings ORDER BY sensor, taken DESC NULLS LAST;
SELECT DISTINCT ON (sensor) sensor, id FROM don_readings ORDER BY sensor, value DESC NULLS LAST, id;
SELECT DISTINCT ON (sensor) sensor, id FROM don_readings ORDER BY sensor NULLS FIRST, id DESC;
SELECT DISTINCT ON (site, sensor) site, sensor, id FROM don_readings ORDER BY site, sensor, id;
SELECT DISTINCT ON (sensor, site) site, sensor, id FROM don_readings ORDER BY site, sensor, id DESC;
SELECT DISTINCT ON (1) sensor, id FROM don_readings ORDER BY 1, 2;
SELECT DISTINCT ON (s) sensor AS s, id FROM don_readings ORDER BY s, id DESC;
SELECT DISTINCT ON (site) id FROM don_readings ORDER BY site, id;
SELECT DISTINCT ON (site % 2) site, id FROM don_readings ORDER BY site % 2, id;
SELECT DISTINCT ON (sensor) sensor FROM don_readings;
SELECT count(*) FROM (SELECT DISTINCT ON (site) site, id FROM don_readings) d;
SELECT DISTINCT ON (sensor) sensor, id FROM don_readings WHERE value > 1 ORDER BY sensor, id LIMIT 2;
SELECT DISTINCT ON (sensor) sensor, id FROM don_readings ORDER BY sensor, id OFFSET 1;
SELECT DISTINCT ON (site) site, count(*) FROM don_readings GROUP BY site, sensor ORDER BY site, count(*) DESC, sensor;
SELECT DISTINCT ON (site) site, sensor FROM don_readings GROUP BY site, sensor ORDER BY site, max(value) DESC;
SELECT (SELECT DISTINCT ON (sensor) id FROM don_readings ORDER BY sensor, id LIMIT 1) AS first_id;
SELECT * FROM (SELECT DISTINCT ON (sensor) sensor, id FROM don_readings ORDER BY sensor, id) d JOIN don_readings r USING (id) ORDER BY id;
SELECT DISTINCT ON (sensor) sensor, row_number() OVER (ORDER BY id) FROM don_readings ORDER BY sensor, id;
-- errors
SELECT DISTINCT ON (sensor) sensor, id FROM don_readings ORDER BY id;
SELECT DISTINCT ON (sensor, site) sensor, id FROM don_readings ORDER BY sensor, id, site;
SELECT DISTINCT ON (5) sensor, id FROM don_readings;
SELECT DISTINCT ON (nope) sensor FROM don_readings;
DROP TABLE don_readings;
