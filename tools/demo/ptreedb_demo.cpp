// ptreedb-demo: a short tour of the P-Tree storage layer that `make run` starts
// until the SQL server takes its place. It builds an orders table and a nested
// customer -> orders index, commits a batch while an old snapshot stays readable,
// and answers range aggregates from the augmented tree in O(log n).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "storage/ptree/ptree.h"

namespace {

using ptreedb::ptree::PTree;
using ptreedb::ptree::Unit;

struct Order {
  std::int64_t customer;
  std::int64_t cents;
};

// Keeps the total amount of every subtree, so any key range sums in O(log n).
struct SumCents {
  using value_type = std::int64_t;
  static value_type identity() { return 0; }
  static value_type from_entry(std::int64_t, const Order& order) { return order.cents; }
  static value_type combine(value_type a, value_type b) { return a + b; }
};

using Orders = PTree<std::int64_t, Order, SumCents>;
using OrderIds = PTree<std::int64_t, Unit>;
using OrdersByCustomer = PTree<std::int64_t, OrderIds>;  // a nested index

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

OrdersByCustomer index_by_customer(const Orders& orders) {
  // Sort (customer, order id) pairs, then build each customer's inner tree from
  // its sorted run and the outer tree from the sorted customers.
  std::vector<std::pair<std::int64_t, std::int64_t>> pairs;
  pairs.reserve(orders.size());
  for (auto [id, order] : orders) pairs.emplace_back(order.customer, id);
  ptreedb::ptree::parallel_stable_sort(pairs, std::less<>());
  std::vector<std::pair<std::int64_t, OrderIds>> groups;
  std::vector<std::pair<std::int64_t, Unit>> run;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    run.emplace_back(pairs[i].second, Unit{});
    if (i + 1 == pairs.size() || pairs[i + 1].first != pairs[i].first) {
      groups.emplace_back(pairs[i].first, OrderIds::from_sorted(run));
      run.clear();
    }
  }
  return OrdersByCustomer::from_sorted(groups);
}

}  // namespace

int main() {
  constexpr std::int64_t kOrders = 1'000'000;
  constexpr std::int64_t kCustomers = 10'000;
  std::mt19937_64 random(2026);

  std::vector<std::pair<std::int64_t, Order>> rows;
  rows.reserve(kOrders);
  for (std::int64_t id = 0; id < kOrders; ++id) {
    rows.push_back({id, Order{std::int64_t(random() % kCustomers), std::int64_t(random() % 100000)}});
  }
  auto start = std::chrono::steady_clock::now();
  Orders orders = Orders::build(rows);
  std::printf("built orders: %zu rows in %.3f s (parallel build)\n", orders.size(), seconds_since(start));

  start = std::chrono::steady_clock::now();
  OrdersByCustomer by_customer = index_by_customer(orders);
  std::printf("built nested index customer -> orders: %zu customers in %.3f s\n",
              by_customer.size(), seconds_since(start));

  Orders snapshot = orders;  // an analytic reader pins this version: O(1)
  std::vector<std::pair<std::int64_t, Order>> batch;
  for (std::int64_t i = 0; i < 100'000; ++i) {
    batch.push_back({kOrders + i, Order{std::int64_t(random() % kCustomers), 100}});
  }
  start = std::chrono::steady_clock::now();
  orders = std::move(orders).multi_insert(batch);
  std::printf("committed a batch of %zu inserts in %.3f s (multi_insert)\n", batch.size(),
              seconds_since(start));
  std::printf("snapshot still sees %zu rows, total %lld cents; new version %zu rows, total %lld\n",
              snapshot.size(), (long long)snapshot.aug(), orders.size(), (long long)orders.aug());

  start = std::chrono::steady_clock::now();
  auto window = orders.aug_range(250'000, 749'999);
  std::printf("sum of cents for orders 250000..749999: %lld (augmented range, %.1f us)\n",
              (long long)window, seconds_since(start) * 1e6);

  const OrderIds* first_customer = by_customer.find(0);
  std::printf("customer 0 has %zu orders; order ids %lld..%lld\n",
              first_customer ? first_customer->size() : 0,
              first_customer ? (long long)first_customer->first().key : -1,
              first_customer ? (long long)first_customer->last().key : -1);
  std::printf("live order nodes across both versions: %lld\n", (long long)Orders::live_nodes());
  snapshot = Orders();
  std::printf("after the reader lets go of its snapshot: %lld\n", (long long)Orders::live_nodes());
  return 0;
}
