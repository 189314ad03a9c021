// Leaf caches: kept by the leaf that got one, freed with it, never carried to
// a copy of the leaf, dropped when a private leaf is changed in place, and
// one winner when two readers install at once.
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "storage/ptree/ptree.h"

namespace {

using Tree = ptreedb::ptree::PTree<std::int64_t, std::int64_t>;
using Leaf = Tree::node_type::Leaf;

std::atomic<int> alive{0};

struct CountedCache : ptreedb::ptree::LeafCache {
  int tag;
  explicit CountedCache(int t) : tag(t) { alive.fetch_add(1); }
  ~CountedCache() override { alive.fetch_sub(1); }
};

Tree numbers(std::int64_t count) {
  std::vector<std::pair<std::int64_t, std::int64_t>> entries;
  for (std::int64_t i = 0; i < count; ++i) entries.emplace_back(i, i * 10);
  return Tree::from_sorted(entries);
}

// Caches every leaf of `tree`; returns how many leaves it has.
int cache_every_leaf(const Tree& tree, int tag) {
  int leaves = 0;
  for (auto it = tree.begin(); it != tree.end();) {
    if (const Leaf* leaf = it.leaf()) {
      if (leaf->cache() == nullptr) {
        leaf->install_cache(new CountedCache(tag));
        ++leaves;
      }
      it.skip_in_leaf(leaf->size - it.leaf_position());
    } else {
      ++it;
    }
  }
  return leaves;
}

const CountedCache* cache_at(const Tree& tree, std::size_t position) {
  auto it = tree.seek_index(position);
  REQUIRE(it.leaf() != nullptr);
  return static_cast<const CountedCache*>(it.leaf()->cache());
}

}  // namespace

TEST_CASE("a leaf's cache lives as long as the leaf", "[ptree][leaf_cache]") {
  REQUIRE(alive.load() == 0);
  {
    Tree tree = numbers(10000);
    int leaves = cache_every_leaf(tree, 1);
    CHECK(leaves > 10);
    CHECK(alive.load() == leaves);
    CHECK(cache_every_leaf(tree, 2) == 0);  // each leaf keeps the first one
  }
  CHECK(alive.load() == 0);
}

TEST_CASE("a written copy of a leaf starts without the cache; the old version keeps its own", "[ptree][leaf_cache]") {
  Tree old_version = numbers(10000);
  cache_every_leaf(old_version, 1);
  const int cached = alive.load();
  // Position 5000 is a leaf entry or an inner one; take a key in a leaf.
  std::int64_t key = 5000;
  while (old_version.seek_index(static_cast<std::size_t>(key)).leaf() == nullptr) ++key;
  Tree new_version = old_version.insert(key, -1);
  CHECK(cache_at(new_version, static_cast<std::size_t>(key)) == nullptr);
  REQUIRE(cache_at(old_version, static_cast<std::size_t>(key)) != nullptr);
  CHECK(cache_at(old_version, static_cast<std::size_t>(key))->tag == 1);
  // Leaves the write did not touch are shared, caches and all.
  CHECK(cache_at(new_version, 0) == cache_at(old_version, 0));
  CHECK(alive.load() == cached);
  old_version = Tree();
  // The replaced leaf (and its cache) went with the old version.
  CHECK(alive.load() == cached - 1);
  new_version = Tree();
  CHECK(alive.load() == 0);
}

TEST_CASE("changing a private leaf in place drops its cache", "[ptree][leaf_cache]") {
  Tree tree = numbers(1000);
  std::int64_t key = 500;
  while (tree.seek_index(static_cast<std::size_t>(key)).leaf() == nullptr) ++key;
  cache_every_leaf(tree, 1);
  const int cached = alive.load();
  // The only handle, moved: the leaf is private and is rewritten in place.
  tree = std::move(tree).insert(key, -1);
  CHECK(cache_at(tree, static_cast<std::size_t>(key)) == nullptr);
  CHECK(alive.load() == cached - 1);
  REQUIRE(tree.find(key) != nullptr);
  CHECK(*tree.find(key) == -1);
  tree = Tree();
  CHECK(alive.load() == 0);
}

TEST_CASE("readers racing to cache a leaf keep exactly one", "[ptree][leaf_cache]") {
  Tree tree = numbers(200);
  const Leaf* leaf = tree.seek_index(0).leaf();
  REQUIRE(leaf != nullptr);
  std::vector<const ptreedb::ptree::LeafCache*> kept(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] { kept[t] = leaf->install_cache(new CountedCache(t)); });
  }
  for (auto& thread : threads) thread.join();
  for (const auto* one : kept) CHECK(one == kept[0]);
  CHECK(alive.load() == 1);
  tree = Tree();
  CHECK(alive.load() == 0);
}
