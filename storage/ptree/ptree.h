// PTree<K, V, Aug, Less>: a pure, size-augmented, weight-balanced ordered map
// whose bulk operations run in parallel (seed 000). A handle is one counted
// reference to a root; copying a handle is O(1) and no operation ever changes
// what an existing handle reads. Operations called on an rvalue handle
// (std::move(tree).insert(...)) hand over its reference, so nodes that no one
// else holds are updated in place instead of copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "storage/ptree/bulk.h"
#include "storage/ptree/diff.h"
#include "storage/ptree/join.h"
#include "storage/ptree/node.h"
#include "storage/ptree/query.h"
#include "storage/ptree/sort_batch.h"

namespace ptreedb::ptree {

// Combine functions for duplicate keys.
struct KeepNew {
  template <class V>
  V operator()(const V&, const V& newer) const { return newer; }
};
struct KeepOld {
  template <class V>
  V operator()(const V& older, const V&) const { return older; }
};

template <class K, class V = Unit, class Aug = NoAug, class Less = std::less<K>>
class PTree {
 public:
  using node_type = Node<K, V, Aug, Less>;
  using key_type = K;
  using mapped_type = V;
  using aug_type = typename Aug::value_type;
  using entry_type = std::pair<K, V>;

  struct EntryRef {
    const K& key;
    const V& value;
  };

  // ---- handles -----------------------------------------------------------
  PTree() = default;
  PTree(const PTree& other) : root_(node_type::retain(other.root_)) {}
  PTree(PTree&& other) noexcept : root_(std::exchange(other.root_, nullptr)) {}
  PTree& operator=(const PTree& other) {
    if (this != &other) {
      node_type* old = root_;
      root_ = node_type::retain(other.root_);
      node_type::release(old);
    }
    return *this;
  }
  PTree& operator=(PTree&& other) noexcept {
    if (this != &other) {
      node_type::release(root_);
      root_ = std::exchange(other.root_, nullptr);
    }
    return *this;
  }
  ~PTree() { node_type::release(root_); }

  // ---- construction --------------------------------------------------------
  // From entries already sorted by key with no duplicates.
  static PTree from_sorted(const std::vector<entry_type>& entries) {
    return PTree(build_sorted<node_type>(entries.data(), entries.size()));
  }
  // From any entries; duplicates fold left to right with combine(earlier, later).
  template <class Combine = KeepNew>
  static PTree build(std::vector<entry_type> entries, const Combine& combine = {}) {
    auto sorted = sort_and_combine(std::move(entries), Less{}, combine);
    return from_sorted(sorted);
  }

  // ---- size and lookup ------------------------------------------------------
  std::size_t size() const { return tree_size(root_); }
  bool empty() const { return root_ == nullptr; }

  // The value stored under `key`, or null; valid while this handle lives.
  const V* find(const K& key) const {
    const node_type* node = find_node(root_, key);
    return node == nullptr ? nullptr : &node->value;
  }
  bool contains(const K& key) const { return find_node(root_, key) != nullptr; }

  // Number of keys below `key`.
  std::size_t rank(const K& key) const { return rank_of(root_, key); }
  // The entry at in-order position `index` (must be < size()).
  EntryRef select(std::size_t index) const {
    const node_type* node = select_node(root_, index);
    return {node->key, node->value};
  }
  EntryRef first() const { return select(0); }
  EntryRef last() const { return select(size() - 1); }

  // ---- augmentation ---------------------------------------------------------
  aug_type aug() const { return tree_aug(root_); }
  aug_type aug_range(const K& low, const K& high) const { return aug_between(root_, low, high); }
  aug_type aug_from(const K& low) const { return ptree::aug_from(root_, low); }
  aug_type aug_until(const K& high) const { return ptree::aug_until(root_, high); }

  // ---- single-entry updates (each returns the new version) -----------------
  template <class Combine = KeepNew>
  PTree insert(K key, V value, const Combine& combine = {}) const& {
    return PTree(insert_node(share(), key, value, combine));
  }
  template <class Combine = KeepNew>
  PTree insert(K key, V value, const Combine& combine = {}) && {
    return PTree(insert_node(take(), key, value, combine));
  }

  PTree erase(const K& key) const& { return contains(key) ? PTree(erase_node(share(), key)) : *this; }
  PTree erase(const K& key) && {
    return contains(key) ? PTree(erase_node(take(), key)) : PTree(take());
  }

  // Replaces the value under `key` with update(old value); no change if absent.
  template <class Update>
  PTree update(const K& key, const Update& update) const& {
    return contains(key) ? PTree(update_node(share(), key, update)) : *this;
  }
  template <class Update>
  PTree update(const K& key, const Update& update) && {
    return contains(key) ? PTree(update_node(take(), key, update)) : PTree(take());
  }

