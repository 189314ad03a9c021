-- random() and setseed(): after setseed(x) a session draws the numbers
-- PostgreSQL 15 draws (its generator); setseed's range and NULL; random()
-- is volatile (a new value per row and per call, never folded).
select setseed(0.5); select random(), random();
select setseed(0.5); select random() from generate_series(1, 5);
select setseed(-0.25); select round(random() * 1000) from generate_series(1, 3);
select setseed(0); select random();
select setseed(1); select random();
select setseed(-1); select random();
select setseed(1.5);
select setseed(-2);
select setseed('nan');
select setseed(null) is null;
select setseed(0.1), random();
select count(distinct random()) from generate_series(1, 1000);
select count(*) from generate_series(1, 1000) where random() between 0 and 1;
select random(1);
