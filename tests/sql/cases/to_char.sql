-- to_char(timestamp / timestamptz / date / interval, format) with
-- PostgreSQL's template patterns: fields, names in three cases, FM and TH,
-- ISO weeks, quoted text, zones. Each line runs in its own session; lines
-- that SET run the SET and the query together. Numbers: to_char_number.h.
select to_char(timestamp '2003-01-02 04:05:06.789012', 'YYYY-MM-DD HH24:MI:SS.MS.US'), to_char(timestamp '2003-01-02 16:05:06', 'HH12:MI AM am P.M. p.m.');
select to_char(timestamp '2003-01-02 00:05:06', 'HH HH12 HH24 PM'), to_char(timestamp '2003-01-02 12:05:06', 'HH HH12 HH24 PM');
select to_char(timestamp '1997-02-10 17:32:01', 'DAY Day day DY Dy dy MONTH Month month RM MON Mon mon rm');
select to_char(timestamp '1997-02-10 17:32:01', 'FMDAY FMDay FMday FMMONTH FMMonth FMmonth FMRM');
select to_char(timestamp '1997-02-10 17:32:01', 'Y,YYY YYYY YYY YY Y CC Q MM WW W DDD DD D J');
select to_char(timestamp '1997-02-10 17:32:01', 'FMY,YYY FMYYYY FMYYY FMYY FMY FMCC FMQ FMMM FMWW FMW FMDDD FMDD FMD FMJ');
select to_char(timestamp '1997-02-10 17:32:01', 'DDTH DDth FMDDTH FMDDth MMth YYYYth HH24th Q"th"');
select to_char(d, 'FMDDth') from (values (timestamp '2003-01-01'), (timestamp '2003-01-02'), (timestamp '2003-01-03'), (timestamp '2003-01-04'), (timestamp '2003-01-11'), (timestamp '2003-01-12'), (timestamp '2003-01-13'), (timestamp '2003-01-21'), (timestamp '2003-01-22'), (timestamp '2003-01-23'), (timestamp '2003-01-31')) v(d) order by d;
select d, to_char(d, 'IYYY-IW-ID IDDD IYY IY I WW DDD') from (values (timestamp '2004-12-31'), (timestamp '2005-01-01'), (timestamp '2005-01-02'), (timestamp '2005-01-03'), (timestamp '2008-12-29'), (timestamp '2010-01-03'), (timestamp '2021-01-01')) v(d) order by d;
select to_char(timestamp '2003-01-02 04:05:06', '"Today is" Day", the" DDth "of" Month'), to_char(timestamp '2003-01-02 04:05:06', 'YYYY\"MM'), to_char(timestamp '2003-01-02', '"text with \" quote"');
select to_char(timestamp '2003-01-02 04:05:06', 'HH24 hello MI world SS !'), to_char(timestamp '2003-01-02 04:05:06', ''), to_char(timestamp '2003-01-02 04:05:06', 'FX YYYY');
select to_char(timestamp '2003-01-02 04:05:06.123456', 'FF1 FF2 FF3 FF4 FF5 FF6 ff3 SSSS SSSSS');
select to_char(timestamp '0044-03-15 12:00 BC', 'YYYY-MM-DD BC AD B.C. bc a.d. CC Y,YYY'), to_char(timestamp '2003-01-02', 'YYYY BC A.D. ad');
select to_char(timestamp '10000-01-02', 'YYYY CC'), to_char(timestamp '0099-01-02', 'YYYY CC YYY YY');
select to_char(date '2003-01-02', 'YYYY-MM-DD Day'), to_char(timestamp 'infinity', 'YYYY') is null, to_char(null::timestamp, 'YYYY') is null;
set time zone 'PST8PDT'; select to_char(timestamptz '2003-01-02 04:05:06+00', 'YYYY-MM-DD HH24:MI:SS TZ tz OF TZH:TZM'), to_char(timestamptz '2003-07-02 04:05:06+00', 'TZ OF');
set time zone 'Asia/Kolkata'; select to_char(timestamptz '2003-01-02 04:05:06+00', 'HH24:MI TZ OF TZH TZM');
set time zone 'UTC'; select to_char(timestamptz '2003-01-02 04:05:06+00', 'TZ OF'), to_char(timestamp '2003-01-02 04:05:06', 'TZ OF|');
set time zone 'Europe/Berlin'; select to_char(date '2003-07-02', 'YYYY-MM-DD HH24 TZ');
select to_char(interval '1 year 2 months 3 days 04:05:06.789', 'YYYY MM DD HH24 MI SS MS US'), to_char(interval '15 hours 4 minutes', 'HH HH12 HH24 MI');
select to_char(interval '-1 year -2 months -3 days -04:05:06', 'YYYY MM DD HH24 MI SS'), to_char(interval '50 hours', 'HH24:MI:SS'), to_char(interval '0', 'FMHH24:MI');
select to_char(ts, 'YYYY-MM-DD') from (values (timestamp '2003-01-02'), (timestamp '2004-02-29')) v(ts) order by 1;
select to_char(timestamp '2003-01-02', 1);
select to_char(1, 2, 3);
-- Numbers: digits, zeros, decimal point, group separators, signs, brackets, FM, TH, EEEE, RN.
select '|'||to_char(5,'0999')||'|', '|'||to_char(0.5,'9.99')||'|', '|'||to_char(-12.5,'FM999.99')||'|', '|'||to_char(1234567,'9,999,999')||'|', '|'||to_char(-485,'999PR')||'|', '|'||to_char(485,'S999')||'|', '|'||to_char(485,'999MI')||'|', '|'||to_char(12345,'9.99EEEE')||'|', '|'||to_char(5,'FM9.99')||'|', '|'||to_char(123,'99')||'|', '|'||to_char(3.14159::float8,'9.999')||'|', '|'||to_char(0,'9.99')||'|', '|'||to_char(0,'FM9.99')||'|', '|'||to_char(148.5,'999D9L')||'|';
select '|'||to_char(-0.1,'99.99')||'|', '|'||to_char(-0.1,'FM9.99')||'|', '|'||to_char(0.1,'0.9')||'|', '|'||to_char(-485,'999S')||'|', '|'||to_char(-485,'S999')||'|', '|'||to_char(485,'SG999')||'|', '|'||to_char(-485,'999SG')||'|', '|'||to_char(485,'PL999')||'|', '|'||to_char(485,'FMPL999')||'|', '|'||to_char(-485,'FM999MI')||'|', '|'||to_char(485,'999PR')||'|', '|'||to_char(485,'FM999PR')||'|';
select '|'||to_char(12,'99th')||'|', '|'||to_char(21,'FM99TH')||'|', '|'||to_char(1,'FM9th')||'|', '|'||to_char(-1,'9th')||'|', '|'||to_char(3.5,'9.9th')||'|', '|'||to_char(12345.678,'99,999.9')||'|', '|'||to_char(12345.678,'FM00000099,999.990')||'|', '|'||to_char(-0.5,'S0.9')||'|', '|'||to_char(0.00012,'0.999')||'|', '|'||to_char(1e20::float8,'999')||'|';
select '|'||to_char(123.456::numeric,'FM999.0000')||'|', '|'||to_char(123.4::numeric,'FM999.0099')||'|', '|'||to_char(100,'FM999.')||'|', '|'||to_char(100,'999.')||'|', '|'||to_char(1.5::float8,'FM0.00')||'|', '|'||to_char(-34338492, '"Total:" 999G999G999')||'|', '|'||to_char(-1234.5::float8,'9.99EEEE')||'|', '|'||to_char(0.000123,'9.9EEEE')||'|', '|'||to_char(485, 'L999')||'|', '|'||to_char(-5,'0000')||'|', '|'||to_char(5,'FM0000')||'|';
select '|'||to_char(-12345678::bigint, '99,999,999')||'|', '|'||to_char(12345678, 'FM9,999,999,999')||'|', '|'||to_char(0.5, 'FM0.9999')||'|', '|'||to_char(9.995, '9.99')||'|', '|'||to_char(99.995, '99.99')||'|', '|'||to_char(-99.995, 'FM99.99')||'|', '|'||to_char(1, '0 0 0')||'|', '|'||to_char(42, 'xx99yy')||'|';
select to_char(1, '9.9.9');
select to_char(1, 'S9S');
select to_char(1, '9RN');
select '|'||to_char(1994,'RN')||'|', '|'||to_char(1994,'FMRN')||'|', '|'||to_char(4,'rn')||'|', '|'||to_char(4000,'RN')||'|', '|'||to_char(3.6::float8,'FMRN')||'|', '|'||to_char(2.5,'FMRN')||'|', '|'||to_char(0,'RN')||'|';
select to_char(n, 'FM9,990.00PR') from (values (1234.5::numeric), (-0.5), (0), (-1234567.891)) v(n) order by n;
select to_char(n, '999.9'), to_char(n::float8, '999.9'), to_char(n::int, '999') from (values (12.34), (-12.36), (999.95)) v(n) order by n;
select to_char(null::numeric, '999') is null, to_char(12::smallint, '999'), to_char(12::real, '99.9'), to_char('NaN'::float8, '99.9'), to_char('Infinity'::float8, '9.9EEEE');
select to_char(1, '9EEEE9');
select to_char(1, 'FM9EEEE');
select to_char(1, 'PR9');
select to_char(1, '9MIS');
