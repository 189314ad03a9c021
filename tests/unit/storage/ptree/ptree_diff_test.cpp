// PTree::diff against a diff of two std::maps: random edits (inserts, erases,
// value changes, bulk batches) on versions that share structure, on unrelated
// trees built separately, and from and to the empty tree. Shared subtrees must
// be skipped: a one-entry change in a large tree visits few nodes.
#include "storage/ptree/ptree.h"

#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <tuple>
#include <vector>

using ptreedb::ptree::PTree;

namespace {

using Tree = PTree<int, long long>;
using Map = std::map<int, long long>;
// (key, had before, before value, has after, after value)
using Change = std::tuple<int, bool, long long, bool, long long>;

std::vector<Change> tree_diff(const Tree& before, const Tree& after) {
  std::vector<Change> changes;
  Tree::diff(before, after, [](long long a, long long b) { return a == b; },
             [&](int key, const long long* old_value, const long long* new_value) {
               changes.emplace_back(key, old_value != nullptr, old_value ? *old_value : 0, new_value != nullptr,
                                    new_value ? *new_value : 0);
             });
  return changes;
}

std::vector<Change> map_diff(const Map& before, const Map& after) {
  std::vector<Change> changes;
  auto o = before.begin();
  auto n = after.begin();
  while (o != before.end() || n != after.end()) {
    if (n == after.end() || (o != before.end() && o->first < n->first)) {
      changes.emplace_back(o->first, true, o->second, false, 0);
      ++o;
    } else if (o == before.end() || n->first < o->first) {
      changes.emplace_back(n->first, false, 0, true, n->second);
      ++n;
    } else {
      if (o->second != n->second) changes.emplace_back(o->first, true, o->second, true, n->second);
      ++o;
      ++n;
    }
  }
  return changes;
}

Tree tree_of(const Map& map) {
  std::vector<std::pair<int, long long>> entries(map.begin(), map.end());
  return Tree::from_sorted(entries);
}

}  // namespace

TEST_CASE("diff of versions made by point edits matches a map diff") {
  std::mt19937 random(7);
  for (int size : {0, 1, 10, 1000, 50000}) {
    Map base;
    for (int i = 0; i < size; ++i) base[static_cast<int>(random() % (4 * size + 1))] = random() % 100;
    Tree tree = tree_of(base);
    for (int edits : {0, 1, 3, 40}) {
      Map changed = base;
      Tree next = tree;
      for (int e = 0; e < edits; ++e) {
        int key = static_cast<int>(random() % (4 * size + 10));
        switch (random() % 3) {
          case 0:
            changed[key] = random() % 100;
            next = next.insert(key, changed[key]);
            break;
          case 1:
            changed.erase(key);
            next = next.erase(key);
            break;
          default:
            if (!changed.empty()) {
              auto it = changed.lower_bound(key);
              if (it == changed.end()) it = changed.begin();
              it->second += 1;
              next = next.insert(it->first, it->second);
            }
        }
      }
      CAPTURE(size, edits);
      REQUIRE(tree_diff(tree, next) == map_diff(base, changed));
      REQUIRE(tree_diff(next, tree) == map_diff(changed, base));
      REQUIRE(tree_diff(next, next).empty());
    }
  }
}

TEST_CASE("diff after bulk batches and of unrelated trees") {
  std::mt19937 random(11);
  Map a, b;
  for (int i = 0; i < 20000; ++i) a[static_cast<int>(random() % 60000)] = random() % 5;
  for (int i = 0; i < 20000; ++i) b[static_cast<int>(random() % 60000)] = random() % 5;
  Tree ta = tree_of(a), tb = tree_of(b);
  REQUIRE(tree_diff(ta, tb) == map_diff(a, b));
  REQUIRE(tree_diff(Tree(), tb) == map_diff(Map(), b));
  REQUIRE(tree_diff(ta, Tree()) == map_diff(a, Map()));

  std::vector<std::pair<int, long long>> batch;
  Map changed = a;
  for (int i = 0; i < 3000; ++i) {
    int key = static_cast<int>(random() % 70000);
    long long value = random() % 5;
    batch.emplace_back(key, value);
  }
  Tree inserted = ta.multi_insert(batch);  // later duplicates win
  for (auto& [key, value] : batch) changed[key] = value;
  std::vector<int> doomed;
  for (int i = 0; i < 2000; ++i) doomed.push_back(static_cast<int>(random() % 70000));
  Tree deleted = inserted.multi_delete(doomed);
  for (int key : doomed) changed.erase(key);
  REQUIRE(tree_diff(ta, deleted) == map_diff(a, changed));
}

TEST_CASE("diff skips the subtrees two versions share") {
  Map base;
  for (int i = 0; i < 1000000; ++i) base[2 * i] = i;
  Tree tree = tree_of(base);
  Tree next = tree.insert(777777, 1).erase(1000);
  std::size_t compared = 0;
  std::vector<int> keys;
  Tree::diff(tree, next,
             [&](long long x, long long y) {
               ++compared;
               return x == y;
             },
             [&](int key, const long long*, const long long*) { keys.push_back(key); });
  REQUIRE(keys == std::vector<int>{1000, 777777});
  // Only entries on the copied paths are compared: a few per tree level, and
  // the entries of the two copied leaves.
  REQUIRE(compared < 100 + 2 * Tree::kLeafMax);
}
