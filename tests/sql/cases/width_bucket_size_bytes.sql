-- width_bucket over numeric and double precision (reversed bounds, values
-- at the bounds, out of range either way) and its errors; pg_size_bytes with
-- every unit, fractions, exponents, blanks and its errors.
select width_bucket(5.35, 0.024, 10.06, 5), width_bucket(0.024, 0.024, 10.06, 5), width_bucket(10.06, 0.024, 10.06, 5), width_bucket(-1.0, 0.024, 10.06, 5);
select width_bucket(5.35, 10.06, 0.024, 5), width_bucket(10.06, 10.06, 0.024, 5), width_bucket(0.024, 10.06, 0.024, 5), width_bucket(11.0, 10.06, 0.024, 5);
select width_bucket(5.35::float8, 0.024::float8, 10.06::float8, 5), width_bucket(5, 0, 10, 3), width_bucket(7, 10, 0, 3), width_bucket(2.5, 0, 10, 4);
select width_bucket(0.5, 0, 1, 2147483647), width_bucket(1, 0, 1, 3), width_bucket(0.999999999999999999999999, 0, 1, 10);
select width_bucket('Infinity'::float8, 1, 10, 10), width_bucket('-Infinity'::float8, 1, 10, 10);
create table wb_t (v numeric(8,2), f float8);
insert into wb_t values (0.00, 0.0), (1.25, 1.25), (4.99, 4.99), (5.00, 5.0), (9.99, 9.99), (10.00, 10.0), (null, null);
select v, width_bucket(v, 0, 10, 4), f, width_bucket(f, 0, 10, 4), width_bucket(f, 10, 0, 4) from wb_t order by v nulls last;
select width_bucket(5.0, 3.0, 4.0, 0);
select width_bucket(5.0, 3.0, 4.0, -5);
select width_bucket(3.5, 3.0, 3.0, 888);
select width_bucket(5.0::float8, 3.0::float8, 4.0::float8, 0);
select width_bucket(3.5::float8, 3.0::float8, 3.0::float8, 888);
select width_bucket('NaN'::float8, 3.0::float8, 4.0::float8, 888);
select width_bucket(0::float8, '-Infinity'::float8, 4.0::float8, 888);
select width_bucket(10.5, 0, 10, 2147483647);
select width_bucket(10.5::float8, 0, 10, 2147483647);
select pg_size_bytes('1'), pg_size_bytes('123bytes'), pg_size_bytes('1kB'), pg_size_bytes('1MB'), pg_size_bytes(' 1 GB'), pg_size_bytes('1.5 GB '), pg_size_bytes('1TB'), pg_size_bytes('3000 TB'), pg_size_bytes('1e6 MB');
select pg_size_bytes('1 kb'), pg_size_bytes('1 KB'), pg_size_bytes('-1.5 kB'), pg_size_bytes('.5 kB'), pg_size_bytes('2PB'), pg_size_bytes('+3 mb'), pg_size_bytes('1.23456789e3 bytes');
select size, pg_size_bytes(size) from (values ('1'), ('123bytes'), ('256 MB'), ('1e-2 kB')) v(size) order by 1;
select pg_size_bytes('1 AB');
select pg_size_bytes('1 AB A');
select pg_size_bytes('1 AB A    ');
select pg_size_bytes('9223372036854775807.9');
select pg_size_bytes('1e100');
select pg_size_bytes('');
select pg_size_bytes('kb');
select pg_size_bytes('.kb');
select pg_size_bytes('-. kb');
select pg_size_bytes('.+912');
select pg_size_bytes('+912+ kB');
select pg_size_bytes('++123');
select pg_size_bytes('1 Ebytes');
