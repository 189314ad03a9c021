-- Change from each customer's previous order (LAG), summarized.
select count(*) as changes, sum(abs(o_totalprice - previous_price)) as total_change
from (select o_totalprice, lag(o_totalprice) over (partition by o_custkey order by o_orderdate, o_orderkey) as previous_price
      from orders) paired
where previous_price is not null;
