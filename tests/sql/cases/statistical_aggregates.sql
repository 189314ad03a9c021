-- The variance, standard deviation, covariance, correlation and regression
-- aggregates as PostgreSQL 15 answers them: exact numeric results (scale and
-- rounding) for integer and numeric inputs, double precision ones for floats,
-- NULL below their row minimum, per group, DISTINCT, FILTER, and as window aggregates.
create table measurements (g int, i int, b bigint, n numeric(10, 3), r real, d float8, s smallint);
insert into measurements values
  (1, 3, 30000000000, 1.250, 1.5, 2.25, 4), (1, 7, -5, 2.500, 2.5, 0.5, 8), (1, 11, 12, 3.125, 3.5, 7.75, 15),
  (2, 4, 7, 10.000, 0.1, '1e300', 1), (2, null, null, null, null, null, null), (2, 4, 7, 10.000, 0.1, '1e300', 1),
  (3, 5, 2, -1.001, -2.5, -3.5, 2), (4, null, null, null, null, null, null);
select var_pop(i), var_samp(i), variance(i), stddev_pop(i), stddev_samp(i), stddev(i) from measurements;
select var_pop(b), var_samp(b), stddev_pop(b), stddev_samp(b) from measurements;
select var_pop(s), var_samp(s), stddev_pop(s), stddev_samp(s) from measurements;
select var_pop(n), var_samp(n), stddev_pop(n), stddev_samp(n) from measurements;
select var_pop(r), var_samp(r), stddev_pop(r), stddev_samp(r) from measurements where g <> 2;
select pg_typeof(a), pg_typeof(b), pg_typeof(c), pg_typeof(d), pg_typeof(e), pg_typeof(f)
  from (select var_pop(s) a, stddev(n) b, var_samp(b) c, var_pop(r) d, corr(i, s) e, regr_count(i, s) f from measurements) q;
select var_pop(d), var_samp(d), stddev_pop(d), stddev_samp(d) from measurements where g <> 2;
select g, var_pop(i), var_samp(i), stddev_pop(n), stddev_samp(d), count(*) from measurements group by g order by g;
select var_samp(distinct i), stddev_pop(distinct n), variance(i) filter (where g = 1) from measurements;
select var_pop(x), var_samp(x), stddev_samp(x) from (values (1.0), (1.0), (1.0)) v(x);
select var_pop(x), stddev_pop(x) from (values (123456789.123456789)) v(x);
select var_samp(x), stddev_samp(x) from generate_series(1, 1000) x;
select var_pop(x * 0.125), stddev_samp(x * 0.125) from generate_series(1, 200) x;
select var_pop(x), var_samp(x) from (values ('inf'::float8), (1.0)) v(x);
select var_pop(x), var_samp(x) from (values ('nan'::float8)) v(x);
select var_pop(x) from (values ('1e308'::float8), ('-1e308'::float8)) v(x);
select covar_pop(d, i), covar_samp(d, i), corr(d, i), regr_count(d, i) from measurements where g <> 2;
select regr_sxx(d, i), regr_syy(d, i), regr_sxy(d, i), regr_avgx(d, i), regr_avgy(d, i) from measurements where g <> 2;
select regr_r2(d, i), regr_slope(d, i), regr_intercept(d, i) from measurements where g <> 2;
select g, covar_pop(n, r), corr(n, r), regr_count(n, r), regr_slope(i, b) from measurements group by g order by g;
select corr(x, y), regr_r2(x, y), regr_slope(x, y) from (values (1, 5), (2, 5), (3, 5)) v(x, y);
select regr_r2(y, x) from (values (1, 5), (2, 5), (3, 5)) v(x, y);
select covar_samp(x, y), covar_pop(x, y), regr_count(x, y) from (values (1.0, 2.0)) v(x, y);
select regr_count(x, y), corr(x, y) from (values (1, null), (null, 2), (3, 4)) v(x, y);
select corr('1', '2'), regr_count('1', '2');
select g, i, var_samp(i) over (order by g, i rows between 1 preceding and 1 following),
       corr(d, i) over (partition by g) from measurements order by g, i;
select var_pop('1');
select var_pop(true);
select corr(1, 'a'::text);
select stddev(x) from (select 'x'::text) v(x);
select var_pop(x), var_samp(x), stddev_samp(x) from (values (99999999999999999999999999999999999999::numeric), (99999999999999999999999999999999999999), (99999999999999999999999999999999999999)) v(x);
select var_pop(x) from (values (0.5), (0.25::numeric(20, 17)), (3)) v(x);
