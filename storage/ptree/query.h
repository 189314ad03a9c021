// Read-only algorithms: lookups by key and by position, augmented range sums in
// O(log n), and parallel map-reduce / indexed for-each. Nothing here is consumed.
#pragma once

#include <cstddef>
#include <optional>

#include "storage/ptree/node.h"

namespace ptreedb::ptree {

template <class N>
const N* find_node(const N* tree, const typename N::key_type& key) {
  while (tree != nullptr) {
    if (N::less(key, tree->key)) {
      tree = tree->left;
    } else if (N::less(tree->key, key)) {
      tree = tree->right;
    } else {
      return tree;
    }
  }
  return nullptr;
}

// Number of keys strictly below `key`.
template <class N>
std::size_t rank_of(const N* tree, const typename N::key_type& key) {
  std::size_t rank = 0;
  while (tree != nullptr) {
    if (N::less(tree->key, key)) {
      rank += tree_size(tree->left) + 1;
      tree = tree->right;
    } else {
      tree = tree->left;
    }
  }
  return rank;
}

// The node at in-order position `index` (< size).
template <class N>
const N* select_node(const N* tree, std::size_t index) {
  while (tree != nullptr) {
    std::size_t left_size = tree_size(tree->left);
    if (index < left_size) {
      tree = tree->left;
    } else if (index == left_size) {
      return tree;
    } else {
      index -= left_size + 1;
      tree = tree->right;
    }
  }
  return nullptr;
}

// Augmented value of the entries with key >= low.
template <class N>
typename N::aug_type aug_from(const N* tree, const typename N::key_type& low) {
  using A = typename N::aug_policy;
  typename N::aug_type right_part = A::identity();
  // Walk down; entries to the right of every node we keep are accumulated
  // in order from the right end.
  while (tree != nullptr) {
    if (N::less(tree->key, low)) {
      tree = tree->right;
    } else {
      right_part = A::combine(A::combine(entry_aug(tree), tree_aug(tree->right)), right_part);
      tree = tree->left;
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
    if (N::less(high, tree->key)) {
      tree = tree->left;
    } else {
      left_part = A::combine(left_part, A::combine(tree_aug(tree->left), entry_aug(tree)));
      tree = tree->right;
    }
  }
  return left_part;
}

// Augmented value of the entries with low <= key <= high, in O(log n).
template <class N>
typename N::aug_type aug_between(const N* tree, const typename N::key_type& low,
                                 const typename N::key_type& high) {
  using A = typename N::aug_policy;
  while (tree != nullptr) {
    if (N::less(tree->key, low)) {
      tree = tree->right;
    } else if (N::less(high, tree->key)) {
      tree = tree->left;
    } else {
      return A::combine(A::combine(aug_from(tree->left, low), entry_aug(tree)),
                        aug_until(tree->right, high));
    }
  }
  return A::identity();
}

// In-order reduce of map(key, value) with an associative `reduce` and its identity.
template <class N, class Result, class Map, class Reduce>
Result map_reduce_nodes(const N* tree, const Map& map, const Reduce& reduce,
                        const Result& identity) {
  if (tree == nullptr) return identity;
  if (tree->size <= kParallelGrain) {
    Result left = map_reduce_nodes(tree->left, map, reduce, identity);
    Result middle = reduce(left, map(tree->key, tree->value));
    return reduce(middle, map_reduce_nodes(tree->right, map, reduce, identity));
  }
  Result left = identity, right = identity;
  fork_join(true, [&] { left = map_reduce_nodes(tree->left, map, reduce, identity); },
            [&] { right = map_reduce_nodes(tree->right, map, reduce, identity); });
  return reduce(reduce(left, map(tree->key, tree->value)), right);
}

// Calls visit(key, value, position) for every entry, in parallel.
template <class N, class Visit>
void foreach_index_nodes(const N* tree, std::size_t offset, const Visit& visit) {
  if (tree == nullptr) return;
  std::size_t here = offset + tree_size(tree->left);
  fork_join(tree->size > kParallelGrain,
            [&] { foreach_index_nodes(tree->left, offset, visit); },
            [&] { foreach_index_nodes(tree->right, here + 1, visit); });
  visit(tree->key, tree->value, here);
}

// Sequential in-order visit of keys in [low, high]; stops early when visit returns false.
template <class N, class Visit>
bool visit_between(const N* tree, const typename N::key_type& low,
                   const typename N::key_type& high, const Visit& visit) {
  while (tree != nullptr) {
    if (N::less(tree->key, low)) {
      tree = tree->right;
    } else if (N::less(high, tree->key)) {
      tree = tree->left;
    } else {
      if (!visit_between(tree->left, low, high, visit)) return false;
      if (!visit(tree->key, tree->value)) return false;
      tree = tree->right;
    }
  }
  return true;
}

}  // namespace ptreedb::ptree
