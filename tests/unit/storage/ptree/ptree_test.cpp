// Randomized differential tests of PTree's single-entry operations and queries
// against std::map. Every version ever kept in the history must keep reading
// exactly its snapshot, whether later versions were made by the copying (const&)
// or the in-place (&&) form of an operation.
#include "storage/ptree/ptree.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

using ptreedb::ptree::KeepNew;
using ptreedb::ptree::KeepOld;
using ptreedb::ptree::PTree;

namespace {

// Sum of values per subtree.
struct SumAug {
  using value_type = long long;
  static value_type identity() { return 0; }
  template <class K>
  static value_type from_entry(const K&, long long value) { return value; }
  static value_type combine(value_type a, value_type b) { return a + b; }
};

// An order-sensitive monoid: a polynomial hash of the in-order sequence. Any
// reordering of a combine changes the result (with overwhelming probability).
struct SeqHash {
  std::uint64_t hash = 0;
  std::uint64_t power = 1;
  friend bool operator==(const SeqHash&, const SeqHash&) = default;
};
constexpr std::uint64_t kHashBase = 0x9E3779B97F4A7C15ULL;
inline SeqHash hash_entry(std::uint64_t key_hash, long long value) {
  return {key_hash * 1000003ULL + static_cast<std::uint64_t>(value) + 1, kHashBase};
}
inline SeqHash hash_combine(const SeqHash& a, const SeqHash& b) {
  return {a.hash * b.power + b.hash, a.power * b.power};
}

struct HashAug {
  using value_type = SeqHash;
  static value_type identity() { return {}; }
  static value_type from_entry(int key, long long value) {
    return hash_entry(static_cast<std::uint64_t>(key), value);
  }
  static value_type combine(const value_type& a, const value_type& b) { return hash_combine(a, b); }
};

// Another non-commutative monoid for map_reduce: first/last key, count, and
// whether the pieces arrived in increasing key order.
template <class K>
struct Span {
  bool empty = true;
  K first{}, last{};
  std::size_t count = 0;
  bool increasing = true;
};
template <class K>
Span<K> span_of(const K& key) {
  return {false, key, key, 1, true};
}
template <class K>
Span<K> span_combine(const Span<K>& a, const Span<K>& b) {
  if (a.empty) return b;
  if (b.empty) return a;
  return {false, a.first, b.last, a.count + b.count, a.increasing && b.increasing && a.last < b.first};
}

std::uint64_t key_hash(int key) { return static_cast<std::uint64_t>(key); }
std::uint64_t key_hash(const std::string& key) { return std::hash<std::string>()(key); }
std::string show(int key) { return std::to_string(key); }
std::string show(const std::string& key) { return "\"" + key + "\""; }

// Compares a tree with a reference map by iteration; "" when equal and the
// tree's invariants hold, else the first difference.
template <class Tree, class Map>
std::string difference(const Tree& tree, const Map& ref) {
  if (tree.size() != ref.size()) {
    return "size " + std::to_string(tree.size()) + " vs " + std::to_string(ref.size());
  }
  if (tree.empty() != ref.empty()) return "empty() disagrees";
  auto it = tree.begin();
  for (const auto& [key, value] : ref) {
    if (it == tree.end()) return "iteration ended early";
    auto entry = *it;
    if (!(entry.key == key)) return "key " + show(entry.key) + " where " + show(key) + " expected";
    if (!(entry.value == value)) return "wrong value under key " + show(key);
    ++it;
  }
  if (!(it == tree.end())) return "iteration runs past the end";
  return tree.check_invariants();
}

template <class Map>
Map slice(const Map& ref, const typename Map::key_type& low, const typename Map::key_type& high) {
  if (high < low) return {};
  return Map(ref.lower_bound(low), ref.upper_bound(high));
}

// All the read-only operations of one version against its reference map.
// `full` also checks every key and position rather than a random sample.
template <class Tree, class Map, class KeyGen>
void check_queries(const Tree& tree, const Map& ref, std::mt19937_64& rng, KeyGen gen_key,
                   bool full) {
  using K = typename Map::key_type;
  REQUIRE(difference(tree, ref) == "");

  // find / contains / rank on random keys (present or not) and on every key.
  std::vector<std::pair<K, std::size_t>> probes;  // a key and its expected rank
  for (int i = 0; i < 8; ++i) {
    K key = gen_key(rng);
    probes.emplace_back(key, std::distance(ref.begin(), ref.lower_bound(key)));
  }
  if (full) {
    for (const auto& entry : ref) probes.emplace_back(entry.first, probes.size() - 8);
  }
  std::string lookup_problem;  // one assertion for all probes keeps big runs fast
  for (const auto& [key, rank] : probes) {
    auto found = ref.find(key);
    const long long* value = tree.find(key);
    const bool present = found != ref.end();
    if ((value != nullptr) != present || (present && *value != found->second)) {
      lookup_problem = "find disagrees at key " + show(key);
    } else if (tree.contains(key) != present) {
      lookup_problem = "contains disagrees at key " + show(key);
    } else if (tree.rank(key) != rank) {
      lookup_problem = "rank disagrees at key " + show(key);
    }
    if (!lookup_problem.empty()) break;
  }
  REQUIRE(lookup_problem == "");

  // select / first / last.
  if (!ref.empty()) {
    CHECK(tree.first().key == ref.begin()->first);
    CHECK(tree.first().value == ref.begin()->second);
    CHECK(tree.last().key == ref.rbegin()->first);
    CHECK(tree.last().value == ref.rbegin()->second);
    if (full) {
      std::size_t index = 0;
      bool all_match = true;
      for (const auto& [key, value] : ref) {
        auto entry = tree.select(index++);
        if (!(entry.key == key) || entry.value != value) all_match = false;
      }
      CHECK(all_match);
    } else {
      for (int i = 0; i < 4; ++i) {
        std::size_t index = rng() % ref.size();
        auto expected = std::next(ref.begin(), static_cast<std::ptrdiff_t>(index));
        auto entry = tree.select(index);
        CHECK(entry.key == expected->first);
        CHECK(entry.value == expected->second);
      }
    }
  }

  // lower_bound iteration: a bounded walk from a random key to the end.
  {
    K key = gen_key(rng);
    auto it = tree.lower_bound(key);
    auto expected = ref.lower_bound(key);
    int steps = 0;
    for (; expected != ref.end() && steps < 40; ++expected, ++steps, ++it) {
      REQUIRE(!(it == tree.end()));
      REQUIRE((*it).key == expected->first);
      REQUIRE((*it).value == expected->second);
    }
    if (expected == ref.end()) CHECK(it == tree.end());
  }

  // seek_index: a bounded walk from a random position; past the end is end().
  {
    const std::size_t index = rng() % (ref.size() + 2);
    auto it = tree.seek_index(index);
    auto expected = ref.begin();
    std::advance(expected, static_cast<std::ptrdiff_t>(std::min(index, ref.size())));
    int steps = 0;
    for (; expected != ref.end() && steps < 40; ++expected, ++steps, ++it) {
      REQUIRE(!(it == tree.end()));
      REQUIRE((*it).key == expected->first);
      REQUIRE((*it).value == expected->second);
    }
    if (expected == ref.end()) CHECK(it == tree.end());
    CHECK(tree.seek_index(ref.size()) == tree.end());
  }

  // for_each_between, whole and stopped early.
  {
    K low = gen_key(rng), high = gen_key(rng);
    if (rng() % 4 != 0 && high < low) std::swap(low, high);  // mostly low <= high
    Map expected = slice(ref, low, high);
    std::vector<std::pair<K, long long>> seen;
    tree.for_each_between(low, high, [&](const K& key, const long long& value) {
      seen.emplace_back(key, value);
      return true;
    });
    CHECK(seen == std::vector<std::pair<K, long long>>(expected.begin(), expected.end()));

    std::size_t stop_after = rng() % (expected.size() + 2);
    std::vector<std::pair<K, long long>> prefix;
    tree.for_each_between(low, high, [&](const K& key, const long long& value) {
      prefix.emplace_back(key, value);
      return prefix.size() < stop_after;
    });
    std::size_t want = std::min(expected.size(), std::max<std::size_t>(stop_after, 1));
    if (expected.empty()) want = 0;
    CHECK(prefix == std::vector<std::pair<K, long long>>(
                        expected.begin(), std::next(expected.begin(), static_cast<std::ptrdiff_t>(want))));
  }

  // map_reduce: a sum, and two order-sensitive monoids.
  {
    long long sum = 0;
    SeqHash hash;
    for (const auto& [key, value] : ref) {
      sum += value;
      hash = hash_combine(hash, hash_entry(key_hash(key), value));
    }
    CHECK(tree.map_reduce([](const K&, long long value) { return value; },
                          [](long long a, long long b) { return a + b; }, 0LL) == sum);
    CHECK(tree.map_reduce([](const K& key, long long value) { return hash_entry(key_hash(key), value); },
                          hash_combine, SeqHash{}) == hash);
    Span<K> span = tree.map_reduce([](const K& key, long long) { return span_of(key); },
                                   span_combine<K>, Span<K>{});
    CHECK(span.empty == ref.empty());
    CHECK(span.count == ref.size());
    CHECK(span.increasing);
    if (!ref.empty()) {
      CHECK(span.first == ref.begin()->first);
      CHECK(span.last == ref.rbegin()->first);
    }
  }

  // foreach_index: each position exactly once, with its entry.
  {
    std::vector<std::pair<K, long long>> by_position(ref.size());
    std::vector<std::atomic<int>> visits(ref.size());
    tree.foreach_index([&](const K& key, const long long& value, std::size_t position) {
      by_position.at(position) = {key, value};
      visits.at(position).fetch_add(1);
    });
    CHECK(by_position == std::vector<std::pair<K, long long>>(ref.begin(), ref.end()));
    CHECK(std::all_of(visits.begin(), visits.end(), [](const auto& v) { return v.load() == 1; }));
    CHECK(tree.to_vector() == std::vector<std::pair<K, long long>>(ref.begin(), ref.end()));
  }

  // Sum augmentation: whole tree, [low, high], >= low, <= high.
  {
    auto sum_of = [](auto first, auto last) {
      long long sum = 0;
      for (; first != last; ++first) sum += first->second;
      return sum;
    };
    CHECK(tree.aug() == sum_of(ref.begin(), ref.end()));
    for (int i = 0; i < 4; ++i) {
      K low = gen_key(rng), high = gen_key(rng);
      INFO("low " << show(low) << " high " << show(high));
      long long between = high < low ? 0 : sum_of(ref.lower_bound(low), ref.upper_bound(high));
      CHECK(tree.aug_range(low, high) == between);
      CHECK(tree.aug_from(low) == sum_of(ref.lower_bound(low), ref.end()));
      CHECK(tree.aug_until(high) == sum_of(ref.begin(), ref.upper_bound(high)));
    }
  }

  // range / from / until return trees, and leave this one as it was.
  {
    K low = gen_key(rng), high = gen_key(rng);
    if (rng() % 4 != 0 && high < low) std::swap(low, high);
    INFO("low " << show(low) << " high " << show(high));
    Tree ranged = tree.range(low, high);
    CHECK(difference(ranged, slice(ref, low, high)) == "");
    Tree from = tree.from(low);
    CHECK(difference(from, Map(ref.lower_bound(low), ref.end())) == "");
    Tree until = tree.until(high);
    CHECK(difference(until, Map(ref.begin(), ref.upper_bound(high))) == "");
    CHECK(ranged.aug() == tree.aug_range(low, high));
  }
  REQUIRE(difference(tree, ref) == "");
}

// One random single-entry update of `tree`/`ref`; with some probability it
// runs both the copying and the in-place form and checks they agree.
template <class Tree, class Map, class KeyGen>
void random_update(Tree& tree, Map& ref, std::mt19937_64& rng, KeyGen gen_key) {
  using K = typename Map::key_type;
  auto sum = [](long long a, long long b) { return a + b; };
  auto existing_or_random = [&]() -> K {
    if (!ref.empty() && rng() % 2 == 0) return tree.select(rng() % tree.size()).key;
    return gen_key(rng);
  };
  const int mode = static_cast<int>(rng() % 3);  // 0: const&, 1: &&, 2: both, compared
  auto apply = [&](auto&& op) {
    if (mode == 0) {
      tree = op(static_cast<const Tree&>(tree));
    } else if (mode == 1) {
      tree = op(std::move(tree));
    } else {
      Tree copied = op(static_cast<const Tree&>(tree));
      Tree moved = op(std::move(tree));
      REQUIRE(difference(copied, ref) == "");  // `ref` is already updated below
      REQUIRE(difference(moved, ref) == "");
      tree = std::move(moved);
    }
  };

  const int op = static_cast<int>(rng() % 10);
  const long long value = static_cast<long long>(rng() % 1000) - 200;
  if (op <= 2) {  // insert, KeepNew (the default) and explicitly
    K key = existing_or_random();
    ref[key] = value;
    if (op == 0) {
      apply([&](auto&& t) { return std::forward<decltype(t)>(t).insert(key, value); });
    } else {
      apply([&](auto&& t) { return std::forward<decltype(t)>(t).insert(key, value, KeepNew()); });
    }
  } else if (op == 3) {  // insert with a summing combine
    K key = existing_or_random();
    ref[key] += value;
    apply([&](auto&& t) { return std::forward<decltype(t)>(t).insert(key, value, sum); });
  } else if (op == 4) {  // insert, KeepOld
    K key = existing_or_random();
    ref.try_emplace(key, value);
    apply([&](auto&& t) { return std::forward<decltype(t)>(t).insert(key, value, KeepOld()); });
  } else if (op <= 7) {  // erase, present or absent
    K key = op == 5 ? gen_key(rng) : existing_or_random();
    ref.erase(key);
    apply([&](auto&& t) { return std::forward<decltype(t)>(t).erase(key); });
  } else {  // update with a function, present or absent
    K key = existing_or_random();
    auto update = [](long long old) { return old * 3 + 1; };
    if (auto found = ref.find(key); found != ref.end()) found->second = update(found->second);
    apply([&](auto&& t) { return std::forward<decltype(t)>(t).update(key, update); });
  }
  REQUIRE(difference(tree, ref) == "");
}

// The differential driver: random updates, a history of kept versions that
// must read their snapshots forever, and query checks on the way.
template <class K, class KeyGen>
void run_differential(std::uint64_t seed, int steps, KeyGen gen_key) {
  using Tree = PTree<K, long long, SumAug>;
  using Map = std::map<K, long long>;
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(seed);
    Tree tree;
    Map ref;
    std::vector<std::pair<Tree, Map>> history;
    constexpr std::size_t kHistory = 16;
    check_queries(tree, ref, rng, gen_key, true);  // the empty tree
    for (int step = 0; step < steps; ++step) {
      INFO("step " << step);
      random_update(tree, ref, rng, gen_key);
      if (step % 7 == 0) check_queries(tree, ref, rng, gen_key, step % 35 == 0);
      // Keeping a version makes the next update share its nodes; not keeping
      // it lets the && forms reuse nodes in place.
      if (rng() % 4 == 0) {
        if (history.size() < kHistory) {
          history.emplace_back(tree, ref);
        } else {
          history[rng() % kHistory] = {tree, ref};
        }
      }
      for (const auto& [old_tree, old_ref] : history) REQUIRE(difference(old_tree, old_ref) == "");
    }
    for (const auto& [old_tree, old_ref] : history) check_queries(old_tree, old_ref, rng, gen_key, true);
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

int random_int_key(std::mt19937_64& rng) { return static_cast<int>(rng() % 320) - 10; }

std::string random_string_key(std::mt19937_64& rng) {
  // Short strings over a tiny alphabet: many collisions, prefixes and "".
  std::string key(rng() % 4, 'a');
  for (char& c : key) c = static_cast<char>('a' + rng() % 4);
  return key;
}

template <class Tree>
int height(const Tree& tree) {
  return static_cast<int>(tree.height());
}

}  // namespace

TEST_CASE("single-entry operations and queries match std::map (int keys)") {
  run_differential<int>(1, 2500, random_int_key);
}

TEST_CASE("single-entry operations and queries match std::map (another seed, small key space)") {
  // 12 keys: the tree keeps emptying and refilling.
  run_differential<int>(2, 800, [](std::mt19937_64& rng) { return static_cast<int>(rng() % 12); });
}

TEST_CASE("single-entry operations and queries match std::map (string keys)") {
  run_differential<std::string>(3, 1200, random_string_key);
}

TEST_CASE("the empty tree") {
  using Tree = PTree<int, long long, SumAug>;
  const auto nodes_before = Tree::live_nodes();
  {
    Tree empty;
    CHECK(empty.empty());
    CHECK(empty.size() == 0);
    CHECK(empty.find(1) == nullptr);
    CHECK_FALSE(empty.contains(1));
    CHECK(empty.rank(5) == 0);
    CHECK(empty.begin() == empty.end());
    CHECK(empty.lower_bound(3) == empty.end());
    CHECK(empty.aug() == 0);
    CHECK(empty.aug_range(0, 10) == 0);
    CHECK(empty.range(0, 10).empty());
    CHECK(empty.from(0).empty());
    CHECK(empty.until(0).empty());
    CHECK(empty.erase(3).empty());
    CHECK(empty.update(3, [](long long v) { return v + 1; }).empty());
    CHECK(empty.to_vector().empty());
    CHECK(empty.check_invariants() == "");
    CHECK(empty.map_reduce([](int, long long v) { return v; }, std::plus<long long>(), 7LL) == 7);
    int visits = 0;
    empty.foreach_index([&](int, long long, std::size_t) { ++visits; });
    empty.for_each_between(0, 100, [&](int, long long) { return ++visits > 0; });
    CHECK(visits == 0);
    Tree one = empty.insert(4, 16);
    CHECK(empty.empty());
    CHECK(one.size() == 1);
    CHECK(one.first().key == 4);
    CHECK(one.last().value == 16);
    CHECK(std::move(one).erase(4).empty());
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("queries on a tree large enough for the parallel paths") {
  // 30000 entries: map_reduce, foreach_index and to_vector fork above 2048.
  using Tree = PTree<int, long long, SumAug>;
  using Map = std::map<int, long long>;
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(4);
    std::vector<std::pair<int, long long>> entries;
    Map ref;
    for (int i = 0; i < 30000; ++i) {
      long long value = static_cast<long long>(rng() % 100000);
      entries.emplace_back(2 * i, value);  // even keys, so odd probes miss
      ref.emplace(2 * i, value);
    }
    Tree tree = Tree::from_sorted(entries);
    auto gen_key = [](std::mt19937_64& r) { return static_cast<int>(r() % 60010) - 5; };
    check_queries(tree, ref, rng, gen_key, false);

    std::vector<std::pair<Tree, Map>> history;
    for (int step = 0; step < 60; ++step) {
      random_update(tree, ref, rng, gen_key);
      if (step % 10 == 0) history.emplace_back(tree, ref);
    }
    check_queries(tree, ref, rng, gen_key, true);
    for (const auto& [old_tree, old_ref] : history) REQUIRE(difference(old_tree, old_ref) == "");
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("an order-sensitive augmentation combines in key order") {
  using Tree = PTree<int, long long, HashAug>;
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(6);
    Tree tree;
    std::map<int, long long> ref;
    auto hash_of = [](auto first, auto last) {
      SeqHash hash;
      for (; first != last; ++first) hash = hash_combine(hash, hash_entry(static_cast<std::uint64_t>(first->first), first->second));
      return hash;
    };
    for (int step = 0; step < 1500; ++step) {
      int key = static_cast<int>(rng() % 500);
      if (rng() % 3 == 0) {
        tree = std::move(tree).erase(key);
        ref.erase(key);
      } else {
        long long value = static_cast<long long>(rng() % 1000);
        tree = tree.insert(key, value);
        ref[key] = value;
      }
      if (step % 5 != 0) continue;
      // check_invariants also recomputes every node's augmented value.
      REQUIRE(tree.check_invariants() == "");
      REQUIRE(tree.aug() == hash_of(ref.begin(), ref.end()));
      for (int i = 0; i < 3; ++i) {
        int low = static_cast<int>(rng() % 520) - 10, high = static_cast<int>(rng() % 520) - 10;
        if (high < low) std::swap(low, high);
        REQUIRE(tree.aug_range(low, high) == hash_of(ref.lower_bound(low), ref.upper_bound(high)));
        REQUIRE(tree.aug_from(low) == hash_of(ref.lower_bound(low), ref.end()));
        REQUIRE(tree.aug_until(high) == hash_of(ref.begin(), ref.upper_bound(high)));
        REQUIRE(tree.range(low, high).aug() == tree.aug_range(low, high));
      }
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("a key-only tree (set) and a custom key order") {
  using Set = PTree<int>;
  using Desc = PTree<int, int, ptreedb::ptree::NoAug, std::greater<int>>;
  const auto set_nodes = Set::live_nodes();
  const auto desc_nodes = Desc::live_nodes();
  {
    std::mt19937_64 rng(8);
    Set set;
    Desc desc;
    std::map<int, int, std::greater<int>> ref;
    for (int i = 0; i < 600; ++i) {
      int key = static_cast<int>(rng() % 200);
      set = std::move(set).insert(key, {});
      desc = desc.insert(key, i);
      ref[key] = i;
    }
    REQUIRE(set.size() == ref.size());
    REQUIRE(set.check_invariants() == "");
    REQUIRE(desc.check_invariants() == "");
    std::vector<int> set_keys, desc_keys, ref_keys;
    for (auto entry : set) set_keys.push_back(entry.key);
    for (auto entry : desc) desc_keys.push_back(entry.key);
    for (const auto& entry : ref) ref_keys.push_back(entry.first);
    CHECK(desc_keys == ref_keys);  // descending
    std::reverse(ref_keys.begin(), ref_keys.end());
    CHECK(set_keys == ref_keys);  // ascending
    CHECK(desc.first().key == ref.begin()->first);
    CHECK(desc.rank(100) == static_cast<std::size_t>(std::distance(ref.begin(), ref.lower_bound(100))));
    // range(low, high) means low <= key <= high in the tree's own order.
    auto ranged = desc.range(150, 50);
    CHECK(ranged.size() == static_cast<std::size_t>(std::distance(ref.lower_bound(150), ref.upper_bound(50))));
    CHECK(desc.range(50, 150).empty());
  }
  REQUIRE(Set::live_nodes() == set_nodes);
  REQUIRE(Desc::live_nodes() == desc_nodes);
}

TEST_CASE("sequential inserts keep the height logarithmic and the iterator stack sufficient") {
  // Ascending and descending runs are the worst case for rebalancing.
  using Tree = PTree<int, int>;
  const auto nodes_before = Tree::live_nodes();
  {
    constexpr int n = 50000;
    Tree up, down;
    for (int i = 0; i < n; ++i) {
      up = std::move(up).insert(i, i);
      down = std::move(down).insert(n - i, i);
    }
    // Weight balance with alpha = 0.29 bounds the height by log(n)/log(1/0.71) ~ 2.02 log2 n.
    const int bound = static_cast<int>(2.03 * std::log2(double(n))) + 2;
    CHECK(height(up) <= bound);
    CHECK(height(down) <= bound);
    CHECK(up.check_invariants() == "");
    CHECK(down.check_invariants() == "");
    long long count = 0;
    int expected = 0;
    bool in_order = true;
    for (auto entry : up) {
      if (entry.key != expected++) in_order = false;
      ++count;
    }
    CHECK(in_order);
    CHECK(count == n);
    CHECK(Tree::live_nodes() - nodes_before ==
          static_cast<std::int64_t>(up.node_count() + down.node_count()));  // private trees: nothing else alive
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("in-place updates of a private tree allocate only what they must") {
  using Tree = PTree<int, int>;
  const auto nodes_before = Tree::live_nodes();
  {
    Tree tree;
    for (int i = 0; i < 1000; ++i) tree = std::move(tree).insert(i, i);
    const auto nodes = Tree::live_nodes();
    const auto tree_nodes = static_cast<std::int64_t>(tree.node_count());
    tree = std::move(tree).update(500, [](int v) { return v + 1; });
    CHECK(Tree::live_nodes() == nodes);  // updated in place
    tree = std::move(tree).insert(1000, 0);
    tree = std::move(tree).erase(3);
    // Old leaves are freed as new ones replace them: only the tree's nodes live.
    CHECK(Tree::live_nodes() - nodes == static_cast<std::int64_t>(tree.node_count()) - tree_nodes);
    const auto nodes_after_writes = Tree::live_nodes();

    // A kept version forces path copying: a few new nodes, all old ones stay.
    Tree kept = tree;
    tree = tree.update(200, [](int v) { return -v; });
    const auto copied = Tree::live_nodes() - nodes_after_writes;
    CHECK(copied > 0);
    CHECK(copied <= height(tree));  // one copy per node on the path
    CHECK(*kept.find(200) == 200);
    CHECK(*tree.find(200) == -200);
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}
