-- Running revenue by ship date: a cumulative SUM over the daily totals.
with daily as (
  select l_shipdate as day, sum(l_extendedprice * (1 - l_discount)) as revenue from lineitem group by l_shipdate)
select day, revenue, sum(revenue) over (order by day) as running_revenue from daily order by day;
