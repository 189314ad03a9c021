// parallel_stable_sort, sort_and_combine and sort_unique against the standard
// library. Sizes cross the sequential cut-offs (16 * kParallelGrain elements
// for the sort, 8 * kParallelGrain for a merge) so the parallel merge runs.
#include "storage/ptree/sort_batch.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "storage/ptree/ptree.h"

using ptreedb::ptree::KeepNew;
using ptreedb::ptree::KeepOld;
using ptreedb::ptree::kParallelGrain;
using ptreedb::ptree::parallel_stable_sort;
using ptreedb::ptree::PTree;
using ptreedb::ptree::sort_and_combine;
using ptreedb::ptree::sort_unique;

namespace {

using Item = std::pair<int, int>;  // (key, input position)

bool key_less(const Item& a, const Item& b) { return a.first < b.first; }

enum class Shape { kRandom, kFewKeys, kAllEqual, kSorted, kReversed };

std::vector<Item> make_items(std::size_t n, Shape shape, std::mt19937_64& rng) {
  std::vector<Item> items(n);
  int distinct = std::max<int>(1, static_cast<int>(n / 4));
  for (std::size_t i = 0; i < n; ++i) {
    int key = 0;
    switch (shape) {
      case Shape::kRandom: key = static_cast<int>(rng() % distinct); break;
      case Shape::kFewKeys: key = static_cast<int>(rng() % 7) - 3; break;
      case Shape::kAllEqual: key = 42; break;
      case Shape::kSorted: key = static_cast<int>(i / 3); break;
      case Shape::kReversed: key = static_cast<int>((n - i) / 3); break;
    }
    items[i] = {key, static_cast<int>(i)};
  }
  return items;
}

// Catches the first position where the two sequences differ, for a readable failure.
std::string first_difference(const std::vector<Item>& got, const std::vector<Item>& want) {
  if (got.size() != want.size()) return "sizes differ";
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] != want[i]) {
      return "at " + std::to_string(i) + ": (" + std::to_string(got[i].first) + "," +
             std::to_string(got[i].second) + ") vs (" + std::to_string(want[i].first) + "," +
             std::to_string(want[i].second) + ")";
    }
  }
  return "";
}

}  // namespace

TEST_CASE("parallel_stable_sort equals std::stable_sort") {
  std::mt19937_64 rng(20240601);
  const std::size_t cut = 16 * kParallelGrain;
  const std::vector<std::size_t> sizes = {0,       1,       2,       3,       17,      1000,
                                          cut - 1, cut,     cut + 1, 2 * cut + 5, 100000};
  const Shape shapes[] = {Shape::kRandom, Shape::kFewKeys, Shape::kAllEqual, Shape::kSorted,
                          Shape::kReversed};
  for (std::size_t n : sizes) {
    for (Shape shape : shapes) {
      INFO("n = " << n << ", shape = " << static_cast<int>(shape));
      auto items = make_items(n, shape, rng);
      auto expected = items;
      std::stable_sort(expected.begin(), expected.end(), key_less);
      parallel_stable_sort(items, key_less);
      REQUIRE(first_difference(items, expected) == "");
    }
  }
}

TEST_CASE("parallel_stable_sort at 10^6 with many duplicates is sorted and stable") {
  std::mt19937_64 rng(7);
  constexpr std::size_t n = 1000000;
  std::vector<Item> items(n);
  // ~1000 copies of each key: stability is visible in the second component.
  for (std::size_t i = 0; i < n; ++i) items[i] = {static_cast<int>(rng() % 1000), static_cast<int>(i)};
  auto expected = items;
  std::stable_sort(expected.begin(), expected.end(), key_less);
  parallel_stable_sort(items, key_less);
  REQUIRE(first_difference(items, expected) == "");
  // Directly: sorted by key, and positions increase within a key.
  bool ordered = true;
  for (std::size_t i = 1; i < n; ++i) {
    if (items[i - 1].first > items[i].first ||
        (items[i - 1].first == items[i].first && items[i - 1].second >= items[i].second)) {
      ordered = false;
    }
  }
  CHECK(ordered);
}

