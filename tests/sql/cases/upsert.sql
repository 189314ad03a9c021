-- INSERT ... ON CONFLICT: conflict targets, DO NOTHING, DO UPDATE with EXCLUDED, RETURNING and errors.
create table ups_kv (k integer primary key, v text, n integer default 0);
create table ups_users (id integer primary key, email text unique, name text, visits integer default 1);
create table ups_pair (a integer, b integer, c text, constraint ups_pair_ab unique (a, b));
create table ups_nokey (x integer, y text);
create unique index ups_nokey_x on ups_nokey (x);
create index ups_users_name on ups_users (name);
insert into ups_kv values (1, 'one', 1), (2, 'two', 2);

-- DO NOTHING with a target, with a constraint name, without a target.
insert into ups_kv values (1, 'uno') on conflict (k) do nothing;
insert into ups_kv values (1, 'uno'), (3, 'three') on conflict (k) do nothing;
insert into ups_kv values (2, 'dos') on conflict on constraint ups_kv_pkey do nothing;
insert into ups_kv values (2, 'dos'), (4, 'four') on conflict do nothing;
insert into ups_kv values (5, 'a'), (5, 'b') on conflict do nothing;
insert into ups_kv values (6, 'x') on conflict do nothing returning *;
insert into ups_kv values (6, 'y') on conflict do nothing returning *;
select * from ups_kv order by k;

-- DO UPDATE with EXCLUDED, the table's own columns and its alias.
insert into ups_kv values (1, 'uno', 10) on conflict (k) do update set v = excluded.v;
insert into ups_kv values (1, 'ignored', 5) on conflict (k) do update set n = ups_kv.n + excluded.n;
insert into ups_kv as t values (2, 'ignored', 7) on conflict (k) do update set n = t.n * excluded.n, v = t.v || '!';
insert into ups_kv values (7, 'seven', 70), (1, 'x', 1) on conflict (k) do update set n = ups_kv.n + 1 returning k, v, n;
insert into ups_kv values (3, 'tres') on conflict (k) do update set v = excluded.v where ups_kv.n > 100 returning *;
insert into ups_kv values (3, 'tres') on conflict (k) do update set v = excluded.v where excluded.v <> ups_kv.v returning *;
insert into ups_kv values (4, 'vier', 4) on conflict (k) do update set (v, n) = (excluded.v, excluded.n * 2) returning *;
insert into ups_kv (k) values (5) on conflict (k) do update set n = excluded.n, v = default returning *;
insert into ups_kv values (8, 'eight') on conflict (k) do update set v = 'never' returning v, n, k * 2 as twice;
select * from ups_kv order by k;

-- A unique constraint other than the primary key as the target.
insert into ups_users values (1, 'a@x', 'ann'), (2, 'b@x', 'bob');
insert into ups_users values (3, 'a@x', 'anne') on conflict (email) do update set visits = ups_users.visits + 1, name = excluded.name returning *;
insert into ups_users values (4, 'c@x', 'cid') on conflict (email) do nothing returning id;
insert into ups_users values (5, 'c@x', 'cy') on conflict on constraint ups_users_email_key do nothing;
insert into ups_users values (2, 'z@x', 'zed') on conflict (email) do nothing;
insert into ups_users values (6, null, 'nil'), (7, null, 'nul') on conflict (email) do nothing;
select * from ups_users order by id;
insert into ups_pair values (1, 1, 'p'), (1, 2, 'q');
insert into ups_pair values (1, 1, 'r') on conflict (b, a) do update set c = excluded.c returning *;
insert into ups_pair values (1, 2, 's') on conflict on constraint ups_pair_ab do update set c = ups_pair.c || excluded.c returning *;
insert into ups_pair values (1, null, 't'), (1, null, 'u') on conflict (a, b) do nothing;
select * from ups_pair order by a, b, c;
insert into ups_nokey values (1, 'a'), (2, 'b');
insert into ups_nokey values (1, 'c'), (3, 'd') on conflict (x) do update set y = ups_nokey.y || excluded.y returning *;
select * from ups_nokey order by x;

-- The command tag counts inserted and updated rows, not skipped ones.
insert into ups_kv select g, 'g' || g from generate_series(1, 12) g on conflict (k) do nothing;
insert into ups_kv select g, 'h' || g from generate_series(10, 14) g on conflict (k) do update set v = excluded.v where ups_kv.k % 2 = 0;
select * from ups_kv order by k;
insert into ups_kv select g, 's' from generate_series(100, 2200) g on conflict (k) do update set n = 1;
insert into ups_kv select g, 's' from generate_series(100, 2200) g on conflict (k) do update set n = ups_kv.n + excluded.k;
select count(*), sum(n) from ups_kv where k >= 100;

