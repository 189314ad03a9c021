-- SIMILAR TO and the regular-expression forms of SUBSTRING
select 'abcdefg' similar to '_bcd%' as t, 'abcdefg' similar to 'bcd%' as f, 'abcdefg' similar to '_bcd#%' escape '#' as f2, 'abcd%' similar to '_bcd#%' escape '#' as t2;
select 'abcdefg' similar to '_bcd\%' as f, 'abcd\efg' similar to '_bcd\%' escape '' as t, 'abcdefg' similar to '_bcd%' escape null as n, 'abc' not similar to 'a(b|x)c' as f3;
select 'abcdefg' similar to '_bcd#%' escape '##';
select 'xyz' similar to '[x-z]+', 'a.c' similar to 'a.c', 'abc' similar to 'a.c', 'a$c' similar to 'a$c', '(ab)' similar to '(ab)', 'ab' similar to '(ab)', 'aaa' similar to 'a{2,3}', 'a_b' similar to 'a\_b', 'Ünï' similar to '_n_';
select f from (values ('abc'), ('xbz'), (null), ('a%c')) v(f) where f similar to '_b%' order by 1;
select f similar to '%c' from (values ('abc'), ('xbz'), (null)) v(f);
select substring('abcdefg' similar 'a#"(b_d)#"%' escape '#') as bcd, substring('abcdefg' from 'a#"(b_d)#"%' for '#') as bcd2;
select substring('abcdefg' similar '#"(b_d)#"%' escape '#') is null as t, substring('abcdefg' similar '%' escape null) is null as t2, substring(null similar '%' escape '#') is null as t3;
select substring('abcdefg' similar 'a#"%#"g' escape '#'), substring('abcdefg' similar 'a*#"%#"g*' escape '#'), substring('abcdefg' similar 'a#"%g' escape '#'), substring('abcdefg' similar 'a%g' escape '#');
select substring('abcdefg' similar 'a*#"%#"g*#"x' escape '#');
select substring('abcdefg' from 'c.e'), substring('abcdefg' from 'b(.*)f'), substring('foo' from 'foo(bar)?') is null, substring('abc' from 'x'), substring('Thomas' from '...$');
select substring(f from '[0-9]+') from (values ('abc123def'), ('no digits'), (null)) v(f);
select substring('hello' from 2 for 3), substring('hello', 2), substr('hello', 2, 2);
select 'xé' similar to '_[é]%', 'xé!' similar to '_[^a]_', 'é' similar to '[é]', 'aé' similar to 'a[é]_';
