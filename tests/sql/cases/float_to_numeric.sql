-- real and double precision to numeric keep 6 and 15 significant digits (float4_numeric, float8_numeric).
create table float_values (r real, d float8);
insert into float_values values (323.46, 323.46), (0.09561, 0.09561), ('1e30', '1e30'), (-1.5, -1.5), (null, null), ('1.23456789', '1.23456789012345678');
select r, r::numeric, d::numeric, r::numeric(12, 3), (r * 2)::numeric from float_values where r is null or abs(r) < 1e6 order by r;
select r::numeric, d::numeric from float_values where r > 1e6;
select 0.09561::float4::numeric, 0.09561::float8::numeric, '3.14159265'::real::numeric, stddev_pop(r::numeric) from float_values where abs(r) < 1e6;
select r::numeric(10, 2) from float_values;
