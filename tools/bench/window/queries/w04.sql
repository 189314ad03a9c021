-- Each customer's three largest orders (ROW_NUMBER, then a filter on it).
select count(*) as orders, sum(o_totalprice) as total
from (select o_totalprice, row_number() over (partition by o_custkey order by o_totalprice desc, o_orderkey) as position
      from orders) numbered
where position <= 3;
