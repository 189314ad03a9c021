-- The names PostgreSQL gives output columns without an alias (FigureColname).
select case when true then 1 end;
select case when true then 1 else abs(-2) end;
select case when true then 'a' else 'b'::text end;
select 1::int, 'x'::text::varchar, true, true::int;
select (select 1), (select 1 as one), (select abs(1))::text;
select exists (select 1), array(select 1), coalesce(null, 1), nullif(1, 2);
select current_date is not null, current_user, current_schema;
select trim(trailing ';' from 'ab;;'), trim('  x '), trim(leading 'x' from 'xxyx'), btrim('xyx', 'x'), ltrim('  a'), rtrim('a  '), trim(both 'ä' from 'äbä'), rtrim(null);
select trim(1);
