-- The double precision math functions and ^: values over integers, reals,
-- doubles and untyped literals, NULLs, NaN and infinities, and PostgreSQL's
-- errors (2201F, 2201E, 22003).
select sqrt(2), sqrt(16), sqrt('2.25'), sqrt(0), sqrt(2::real), cbrt(27), cbrt(-8), cbrt(2.5::float8);
select exp(1), exp(0), exp(-1), ln(2), ln(1), log10(1000), log(100), log(0.5::float8);
select power(2, 10), pow(2, 0.5::float8), 2 ^ 10, 2 ^ -1, (-8) ^ 3, 9 ^ '0.5', 2.5::float8 ^ 2;
select pi(), sin(1), cos(0), tan(1), cot(1), asin(0.5::float8), acos(0.5::float8), atan(1), atan2(1, 1), atan2(-1, -1);
select degrees(1), degrees(pi()), radians(180), sign(-3), sign(0), sign(2.5::float8);
select sqrt(null::float8), power(null, 2), 2 ^ null::int, sign(null::int) is null;
select power('NaN'::float8, 0), power(1, 'NaN'::float8), power('NaN'::float8, 1), sqrt('NaN'::float8), exp('-Infinity'::float8), exp('Infinity'::float8);
select power(2, 'Infinity'::float8), power(0.5::float8, 'Infinity'::float8), power('-Infinity'::float8, 3), power('-Infinity'::float8, 2), power('-Infinity'::float8, -3);
select cot(0::float8), atan('Infinity'::float8), sin('NaN'::float8);
drop table if exists math_t;
create table math_t (id int primary key, x float8, n int);
insert into math_t values (1, 0.25, 2), (2, 4, 3), (3, null, 4), (4, 100, null);
select id, sqrt(x), x ^ n, power(n, 2), ln(x), exp(n), round(degrees(atan2(x, n))::numeric, 6) from math_t order by id;
select sum(sqrt(x)), max(power(x, 2)) from math_t;
select sqrt(-1);
select ln(0);
select ln(-1);
select log10(0::float8);
select power(0, -1);
select (-8) ^ 0.5::float8;
select power(10, 400);
select exp(1000);
select exp(-1000);
select asin(2);
select acos(-1.5::float8);
select sin('Infinity'::float8);
select degrees('1e308'::float8);
select sqrt('abc'::text);
select 'a'::text ^ 2;
select power(1, 2, 3);
drop table math_t;
-- hyperbolic functions
select sinh(1::float8), cosh(1::float8), tanh(1::float8), asinh(1::float8), acosh(2::float8), atanh(0.5::float8);
select sinh('infinity'::float8), sinh('-infinity'::float8), cosh('-infinity'::float8), tanh('infinity'::float8), asinh('-infinity'::float8), atanh(1::float8), atanh(-1::float8), sinh('nan'::float8), acosh('nan'::float8);
select sinh(1000::float8), cosh(-1000::float8);
select acosh(0.5::float8);
select atanh(1.5::float8);
select atanh('infinity'::float8);
-- trigonometry in degrees: exact at multiples of 30 and 45
select x, sind(x), cosd(x), tand(x), cotd(x), sind(x) in (-1, -0.5, 0, 0.5, 1) as sind_exact from (values (0), (30), (45), (60), (90), (120), (135), (150), (180), (210), (225), (270), (300), (315), (330), (360), (-30), (390), (-405)) v(x);
select x, asind(x), acosd(x), atand(x) from (values (-1), (-0.5), (0), (0.5), (1)) v(x);
select atand('infinity'::float8), atand('-infinity'::float8), atan2d(1, 1), atan2d(-1, 0), atan2d(0, -1), atan2d(1, 'nan'::float8), sind('nan'::float8);
select sind('infinity'::float8);
select asind(2);
select acosd(-1.5);
select tand(90), cotd(0), tand(-90), cotd(180);
-- prefix operators
select @ -5, @ -2.5, @ -1.5::float8, |/ 64::float8, |/ 2, ||/ 27::float8, ||/ -8, pg_typeof(|/ 4::numeric), pg_typeof(@ -2::smallint);
select |/ -1::float8;
select @ 'abc'::text;
