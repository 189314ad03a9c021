-- mod, gcd and lcm as PostgreSQL 15 answers them: types, signs, NULLs and errors.
-- The int4 minimum is an integer constant, as PostgreSQL types it (the parser negates 2147483648).
select pg_typeof(-2147483648), pg_typeof(-2147483649), pg_typeof(2147483648), pg_typeof(-9223372036854775808), -2147483648 + 0;
select mod(7, 3), mod(-7, 3), mod(7, -3), mod(-7, -3), mod(0, 5);
select mod(7::smallint, 3::smallint), pg_typeof(mod(7::smallint, 3::smallint)), pg_typeof(mod(7::smallint, 3)), pg_typeof(mod(7, 3::bigint));
select mod(-2147483648, -1), mod(-9223372036854775808, -1);
select mod(7.5, 2), mod(-7.5, 2), mod(10, 2.5), mod(1.23456, 0.1), pg_typeof(mod(7.5, 2));
select mod(7, 0);
select mod(7.5, 0);
select mod(null, 3), mod(3, null), mod(null::int, null::int);
select mod(7.0::float8, 2);
select mod('7', 3), mod(7, '3');
select gcd(12, 18), gcd(-12, 18), gcd(12, -18), gcd(0, 5), gcd(5, 0), gcd(0, 0), pg_typeof(gcd(12, 18));
select gcd(12::bigint, 18), pg_typeof(gcd(12::bigint, 18)), gcd(9223372036854775807, 3), gcd(-9223372036854775808, 2);
select gcd(-2147483648, 1), gcd(-2147483648, 6), gcd(-2147483648, -2147483647);
select gcd(-2147483648, 0);
select gcd(-2147483648, -2147483648);
select gcd(-9223372036854775808, 0);
select lcm(4, 6), lcm(-4, 6), lcm(4, -6), lcm(0, 6), lcm(6, 0), lcm(7, 7), pg_typeof(lcm(4, 6));
select lcm(4::bigint, 6), lcm(3037000499, 3037000500);
select lcm(65536, 65537);
select lcm(2147483647, 2);
select lcm(9223372036854775807, 2);
select gcd(x, y), lcm(x, y), mod(x, y) from (values (12, 8), (null, 3), (-9, 6), (100, 7)) t(x, y) order by x nulls first;
select gcd(1.5::float8, 3);
