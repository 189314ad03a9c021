// Trees of trees of trees: customer -> order -> line item -> quantity, as
// PTree<int, PTree<int, PTree<int, int>>>. Updating an innermost entry through
// nested update() calls must yield a new outer version, leave every older
// outer version reading its old innermost values, share all untouched inner
// trees, and free every node of every level when the last handle goes.
#include "storage/ptree/ptree.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

using ptreedb::ptree::PTree;

namespace {

using Lines = PTree<int, int>;         // line number -> quantity
using Orders = PTree<int, Lines>;      // order key -> its line items
using Customers = PTree<int, Orders>;  // customer key -> its orders
using LinesRef = std::map<int, int>;
using OrdersRef = std::map<int, LinesRef>;
using CustomersRef = std::map<int, OrdersRef>;

struct NodeCounts {
  std::int64_t customers, orders, lines;
  friend bool operator==(const NodeCounts&, const NodeCounts&) = default;
};
NodeCounts live_counts() {
  return {Customers::live_nodes(), Orders::live_nodes(), Lines::live_nodes()};
}

// ---- deep comparison with the reference, all three levels -------------------
std::string value_difference(int got, int want) {
  return got == want ? "" : "quantity " + std::to_string(got) + " vs " + std::to_string(want);
}
template <class K, class V, class A, class L, class Map>
std::string value_difference(const PTree<K, V, A, L>& tree, const Map& ref);

template <class Tree, class Map>
std::string tree_difference(const Tree& tree, const Map& ref) {
  if (tree.size() != ref.size()) {
    return "size " + std::to_string(tree.size()) + " vs " + std::to_string(ref.size());
  }
  if (std::string problem = tree.check_invariants(); !problem.empty()) return problem;
  auto it = tree.begin();
  for (const auto& [key, value] : ref) {
    auto entry = *it;
    if (entry.key != key) return "key " + std::to_string(entry.key) + " where " + std::to_string(key) + " expected";
    if (std::string problem = value_difference(entry.value, value); !problem.empty()) {
      return "under " + std::to_string(key) + ": " + problem;
    }
    ++it;
  }
  return "";
}
template <class K, class V, class A, class L, class Map>
std::string value_difference(const PTree<K, V, A, L>& tree, const Map& ref) {
  return tree_difference(tree, ref);
}

// ---- building --------------------------------------------------------------------
Lines make_lines(const LinesRef& ref) {
  return Lines::from_sorted(std::vector<std::pair<int, int>>(ref.begin(), ref.end()));
}
Orders make_orders(const OrdersRef& ref) {
  std::vector<std::pair<int, Lines>> entries;
  for (const auto& [key, lines] : ref) entries.emplace_back(key, make_lines(lines));
  // Moved in, so the inner handles end up held by the tree's nodes alone.
  return Orders::build(std::move(entries));
}
Customers make_customers(const CustomersRef& ref) {
  std::vector<std::pair<int, Orders>> entries;
  for (const auto& [key, orders] : ref) entries.emplace_back(key, make_orders(orders));
  return Customers::build(std::move(entries));
}

LinesRef random_lines(std::mt19937_64& rng) {
  LinesRef lines;
  for (int i = 0, n = 1 + static_cast<int>(rng() % 8); i < n; ++i) lines[static_cast<int>(rng() % 20)] = static_cast<int>(rng() % 50);
  return lines;
}
OrdersRef random_orders(std::mt19937_64& rng) {
  OrdersRef orders;
  for (int i = 0, n = 1 + static_cast<int>(rng() % 10); i < n; ++i) orders[static_cast<int>(rng() % 1000)] = random_lines(rng);
  return orders;
}
CustomersRef random_customers(int count, std::mt19937_64& rng) {
  CustomersRef customers;
  while (static_cast<int>(customers.size()) < count) customers[static_cast<int>(rng() % (10 * count))] = random_orders(rng);
  return customers;
}

template <class Tree>
int height(const Tree& tree) {
  return static_cast<int>(tree.height());
}

// An existing (customer, order, line) triple.
struct Path {
  int customer, order, line;
};
Path random_path(const CustomersRef& ref, std::mt19937_64& rng) {
  auto c = std::next(ref.begin(), static_cast<std::ptrdiff_t>(rng() % ref.size()));
  auto o = std::next(c->second.begin(), static_cast<std::ptrdiff_t>(rng() % c->second.size()));
  auto l = std::next(o->second.begin(), static_cast<std::ptrdiff_t>(rng() % o->second.size()));
  return {c->first, o->first, l->first};
}

// Adds `delta` to one line's quantity, three levels down.
template <class Outer>
Customers add_to_line(Outer&& customers, Path p, int delta) {
  return std::forward<Outer>(customers).update(p.customer, [&](Orders orders) {
    return std::move(orders).update(p.order, [&](Lines lines) {
      return std::move(lines).update(p.line, [&](int quantity) { return quantity + delta; });
    });
  });
}

}  // namespace

