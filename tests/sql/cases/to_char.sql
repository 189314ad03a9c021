-- to_char(timestamp / timestamptz / date / interval, format) with
-- PostgreSQL's template patterns: fields, names in three cases, FM and TH,
-- ISO weeks, quoted text, zones. Each line runs in its own session; lines
-- that SET run the SET and the query together.
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
