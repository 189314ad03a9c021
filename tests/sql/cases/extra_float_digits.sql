-- real and double precision as text under extra_float_digits (float4out and
-- float8out): shortest round-trip text above 0, rounded to 6 / 15 plus the
-- setting's significant digits at 0 or below; NaN and infinities unchanged.
-- Each line is one session: the SET and the query after it.
set extra_float_digits = 0; select 131.10703231895047::float8, 0.1::float4 + 0.2::float4, 1e20::float8, 1.5e-5::float8, 'nan'::float8, '-inf'::float4, '-0'::float8, 123456789012345678::float8;
set extra_float_digits = -15; select 131.10703231895047::float8, 2.5::float4, 0.000123::float8, 99.5::float8;
set extra_float_digits = -3; select 2.0::float8 / 3, 1234567.0::float4, x::float8 / 7 from generate_series(1, 3) x order by 3;
set extra_float_digits = 2; select 0.1::float8, 0.1::float4, 1.0::float8 / 3;
set extra_float_digits = 0; select var_pop(x), stddev_samp(x), avg(x) from (values (0.5::float8), (7.25), (-3.125)) v(x);
set extra_float_digits = 0; select f::text, concat(f, '|'), format('%s', f) from (values (0.1::float8 * 3)) v(f);
set extra_float_digits = 0; select sum(x::float8 / 3) from generate_series(1, 100000) x;
set extra_float_digits = 4;
set extra_float_digits = -16;
-- A scan's parallel tasks cast to text in the session's setting too.
create table efd (x float8);
insert into efd select g::float8 / 3 from generate_series(1, 200000) g;
set extra_float_digits = 0; select max(length(x::text)), min(length(x::text)), count(distinct x::text) from efd;
select max(length(x::text)), count(distinct x::text) from efd;
-- Arrays are held as text and parameters pass through text: their floats keep every bit.
set extra_float_digits = 0; select (array_agg(x))[1] = 0.1::float8 + 0.2, (array[x])[1] = x, (array[x::real])[1] = x::real from (values (0.1::float8 + 0.2)) v(x);
set extra_float_digits = 0; prepare exact_parameter(float8) as select $1 = 0.1::float8 + 0.2; execute exact_parameter(0.1::float8 + 0.2);
create table padded (c char(3));
insert into padded values ('a'), ('b');
select array_agg(c) from padded;
select array_agg(x), array_agg(y) from (values (true, 1.5::real), (false, null)) v(x, y);