TEST_CASE("a nested update makes a new version and keeps the old one intact") {
  const NodeCounts counts_before = live_counts();
  {
    std::mt19937_64 rng(31);
    const CustomersRef old_ref = random_customers(60, rng);
    const Customers old_version = make_customers(old_ref);
    REQUIRE(tree_difference(old_version, old_ref) == "");

    const Path p = random_path(old_ref, rng);
    const int old_quantity = old_ref.at(p.customer).at(p.order).at(p.line);
    const NodeCounts counts_mid = live_counts();
    const Customers new_version = add_to_line(old_version, p, 1000);

    CustomersRef new_ref = old_ref;
    new_ref[p.customer][p.order][p.line] += 1000;
    CHECK(tree_difference(new_version, new_ref) == "");
    CHECK(tree_difference(old_version, old_ref) == "");
    CHECK(*old_version.find(p.customer)->find(p.order)->find(p.line) == old_quantity);
    CHECK(*new_version.find(p.customer)->find(p.order)->find(p.line) == old_quantity + 1000);

    // Untouched inner trees are the very same trees in both versions.
    for (const auto& [customer, orders] : old_ref) {
      const Orders& before = *old_version.find(customer);
      const Orders& after = *new_version.find(customer);
      INFO("customer " << customer);
      CHECK(before.same_root(after) == (customer != p.customer));
    }
    const Orders& old_orders = *old_version.find(p.customer);
    const Orders& new_orders = *new_version.find(p.customer);
    for (const auto& [order, lines] : old_ref.at(p.customer)) {
      INFO("order " << order);
      CHECK(old_orders.find(order)->same_root(*new_orders.find(order)) == (order != p.order));
    }

    // Only the search path is copied at each level.
    const NodeCounts counts_after = live_counts();
    CHECK(counts_after.customers - counts_mid.customers >= 1);
    CHECK(counts_after.customers - counts_mid.customers <= height(old_version));
    CHECK(counts_after.orders - counts_mid.orders >= 1);
    CHECK(counts_after.orders - counts_mid.orders <= height(old_orders));
    CHECK(counts_after.lines - counts_mid.lines >= 1);
    CHECK(counts_after.lines - counts_mid.lines <= height(*old_orders.find(p.order)));
  }
  REQUIRE(live_counts() == counts_before);
}

TEST_CASE("nested inserts and erases at every level") {
  const NodeCounts counts_before = live_counts();
  {
    std::mt19937_64 rng(32);
    CustomersRef ref = random_customers(30, rng);
    const Customers v0 = make_customers(ref);
    const CustomersRef ref0 = ref;
    const Path p = random_path(ref, rng);

    // A new line item in an existing order.
    Customers v1 = v0.update(p.customer, [&](Orders orders) {
      return std::move(orders).update(p.order, [&](Lines lines) { return std::move(lines).insert(-5, 77); });
    });
    ref[p.customer][p.order][-5] = 77;
    const CustomersRef ref1 = ref;
    CHECK(tree_difference(v1, ref1) == "");

    // A new order for an existing customer, and a new customer.
    Customers v2 = v1.update(p.customer, [&](Orders orders) {
      return std::move(orders).insert(-1, make_lines({{1, 10}, {2, 20}}));
    });
    v2 = std::move(v2).insert(-7, make_orders({{3, {{4, 5}}}}));
    ref[p.customer][-1] = {{1, 10}, {2, 20}};
    ref[-7] = {{3, {{4, 5}}}};
    const CustomersRef ref2 = ref;
    CHECK(tree_difference(v2, ref2) == "");

    // Erase a line, then a whole order, then a whole customer.
    Customers v3 = v2.update(p.customer, [&](Orders orders) {
      return std::move(orders).update(p.order, [&](Lines lines) { return std::move(lines).erase(p.line); });
    });
    v3 = std::move(v3).update(p.customer, [&](Orders orders) { return std::move(orders).erase(-1); });
    v3 = std::move(v3).erase(-7);
    ref[p.customer][p.order].erase(p.line);
    ref[p.customer].erase(-1);
    ref.erase(-7);
    CHECK(tree_difference(v3, ref) == "");

    // Updating under absent keys changes nothing, at any level.
    Customers same = v3.update(-999, [](Orders orders) { return orders; });
    CHECK(same.same_root(v3));
    same = v3.update(p.customer, [&](Orders orders) {
      return std::move(orders).update(-999, [](Lines lines) { return lines.insert(1, 1); });
    });
    CHECK(tree_difference(same, ref) == "");
    CHECK(same.find(p.customer)->same_root(*v3.find(p.customer)));

    CHECK(tree_difference(v0, ref0) == "");
    CHECK(tree_difference(v1, ref1) == "");
    CHECK(tree_difference(v2, ref2) == "");
  }
  REQUIRE(live_counts() == counts_before);
}

