-- Text columns against constants (the constant prepared once, = and <> on
-- bytes): char(n) ignores trailing blanks on both sides, text and varchar do
-- not; NULLs, empty strings, non-ASCII, every operator, constant on either
-- side, IN lists and CASE. Then arithmetic shared by several aggregate calls
-- (computed once per chunk): Q1's charges, NULLs, scales, large values,
-- FILTER and CASE arguments.
create table cc_t (id integer primary key, c char(10), v varchar(12), t text, p numeric(15,2), d numeric(15,2), x numeric(15,2));
insert into cc_t values (1, 'MAIL', 'MAIL', 'MAIL', 900.00, 0.05, 0.08), (2, 'MAIL  ', 'MAIL  ', 'MAIL  ', 100.50, 0.10, 0.00), (3, 'MAI', 'MAI', 'MAI', null, 0.10, 0.01), (4, 'MAILX', 'MAILX', 'MAILX', 1.00, null, 0.02), (5, '', '', '', 2.00, 0.00, 0.00), (6, '   ', '   ', '   ', 3.00, 0.01, 0.01), (7, null, null, null, 4.00, 0.02, 0.02), (8, 'é', 'é', 'é', 5.00, 0.03, 0.03), (9, 'é  ', 'é  ', 'é  ', 6.00, 0.04, 0.04), (10, 'SHIP', 'SHIP', 'SHIP', 9999999999999.99, 0.99, 0.99);
select id, c = 'MAIL', c <> 'MAIL', c = 'MAIL   ', 'MAIL' = c, c < 'MAIL', c >= 'MAIL', 'MAIL' > c, c = '', c = 'é' from cc_t order by id;
select id, v = 'MAIL', v <> 'MAIL  ', v < 'MAIL', 'MAI' <= v, t = 'MAIL', t = 'MAIL  ', t <> '', t > 'é' from cc_t order by id;
select id from cc_t where c in ('MAIL', 'SHIP') order by id;
select id from cc_t where c not in ('MAIL', '') order by id;
select id from cc_t where v in ('MAIL', 'é') order by id;
select id from cc_t where c = 'MAIL' or c = 'é  ' order by id;
select sum(case when c = 'MAIL' or c = 'SHIP' then 1 else 0 end), sum(case when c <> 'MAIL' and c <> 'SHIP' then 1 else 0 end) from cc_t;
select sum(p), sum(p * (1 - d)), sum(p * (1 - d) * (1 + x)), avg(p * (1 - d)), count(*) from cc_t;
select c, sum(p * (1 - d)), sum(p * (1 - d) * (1 + x)), sum(1 - d), avg(1 - d) from cc_t group by c order by c nulls first;
select sum(p * (1 - d)) filter (where x > 0.01), sum(p * (1 - d)), sum(case when d > 0 then p * (1 - d) end) from cc_t;
select sum(p * p), sum(p * p * (1 + x)) from cc_t;
