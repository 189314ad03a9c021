-- A 7-day moving average of daily revenue (RANGE frame with an interval offset).
with daily as (
  select l_shipdate as day, sum(l_extendedprice * (1 - l_discount)) as revenue from lineitem group by l_shipdate)
select day, avg(revenue) over (order by day range between interval '6 days' preceding and current row) as weekly_average
from daily order by day;
