-- PostgreSQL 15's regexp_count, regexp_instr, regexp_substr and regexp_like:
-- start positions and results in characters (multibyte text too), the n-th
-- occurrence, endoption, subexpressions (and patterns without groups),
-- empty matches, flags, NULLs, and the errors for bad parameters.
select regexp_count('123123123123123', '(12)3');
select regexp_count('123123123123', '123', 1), regexp_count('123123123123', '123', 3), regexp_count('123123123123', '123', 33);
select regexp_count('ABCABCABCABC', 'Abc', 1, 'i'), regexp_count('ABCABCABCABC', 'Abc', 1, '');
select regexp_count('abc', ''), regexp_count('', 'x*'), regexp_count('ääbä', 'ä'), regexp_count('ääbä', 'ä', 3);
select regexp_count('123123123123', '123', 0);
select regexp_count('123123123123', '123', -3);
select regexp_count('abc', 'b', 1, 'g');
select regexp_instr('abcdefghi', 'd.f'), regexp_instr('abcdefghi', 'd.q'), regexp_instr('abcabcabc', 'a.c');
select regexp_instr('abcabcabc', 'a.c', 2), regexp_instr('abcabcabc', 'a.c', 1, 3), regexp_instr('abcabcabc', 'a.c', 1, 4);
select regexp_instr('abcabcabc', 'A.C', 1, 2, 0, 'i'), regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 0, 'i', 0);
select regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 0, 'i', 1), regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 0, 'i', 2),
       regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 0, 'i', 3), regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 0, 'i', 4),
       regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 0, 'i', 5);
select regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 1, 'i', 1), regexp_instr('1234567890', '(123)(4(56)(78))', 1, 1, 1, 'i', 4);
select regexp_instr('1234567890', '123', 1, 1, 0, '', 1), regexp_instr('1234567890', '123', 1, 1, 0, '', 2);
select regexp_instr('foo', '(f)|(x)', 1, 1, 0, '', 2), regexp_instr('aébc', 'b'), regexp_instr('aébc', 'b', 1, 1, 1);
select regexp_instr('abcabcabc', 'a.c', 0, 1);
select regexp_instr('abcabcabc', 'a.c', 1, 0);
select regexp_instr('abcabcabc', 'a.c', 1, 1, 2);
select regexp_instr('abcabcabc', 'a.c', 1, 1, 0, '', -1);
select regexp_instr('abcabcabc', 'a.c', 1, 1, 0, 'g');
select regexp_substr('abcdefghi', 'd.f'), regexp_substr('abcdefghi', 'd.q'), regexp_substr('abcabcabc', 'a.c');
select regexp_substr('abcabcabc', 'a.c', 2), regexp_substr('abcabcabc', 'a.c', 1, 3), regexp_substr('abcabcabc', 'a.c', 1, 4) is null;
select regexp_substr('abcabcabc', 'A.C', 1, 2, 'i'), regexp_substr('1234567890', '(123)(4(56)(78))', 1, 1, 'i', 0),
       regexp_substr('1234567890', '(123)(4(56)(78))', 1, 1, 'i', 3), regexp_substr('1234567890', '(123)(4(56)(78))', 1, 1, 'i', 5) is null;
select regexp_substr('foo', '(f)|(x)', 1, 1, '', 2) is null, regexp_substr('äöü', 'ö.'), regexp_substr('aébcé', 'b.', 1);
select regexp_substr('abcabcabc', 'a.c', 0, 1);
select regexp_substr('abcabcabc', 'a.c', 1, 0);
select regexp_substr('abcabcabc', 'a.c', 1, 1, '', -1);
select regexp_substr('abcabcabc', 'a.c', 1, 1, 'g');
select regexp_like('Steven', '^Ste(v|ph)en$'), regexp_like('a' || chr(10) || 'd', 'a.d'), regexp_like('abc', 'ABC'), regexp_like('abc', 'ABC', 'i');
select regexp_like('abc', 'b', 'g');
select regexp_count(null, 'a'), regexp_instr('abc', null), regexp_substr('abc', 'b', null), regexp_like('abc', 'b', null);
create table rp_t (id int, s text);
insert into rp_t values (1, 'one two three'), (2, 'four five'), (3, null), (4, '');
select id, regexp_count(s, '\w+'), regexp_instr(s, '\w+', 1, 2), regexp_substr(s, '\w+', 1, 2), regexp_like(s, 'f') from rp_t order by id;
select id from rp_t where regexp_like(s, 'T', 'i') order by id;