TEST_CASE("a nested update of private trees happens in place at every level") {
  const NodeCounts counts_before = live_counts();
  {
    std::mt19937_64 rng(33);
    CustomersRef ref = random_customers(40, rng);
    Customers tree = make_customers(ref);
    const NodeCounts counts = live_counts();
    for (int i = 0; i < 50; ++i) {
      Path p = random_path(ref, rng);
      tree = add_to_line(std::move(tree), p, i);
      ref[p.customer][p.order][p.line] += i;
    }
    // No handle but `tree` ever held these nodes, so nothing was copied.
    CHECK(live_counts() == counts);
    CHECK(tree_difference(tree, ref) == "");
  }
  REQUIRE(live_counts() == counts_before);
}

TEST_CASE("random nested operations keep every kept version readable") {
  const NodeCounts counts_before = live_counts();
  {
    std::mt19937_64 rng(34);
    CustomersRef ref = random_customers(50, rng);
    Customers tree = make_customers(ref);
    std::vector<std::pair<Customers, CustomersRef>> history;
    auto merge_lines = [](const Lines& a, const Lines& b) { return Lines::set_union(a, b); };
    auto merge_orders = [&](const Orders& a, const Orders& b) { return Orders::set_union(a, b, merge_lines); };

    for (int step = 0; step < 200; ++step) {
      INFO("step " << step);
      const bool in_place = rng() % 2 == 0;
      const int op = static_cast<int>(rng() % 6);
      if (ref.empty()) {
        ref = random_customers(5, rng);
        tree = make_customers(ref);
      } else if (op == 0) {  // change a quantity
        Path p = random_path(ref, rng);
        tree = in_place ? add_to_line(std::move(tree), p, 3) : add_to_line(tree, p, 3);
        ref[p.customer][p.order][p.line] += 3;
      } else if (op == 1) {  // add or replace a line
        Path p = random_path(ref, rng);
        int line = static_cast<int>(rng() % 25);
        auto add = [&](Orders orders) {
          return std::move(orders).update(p.order, [&](Lines lines) { return std::move(lines).insert(line, step); });
        };
        tree = in_place ? std::move(tree).update(p.customer, add) : tree.update(p.customer, add);
        ref[p.customer][p.order][line] = step;
      } else if (op == 2) {  // drop a line; an order left without lines goes too
        Path p = random_path(ref, rng);
        auto& lines_ref = ref[p.customer][p.order];
        lines_ref.erase(p.line);
        const bool drop_order = lines_ref.empty();
        if (drop_order) ref[p.customer].erase(p.order);
        const bool drop_customer = ref[p.customer].empty();
        if (drop_customer) ref.erase(p.customer);
        tree = tree.update(p.customer, [&](Orders orders) {
          if (drop_order) return std::move(orders).erase(p.order);
          return std::move(orders).update(p.order, [&](Lines lines) { return std::move(lines).erase(p.line); });
        });
        if (drop_customer) tree = std::move(tree).erase(p.customer);
      } else if (op == 3) {  // a new customer
        int customer = static_cast<int>(rng() % 600);
        ref[customer] = random_orders(rng);
        tree = tree.insert(customer, make_orders(ref[customer]));
      } else if (op == 4) {  // a batch of orders merged in at the outer level
        CustomersRef batch_ref;
        for (int i = 0; i < 4; ++i) batch_ref[static_cast<int>(rng() % 600)] = random_orders(rng);
        std::vector<std::pair<int, Orders>> batch;
        for (const auto& [customer, orders] : batch_ref) {
          batch.emplace_back(customer, make_orders(orders));
          for (const auto& [order, lines] : orders) {
            for (const auto& [line, quantity] : lines) ref[customer][order][line] = quantity;
          }
        }
        tree = in_place ? std::move(tree).multi_insert(std::move(batch), merge_orders)
                        : tree.multi_insert(std::move(batch), merge_orders);
      } else {  // keep the customers whose total quantity is not a multiple of 7
        auto total = [](const Orders& orders) {
          return orders.map_reduce(
              [](int, const Lines& lines) {
                return lines.map_reduce([](int, int q) { return q; }, std::plus<int>(), 0);
              },
              std::plus<int>(), 0);
        };
        tree = tree.filter([&](int, const Orders& orders) { return total(orders) % 7 != 0; });
        for (auto it = ref.begin(); it != ref.end();) {
          int sum = 0;
          for (const auto& [order, lines] : it->second) {
            for (const auto& [line, quantity] : lines) sum += quantity;
          }
          it = sum % 7 != 0 ? std::next(it) : ref.erase(it);
        }
      }
      REQUIRE(tree_difference(tree, ref) == "");
      if (rng() % 3 == 0) {
        if (history.size() < 8) {
          history.emplace_back(tree, ref);
        } else {
          history[rng() % history.size()] = {tree, ref};
        }
      }
      for (const auto& [old_tree, old_ref] : history) REQUIRE(tree_difference(old_tree, old_ref) == "");
    }
  }
  REQUIRE(live_counts() == counts_before);
}
