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
#include <memory>
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
  // Leaves hold between kLeafMin and kLeafMax entries (node.h).
  static constexpr std::size_t kLeafMin = node_type::kLeafMin;
  static constexpr std::size_t kLeafMax = node_type::kLeafMax;

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
  const V* find(const K& key) const { return find_value(root_, key); }
  bool contains(const K& key) const { return find_value(root_, key) != nullptr; }

  // Number of keys below `key`.
  std::size_t rank(const K& key) const { return rank_of(root_, key); }
  // The entry at in-order position `index` (must be < size()).
  EntryRef select(std::size_t index) const {
    auto [key, value] = select_entry(root_, index);
    return {*key, *value};
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
  // Sequential visit of [low, high] in key order; visit returns false to
  // stop, and so does this (true: every entry was visited).
  template <class Visit>
  bool for_each_between(const K& low, const K& high, const Visit& visit) const {
    return visit_between(root_, low, high, visit);
  }

  // In-order iterator: a stack of inner nodes whose entries are still ahead,
  // and the leaf being walked, whose array is read directly.
  class iterator {
   public:
    using value_type = EntryRef;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;

    iterator() = default;
    EntryRef operator*() const {
      if (leaf_ != nullptr) return {leaf_->keys()[pos_], leaf_->values()[pos_]};
      const inner_type* top = stack_[depth_ - 1];
      return {top->key, top->value};
    }
    iterator& operator++() {
      if (leaf_ != nullptr) {
        if (++pos_ == leaf_->size) leaf_ = nullptr;  // the next entry is the stack's top
        return *this;
      }
      push_left(stack_[--depth_]->right);
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    // The leaf being walked and the position in it, or null when the next
    // entry is an inner node's: a reader may take the rest of the leaf's
    // arrays at once and then skip past them.
    const typename node_type::Leaf* leaf() const { return leaf_; }
    std::uint32_t leaf_position() const { return pos_; }
    // Steps over `count` entries of the current leaf (at most those left in it).
    void skip_in_leaf(std::uint32_t count) {
      pos_ += count;
      if (pos_ == leaf_->size) leaf_ = nullptr;
    }
    bool operator==(const iterator& other) const {
      if (leaf_ != other.leaf_ || depth_ != other.depth_) return false;
      if (leaf_ != nullptr) return pos_ == other.pos_;
      return depth_ == 0 || stack_[depth_ - 1] == other.stack_[depth_ - 1];
    }

   private:
    friend class PTree;
    using inner_type = typename node_type::Inner;
    using leaf_type = typename node_type::Leaf;
    void push_left(const node_type* node) {
      if (node == nullptr) return;
      while (!node->is_leaf) {
        const inner_type* in = node_type::inner(node);
        stack_[depth_++] = in;
        // The right subtree comes after the left one: start loading its top
        // now, so a scan's walk overlaps its node misses with the leaves.
        __builtin_prefetch(in->right);
        node = in->left;
      }
      leaf_ = node_type::leaf(node);
      pos_ = 0;
    }
    // Stops at `pos` of `leaf`, or at the stack's top when pos is past its end.
    void enter_leaf(const node_type* node, std::uint32_t pos) {
      if (pos < node->size) {
        leaf_ = node_type::leaf(node);
        pos_ = pos;
      }
    }
    // Weight balance bounds the height by ~2.1 log2(n) < 70 for any 32-bit size.
    const inner_type* stack_[80];
    const leaf_type* leaf_ = nullptr;
    std::uint32_t pos_ = 0;
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
      if (node->is_leaf) {
        it.enter_leaf(node, node_type::leaf(node)->lower_index(key));
        break;
      }
      const auto* in = node_type::inner(node);
      if (Less{}(in->key, key)) {
        node = in->right;
      } else {
        it.stack_[it.depth_++] = in;
        node = in->left;
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
      if (node->is_leaf) {
        it.enter_leaf(node, static_cast<std::uint32_t>(std::min<std::size_t>(index, node->size)));
        break;
      }
      const auto* in = node_type::inner(node);
      std::size_t left_size = tree_size(in->left);
      if (index < left_size) {
        it.stack_[it.depth_++] = in;
        node = in->left;
      } else if (index == left_size) {
        it.stack_[it.depth_++] = in;
        break;
      } else {
        index -= left_size + 1;
        node = in->right;
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
    check_subtree(root_, nullptr, nullptr, true, problem);
    return problem;
  }
  // Nodes of this tree type alive in the process (all handles, all versions).
  static std::int64_t live_nodes() { return node_type::live().total(); }
  // Nodes (inner nodes and leaves) of this version, and its height in nodes.
  std::size_t node_count() const { return count_nodes(root_); }
  std::size_t height() const { return height_of(root_); }
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

  using Inner = typename node_type::Inner;
  using Leaf = typename node_type::Leaf;

  // A copy of `leaf` with `key`'s value replaced by make(old value); the old
  // value is moved out when the leaf is private.
  template <class Make>
  static node_type* leaf_with_value(node_type* tree, std::uint32_t at, const Make& make) {
    Leaf* l = node_type::leaf(tree);
    if (tree->is_private()) {
      l->drop_cache();
      l->values()[at] = make(std::move(l->values()[at]));
      l->refresh_aug();
      return tree;
    }
    node_type* copy = node_type::create_leaf(l->size, [&](K* keys, V* values) {
      std::uninitialized_copy(l->keys(), l->keys() + l->size, keys);
      for (std::uint32_t i = 0; i < l->size; ++i) {
        if (i == at) {
          V old = l->values()[i];
          new (values + i) V(make(std::move(old)));
        } else {
          new (values + i) V(l->values()[i]);
        }
      }
    });
    node_type::release(tree);
    return copy;
  }

  template <class Combine>
  static node_type* insert_node(node_type* tree, const K& key, const V& value,
                                const Combine& combine) {
    if (tree == nullptr) {
      entry_type one(key, value);
      return leaf_from_entries<node_type>(&one, 1);
    }
    if (tree->is_leaf) {
      const Leaf* l = node_type::leaf(tree);
      std::uint32_t at = l->lower_index(key);
      if (at < l->size && !Less{}(key, l->keys()[at])) {
        return leaf_with_value(tree, at, [&](V old) { return combine(old, value); });
      }
      // One more entry: one leaf, or two halves of at least B when it overflows.
      std::vector<entry_type> entries;
      entries.reserve(l->size + 1);
      for (std::uint32_t i = 0; i < l->size; ++i) {
        if (i == at) entries.emplace_back(key, value);
        entries.emplace_back(l->keys()[i], l->values()[i]);
      }
      if (at == l->size) entries.emplace_back(key, value);
      node_type::release(tree);
      return build_sorted<node_type>(entries.data(), entries.size());
    }
    node_type *left, *right;
    Inner* top = expose(tree, left, right);
    if (Less{}(key, top->key)) return join(insert_node(left, key, value, combine), top, right);
    if (Less{}(top->key, key)) return join(left, top, insert_node(right, key, value, combine));
    top->value = combine(top->value, value);
    return attach(left, top, right);
  }

  // A short leaf that comes back up is merged into a neighbour by join.
  static node_type* erase_node(node_type* tree, const K& key) {
    if (tree->is_leaf) {
      const Leaf* l = node_type::leaf(tree);
      std::uint32_t at = l->lower_index(key);
      node_type* rest = nullptr;
      if (l->size > 1) {
        rest = node_type::create_leaf(l->size - 1, [&](K* keys, V* values) {
          std::uninitialized_copy(l->keys(), l->keys() + at, keys);
          std::uninitialized_copy(l->keys() + at + 1, l->keys() + l->size, keys + at);
          std::uninitialized_copy(l->values(), l->values() + at, values);
          std::uninitialized_copy(l->values() + at + 1, l->values() + l->size, values + at);
        });
      }
      node_type::release(tree);
      return rest;
    }
    node_type *left, *right;
    Inner* top = expose(tree, left, right);
    if (Less{}(key, top->key)) return join(erase_node(left, key), top, right);
    if (Less{}(top->key, key)) return join(left, top, erase_node(right, key));
    node_type::destroy_single(top);
    return join2(left, right);
  }

  template <class Update>
  static node_type* update_node(node_type* tree, const K& key, const Update& update) {
    if (tree->is_leaf) {
      // The value is moved into `update` when the leaf is private (an inner
      // tree handed over this way is updated in place when private too).
      return leaf_with_value(tree, node_type::leaf(tree)->lower_index(key),
                             [&](V old) { return update(std::move(old)); });
    }
    node_type *left, *right;
    Inner* top = expose(tree, left, right);
    if (Less{}(key, top->key)) {
      left = update_node(left, key, update);
    } else if (Less{}(top->key, key)) {
      right = update_node(right, key, update);
    } else {
      top->value = update(std::move(top->value));
    }
    return attach(left, top, right);
  }

  static std::size_t count_nodes(const node_type* node) {
    if (node == nullptr) return 0;
    if (node->is_leaf) return 1;
    return 1 + count_nodes(node_type::inner(node)->left) + count_nodes(node_type::inner(node)->right);
  }
  static std::size_t height_of(const node_type* node) {
    if (node == nullptr) return 0;
    if (node->is_leaf) return 1;
    return 1 + std::max(height_of(node_type::inner(node)->left), height_of(node_type::inner(node)->right));
  }

  static std::size_t check_subtree(const node_type* node, const K* low, const K* high, bool is_root,
                                   std::string& problem) {
    if (node == nullptr || !problem.empty()) return 0;
    if (node->refs.load(std::memory_order_relaxed) == 0) problem = "node with zero references";
    if (node->is_leaf) {
      const Leaf* l = node_type::leaf(node);
      if (l->size == 0 || l->size > kLeafMax) problem = "leaf size out of bounds";
      if (!is_root && l->size < kLeafMin) problem = "short leaf below the root";
      for (std::uint32_t i = 0; i < l->size; ++i) {
        const K& k = l->keys()[i];
        if (i > 0 && !Less{}(l->keys()[i - 1], k)) problem = "keys out of order in a leaf";
        if (low != nullptr && !Less{}(*low, k)) problem = "keys out of order";
        if (high != nullptr && !Less{}(k, *high)) problem = "keys out of order";
      }
      if constexpr (node_type::kHasAug) {
        if (!(l->aug_of(0, l->size) == l->aug)) problem = "wrong augmented value in a leaf";
      }
      return l->size;
    }
    const Inner* in = node_type::inner(node);
    if (in->left == nullptr || in->right == nullptr) problem = "inner node without two children";
    if (!problem.empty()) return 0;
    if (low != nullptr && !Less{}(*low, in->key)) problem = "keys out of order";
    if (high != nullptr && !Less{}(in->key, *high)) problem = "keys out of order";
    std::size_t left = check_subtree(in->left, low, &in->key, false, problem);
    std::size_t right = check_subtree(in->right, &in->key, high, false, problem);
    if (!problem.empty()) return 0;
    if (node->size != left + right + 1) problem = "wrong subtree size";
    if (!weights_balanced(left + 1, right + 1)) problem = "weight balance violated";
    if constexpr (node_type::kHasAug) {
      auto expected = Aug::combine(Aug::combine(tree_aug(in->left), entry_aug<node_type>(in)),
                                   tree_aug(in->right));
      if (!(expected == node->aug)) problem = "wrong augmented value";
    }
    return left + right + 1;
  }

  node_type* root_ = nullptr;
};

}  // namespace ptreedb::ptree