-- Errors.
insert into ups_kv values (1, 'a'), (1, 'b') on conflict (k) do update set v = excluded.v;
insert into ups_kv values (30, 'a'), (30, 'b') on conflict (k) do update set v = excluded.v;
select * from ups_kv where k in (1, 30) order by k;
insert into ups_kv values (1, 'a') on conflict (v) do nothing;
insert into ups_kv values (1, 'a') on conflict (k, v) do nothing;
insert into ups_users values (1, 'a@x') on conflict (name) do nothing;
insert into ups_kv values (1, 'a') on conflict (nope) do nothing;
insert into ups_kv values (1, 'a') on conflict on constraint nope do nothing;
insert into ups_kv values (1, 'a') on conflict do update set v = 'b';
insert into ups_kv values (1, 'a') on conflict (k) do update set nope = 1;
insert into ups_kv values (1, 'a') on conflict (k) do update set v = excluded.nope;
insert into ups_kv values (1, 'a') on conflict (k) do update set n = n + 1;
insert into ups_kv values (1, 'a') on conflict (k) do update set v = 'b' where ups_kv.n;
insert into ups_kv as t values (1, 'a') on conflict (k) do update set v = ups_kv.v;
insert into ups_kv values (1, 'a') on conflict (k) do update set v = 'b' returning excluded.v;
insert into ups_kv values (1, 'a') on conflict (k) where k > 0 do nothing;
insert into ups_kv values (1, 'a') on conflict (k) where nope > 0 do nothing;
insert into ups_kv values (1, 'a') on conflict (k) where k do nothing;
insert into ups_users values (1, 'a@x', 'x') on conflict (email) where name is not null do update set visits = 0 returning *;
insert into ups_users values (9, 'a@x', 'x') on conflict (id) do update set id = 9;
insert into ups_users values (1, 'q@x', 'x') on conflict (id) do update set email = 'b@x';
insert into ups_kv values (1, 'a') on conflict (k) do update set n = 'abc';
insert into ups_kv values (null, 'a') on conflict (k) do nothing;
insert into ups_nokey values (2, 'b') on conflict (x) do update set x = 1;
insert into ups_nokey values (2, 'b') on conflict (x) do update set y = null returning *;
select * from ups_users order by id;

-- EXPLAIN shows the conflict resolution, the arbiters and the filter.
explain (costs off) insert into ups_kv as t values (1, 'a'), (2, 'b') on conflict (k) do update set v = excluded.v where t.n > 0 and excluded.v is not null;
explain (costs off) insert into ups_users values (1, 'a@x'), (2, 'b@x') on conflict (email) do nothing;
explain (costs off) insert into ups_users values (1, 'a@x'), (2, 'b@x') on conflict do nothing;

-- Two proposed rows meeting one existing row: only one whose WHERE holds may touch it.
insert into ups_kv values (50, 'fifty', 0);
insert into ups_kv values (50, 'a', 1), (50, 'b', 2) on conflict (k) do update set v = excluded.v where excluded.n = 2 returning *;
insert into ups_kv values (50, 'c', 1), (50, 'd', 2) on conflict (k) do update set v = excluded.v where excluded.n = 1 returning *;
insert into ups_kv values (50, 'e', 1), (50, 'f', 2) on conflict (k) do update set v = excluded.v where excluded.n > 5 returning *;
select * from ups_kv where k = 50;

-- Scalar subqueries that read neither row run once per statement; WITH queries are visible.
create table ups_other (k integer, w text);
insert into ups_other values (1, 'other'), (2, 'two');
insert into ups_kv values (1, 'x') on conflict (k) do update set v = (select max(w) from ups_other) returning *;
insert into ups_kv values (1, 'x') on conflict (k) do update set n = (select count(*) from ups_other) where ups_kv.n < (select 10) returning *;
with src as (select 1 as k, 'cte' as v) insert into ups_kv select k, v from src on conflict (k) do update set v = excluded.v || (select count(*) from src) returning *;
explain (costs off) insert into ups_kv values (0, 'B'), (1, 'C') on conflict (k) do update set v = excluded.v where ups_kv.v != 'Cawesh';
-- CHECK constraints hold for proposed rows (conflicting or not) and for rows DO UPDATE makes.
CREATE TABLE ups_checked (k integer PRIMARY KEY, n integer CHECK (n >= 0));
INSERT INTO ups_checked VALUES (1, 5) ON CONFLICT (k) DO NOTHING;
INSERT INTO ups_checked VALUES (1, -1) ON CONFLICT (k) DO NOTHING;
INSERT INTO ups_checked VALUES (2, -1) ON CONFLICT (k) DO NOTHING;
INSERT INTO ups_checked VALUES (1, 3) ON CONFLICT (k) DO UPDATE SET n = ups_checked.n - 10;
INSERT INTO ups_checked VALUES (1, 3) ON CONFLICT (k) DO UPDATE SET n = ups_checked.n - 1;
SELECT * FROM ups_checked ORDER BY k;
DROP TABLE ups_checked;
