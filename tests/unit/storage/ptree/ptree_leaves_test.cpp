// Blocked leaves: every operation against std::map at sizes around and between
// the leaf bounds (B, 2B), persistence of the old handle after every kind of
// write, invariants (leaf sizes included) after every operation, and node
// counts that return to their start once every handle is gone.
#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "storage/ptree/ptree.h"

namespace {

using ptreedb::ptree::PTree;

struct SumAug {
  using value_type = long long;
  static value_type identity() { return 0; }
  template <class K>
  static value_type from_entry(const K&, long long value) { return value; }
  static value_type combine(value_type a, value_type b) { return a + b; }
};

// A wide value: few entries per leaf (B clamped to 8), so many leaves at small sizes.
struct Wide {
  long long v = 0;
  std::array<char, 1000> padding{};  // wider than a leaf target of 8 KiB / 2 / 8
  Wide() = default;
  Wide(long long value) : v(value) {}  // NOLINT: converts like the long long it wraps
  operator long long() const { return v; }  // NOLINT
  friend bool operator==(const Wide& a, const Wide& b) { return a.v == b.v; }
};

template <class Tree>
std::vector<std::pair<int, long long>> contents(const Tree& tree) {
  std::vector<std::pair<int, long long>> out;
  for (auto entry : tree) out.emplace_back(entry.key, static_cast<long long>(entry.value));
  return out;
}

std::vector<std::pair<int, long long>> contents(const std::map<int, long long>& map) {
  return {map.begin(), map.end()};
}

// Everything a reader can ask, compared with the map.
template <class Tree>
void check_against(const Tree& tree, const std::map<int, long long>& ref, std::mt19937_64& rng) {
  REQUIRE(tree.check_invariants() == "");
  REQUIRE(tree.size() == ref.size());
  REQUIRE(contents(tree) == contents(ref));
  std::vector<std::pair<int, long long>> indexed(tree.size());
  tree.foreach_index([&](int k, const auto& v, std::size_t i) { indexed[i] = {k, static_cast<long long>(v)}; });
  REQUIRE(indexed == contents(ref));
  long long sum = 0;
  for (const auto& [k, v] : ref) sum += v;
  REQUIRE(tree.map_reduce([](int, const auto& v) { return static_cast<long long>(v); }, std::plus<long long>(),
                          0LL) == sum);
  if constexpr (std::is_same_v<typename Tree::aug_type, long long>) REQUIRE(tree.aug() == sum);
  for (int probe = 0; probe < 12; ++probe) {
    int key = static_cast<int>(rng() % 1200) - 100;
    auto it = ref.find(key);
    const auto* found = tree.find(key);
    REQUIRE((found == nullptr) == (it == ref.end()));
    if (found != nullptr) REQUIRE(static_cast<long long>(*found) == it->second);
    std::size_t rank = static_cast<std::size_t>(std::distance(ref.begin(), ref.lower_bound(key)));
    REQUIRE(tree.rank(key) == rank);
    auto lb = tree.lower_bound(key);
    if (rank == ref.size()) {
      REQUIRE(lb == tree.end());
    } else {
      REQUIRE((*lb).key == ref.lower_bound(key)->first);
      auto at = tree.seek_index(rank);
      REQUIRE(at == lb);
      REQUIRE(tree.select(rank).key == (*lb).key);
    }
    int high = key + static_cast<int>(rng() % 300);
    long long between = 0;
    std::vector<int> visited;
    for (auto i = ref.lower_bound(key); i != ref.end() && i->first <= high; ++i) between += i->second;
    tree.for_each_between(key, high, [&](int k, const auto&) {
      visited.push_back(k);
      return true;
    });
    REQUIRE(visited.size() == static_cast<std::size_t>(std::distance(ref.lower_bound(key), ref.upper_bound(high))));
    if constexpr (std::is_same_v<typename Tree::aug_type, long long>) {
      REQUIRE(tree.aug_range(key, high) == between);
      long long from = 0, until = 0;
      for (auto i = ref.lower_bound(key); i != ref.end(); ++i) from += i->second;
      for (auto i = ref.begin(); i != ref.end() && i->first <= key; ++i) until += i->second;
      REQUIRE(tree.aug_from(key) == from);
      REQUIRE(tree.aug_until(key) == until);
    }
  }
  if (!ref.empty()) {
    REQUIRE(tree.first().key == ref.begin()->first);
    REQUIRE(tree.last().key == ref.rbegin()->first);
    std::size_t skip = rng() % ref.size();
    std::size_t walked = 0;
    for (auto it = tree.seek_index(skip); it != tree.end(); ++it) ++walked;
    REQUIRE(walked == ref.size() - skip);
  }
  REQUIRE(tree.seek_index(ref.size()) == tree.end());
}

std::vector<std::pair<int, long long>> random_batch(std::mt19937_64& rng, std::size_t count, int span) {
  std::vector<std::pair<int, long long>> batch;
  for (std::size_t i = 0; i < count; ++i) {
    batch.emplace_back(static_cast<int>(rng() % span), static_cast<long long>(rng() % 1000));
  }
  return batch;
}

template <class Tree>
Tree tree_from(const std::map<int, long long>& ref) {
  std::vector<typename Tree::entry_type> entries;
  for (const auto& [k, v] : ref) entries.emplace_back(k, v);
  return Tree::from_sorted(entries);
}

// One random write; the map follows. Returns the new version; `old` is untouched.
template <class Tree>
Tree random_write(const Tree& old, std::map<int, long long>& ref, std::mt19937_64& rng, std::size_t scale) {
  const int span = static_cast<int>(std::max<std::size_t>(4 * scale, 16));
  const std::size_t batch_size = 1 + rng() % std::max<std::size_t>(scale, 4);
  switch (rng() % 12) {
    case 0: {
      int key = static_cast<int>(rng() % span);
      long long value = static_cast<long long>(rng() % 1000);
      ref[key] = value;
      return old.insert(key, value);
    }
    case 1: {
      int key = ref.empty() ? 0 : std::next(ref.begin(), rng() % ref.size())->first;
      ref.erase(key);
      return old.erase(key);
    }
    case 2: {
      int key = ref.empty() ? 0 : std::next(ref.begin(), rng() % ref.size())->first;
      if (auto it = ref.find(key); it != ref.end()) it->second += 7;
      return old.update(key, [](auto v) { return static_cast<long long>(v) + 7; });
    }
    case 3: {
      auto batch = random_batch(rng, batch_size, span);
      for (const auto& [k, v] : batch) ref[k] = v;
      std::vector<typename Tree::entry_type> entries(batch.begin(), batch.end());
      return old.multi_insert(entries);
    }
    case 4: {
      std::vector<int> keys;
      for (std::size_t i = 0; i < batch_size; ++i) {
        int key = ref.empty() || rng() % 4 == 0 ? static_cast<int>(rng() % span)
                                                 : std::next(ref.begin(), rng() % ref.size())->first;
        keys.push_back(key);
      }
      for (int key : keys) ref.erase(key);
      return old.multi_delete(keys);
    }
    case 5: {
      int low = static_cast<int>(rng() % span), high = low + static_cast<int>(rng() % span);
      std::map<int, long long> kept(ref.lower_bound(low), ref.upper_bound(high));
      ref = kept;
      return old.range(low, high);
    }
    case 6: {
      int low = static_cast<int>(rng() % span);
      ref.erase(ref.begin(), ref.lower_bound(low));
      return old.from(low);
    }
    case 7: {
      int high = static_cast<int>(rng() % span);
      ref.erase(ref.upper_bound(high), ref.end());
      return old.until(high);
    }
    case 8: {
      int modulus = 2 + static_cast<int>(rng() % 5);
      std::erase_if(ref, [&](const auto& e) { return e.first % modulus == 0; });
      return old.filter([&](int k, const auto&) { return k % modulus != 0; });
    }
    case 9: {
      auto batch = random_batch(rng, batch_size * (1 + rng() % 3), span);
      std::map<int, long long> other(batch.begin(), batch.end());
      for (const auto& [k, v] : other) ref[k] = ref.count(k) ? ref[k] + v : v;
      return Tree::set_union(old, tree_from<Tree>(other),
                             [](const auto& a, const auto& b) { return static_cast<long long>(a) + static_cast<long long>(b); });
    }
    case 10: {
      auto batch = random_batch(rng, batch_size * (1 + rng() % 8), span);
      std::map<int, long long> other(batch.begin(), batch.end());
      if (rng() % 2 == 0) {
        std::map<int, long long> both;
        for (const auto& [k, v] : ref) {
          if (other.count(k)) both[k] = v;
        }
        ref = both;
        return Tree::set_intersection(old, tree_from<Tree>(other));
      }
      for (const auto& [k, v] : other) ref.erase(k);
      return Tree::set_difference(old, tree_from<Tree>(other));
    }
    default: {
      for (auto& [k, v] : ref) v = v * 3 + k;
      return old.map_values([](int k, const auto& v) { return static_cast<long long>(v) * 3 + k; });
    }
  }
}

// Starts from `size` entries built several ways and runs a random mix of writes,
// checking every version against its map and every older version against its own.
template <class Tree>
void run_mix(std::size_t size, std::uint64_t seed, int steps) {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(seed);
    std::map<int, long long> ref;
    while (ref.size() < size) ref[static_cast<int>(rng() % (4 * size + 8))] = static_cast<long long>(rng() % 1000);
    // The same contents built three ways must read the same.
    Tree sorted = tree_from<Tree>(ref);
    Tree one_by_one;
    for (const auto& [k, v] : ref) one_by_one = std::move(one_by_one).insert(k, v);
    std::vector<typename Tree::entry_type> shuffled(ref.begin(), ref.end());
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    Tree batched = Tree().multi_insert(shuffled);
    check_against(sorted, ref, rng);
    check_against(one_by_one, ref, rng);
    check_against(batched, ref, rng);

    std::vector<std::pair<Tree, std::map<int, long long>>> versions{{sorted, ref}};
    Tree current = rng() % 2 ? one_by_one : batched;
    for (int step = 0; step < steps; ++step) {
      std::map<int, long long> next_ref = ref;
      Tree next = random_write(current, next_ref, rng, std::max<std::size_t>(size, 1));
      INFO("size " << size << " step " << step);
      check_against(next, next_ref, rng);
      REQUIRE(contents(current) == contents(ref));  // the old handle reads as before
      REQUIRE(current.check_invariants() == "");
      // diff between the two versions reports exactly the map's differences.
      std::vector<int> changed, expected;
      Tree::diff(current, next, [](const auto& a, const auto& b) { return a == b; },
                 [&](int k, const auto&, const auto&) { changed.push_back(k); });
      for (const auto& [k, v] : ref) {
        auto it = next_ref.find(k);
        if (it == next_ref.end() || it->second != v) expected.push_back(k);
      }
      for (const auto& [k, v] : next_ref) {
        if (!ref.count(k)) expected.push_back(k);
      }
      std::sort(expected.begin(), expected.end());
      REQUIRE(changed == expected);
      if (step % 4 == 0) versions.emplace_back(current, ref);
      // Refill an emptied tree now and then so the mix keeps crossing the bounds.
      if (next_ref.size() < size / 2 && rng() % 3 == 0) {
        auto refill = random_batch(rng, size, static_cast<int>(4 * size + 8));
        for (const auto& [k, v] : refill) next_ref[k] = v;
        std::vector<typename Tree::entry_type> entries(refill.begin(), refill.end());
        next = std::move(next).multi_insert(entries);
        check_against(next, next_ref, rng);
      }
      current = std::move(next);
      ref = std::move(next_ref);
    }
    for (const auto& [tree, map] : versions) {
      REQUIRE(contents(tree) == contents(map));
      REQUIRE(tree.check_invariants() == "");
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

template <class Tree>
std::vector<std::size_t> sizes_around_bounds() {
  const std::size_t b = Tree::kLeafMin;
  return {0, 1, 2, b - 1, b, b + 1, 2 * b - 1, 2 * b, 2 * b + 1, 2 * b + 2, 3 * b, 4 * b + 1, 5 * b, 9 * b, 33 * b};
}

}  // namespace

TEST_CASE("leaf bounds are B..2B and B is derived from the entry width") {
  using Narrow = PTree<int, long long, SumAug>;
  using WideTree = PTree<int, Wide>;
  CHECK(Narrow::kLeafMax == 2 * Narrow::kLeafMin);
  CHECK(Narrow::kLeafMin >= 8);
  CHECK(WideTree::kLeafMin == 8);  // clamped: a wide entry still gets a real block
  CHECK(WideTree::kLeafMin < Narrow::kLeafMin);
}

TEST_CASE("random operation mixes match std::map at sizes around the leaf bounds") {
  using Tree = PTree<int, long long, SumAug>;
  std::uint64_t seed = 100;
  for (std::size_t size : sizes_around_bounds<Tree>()) {
    INFO("start size " << size);
    run_mix<Tree>(size, seed++, size > 1000 ? 25 : 60);
  }
}

TEST_CASE("random operation mixes match std::map with wide entries (B = 8)") {
  using Tree = PTree<int, Wide>;
  std::uint64_t seed = 200;
  for (std::size_t size : sizes_around_bounds<Tree>()) {
    INFO("start size " << size);
    run_mix<Tree>(size, seed++, 60);
  }
}

TEST_CASE("growing one entry at a time through every size keeps the leaf bounds") {
  using Tree = PTree<int, long long, SumAug>;
  const auto nodes_before = Tree::live_nodes();
  {
    const std::size_t limit = 6 * Tree::kLeafMax + 3;
    std::mt19937_64 rng(7);
    std::vector<int> keys(limit);
    for (std::size_t i = 0; i < limit; ++i) keys[i] = static_cast<int>(i);
    std::shuffle(keys.begin(), keys.end(), rng);
    Tree tree;
    std::map<int, long long> ref;
    std::vector<Tree> versions;
    for (int key : keys) {
      Tree next = tree.insert(key, key);
      ref[key] = key;
      REQUIRE(next.check_invariants() == "");
      REQUIRE(next.size() == ref.size());
      versions.push_back(tree);
      tree = std::move(next);
    }
    REQUIRE(contents(tree) == contents(ref));
    // And shrink back one entry at a time, in another order.
    std::shuffle(keys.begin(), keys.end(), rng);
    for (int key : keys) {
      tree = tree.erase(key);
      ref.erase(key);
      REQUIRE(tree.check_invariants() == "");
      REQUIRE(tree.size() == ref.size());
    }
    REQUIRE(tree.empty());
    for (std::size_t i = 0; i < versions.size(); ++i) REQUIRE(versions[i].size() == i);
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("a point write copies one leaf and its path") {
  using Tree = PTree<int, long long, SumAug>;
  std::vector<std::pair<int, long long>> entries;
  for (int i = 0; i < 100000; ++i) entries.emplace_back(2 * i, i);
  Tree tree = Tree::from_sorted(entries);
  const auto nodes = Tree::live_nodes();
  Tree updated = tree.update(777, [](long long v) { return v + 1; });  // absent: shares everything
  CHECK(updated.same_root(tree));
  updated = tree.update(778, [](long long v) { return v + 1; });
  CHECK(Tree::live_nodes() - nodes <= static_cast<std::int64_t>(tree.height()));
  CHECK(*updated.find(778) == 390);
  CHECK(*tree.find(778) == 389);
}

TEST_CASE("a million entries: bulk writes, set operations and scans match sorted vectors") {
  using Tree = PTree<int, long long, SumAug>;
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(11);
    std::map<int, long long> ref;
    std::vector<std::pair<int, long long>> batch;
    for (int i = 0; i < 1000000; ++i) batch.emplace_back(static_cast<int>(rng() % 4000000), i);
    for (const auto& [k, v] : batch) ref[k] = v;
    Tree tree = Tree::build(batch);
    REQUIRE(tree.check_invariants() == "");
    REQUIRE(contents(tree) == contents(ref));

    auto more = random_batch(rng, 100000, 4000000);
    Tree grown = tree.multi_insert(std::vector<Tree::entry_type>(more.begin(), more.end()));
    std::map<int, long long> grown_ref = ref;
    for (const auto& [k, v] : more) grown_ref[k] = v;
    REQUIRE(grown.check_invariants() == "");
    REQUIRE(contents(grown) == contents(grown_ref));
    REQUIRE(contents(tree) == contents(ref));

    std::vector<int> doomed;
    for (int i = 0; i < 200000; ++i) doomed.push_back(static_cast<int>(rng() % 4000000));
    Tree shrunk = grown.multi_delete(doomed);
    for (int key : doomed) grown_ref.erase(key);
    REQUIRE(shrunk.check_invariants() == "");
    REQUIRE(contents(shrunk) == contents(grown_ref));

    Tree joined = Tree::set_union(tree, shrunk);
    std::map<int, long long> union_ref = ref;
    for (const auto& [k, v] : grown_ref) union_ref[k] = v;
    REQUIRE(joined.check_invariants() == "");
    REQUIRE(contents(joined) == contents(union_ref));

    Tree common = Tree::set_intersection(tree, shrunk);
    Tree only = Tree::set_difference(tree, shrunk);
    REQUIRE(common.check_invariants() == "");
    REQUIRE(only.check_invariants() == "");
    REQUIRE(common.size() + only.size() == tree.size());

    long long sum = 0;
    for (const auto& [k, v] : union_ref) sum += v;
    REQUIRE(joined.aug() == sum);
    REQUIRE(joined.map_reduce([](int, long long v) { return v; }, std::plus<long long>(), 0LL) == sum);
    Tree ranged = joined.range(1000000, 2000000);
    REQUIRE(ranged.check_invariants() == "");
    REQUIRE(ranged.size() == static_cast<std::size_t>(std::distance(union_ref.lower_bound(1000000),
                                                                    union_ref.upper_bound(2000000))));
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}
