-- LIKE / ILIKE / NOT LIKE with ESCAPE (the grammar's like_escape): another
-- escape character, an empty one (backslashes are literal), a backslash,
-- multibyte escapes, escapes escaping themselves, columns as patterns, and
-- the error for a longer escape; date_bin over timestamp and timestamptz.
select 'hawkeye' like 'h%' escape '#' as t, 'hawkeye' not like 'h%' escape '#' as f, 'indio' like 'ind_o' escape '$' as t2;
select 'h%' like 'h#%' escape '#' as t, 'h%wkeye' like 'h#%' escape '#' as f, 'h%wkeye' like 'h#%%' escape '#' as t2;
select 'i_dio' like 'i$_d%o' escape '$' as t, 'i_dio' like 'i$_nd_o' escape '$' as f, 'i_dio' like 'i$_d_o' escape '$' as t2;
select 'maca' like 'm%aca' escape '%' as f, 'ma%a' like 'm%a%%a' escape '%' as t, 'bear' like 'b_ear' escape '_' as f2, 'be_r' like 'b_e__r' escape '_' as t2;
select 'a\b' like 'a\b' escape '' as t, 'a\b' like 'a\\b' escape '' as f, 'a\b' like 'a\\b' escape '\' as t2, 'a\b' like 'a\\b' as t3;
select 'a\b' like 'a#\b' escape '#' as t, 'a#b' like 'a##b' escape '#' as t2, 'aéb' like 'aé_b' escape 'é' as f, 'a_b' like 'aé_b' escape 'é' as t3;
select 'HAWKEYE' ilike 'h#%' escape '#' as f, 'H%' ilike 'h#%' escape '#' as t, 'H%' not ilike 'h#%' escape '#' as f2;
select 'abc' like 'abc' escape 'ab';
create table le_t (id int, s text, p text);
insert into le_t values (1, '10%', '10#%'), (2, '100', '10#%'), (3, 'a_c', 'a#_c'), (4, 'abc', 'a#_c'), (5, null, 'x'), (6, 'x', null);
select id, s like p escape '#' from le_t order by id;
select id from le_t where s like '%#%%' escape '#' order by id;
select date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01');
select date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01 00:02:30');
select date_bin('1 day', timestamp '2020-02-11 15:44:17', timestamp '2030-01-01'), date_bin('7 days', timestamp '1999-12-31 23:59:59', timestamp '2000-01-03');
select date_bin('1 hour 30 minutes', timestamptz '2020-02-11 15:44:17+00', timestamptz '2001-01-01 00:00:00+00');
select date_bin('2 hours', timestamp 'infinity', timestamp '2001-01-01'), date_bin('2 hours', timestamp '-infinity', timestamp '2001-01-01');
select date_bin('1 microsecond', timestamp '2020-02-11 15:44:17.123456', timestamp '2001-01-01');
select date_bin('5 min'::interval, ts, timestamp '2024-01-01') from (values (timestamp '2024-03-01 10:07:00'), (timestamp '2023-12-31 23:58:00'), (null)) v(ts) order by 1;
select date_bin('5 months'::interval, timestamp '2020-02-01 01:01:01', timestamp '2001-01-01');
select date_bin('0 days'::interval, timestamp '2020-02-01 01:01:01', timestamp '2001-01-01');
select date_bin('-2 days'::interval, timestamp '2020-02-01 01:01:01', timestamp '2001-01-01');
select date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp 'infinity');
select date_bin('15 minutes', timestamp '294276-12-30', timestamp '4000-12-20 BC');
