-- VACUUM and ANALYZE change nothing in memory, but what they name is checked.
create table vac_t (a int primary key, b text);
create view vac_v as select a from vac_t;
vacuum vac_t;
vacuum vac_t (a);
vacuum (nosuch) vac_t;
analyze (full) vac_t;
analyze vac_t (nosuch);
analyze nosuch;
vacuum nosuch;
vacuum nosuch.vac_t;
analyze pg_class;
vacuum pg_catalog.pg_class;
analyze vac_v;
vacuum;
analyze;
drop view vac_v;
drop table vac_t;
