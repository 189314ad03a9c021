-- GROUP BY keys a grouped primary key determines are kept per group rather
-- than hashed: answers as PostgreSQL's, over joins, outer joins (NULL-extended
-- rows), self-joins, a composite key grouped in part (nothing carried) and
-- one table twice under one join alias.
CREATE TABLE fd_c (id int PRIMARY KEY, name text, city char(8), balance numeric(10, 2));
CREATE TABLE fd_o (ok int, line int, cid int, amount numeric(10, 2), note text, PRIMARY KEY (ok, line));
INSERT INTO fd_c SELECT g, 'name' || (g % 7), 'c' || (g % 3), (g % 11) * 1.25 FROM generate_series(1, 300) g;
INSERT INTO fd_o SELECT g / 4, g % 4, CASE WHEN g % 13 = 0 THEN NULL ELSE g % 350 END, (g % 17) * 0.5, 'n' || (g % 5) FROM generate_series(1, 4000) g;
SELECT c.id, c.name, c.city, sum(o.amount), count(*) FROM fd_c c JOIN fd_o o ON o.cid = c.id GROUP BY c.id, c.name, c.city ORDER BY sum(o.amount) DESC, c.id LIMIT 15;
SELECT c.name, c.id, c.balance, count(o.ok) FROM fd_c c LEFT JOIN fd_o o ON o.cid = c.id GROUP BY c.name, c.id, c.balance ORDER BY 4, 2 LIMIT 15;
SELECT c.id, c.name, count(*) FROM fd_o o LEFT JOIN fd_c c ON c.id = o.cid GROUP BY c.id, c.name ORDER BY c.id NULLS FIRST LIMIT 10;
SELECT o.ok, o.line, o.note, o.amount, c.name FROM fd_o o JOIN fd_c c ON c.id = o.cid GROUP BY o.ok, o.line, o.note, o.amount, c.name ORDER BY o.ok, o.line LIMIT 10;
SELECT o.ok, o.note, count(*) FROM fd_o o GROUP BY o.ok, o.note ORDER BY 1, 2 LIMIT 12;
SELECT a.id, a.name, b.name, count(*) FROM fd_c a JOIN fd_c b ON b.id = a.id + 1 GROUP BY a.id, a.name, b.name ORDER BY 1 LIMIT 10;
SELECT j.name, count(*) FROM (fd_c a JOIN fd_c b ON b.id % 10 = a.id % 10) j GROUP BY j.name ORDER BY 1;
SELECT name, count(*) FROM (SELECT * FROM fd_c UNION ALL SELECT * FROM fd_c) u GROUP BY id, name HAVING count(*) > 1 ORDER BY 1, 2 LIMIT 5;
SELECT id, upper(name), count(*) FROM fd_c GROUP BY id, upper(name) ORDER BY id LIMIT 5;
SELECT city, count(*) FROM fd_c GROUP BY id, city ORDER BY 1, 2 LIMIT 4;
SELECT count(*) FROM (SELECT c.id, c.name FROM fd_c c JOIN fd_o o ON o.cid = c.id GROUP BY c.id, c.name) s;
-- Columns the grouped primary key determines may be selected ungrouped, as in PostgreSQL.
SELECT id, name, city, balance * 2 FROM fd_c GROUP BY id ORDER BY id LIMIT 5;
SELECT c.id, c.name, upper(c.city), sum(o.amount) FROM fd_c c JOIN fd_o o ON o.cid = c.id GROUP BY c.id ORDER BY sum(o.amount) DESC, c.id LIMIT 5;
SELECT c.name, count(*) FROM fd_c c GROUP BY c.id ORDER BY c.balance DESC, c.id LIMIT 5;
SELECT o.ok, o.line, o.note, c.name FROM fd_o o JOIN fd_c c ON c.id = o.cid GROUP BY o.ok, o.line, c.id ORDER BY 1, 2 LIMIT 5;
SELECT ok, note FROM fd_o GROUP BY ok;
SELECT c.name, count(*) FROM fd_c c LEFT JOIN fd_o o ON o.cid = c.id GROUP BY o.ok, o.line;
SELECT j.name FROM (fd_c a JOIN fd_c b ON b.id = a.id) j GROUP BY j.id;
SELECT name FROM (SELECT * FROM fd_c) s GROUP BY id;
DROP TABLE fd_o;
DROP TABLE fd_c;
