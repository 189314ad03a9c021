-- Every line's share of its order's revenue (an aggregate over a whole partition of lineitem).
select count(*) as lines, sum(share) as share_sum, max(share) as largest_share
from (select l_extendedprice / sum(l_extendedprice) over (partition by l_orderkey) as share from lineitem) shares;