  // ---- bulk updates ---------------------------------------------------------
  // Inserts a batch in any order; keys already present (or repeated in the batch,
  // in batch order) get combine(old, new). Repeats in the batch fold first, so
  // a present key gets combine(old, fold of the batch's values): the same as
  // inserting one by one when combine is associative. Work O(m log(n/m + 1)).
  template <class Combine = KeepNew>
  PTree multi_insert(std::vector<entry_type> batch, const Combine& combine = {}) const& {
    return share_copy().multi_insert_owned(std::move(batch), combine);
  }
  template <class Combine = KeepNew>
  PTree multi_insert(std::vector<entry_type> batch, const Combine& combine = {}) && {
    return std::move(*this).multi_insert_owned(std::move(batch), combine);
  }
  // As multi_insert, for a batch already sorted by key without duplicates.
  template <class Combine = KeepNew>
  PTree multi_insert_sorted(const std::vector<entry_type>& sorted, const Combine& combine = {}) const& {
    return PTree(ptree::multi_insert_sorted(share(), sorted.data(), sorted.size(), combine));
  }
  template <class Combine = KeepNew>
  PTree multi_insert_sorted(const std::vector<entry_type>& sorted, const Combine& combine = {}) && {
    return PTree(ptree::multi_insert_sorted(take(), sorted.data(), sorted.size(), combine));
  }

  PTree multi_delete(std::vector<K> keys) const& {
    auto sorted = sort_unique(std::move(keys), Less{});
    return PTree(multi_delete_sorted(share(), sorted.data(), sorted.size()));
  }
  PTree multi_delete(std::vector<K> keys) && {
    auto sorted = sort_unique(std::move(keys), Less{});
    return PTree(multi_delete_sorted(take(), sorted.data(), sorted.size()));
  }

  // ---- views that are trees themselves --------------------------------------
  // Entries with low <= key <= high, as a tree, in O(log n) whatever its size.
  PTree range(const K& low, const K& high) const {
    if (Less{}(high, low)) return PTree();
    return PTree(take_until(take_from(share(), low), high));
  }
  PTree from(const K& low) const { return PTree(take_from(share(), low)); }
  PTree until(const K& high) const { return PTree(take_until(share(), high)); }

  // The same keys with values map(key, value), in parallel: O(n) work, no
  // sorting (the new tree has this one's shape). map must be thread-safe.
  template <class Map>
  PTree map_values(const Map& map) const {
    return PTree(tree_map_values(root_, map));
  }

  // Entries for which keep(key, value) holds, in parallel.
  template <class Keep>
  PTree filter(const Keep& keep) const {
    return PTree(tree_filter(share(), keep));
  }

  // Set operations. On a key in both, the value is combine(value in a, value in b).
  template <class Combine = KeepNew>
  static PTree set_union(PTree a, PTree b, const Combine& combine = {}) {
    return PTree(tree_union(a.take(), b.take(), combine));
  }
  template <class Combine = KeepOld>
  static PTree set_intersection(PTree a, PTree b, const Combine& combine = {}) {
    return PTree(tree_intersection(a.take(), b.take(), combine));
  }
  static PTree set_difference(PTree a, PTree b) {
    return PTree(tree_difference(a.take(), b.take()));
  }

  // ---- traversal -------------------------------------------------------------
  // visit(key, before_value, after_value) in key order for each entry that
  // differs between two versions; shared subtrees are skipped (diff.h).
  template <class Same, class Visit>
  static void diff(const PTree& before, const PTree& after, const Same& same_value, const Visit& visit) {
    diff_nodes(before.root_, after.root_, same_value, visit);
  }
  // In-order reduce(… reduce(identity, map(k, v)) …) with an associative reduce.
  template <class Result, class Map, class Reduce>
  Result map_reduce(const Map& map, const Reduce& reduce, Result identity) const {
    return map_reduce_nodes(root_, map, reduce, identity);
  }
  // visit(key, value, position) for every entry, in parallel.
  template <class Visit>
  void foreach_index(const Visit& visit) const {
    foreach_index_nodes(root_, 0, visit);
  }
  // Sequential visit of [low, high] in key order; visit returns false to stop.
  template <class Visit>
  void for_each_between(const K& low, const K& high, const Visit& visit) const {
    visit_between(root_, low, high, visit);
  }

  class iterator {
   public:
    using value_type = EntryRef;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;

    iterator() = default;
    EntryRef operator*() const { return {stack_[depth_ - 1]->key, stack_[depth_ - 1]->value}; }
    iterator& operator++() {
      const node_type* node = stack_[--depth_]->right;
      push_left(node);
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const iterator& other) const {
      return depth_ == other.depth_ && (depth_ == 0 || stack_[depth_ - 1] == other.stack_[depth_ - 1]);
    }

   private:
    friend class PTree;
    void push_left(const node_type* node) {
      for (; node != nullptr; node = node->left) stack_[depth_++] = node;
    }
    // Weight balance bounds the height by ~2.1 log2(n) < 70 for any 32-bit size.
    const node_type* stack_[80];
    int depth_ = 0;
  };

  iterator begin() const {
    iterator it;
    it.push_left(root_);
    return it;
  }
  iterator end() const { return iterator(); }
  // First entry whose key is not below `key`.
  iterator lower_bound(const K& key) const {
    iterator it;
    for (const node_type* node = root_; node != nullptr;) {
      if (Less{}(node->key, key)) {
        node = node->right;
      } else {
        it.stack_[it.depth_++] = node;
        node = node->left;
      }
    }
    return it;
  }

