-- regexp_replace(source, pattern, replacement [, flags]): the first match or
-- every one (g), case flags, groups and \& in the replacement, empty
-- matches, multibyte text, NULLs, newlines as ordinary characters, errors.
select regexp_replace('foobarbaz', 'b..', 'X'), regexp_replace('foobarbaz', 'b..', 'X', 'g');
select regexp_replace('Thomas', '.[mN]a.', 'M'), regexp_replace('abc', 'B', 'x', 'i'), regexp_replace('abc', 'B', 'x', 'ic'), regexp_replace('abc', 'B', 'x', 'ci');
select regexp_replace('2024-01-31', '(\d+)-(\d+)-(\d+)', '\3/\2/\1'), regexp_replace('hello world', '(o)', '[\1\&]', 'g'), regexp_replace('abc', 'b', '\\'), regexp_replace('abc', 'b', 'x\y'), regexp_replace('abc', 'b', 'tail\');
select regexp_replace('abc', 'x*', '-', 'g'), regexp_replace('abc', 'x*', '-'), regexp_replace('', 'x*', '-', 'g'), regexp_replace('aaa', 'a', '', 'g');
select regexp_replace('héllo wörld', '[éö]', '_', 'g'), regexp_replace('日本語テキスト', '本.', '*', 'g'), regexp_replace('über', '', '^', 'g');
select regexp_replace(E'a\nb', 'a.b', 'X'), regexp_replace(E'one\ntwo', 'o$', 'O', 'g'), regexp_replace('aXbXc', 'x', '-', 'gi');
select regexp_replace(null, 'a', 'b'), regexp_replace('a', null, 'b'), regexp_replace('a', 'a', null), regexp_replace('a', 'a', 'b', null);
select regexp_replace('abcabc', '(b)(c)?', '<\2\1>', 'g'), regexp_replace('abc', '(a)|(z)', '[\2]');
drop table if exists regexp_t;
create table regexp_t (id int primary key, s text, p text);
insert into regexp_t values (1, 'alpha beta', 'a'), (2, 'gamma', 'm+'), (3, null, 'x'), (4, 'delta', null);
select id, regexp_replace(s, p, '#', 'g'), regexp_replace(s, '^(\w)', '\1\1') from regexp_t order by id;
select count(*) from regexp_t where regexp_replace(s, '[aeiou]', '', 'g') = 'lph bt';
select regexp_replace('abc', 'b', 'x', 'z');
select regexp_replace('abc', '(', 'x');
select regexp_replace(1, 'a', 'b');
drop table regexp_t;
