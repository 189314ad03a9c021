// Bulk operations (build, from_sorted, multi_insert[_sorted], multi_delete,
// filter, set union / intersection / difference, range) against std::map and
// the std::set_* algorithms, from the empty tree to 10^6 entries. After every
// operation its inputs must still read exactly as before.
#include "storage/ptree/ptree.h"

#include <catch2/catch.hpp>

#include <algorithm>
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

struct SumAug {
  using value_type = long long;
  static value_type identity() { return 0; }
  static value_type from_entry(int, long long value) { return value; }
  static value_type combine(value_type a, value_type b) { return a + b; }
};

using Tree = PTree<int, long long, SumAug>;
using Entry = std::pair<int, long long>;
using Entries = std::vector<Entry>;  // a reference: sorted by key, unique keys
using Map = std::map<int, long long>;

bool key_less(const Entry& a, const Entry& b) { return a.first < b.first; }

auto sum = [](long long a, long long b) { return a + b; };
// Not commutative and not associative: the result shows which value came first.
constexpr long long kPrime = 1000000007;
auto ordered = [](long long a, long long b) { return (a * 1009 + b) % kPrime; };

// "" when the tree holds exactly `ref`, its invariants hold and its sum
// augmentation is right; else the first difference.
std::string difference(const Tree& tree, const Entries& ref) {
  if (tree.size() != ref.size()) {
    return "size " + std::to_string(tree.size()) + " vs " + std::to_string(ref.size());
  }
  long long total = 0;
  auto it = tree.begin();
  for (const auto& [key, value] : ref) {
    if (it == tree.end()) return "iteration ended early";
    auto entry = *it;
    if (entry.key != key) return "key " + std::to_string(entry.key) + " where " + std::to_string(key) + " expected";
    if (entry.value != value) return "wrong value under key " + std::to_string(key);
    total += value;
    ++it;
  }
  if (!(it == tree.end())) return "iteration runs past the end";
  if (tree.aug() != total) return "wrong augmented sum at the root";
  return tree.check_invariants();
}

Entries entries_of(const Map& map) { return Entries(map.begin(), map.end()); }

// n entries with keys in [0, key_space) (so duplicates when n is near or above
// it) and values in [0, 1000).
Entries random_entries(std::size_t n, int key_space, std::mt19937_64& rng) {
  Entries out(n);
  for (auto& [key, value] : out) {
    key = static_cast<int>(rng() % static_cast<std::uint64_t>(std::max(key_space, 1)));
    value = static_cast<long long>(rng() % 1000);
  }
  return out;
}

template <class Combine>
Map fold(const Map& start, const Entries& input, const Combine& combine) {
  Map out = start;
  for (const auto& [key, value] : input) {
    auto [it, inserted] = out.try_emplace(key, value);
    if (!inserted) it->second = combine(it->second, value);
  }
  return out;
}

// A tree together with what it must read, for the persistence checks.
struct Version {
  Tree tree;
  Entries ref;
};

Version random_version(std::size_t n, int key_space, std::mt19937_64& rng) {
  Entries input = random_entries(n, key_space, rng);
  Version v{Tree::build(input), entries_of(fold({}, input, KeepNew()))};
  REQUIRE(difference(v.tree, v.ref) == "");
  return v;
}

std::vector<std::size_t> test_sizes(std::mt19937_64& rng) {
  return {0, 1, 2, 3, 1 + rng() % 20, 50 + rng() % 200, 1000 + rng() % 3000, 10000};
}

// Persistence: every version given still reads its reference.
void check_unchanged(std::initializer_list<const Version*> versions) {
  for (const Version* v : versions) REQUIRE(difference(v->tree, v->ref) == "");
}

}  // namespace

