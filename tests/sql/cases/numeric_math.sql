-- numeric ln, log, log10, exp, power and ^: PostgreSQL's result scales,
-- special values and errors.
select ln(2.0), ln(10::numeric), ln(1e20::numeric), ln(1.000000000123), ln(0.5), ln(123456.789);
select log(100::numeric), log(2.0, 1024), log(10::numeric, 0.001), log10(3.5), log(1.1, 1.21);
select exp(1.0), exp(0::numeric), exp(-10.5), exp(50::numeric), exp(1e-10);
select power(2.0, 10), 2.5 ^ 2, 3.789 ^ 21, 0.12 ^ (-20), (-2.0) ^ 3, (-2)::numeric ^ -1, 4::numeric ^ 0.5, 2::numeric ^ 0.5;
select 0.0 ^ 0.0, (-12.34) ^ 0.0, 12.34 ^ 0.0, 0.0 ^ 12.34, 1.000000000123 ^ (-2147483648), 10.0 ^ -2147483648;
select (-1.0) ^ 2147483647, (-1.0) ^ 1000000000000000, (-1.0) ^ 1000000000000001, coalesce(nullif(0.9999999999 ^ 23300000000000, 0), 0);
select pg_typeof(2 ^ 10), pg_typeof(2.0 ^ 10), pg_typeof(power(2.0, 1.5::float8)), pg_typeof(ln(2)), pg_typeof(exp(1.0)), pg_typeof(log(2, 8));
select 10.0 ^ 2147483647;
select power(0::numeric, -1);
select power((-2)::numeric, 3.3);
select ln(0::numeric);
select ln(-1::numeric);
select log(1::numeric, 10);
select log(0::numeric, 10);
select log(2::float8, 8);
select exp(10000::numeric);
with v(x) as (values ('1'::numeric), ('4.2'), ('inf'), ('nan')) select x, log(x), log10(x), ln(x), exp(x) from v order by x;
with v(x) as (values ('2'::numeric), ('4.2'), ('inf'), ('nan')) select x1, x2, log(x1, x2) from v as v1(x1), v as v2(x2) order by 1, 2;
with v(x) as (values ('0'::numeric), ('1'), ('2'), ('4.2'), ('inf'), ('nan')) select x1, x2, power(x1, x2) from v as v1(x1), v as v2(x2) where x1 != 0 or x2 >= 0 order by 1, 2;
select power('-1'::numeric, 'inf'), power('-2'::numeric, '-inf'), power('inf'::numeric, '-2'), power('-inf'::numeric, '3'), power('-inf'::numeric, '2'), power('-inf'::numeric, '-3'), power('nan'::numeric, 0), power(1::numeric, 'nan');
select power('-inf'::numeric, '4.5');
select power('0'::numeric, '-inf');
select exp('-inf'::numeric), ln('inf'::numeric), log('inf'::numeric, 10), log(10::numeric, 'inf');
select ln('-inf'::numeric);
select log('inf'::numeric, 0);
create table nm (x numeric, y numeric);
insert into nm values (2, 3), (1.5, 2.5), (10, -2), (0.5, 0), (null, 1);
select x, y, x ^ y, ln(x), round(exp(y), 6), log(x, 100) from nm where x != 1 order by x nulls last;
select sum(ln(x)), max(power(x, 2)) from nm;
-- gcd and lcm of numerics
select a, b, gcd(a, b), gcd(a, -b), lcm(a, b), lcm(-a, b) from (values (0::numeric, 0::numeric), (0::numeric, 12.5), (12::numeric, 18), (1.5, 0.25), (-3.75, 2.5), (7::numeric, 'nan'), ('inf'::numeric, 3)) v(a, b) order by 1, 2;
select gcd(4, 6.0), pg_typeof(gcd(4, 6.0)), lcm(4::bigint, 6.00);