TEST_CASE("parallel_stable_sort moves non-trivial values intact") {
  // Strings long enough to live on the heap: a lost or doubled move shows up.
  std::mt19937_64 rng(99);
  constexpr std::size_t n = 3 * 16 * kParallelGrain + 11;
  std::vector<std::pair<int, std::string>> items(n);
  for (std::size_t i = 0; i < n; ++i) {
    items[i] = {static_cast<int>(rng() % 50), "value number " + std::to_string(i) + " of the batch"};
  }
  auto expected = items;
  auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::stable_sort(expected.begin(), expected.end(), by_key);
  parallel_stable_sort(items, by_key);
  REQUIRE(items == expected);
}

TEST_CASE("parallel_stable_sort honours a custom order") {
  std::mt19937_64 rng(5);
  std::vector<Item> items = make_items(80000, Shape::kRandom, rng);
  auto greater = [](const Item& a, const Item& b) { return a.first > b.first; };
  auto expected = items;
  std::stable_sort(expected.begin(), expected.end(), greater);
  parallel_stable_sort(items, greater);
  REQUIRE(first_difference(items, expected) == "");
}

TEST_CASE("sort_and_combine folds duplicates left to right") {
  std::mt19937_64 rng(11);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{50},
                        std::size_t{5000}, std::size_t{70000}}) {
    INFO("n = " << n);
    const int distinct = static_cast<int>(std::max<std::size_t>(1, n / 10));
    std::vector<std::pair<int, std::string>> batch(n);
    for (std::size_t i = 0; i < n; ++i) {
      batch[i] = {static_cast<int>(rng() % distinct), std::to_string(i) + ";"};
    }
    // Concatenation is not commutative: the result spells out the fold order.
    std::map<int, std::string> concat, first, last;
    for (const auto& [k, v] : batch) {
      concat[k] += v;
      first.try_emplace(k, v);
      last[k] = v;
    }
    auto as_vector = [](const std::map<int, std::string>& m) {
      return std::vector<std::pair<int, std::string>>(m.begin(), m.end());
    };

    auto joined = sort_and_combine(batch, std::less<int>(),
                                   [](const std::string& a, const std::string& b) { return a + b; });
    CHECK(joined == as_vector(concat));
    CHECK(sort_and_combine(batch, std::less<int>(), KeepOld()) == as_vector(first));
    CHECK(sort_and_combine(batch, std::less<int>(), KeepNew()) == as_vector(last));
  }
}

TEST_CASE("sort_and_combine with a descending key order and a counting combine") {
  std::vector<std::pair<int, int>> batch;
  for (int i = 0; i < 30000; ++i) batch.push_back({(i * 7919) % 1000, 1});
  auto counted = sort_and_combine(batch, std::greater<int>(), std::plus<int>());
  REQUIRE(counted.size() == 1000);
  bool ok = true;
  for (std::size_t i = 0; i < counted.size(); ++i) {
    if (counted[i].first != 999 - static_cast<int>(i) || counted[i].second != 30) ok = false;
  }
  CHECK(ok);
}

TEST_CASE("sort_unique equals a sorted std::set of the keys") {
  std::mt19937_64 rng(13);
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{100},
                        std::size_t{40000}, std::size_t{200000}}) {
    INFO("n = " << n);
    std::vector<long long> keys(n);
    for (auto& k : keys) k = static_cast<long long>(rng() % (n / 2 + 1)) - 7;
    auto expected = keys;
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    CHECK(sort_unique(keys, std::less<long long>()) == expected);
  }
}

TEST_CASE("sort_unique keeps the first of each equivalence class") {
  // Keys equivalent under `less` (same tens digit) but distinct values: the
  // stable sort puts the earliest first, and std::unique keeps that one.
  std::vector<int> keys = {35, 12, 31, 19, 10, 38, 5, 2, 99};
  auto by_tens = [](int a, int b) { return a / 10 < b / 10; };
  CHECK(sort_unique(keys, by_tens) == std::vector<int>{5, 12, 35, 99});
}

TEST_CASE("sort helpers allocate no tree nodes") {
  // A batch helper never touches tree memory; the counter is the library's
  // own leak detector, so check it stays put here too.
  using Tree = PTree<int, int>;
  const auto nodes_before = Tree::live_nodes();
  {
    std::vector<std::pair<int, int>> batch = {{3, 1}, {1, 2}, {3, 3}};
    auto sorted = sort_and_combine(batch, std::less<int>(), KeepNew());
    auto tree = Tree::from_sorted(sorted);
    CHECK(tree.size() == 2);
    CHECK(*tree.find(3) == 3);
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}
