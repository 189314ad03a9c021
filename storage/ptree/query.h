// Read-only algorithms: lookups by key and by position, augmented range sums in
// O(log n + B), and parallel map-reduce / indexed for-each. Inner nodes are
// walked as a binary tree; a leaf is searched or looped over as an array.
// Nothing here is consumed.
#pragma once

#include <cstddef>

#include "storage/ptree/node.h"

namespace ptreedb::ptree {

// The value stored under `key`, or null.
template <class N>
const typename N::value_type* find_value(const N* tree, const typename N::key_type& key) {
  while (tree != nullptr) {
    if (tree->is_leaf) {
      const auto* l = N::leaf(tree);
      std::uint32_t i = l->lower_index(key);
      if (i < l->size && !N::less(key, l->keys()[i])) return l->values() + i;
      return nullptr;
    }
    const auto* in = N::inner(tree);
    if (N::less(key, in->key)) {
      tree = in->left;
    } else if (N::less(in->key, key)) {
      tree = in->right;
    } else {
      return &in->value;
    }
  }
  return nullptr;
}

// Number of keys strictly below `key`.
template <class N>
std::size_t rank_of(const N* tree, const typename N::key_type& key) {
  std::size_t rank = 0;
  while (tree != nullptr) {
    if (tree->is_leaf) return rank + N::leaf(tree)->lower_index(key);
    const auto* in = N::inner(tree);
    if (N::less(in->key, key)) {
      rank += tree_size(in->left) + 1;
      tree = in->right;
    } else {
      tree = in->left;
    }
  }
  return rank;
}

// The entry at in-order position `index` (< size), as pointers to its key and value.
template <class N>
std::pair<const typename N::key_type*, const typename N::value_type*> select_entry(
    const N* tree, std::size_t index) {
  while (tree != nullptr) {
    if (tree->is_leaf) {
      const auto* l = N::leaf(tree);
      return {l->keys() + index, l->values() + index};
    }
    const auto* in = N::inner(tree);
    std::size_t left_size = tree_size(in->left);
    if (index < left_size) {
      tree = in->left;
    } else if (index == left_size) {
      return {&in->key, &in->value};
    } else {
      index -= left_size + 1;
      tree = in->right;
    }
  }
  return {nullptr, nullptr};
}

// Augmented value of the entries with key >= low.
template <class N>
typename N::aug_type aug_from(const N* tree, const typename N::key_type& low) {
  using A = typename N::aug_policy;
  typename N::aug_type right_part = A::identity();
  // Walk down; entries to the right of every node we keep are accumulated
  // in order from the right end.
  while (tree != nullptr) {
    if (tree->is_leaf) {
      const auto* l = N::leaf(tree);
      return A::combine(l->aug_of(l->lower_index(low), l->size), right_part);
    }
    const auto* in = N::inner(tree);
    if (N::less(in->key, low)) {
      tree = in->right;
    } else {
      right_part = A::combine(A::combine(entry_aug<N>(in), tree_aug(in->right)), right_part);
      tree = in->left;
    }
  }
  return right_part;
}

// Augmented value of the entries with key <= high.
template <class N>
typename N::aug_type aug_until(const N* tree, const typename N::key_type& high) {
  using A = typename N::aug_policy;
  typename N::aug_type left_part = A::identity();
  while (tree != nullptr) {
    if (tree->is_leaf) {
      const auto* l = N::leaf(tree);
      return A::combine(left_part, l->aug_of(0, l->upper_index(high)));
    }
    const auto* in = N::inner(tree);
    if (N::less(high, in->key)) {
      tree = in->left;
    } else {
      left_part = A::combine(left_part, A::combine(tree_aug(in->left), entry_aug<N>(in)));
      tree = in->right;
    }
  }
  return left_part;
}

// Augmented value of the entries with low <= key <= high, in O(log n + B).
template <class N>
typename N::aug_type aug_between(const N* tree, const typename N::key_type& low,
                                 const typename N::key_type& high) {
  using A = typename N::aug_policy;
  while (tree != nullptr) {
    if (tree->is_leaf) {
      const auto* l = N::leaf(tree);
      std::uint32_t begin = l->lower_index(low), end = l->upper_index(high);
      return begin < end ? l->aug_of(begin, end) : A::identity();
    }
    const auto* in = N::inner(tree);
    if (N::less(in->key, low)) {
      tree = in->right;
    } else if (N::less(high, in->key)) {
      tree = in->left;
    } else {
      return A::combine(A::combine(aug_from(in->left, low), entry_aug<N>(in)),
                        aug_until(in->right, high));
    }
  }
  return A::identity();
}

// In-order reduce of map(key, value) with an associative `reduce` and its identity.
template <class N, class Result, class Map, class Reduce>
Result map_reduce_nodes(const N* tree, const Map& map, const Reduce& reduce,
                        const Result& identity) {
  if (tree == nullptr) return identity;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    const auto* keys = l->keys();
    const auto* values = l->values();
    Result sum = identity;
    for (std::uint32_t i = 0; i < l->size; ++i) sum = reduce(sum, map(keys[i], values[i]));
    return sum;
  }
  const auto* in = N::inner(tree);
  Result left = identity, right = identity;
  fork_join(tree->size > kParallelGrain,
            [&] { left = map_reduce_nodes(in->left, map, reduce, identity); },
            [&] { right = map_reduce_nodes(in->right, map, reduce, identity); });
  return reduce(reduce(left, map(in->key, in->value)), right);
}

// Calls visit(key, value, position) for every entry, in parallel.
template <class N, class Visit>
void foreach_index_nodes(const N* tree, std::size_t offset, const Visit& visit) {
  if (tree == nullptr) return;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    const auto* keys = l->keys();
    const auto* values = l->values();
    for (std::uint32_t i = 0; i < l->size; ++i) visit(keys[i], values[i], offset + i);
    return;
  }
  const auto* in = N::inner(tree);
  std::size_t here = offset + tree_size(in->left);
  fork_join(tree->size > kParallelGrain,
            [&] { foreach_index_nodes(in->left, offset, visit); },
            [&] { foreach_index_nodes(in->right, here + 1, visit); });
  visit(in->key, in->value, here);
}

// Sequential in-order visit of keys in [low, high]; stops early when visit returns false.
template <class N, class Visit>
bool visit_between(const N* tree, const typename N::key_type& low,
                   const typename N::key_type& high, const Visit& visit) {
  while (tree != nullptr) {
    if (tree->is_leaf) {
      const auto* l = N::leaf(tree);
      for (std::uint32_t i = l->lower_index(low); i < l->size && !N::less(high, l->keys()[i]); ++i) {
        if (!visit(l->keys()[i], l->values()[i])) return false;
      }
      return true;
    }
    const auto* in = N::inner(tree);
    if (N::less(in->key, low)) {
      tree = in->right;
    } else if (N::less(high, in->key)) {
      tree = in->left;
    } else {
      if (!visit_between(in->left, low, high, visit)) return false;
      if (!visit(in->key, in->value)) return false;
      tree = in->right;
    }
  }
  return true;
}

}  // namespace ptreedb::ptree