  // Iterator at in-order position `index` (end() when index >= size()), in O(log n):
  // parallel scans split a tree into position ranges and walk each from here.
  iterator seek_index(std::size_t index) const {
    iterator it;
    const node_type* node = root_;
    while (node != nullptr) {
      std::size_t left_size = tree_size(node->left);
      if (index < left_size) {
        it.stack_[it.depth_++] = node;
        node = node->left;
      } else if (index == left_size) {
        it.stack_[it.depth_++] = node;
        break;
      } else {
        index -= left_size + 1;
        node = node->right;
      }
    }
    return it;
  }

  std::vector<entry_type> to_vector() const {
    std::vector<entry_type> out(size());
    foreach_index([&](const K& k, const V& v, std::size_t i) { out[i] = entry_type(k, v); });
    return out;
  }

  // ---- diagnostics ------------------------------------------------------------
  // Checks order, sizes, weight balance, augmentation and reference counts of the
  // whole tree; returns an empty string when all hold, else what failed.
  std::string check_invariants() const {
    std::string problem;
    check_subtree(root_, nullptr, nullptr, problem);
    return problem;
  }
  // Nodes of this tree type alive in the process (all handles, all versions).
  static std::int64_t live_nodes() { return node_type::live().total(); }
  // Two handles of the same version share their root.
  bool same_root(const PTree& other) const { return root_ == other.root_; }
  const node_type* root() const { return root_; }

 private:
  explicit PTree(node_type* root) : root_(root) {
#ifdef PTREEDB_CHECK_INVARIANTS
    // Full checks on small trees after every operation; `attach` asserts balance
    // and order for each node any operation creates, at any size.
    if (size() <= 4096) {
      std::string problem = check_invariants();
      if (!problem.empty()) {
        fprintf(stderr, "ptree invariant broken: %s\n", problem.c_str());
        std::abort();
      }
    }
#endif
  }

  node_type* share() const { return node_type::retain(root_); }
  node_type* take() { return std::exchange(root_, nullptr); }
  PTree share_copy() const { return *this; }

  template <class Combine>
  PTree multi_insert_owned(std::vector<entry_type> batch, const Combine& combine) && {
    // Duplicates inside the batch fold in order, then meet the tree's values.
    auto sorted = sort_and_combine(std::move(batch), Less{}, combine);
    return PTree(ptree::multi_insert_sorted(take(), sorted.data(), sorted.size(), combine));
  }

  template <class Combine>
  static node_type* insert_node(node_type* tree, const K& key, const V& value,
                                const Combine& combine) {
    if (tree == nullptr) return attach<node_type>(nullptr, node_type::create(key, value), nullptr);
    node_type *left, *right;
    node_type* top = expose(tree, left, right);
    if (Less{}(key, top->key)) return join(insert_node(left, key, value, combine), top, right);
    if (Less{}(top->key, key)) return join(left, top, insert_node(right, key, value, combine));
    top->value = combine(top->value, value);
    return attach(left, top, right);
  }

  static node_type* erase_node(node_type* tree, const K& key) {
    node_type *left, *right;
    node_type* top = expose(tree, left, right);
    if (Less{}(key, top->key)) return join(erase_node(left, key), top, right);
    if (Less{}(top->key, key)) return join(left, top, erase_node(right, key));
    node_type::destroy_single(top);
    return join2(left, right);
  }

  template <class Update>
  static node_type* update_node(node_type* tree, const K& key, const Update& update) {
    node_type *left, *right;
    node_type* top = expose(tree, left, right);
    if (Less{}(key, top->key)) {
      left = update_node(left, key, update);
    } else if (Less{}(top->key, key)) {
      right = update_node(right, key, update);
    } else {
      // The node is private here, so the old value can be moved into `update`
      // (an inner tree handed over this way is updated in place when private).
      top->value = update(std::move(top->value));
    }
    return attach(left, top, right);
  }

  static std::size_t check_subtree(const node_type* node, const K* low, const K* high,
                                   std::string& problem) {
    if (node == nullptr || !problem.empty()) return 0;
    if (node->refs.load(std::memory_order_relaxed) == 0) problem = "node with zero references";
    if (low != nullptr && !Less{}(*low, node->key)) problem = "keys out of order";
    if (high != nullptr && !Less{}(node->key, *high)) problem = "keys out of order";
    std::size_t left = check_subtree(node->left, low, &node->key, problem);
    std::size_t right = check_subtree(node->right, &node->key, high, problem);
    if (!problem.empty()) return 0;
    if (node->size != left + right + 1) problem = "wrong subtree size";
    if (!weights_balanced(left + 1, right + 1)) problem = "weight balance violated";
    if constexpr (node_type::kHasAug) {
      auto expected = Aug::combine(Aug::combine(tree_aug(node->left), entry_aug(node)),
                                   tree_aug(node->right));
      if (!(expected == node->aug)) problem = "wrong augmented value";
    }
    return left + right + 1;
  }

  node_type* root_ = nullptr;
};

}  // namespace ptreedb::ptree
