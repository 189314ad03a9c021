-- An outer join whose preserved side is much the smaller hashes that side
-- (Hash Right Join) and adds its unmatched rows at the end; the answers must
-- stay those of PostgreSQL whichever side is hashed.
create table oj_small (id int primary key, name text, k int);
insert into oj_small values (1, 'one', 10), (2, 'two', 20), (3, 'three', null), (4, 'four', 40), (5, 'five', 50);
create table oj_big (id int primary key, small_id int, v int, note text);
insert into oj_big select g, case when g % 7 = 0 then null else g % 4 + 1 end, g % 13, case when g % 5 = 0 then 'special' else 'plain' end from generate_series(1, 3000) g;
select s.id, count(b.id), sum(b.v) from oj_small s left join oj_big b on s.id = b.small_id group by s.id order by s.id;
select s.id, count(b.id) from oj_small s left join oj_big b on s.id = b.small_id and b.note <> 'special' and b.v > s.id group by s.id order by s.id;
select s.id, b.id from oj_small s left join oj_big b on s.id = b.small_id and b.v = 12 and b.id < 100 order by s.id, b.id;
select s.name, b.id, b.v from oj_small s left join oj_big b on s.k = b.v * 10 where s.id >= 4 order by s.name, b.id limit 8;
select count(*), count(b.id), count(s.id) from oj_small s left join oj_big b on s.id = b.small_id;
select b.id, s.id from oj_big b right join oj_small s on s.id = b.small_id and b.id % 100 = 1 order by s.id, b.id;
select s.id, count(b.id) from oj_big b right join oj_small s on b.small_id = s.id group by s.id order by s.id;
select id, count(v) from oj_small left join oj_big using (id) group by id order by id;
select c_count, count(*) as custdist from (select s.id, count(b.id) from oj_small s left join oj_big b on s.id = b.small_id and b.note not like '%spec%' group by s.id) as c(id, c_count) group by c_count order by custdist desc, c_count desc;
select s.id from oj_small s left join oj_big b on s.id = b.small_id where b.id is null order by s.id;
drop table oj_big;
drop table oj_small;