TEST_CASE("build: duplicates fold in input order") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(101);
    for (std::size_t n : test_sizes(rng)) {
      INFO("n = " << n);
      // Key space n / 3: about three entries per key, in random order.
      Entries input = random_entries(n, static_cast<int>(n / 3 + 1), rng);
      const Entries input_copy = input;

      CHECK(difference(Tree::build(input), entries_of(fold({}, input, KeepNew()))) == "");
      CHECK(difference(Tree::build(input, KeepNew()), entries_of(fold({}, input, KeepNew()))) == "");
      CHECK(difference(Tree::build(input, KeepOld()), entries_of(fold({}, input, KeepOld()))) == "");
      CHECK(difference(Tree::build(input, sum), entries_of(fold({}, input, sum))) == "");
      // A custom, order-revealing combine sees equal keys in input order.
      CHECK(difference(Tree::build(input, ordered), entries_of(fold({}, input, ordered))) == "");
      CHECK(input == input_copy);  // build takes its input by value

      Entries sorted = entries_of(fold({}, input, KeepNew()));
      CHECK(difference(Tree::from_sorted(sorted), sorted) == "");
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("build with string values concatenates duplicates left to right") {
  using Strings = PTree<int, std::string>;
  const auto nodes_before = Strings::live_nodes();
  {
    std::vector<std::pair<int, std::string>> input;
    std::map<int, std::string> ref;
    for (int i = 0; i < 5000; ++i) {
      int key = (i * 37) % 101;
      input.emplace_back(key, std::to_string(i) + ",");
      ref[key] += std::to_string(i) + ",";
    }
    auto concat = [](const std::string& a, const std::string& b) { return a + b; };
    Strings tree = Strings::build(input, concat);
    REQUIRE(tree.to_vector() == std::vector<std::pair<int, std::string>>(ref.begin(), ref.end()));

    // multi_insert with an associative combine equals inserting one by one:
    // old + (all batch values for the key, in batch order).
    std::vector<std::pair<int, std::string>> batch;
    for (int i = 0; i < 300; ++i) {
      int key = (i * 13) % 150;  // some keys new, some present, several repeated
      // Built by appending: GCC 12 warns falsely (-Wrestrict) on "b" + std::string.
      std::string value = std::to_string(-i);
      value += ',';
      batch.emplace_back(key, value);
      ref[key] += value;
    }
    Strings bigger = tree.multi_insert(batch, concat);
    CHECK(bigger.to_vector() == std::vector<std::pair<int, std::string>>(ref.begin(), ref.end()));
    CHECK(bigger.check_invariants() == "");
  }
  REQUIRE(Strings::live_nodes() == nodes_before);
}

TEST_CASE("multi_insert and multi_insert_sorted match std::map") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(202);
    for (std::size_t n : test_sizes(rng)) {
      const int key_space = static_cast<int>(2 * n + 10);
      const Version base = random_version(n, key_space, rng);
      const Map base_map(base.ref.begin(), base.ref.end());
      for (std::size_t m : {std::size_t{0}, std::size_t{1}, n / 10 + 2, n + 1, 2 * n + 3}) {
        INFO("n = " << n << ", batch " << m);
        // Half the batch from a narrow key range, so the batch has internal duplicates.
        Entries batch = random_entries(m / 2, key_space, rng);
        Entries narrow = random_entries(m - m / 2, static_cast<int>(m / 4 + 1), rng);
        batch.insert(batch.end(), narrow.begin(), narrow.end());
        std::shuffle(batch.begin(), batch.end(), rng);

        const Entries keep_new = entries_of(fold(base_map, batch, KeepNew()));
        const Entries summed = entries_of(fold(base_map, batch, sum));
        CHECK(difference(base.tree.multi_insert(batch), keep_new) == "");
        CHECK(difference(base.tree.multi_insert(batch, sum), summed) == "");
        check_unchanged({&base});

        // The in-place form on a private tree gives the same result.
        Tree own = Tree::from_sorted(base.ref);
        CHECK(difference(std::move(own).multi_insert(batch, sum), summed) == "");
        // The in-place form on a shared tree must copy, not write.
        Tree shared = base.tree;
        CHECK(difference(std::move(shared).multi_insert(batch), keep_new) == "");
        check_unchanged({&base});

        // Sorted, duplicate-free batch.
        const Entries sorted = entries_of(fold({}, batch, KeepNew()));
        CHECK(difference(base.tree.multi_insert_sorted(sorted), entries_of(fold(base_map, sorted, KeepNew()))) == "");
        CHECK(difference(base.tree.multi_insert_sorted(sorted, sum), entries_of(fold(base_map, sorted, sum))) == "");
        Tree own_sorted = Tree::from_sorted(base.ref);
        CHECK(difference(std::move(own_sorted).multi_insert_sorted(sorted, KeepOld()),
                         entries_of(fold(base_map, sorted, KeepOld()))) == "");
        check_unchanged({&base});
      }
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("multi_delete of present, absent and repeated keys") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(303);
    for (std::size_t n : test_sizes(rng)) {
      const int key_space = static_cast<int>(2 * n + 10);
      const Version base = random_version(n, key_space, rng);
      for (std::size_t m : {std::size_t{0}, std::size_t{1}, n / 10 + 2, n + 5}) {
        INFO("n = " << n << ", keys " << m);
        std::vector<int> keys;
        for (std::size_t i = 0; i < m; ++i) {
          switch (rng() % 4) {
            case 0:  // present (when there is anything)
              if (!base.ref.empty()) {
                keys.push_back(base.ref[rng() % base.ref.size()].first);
                break;
              }
              [[fallthrough]];
            case 1: keys.push_back(static_cast<int>(rng() % key_space)); break;  // either
            case 2: keys.push_back(-1 - static_cast<int>(rng() % 100)); break;   // absent
            default:                                                             // repeated
              keys.push_back(keys.empty() ? 0 : keys[rng() % keys.size()]);
          }
        }
        Map expected(base.ref.begin(), base.ref.end());
        for (int key : keys) expected.erase(key);

        CHECK(difference(base.tree.multi_delete(keys), entries_of(expected)) == "");
        Tree own = Tree::from_sorted(base.ref);
        CHECK(difference(std::move(own).multi_delete(keys), entries_of(expected)) == "");
        check_unchanged({&base});
      }
      // Deleting every key (twice over) leaves the empty tree.
      std::vector<int> all;
      for (const auto& entry : base.ref) all.insert(all.end(), 2, entry.first);
      std::shuffle(all.begin(), all.end(), rng);
      CHECK(difference(base.tree.multi_delete(all), {}) == "");
      CHECK(difference(Tree().multi_delete(all), {}) == "");
      check_unchanged({&base});
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("map_values keeps keys and shape and maps every value") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(505);
    for (std::size_t n : test_sizes(rng)) {
      INFO("n = " << n);
      const Version base = random_version(n, static_cast<int>(2 * n + 10), rng);
      Tree mapped = base.tree.map_values([](int key, long long value) { return value * 3 + key; });
      Entries expected = base.ref;
      for (auto& [key, value] : expected) value = value * 3 + key;
      CHECK(difference(mapped, expected) == "");
      CHECK(mapped.check_invariants().empty());
      check_unchanged({&base});
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("filter keeps exactly the entries its predicate accepts") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(404);
    for (std::size_t n : test_sizes(rng)) {
      INFO("n = " << n);
      const Version base = random_version(n, static_cast<int>(2 * n + 10), rng);
      auto some = [](int key, long long value) { return (key + value) % 3 != 0; };
      Entries expected;
      std::copy_if(base.ref.begin(), base.ref.end(), std::back_inserter(expected),
                   [&](const Entry& e) { return some(e.first, e.second); });
      CHECK(difference(base.tree.filter(some), expected) == "");
      CHECK(difference(base.tree.filter([](int, long long) { return true; }), base.ref) == "");
      CHECK(difference(base.tree.filter([](int, long long) { return false; }), {}) == "");
      // Filtering out one half keeps a contiguous run: exercises join2 on uneven sides.
      int middle = base.ref.empty() ? 0 : base.ref[base.ref.size() / 2].first;
      Entries low_half;
      for (const auto& e : base.ref) if (e.first < middle) low_half.push_back(e);
      CHECK(difference(base.tree.filter([&](int key, long long) { return key < middle; }), low_half) == "");
      check_unchanged({&base});
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

namespace {

// References for the set operations, from the std::set_* algorithms.
Entries ref_union_keep_b(const Entries& a, const Entries& b) {
  Entries out;
  std::set_union(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(out), key_less);
  return out;  // on equal keys std::set_union takes the first range: b
}
template <class Combine>
Entries ref_union(const Entries& a, const Entries& b, const Combine& combine) {
  Entries out = ref_union_keep_b(a, b);
  for (auto& entry : out) {
    auto in_a = std::lower_bound(a.begin(), a.end(), entry, key_less);
    auto in_b = std::lower_bound(b.begin(), b.end(), entry, key_less);
    if (in_a != a.end() && in_a->first == entry.first && in_b != b.end() && in_b->first == entry.first) {
      entry.second = combine(in_a->second, in_b->second);
    }
  }
  return out;
}
template <class Combine>
Entries ref_intersection(const Entries& a, const Entries& b, const Combine& combine) {
  Entries out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), key_less);
  for (auto& entry : out) {  // entries come from a; combine with b's value
    entry.second = combine(entry.second, std::lower_bound(b.begin(), b.end(), entry, key_less)->second);
  }
  return out;
}
Entries ref_difference(const Entries& a, const Entries& b) {
  Entries out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), key_less);
  return out;
}

void check_set_operations(const Version& a, const Version& b) {
  CHECK(difference(Tree::set_union(a.tree, b.tree), ref_union_keep_b(a.ref, b.ref)) == "");
  CHECK(difference(Tree::set_union(a.tree, b.tree, ordered), ref_union(a.ref, b.ref, ordered)) == "");
  CHECK(difference(Tree::set_intersection(a.tree, b.tree), ref_intersection(a.ref, b.ref, KeepOld())) == "");
  CHECK(difference(Tree::set_intersection(a.tree, b.tree, ordered),
                   ref_intersection(a.ref, b.ref, ordered)) == "");
  CHECK(difference(Tree::set_difference(a.tree, b.tree), ref_difference(a.ref, b.ref)) == "");
  CHECK(difference(Tree::set_difference(b.tree, a.tree), ref_difference(b.ref, a.ref)) == "");
  check_unchanged({&a, &b});

  // Handing over the only references lets the operations work in place.
  Tree own_a = Tree::from_sorted(a.ref), own_b = Tree::from_sorted(b.ref);
  CHECK(difference(Tree::set_union(std::move(own_a), std::move(own_b), sum), ref_union(a.ref, b.ref, sum)) == "");
  CHECK(own_a.empty());  // moved-from handles are empty
  own_a = Tree::from_sorted(a.ref);
  own_b = Tree::from_sorted(b.ref);
  CHECK(difference(Tree::set_intersection(std::move(own_a), std::move(own_b), sum),
                   ref_intersection(a.ref, b.ref, sum)) == "");
  own_a = Tree::from_sorted(a.ref);
  own_b = Tree::from_sorted(b.ref);
  CHECK(difference(Tree::set_difference(std::move(own_a), std::move(own_b)), ref_difference(a.ref, b.ref)) == "");
}

}  // namespace

TEST_CASE("set_union, set_intersection and set_difference match std::set_*") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(505);
    const auto sizes = test_sizes(rng);
    for (std::size_t na : sizes) {
      for (std::size_t nb : {std::size_t{0}, std::size_t{1}, na / 3 + 1, na + 7}) {
        INFO("sizes " << na << " and " << nb);
        const int key_space = static_cast<int>(na + nb + 10);  // about one key in three shared
        const Version a = random_version(na, key_space, rng);
        const Version b = random_version(nb, key_space, rng);
        check_set_operations(a, b);
      }
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("set operations on versions that share nodes") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(606);
    for (std::size_t n : {std::size_t{1}, std::size_t{100}, std::size_t{10000}}) {
      INFO("n = " << n);
      const int key_space = static_cast<int>(2 * n + 10);
      const Version a = random_version(n, key_space, rng);
      // b is a's next version: most of its subtrees are a's own nodes.
      Entries batch = random_entries(n / 20 + 1, key_space, rng);
      std::vector<int> doomed;
      for (std::size_t i = 0; i < n / 20 + 1; ++i) doomed.push_back(a.ref[rng() % a.ref.size()].first);
      Map b_map = fold(Map(a.ref.begin(), a.ref.end()), batch, sum);
      for (int key : doomed) b_map.erase(key);
      const Version b{a.tree.multi_insert(batch, sum).multi_delete(doomed), entries_of(b_map)};
      REQUIRE(difference(b.tree, b.ref) == "");
      check_set_operations(a, b);
      // A tree with itself.
      check_set_operations(a, a);
      CHECK(difference(Tree::set_difference(a.tree, a.tree), {}) == "");
      CHECK(difference(Tree::set_union(a.tree, a.tree, sum), ref_union(a.ref, a.ref, sum)) == "");
      check_unchanged({&a, &b});
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

TEST_CASE("range, from and until, including edge ranges") {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(707);
    auto slice = [](const Entries& ref, int low, int high) {
      Entries out;
      for (const auto& e : ref) if (low <= e.first && e.first <= high) out.push_back(e);
      return out;
    };
    for (std::size_t n : test_sizes(rng)) {
      INFO("n = " << n);
      const int key_space = static_cast<int>(3 * n + 10);  // gaps between keys
      const Version base = random_version(n, key_space, rng);
      std::vector<std::pair<int, int>> ranges = {
          {5, 4},                                     // low > high
          {-100, key_space + 100},                    // everything
          {-100, -1},                                 // below every key
          {key_space, key_space + 50},                // above every key
          {0, 0},
      };
      if (!base.ref.empty()) {
        int lo = base.ref.front().first, hi = base.ref.back().first;
        ranges.push_back({lo, hi});          // exactly all keys
        ranges.push_back({hi, lo});          // reversed, so nothing (unless one key)
        ranges.push_back({lo, lo});          // a single present key
        ranges.push_back({hi, hi});
        ranges.push_back({lo + 1, hi - 1});  // all but the ends
        for (std::size_t i = 0; i + 1 < base.ref.size() && i < 3; ++i) {
          // Strictly between two adjacent keys: no keys, when there is a gap.
          ranges.push_back({base.ref[i].first + 1, base.ref[i + 1].first - 1});
        }
      }
      for (int i = 0; i < 20; ++i) {
        int x = static_cast<int>(rng() % (key_space + 20)) - 10;
        int y = static_cast<int>(rng() % (key_space + 20)) - 10;
        ranges.push_back({std::min(x, y), std::max(x, y)});
      }
      for (auto [low, high] : ranges) {
        INFO("range [" << low << ", " << high << "]");
        CHECK(difference(base.tree.range(low, high), slice(base.ref, low, high)) == "");
        CHECK(difference(base.tree.from(low), slice(base.ref, low, key_space + 1000)) == "");
        CHECK(difference(base.tree.until(high), slice(base.ref, -1000, high)) == "");
      }
      check_unchanged({&base});
    }
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}

namespace {

// At 10^6 entries std::map references would dominate the run time, so the
// reference is a dense array indexed by key (kAbsent where no entry).
constexpr long long kAbsent = -1;
using Dense = std::vector<long long>;

Entries entries_of(const Dense& dense) {
  Entries out;
  for (std::size_t key = 0; key < dense.size(); ++key) {
    if (dense[key] != kAbsent) out.emplace_back(static_cast<int>(key), dense[key]);
  }
  return out;
}

}  // namespace

TEST_CASE("bulk operations at 10^6 entries") {
  // A few operations only: each check walks the whole tree.
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(808);
    constexpr std::size_t n = 1000000;
    const int key_space = 1500000;
    const Entries input = random_entries(n, key_space, rng);
    Dense dense(key_space, kAbsent);
    for (const auto& [key, value] : input) dense[key] = value;  // last wins
    const Version big{Tree::build(input), entries_of(dense)};
    REQUIRE(difference(big.tree, big.ref) == "");

    // 10^5 new values with internal duplicates, summed into the tree.
    const Entries batch = random_entries(100000, key_space, rng);
    for (const auto& [key, value] : batch) dense[key] = dense[key] == kAbsent ? value : dense[key] + value;
    const Version inserted{big.tree.multi_insert(batch, sum), entries_of(dense)};
    REQUIRE(difference(inserted.tree, inserted.ref) == "");
    check_unchanged({&big});

    // 10^5 keys to delete: present, absent and repeated.
    std::vector<int> keys;
    for (int i = 0; i < 100000; ++i) keys.push_back(static_cast<int>(rng() % key_space));
    keys.insert(keys.end(), keys.begin(), keys.begin() + 1000);
    for (int key : keys) dense[key] = kAbsent;
    const Version deleted{inserted.tree.multi_delete(keys), entries_of(dense)};
    REQUIRE(difference(deleted.tree, deleted.ref) == "");
    check_unchanged({&inserted});

    // Union and difference of two large versions that share most nodes.
    Dense in_big(key_space, kAbsent);
    for (const auto& [key, value] : big.ref) in_big[key] = value;
    Dense united(key_space, kAbsent), only_big(key_space, kAbsent);
    for (int key = 0; key < key_space; ++key) {
      const long long a = in_big[key], b = dense[key];
      united[key] = a == kAbsent ? b : b == kAbsent ? a : a + b;
      only_big[key] = b == kAbsent ? a : kAbsent;
    }
    CHECK(difference(Tree::set_union(big.tree, deleted.tree, sum), entries_of(united)) == "");
    CHECK(difference(Tree::set_difference(big.tree, deleted.tree), entries_of(only_big)) == "");
    check_unchanged({&big, &deleted});

    // A range of half the keys.
    Entries middle;
    for (const auto& e : deleted.ref) if (e.first >= 300000 && e.first <= 1050000) middle.push_back(e);
    CHECK(difference(deleted.tree.range(300000, 1050000), middle) == "");
    check_unchanged({&big, &inserted, &deleted});
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}
