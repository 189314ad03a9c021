// Parallel bulk algorithms written on join (seed 000, Fig. 2): set operations,
// multi_insert / multi_delete of sorted batches, filter and balanced build.
// Tree arguments are consumed; arrays are only read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>

#include "storage/ptree/join.h"

namespace ptreedb::ptree {

// Builds a perfectly balanced tree from sorted, duplicate-free entries.
template <class N, class Entry>
N* build_sorted(const Entry* entries, std::size_t count) {
  if (count == 0) return nullptr;
  std::size_t mid = count / 2;
  N* middle = N::create(entries[mid].first, entries[mid].second);
  N *left, *right;
  fork_join(count > kParallelGrain,
            [&] { left = build_sorted<N>(entries, mid); },
            [&] { right = build_sorted<N>(entries + mid + 1, count - mid - 1); });
  return attach(left, middle, right);
}

// Entries of both; where a key is in both, its value is combine(value_a, value_b).
template <class N, class Combine>
N* tree_union(N* a, N* b, const Combine& combine) {
  if (a == nullptr) return b;
  if (b == nullptr) return a;
  bool parallel = std::size_t(tree_size(a)) + tree_size(b) > kParallelGrain;
  N *bl, *br, *al, *ar;
  N* pivot = expose(b, bl, br);
  N* twin = split(a, pivot->key, al, ar);
  N *left, *right;
  fork_join(parallel, [&] { left = tree_union(al, bl, combine); },
            [&] { right = tree_union(ar, br, combine); });
  if (twin != nullptr) {
    pivot->value = combine(twin->value, pivot->value);
    N::destroy_single(twin);
  }
  return join(left, pivot, right);
}

// Keys in both; the value is combine(value_a, value_b).
template <class N, class Combine>
N* tree_intersection(N* a, N* b, const Combine& combine) {
  if (a == nullptr || b == nullptr) {
    N::release(a);
    N::release(b);
    return nullptr;
  }
  bool parallel = std::size_t(tree_size(a)) + tree_size(b) > kParallelGrain;
  N *bl, *br, *al, *ar;
  N* pivot = expose(b, bl, br);
  N* twin = split(a, pivot->key, al, ar);
  N *left, *right;
  fork_join(parallel, [&] { left = tree_intersection(al, bl, combine); },
            [&] { right = tree_intersection(ar, br, combine); });
  if (twin == nullptr) {
    N::destroy_single(pivot);
    return join2(left, right);
  }
  pivot->value = combine(twin->value, pivot->value);
  N::destroy_single(twin);
  return join(left, pivot, right);
}

// Entries of `a` whose keys are not in `b`.
template <class N>
N* tree_difference(N* a, N* b) {
  if (a == nullptr || b == nullptr) {
    N::release(b);
    return a;
  }
  bool parallel = std::size_t(tree_size(a)) + tree_size(b) > kParallelGrain;
  N *bl, *br, *al, *ar;
  N* pivot = expose(b, bl, br);
  N* twin = split(a, pivot->key, al, ar);
  N::destroy_single(pivot);
  if (twin != nullptr) N::destroy_single(twin);
  N *left, *right;
  fork_join(parallel, [&] { left = tree_difference(al, bl); },
            [&] { right = tree_difference(ar, br); });
  return join2(left, right);
}

// Index of the first entry whose key is not below `key`.
template <class N, class Entry>
inline std::size_t lower_index(const Entry* entries, std::size_t count,
                               const typename N::key_type& key) {
  return std::lower_bound(entries, entries + count, key,
                          [](const Entry& e, const typename N::key_type& k) {
                            return N::less(e.first, k);
                          }) -
         entries;
}

// Inserts sorted, duplicate-free entries; a key already present gets
// combine(old_value, new_value). Work O(m log(n/m + 1)).
template <class N, class Entry, class Combine>
N* multi_insert_sorted(N* tree, const Entry* entries, std::size_t count,
                       const Combine& combine) {
  if (tree == nullptr) return build_sorted<N>(entries, count);
  if (count == 0) return tree;
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  std::size_t b = lower_index<N>(entries, count, top->key);
  bool found = b < count && !N::less(top->key, entries[b].first);
  N *left, *right;
  fork_join(count > 64 && tree_size(tl) + tree_size(tr) > kParallelGrain,
            [&] { left = multi_insert_sorted(tl, entries, b, combine); },
            [&] {
              std::size_t skip = b + (found ? 1 : 0);
              right = multi_insert_sorted(tr, entries + skip, count - skip, combine);
            });
  if (found) top->value = combine(top->value, entries[b].second);
  return join(left, top, right);
}

// Removes the sorted, duplicate-free keys (absent keys are ignored).
template <class N, class Key>
N* multi_delete_sorted(N* tree, const Key* keys, std::size_t count) {
  if (tree == nullptr || count == 0) return tree;
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  std::size_t b = std::lower_bound(keys, keys + count, top->key,
                                   [](const Key& a, const Key& k) { return N::less(a, k); }) -
                  keys;
  bool found = b < count && !N::less(top->key, keys[b]);
  N *left, *right;
  fork_join(count > 64 && tree_size(tl) + tree_size(tr) > kParallelGrain,
            [&] { left = multi_delete_sorted(tl, keys, b); },
            [&] {
              std::size_t skip = b + (found ? 1 : 0);
              right = multi_delete_sorted(tr, keys + skip, count - skip);
            });
  if (found) {
    N::destroy_single(top);
    return join2(left, right);
  }
  return join(left, top, right);
}

// Keeps the entries for which keep(key, value) holds.
template <class N, class Keep>
N* tree_filter(N* tree, const Keep& keep) {
  if (tree == nullptr) return nullptr;
  // Decide before expose: a copied node's size field is not yet recomputed.
  bool parallel = tree_size(tree) > kParallelGrain;
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  N *left, *right;
  fork_join(parallel, [&] { left = tree_filter(tl, keep); },
            [&] { right = tree_filter(tr, keep); });
  if (keep(top->key, top->value)) return join(left, top, right);
  N::destroy_single(top);
  return join2(left, right);
}

// A tree of the same keys and shape whose values are map(key, value): one new
// node per entry, made in parallel, with nothing sorted or searched (reads
// `tree`, which it does not consume).
template <class N, class Map>
N* tree_map_values(const N* tree, const Map& map) {
  if (tree == nullptr) return nullptr;
  N *left, *right;
  fork_join(tree_size(tree) > kParallelGrain, [&] { left = tree_map_values(tree->left, map); },
            [&] { right = tree_map_values(tree->right, map); });
  return attach(left, N::create(tree->key, map(tree->key, tree->value)), right);
}

// Keys >= low (consumes `tree`; copies only the O(log n) nodes on the boundary).
template <class N>
N* take_from(N* tree, const typename N::key_type& low) {
  while (tree != nullptr && N::less(tree->key, low)) {
    N* right = N::retain(tree->right);
    N::release(tree);
    tree = right;
  }
  if (tree == nullptr) return nullptr;
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  return join(take_from(tl, low), top, tr);
}

// Keys <= high.
template <class N>
N* take_until(N* tree, const typename N::key_type& high) {
  while (tree != nullptr && N::less(high, tree->key)) {
    N* left = N::retain(tree->left);
    N::release(tree);
    tree = left;
  }
  if (tree == nullptr) return nullptr;
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  return join(tl, top, take_until(tr, high));
}

}  // namespace ptreedb::ptree
