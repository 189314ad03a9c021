-- to_number(text, format): numbers read back through to_char's number
-- templates (9, 0, . and D, , and G, S, MI, PL, SG, PR, L, TH, FM, spaces
-- and other characters), with PostgreSQL's errors.
select to_number('-12,345,678', '99G999G999'), to_number('-12,345,678.123,456', '99G999G999D999G999');
select to_number('<123456.789012>', '999999.999999PR'), to_number('<12>', '99PR'), to_number('12', '99PR');
select to_number('0.00042-', '9.999999S'), to_number('7.25-', 'FM9.999999S'), to_number('7.25-', 'FM9.999999MI');
select to_number('1 2 3 4 5 6 . 7 8', '9 9 9 9 9 9 . 9 9'), to_number('.05', 'FM9.99'), to_number('.0', '99999999.99999999');
select to_number('0', '99.99'), to_number('.-05', 'S99.99'), to_number('.05-', '99.99S'), to_number(' . 0 5-', ' 9 9 . 9 9 S');
select to_number('78,90', '999,99'), to_number('456,000', '999G'), to_number('654321', '999G999');
select to_number('$4321.65', 'L9,999.99'), to_number('$4321.65', 'L99,999.99'), to_number('$4,321.65', 'L99,999.99'), to_number('4321.65', 'L99,999.99'), to_number('4,321.65', 'L99,999.99');
select to_number('31st', '99th'), to_number('22nd', '99TH'), to_number('3rd', '9th');
select to_number('123.456', '999.99'), to_number('123.456', '999.999'), to_number('12345', '999'), to_number('-5', 'S9'), to_number('+5', 'S9'), to_number('5+', '9S');
select to_number('12.3', '00.00'), to_number('1-2', '9MI9'), to_number('+12', 'SG99'), to_number('-12', 'PL99'), to_number('12-', '99MI');
select to_number('abc', 'xxx9'), to_number('ab12', '"ab"99'), to_number('12', ''), to_number(null, '99'), to_number('12', null);
select to_number('x', '9');
select to_number('', '99');
select to_number('99', '9.9.9');
select to_number('1.5e3', '9.9EEEE');
select to_number('XIV', 'RN');
select to_number('12', '9PR9');
select to_number('12', 'S9S');
select to_number('12', 'S9MI');
create table tn (s text, f text);
insert into tn values ('1,234.5', '9,999.9'), ('-42', 'S99'), ('7%', '9"%"'), (null, '9'), ('3', null);
select s, f, to_number(s, f) from tn order by s nulls last, f nulls last;
select sum(to_number(s, f)) from tn;
