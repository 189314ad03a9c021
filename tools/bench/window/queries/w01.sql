-- Rank each customer's orders by price (RANK over PARTITION BY ... ORDER BY), summarized.
select count(*) as orders, sum(price_rank) as rank_sum, max(price_rank) as deepest
from (select rank() over (partition by o_custkey order by o_totalprice desc) as price_rank from orders) ranked;
