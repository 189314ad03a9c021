-- percentile_cont, percentile_disc and mode WITHIN GROUP (ORDER BY ...) as
-- PostgreSQL 15 answers them: interpolation, the first value reaching the
-- fraction, the most frequent value (earliest in order among ties), NULLs
-- left out, per group, descending order, FILTER, and their errors.
create table readings (g int, v float8, n numeric(8, 2), t text, d date, i interval);
insert into readings values
  (1, 3.5, 3.50, 'pear', '2024-01-03', '1 day'), (1, 1.0, 1.00, 'apple', '2024-01-01', '2 hours'),
  (1, 2.25, 2.25, 'fig', '2024-01-02', '3 days 4 hours'), (1, null, null, null, null, null),
  (1, 10, 10.00, 'apple', '2024-01-01', '1 day'), (2, 7, 7.00, 'kiwi', '2024-02-01', '1 month'),
  (2, 7, 7.00, 'kiwi', '2024-02-01', '1 month'), (2, -1, -1.00, 'lime', '2024-02-02', '-5 minutes'),
  (3, null, null, null, null, null);
select percentile_cont(0.5) within group (order by v), percentile_disc(0.5) within group (order by v) from readings;
select g, percentile_cont(0.25) within group (order by v), percentile_cont(0.75) within group (order by n),
       percentile_disc(0.75) within group (order by t), mode() within group (order by t) from readings group by g order by g;
select percentile_cont(0) within group (order by v), percentile_cont(1) within group (order by v),
       percentile_disc(0) within group (order by v), percentile_disc(1) within group (order by v) from readings;
select percentile_cont(0.3) within group (order by v desc), percentile_disc(0.3) within group (order by v desc) from readings;
select percentile_cont(0.4) within group (order by i), percentile_disc(0.5) within group (order by d), mode() within group (order by d) from readings;
select g, mode() within group (order by v), mode() within group (order by v desc) from readings group by g order by g;
select percentile_cont(0.5) within group (order by x) from generate_series(1, 10) x;
select percentile_cont(0.5) within group (order by x::numeric / 3) from generate_series(1, 7) x;
select percentile_disc(0.5) within group (order by x), pg_typeof(x) from (select 1::smallint) s(x) group by x;
select percentile_cont(0.5) within group (order by v) filter (where g = 1), count(*) from readings;
select percentile_cont(null) within group (order by v) from readings;
select percentile_cont(0.5) within group (order by v) from readings where false;
select g, percentile_cont(0.5) within group (order by v) from readings where false group by g;
select percentile_cont(1.5) within group (order by v) from readings;
select percentile_cont(-0.1) within group (order by v) from readings where false;
select percentile_cont(0.5) within group (order by t) from readings;
select percentile_cont(0.5) from readings;
select sum(v) within group (order by v) from readings;
select percentile_cont(0.5) within group (order by v) over () from readings;
select percentile_disc(0.5) within group (order by x) from (values ('b'), ('a'), ('c')) v(x);
select mode() within group (order by x) from (values (2), (1), (2), (1), (3)) v(x);
select x % 3, percentile_disc(0.6) within group (order by x), mode() within group (order by x % 2) from generate_series(1, 1000) x group by 1 order by 1;
-- The array forms: one value per fraction, NULL for a NULL fraction.
select percentile_cont(array[0, 0.25, 0.5, 1]) within group (order by v), percentile_disc(array[0.5, null, 1]) within group (order by t) from readings;
select g, percentile_disc(array[0.1, 0.9]) within group (order by n), percentile_cont(array[0.5]::float8[]) within group (order by i) from readings group by g order by g;
select percentile_cont(array[0.5, 1.5]) within group (order by v) from readings where false;
select percentile_cont(null::float8[]) within group (order by v), percentile_cont(array[]::float8[]) within group (order by v) from readings;
select percentile_disc(array[0.5]) within group (order by x) from (values ('a b'), ('c')) v(x);
select mode() within group (order by a), percentile_disc(0.5) within group (order by a) from (values (array[1, 2]), (array[1, 2]), (array[3])) v(a);
select percentile_cont('NaN') within group (order by v) from readings;
-- Hypothetical-set aggregates: where a row with the given value would rank.
select rank(3) within group (order by x), dense_rank(3) within group (order by x), percent_rank(3) within group (order by x),
       cume_dist(3) within group (order by x) from (values (1), (1), (2), (2), (3), (3), (4), (5)) v(x);
select rank(3) within group (order by x desc), dense_rank(3) within group (order by x desc nulls last),
       cume_dist(3) within group (order by x desc) from (values (1), (null), (2), (3), (3), (4)) v(x);
select rank(null::int) within group (order by x), rank(null::int) within group (order by x nulls first),
       dense_rank(2) within group (order by x nulls first) from (values (1), (null), (null), (2), (3)) v(x);
select percent_rank(0) within group (order by x), cume_dist(0) within group (order by x), rank(0) within group (order by x) from generate_series(1, 0) x;
select g, rank(2.5) within group (order by v), dense_rank('kiwi') within group (order by t), percent_rank(2) within group (order by n)
  from readings group by g order by g;
select rank('3') within group (order by x) from generate_series(1, 5) x;
select rank('adam'::varchar) within group (order by x) from (values ('fred'), ('jim')) v(x);
select rank(3) within group (order by x) from (values ('fred'), ('jim')) v(x);
select rank('fred') within group (order by x) from generate_series(1, 5) x;
select rank(sum(x)) within group (order by x) from generate_series(1, 5) x;
select rank(3) within group (order by x, x) from generate_series(1, 5) x;
select rank(3) from generate_series(1, 5) x;
select x % 4, rank(500) within group (order by x), cume_dist(500) within group (order by x desc) from generate_series(1, 1000) x group by 1 order by 1;
