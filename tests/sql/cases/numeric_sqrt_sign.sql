-- sqrt and sign of numeric arguments answer in numeric as PostgreSQL 15's
-- numeric_sqrt and numeric_sign: at least 16 significant digits, no less than
-- the argument's scale, rounded; integers and floats keep the double precision versions.
select sqrt(2.0), sqrt(2::numeric), sqrt(4::numeric), sqrt(0::numeric), sqrt(0.000::numeric), sqrt(0.00000000000000000000);
select sqrt(1234567890.123456789), sqrt(0.0001), sqrt(0.00001), sqrt(0.0000000000000000000001), sqrt(99999999999999999999.99);
select sqrt(100000000000000000000000000000000000), sqrt(12345678901234567890123456789012345678), sqrt(1.0000000000000000000000000000000000001);
select sqrt(2.5::numeric(10, 4)), sqrt(x) from (values (1.44), (0.5), (10), (null)) v(x) order by x;
select sqrt(2), sqrt(2::float8), pg_typeof(sqrt(2)), pg_typeof(sqrt(2.0)), pg_typeof(sqrt('2'));
select sqrt(-1.0);
select sqrt(-0.0000001);
select sign(-12.5), sign(0.000), sign(7.25), sign(null::numeric), pg_typeof(sign(1.5)), sign(-3), pg_typeof(sign(-3));
select sign(x), sqrt(abs(x)) from (values (-2.25), (0), (6.25)) v(x) order by x;
