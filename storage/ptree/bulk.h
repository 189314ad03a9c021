// Parallel bulk algorithms written on join (seed 000, Fig. 2): set operations,
// multi_insert / multi_delete of sorted batches, filter and balanced build.
// They recurse over inner nodes as on a binary tree and work leaf-wise at the
// bottom: a leaf meeting a batch is merged with it as arrays and re-blocked.
// Tree arguments are consumed; arrays are only read.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "storage/ptree/join.h"
#include "storage/ptree/query.h"

namespace ptreedb::ptree {

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

// The entries of a leaf as (key, value) pairs, and the leaf released.
template <class N>
std::vector<typename N::entry_type> take_leaf_entries(N* leaf) {
  std::vector<typename N::entry_type> out;
  out.reserve(leaf->size);
  append_entries(leaf, out);
  N::release(leaf);
  return out;
}

// Merges a leaf with sorted entries (combine on equal keys) and blocks the
// result again: straight into one new leaf when it fits, the common case.
template <class N, class Entry, class Combine>
N* merge_into_leaf(N* tree, const Entry* entries, std::size_t count, const Combine& combine) {
  using K = typename N::key_type;
  using V = typename N::value_type;
  const auto* l = N::leaf(tree);
  const K* keys = l->keys();
  const V* values = l->values();
  const std::uint32_t n = l->size;
  // merge(emit) calls emit(key, value) for each merged entry in order.
  auto merge = [&](auto&& emit) {
    std::uint32_t i = 0;
    std::size_t j = 0;
    while (i < n && j < count) {
      if (N::less(keys[i], entries[j].first)) {
        emit(keys[i], values[i]);
        ++i;
      } else if (N::less(entries[j].first, keys[i])) {
        emit(entries[j].first, entries[j].second);
        ++j;
      } else {
        emit(keys[i], combine(values[i], entries[j].second));
        ++i;
        ++j;
      }
    }
    for (; i < n; ++i) emit(keys[i], values[i]);
    for (; j < count; ++j) emit(entries[j].first, entries[j].second);
  };
  // The merged size: exact for a small batch; a larger one cannot fit one leaf.
  std::size_t total = n + count;
  if (count <= N::kLeafMax) {
    for (std::size_t j = 0; j < count; ++j) {
      std::uint32_t at = l->lower_index(entries[j].first);
      total -= at < n && !N::less(entries[j].first, keys[at]);
    }
  }
  N* made;
  if (total <= N::kLeafMax) {
    made = N::create_leaf(static_cast<std::uint32_t>(total), [&](K* k, V* v) {
      std::size_t out = 0;
      merge([&](const K& key, auto&& value) {
        new (k + out) K(key);
        new (v + out) V(std::forward<decltype(value)>(value));
        ++out;
      });
    });
  } else {
    std::vector<typename N::entry_type> merged;
    merged.reserve(total);
    merge([&](const K& key, auto&& value) { merged.emplace_back(key, std::forward<decltype(value)>(value)); });
    made = build_sorted<N>(merged.data(), merged.size());
  }
  N::release(tree);
  return made;
}

// Inserts sorted, duplicate-free entries; a key already present gets
// combine(old_value, new_value). Work O(m log(n/m + 1) + B per leaf touched).
template <class N, class Entry, class Combine>
N* multi_insert_sorted(N* tree, const Entry* entries, std::size_t count,
                       const Combine& combine) {
  if (tree == nullptr) return build_sorted<N>(entries, count);
  if (count == 0) return tree;
  if (tree->is_leaf) return merge_into_leaf(tree, entries, count, combine);
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
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

// A leaf of the entries `kept` (ascending positions) of leaf `tree`, which it
// releases; `tree` itself when every entry is kept, null when none is.
template <class N>
N* keep_leaf_entries(N* tree, const std::vector<std::uint32_t>& kept) {
  const auto* l = N::leaf(tree);
  if (kept.size() == l->size) return tree;
  N* made = nullptr;
  if (!kept.empty()) {
    using K = typename N::key_type;
    using V = typename N::value_type;
    made = N::create_leaf(static_cast<std::uint32_t>(kept.size()), [&](K* k, V* v) {
      for (std::size_t i = 0; i < kept.size(); ++i) {
        new (k + i) K(l->keys()[kept[i]]);
        new (v + i) V(l->values()[kept[i]]);
      }
    });
  }
  N::release(tree);
  return made;
}

// Removes the sorted, duplicate-free keys (absent keys are ignored).
template <class N, class Key>
N* multi_delete_sorted(N* tree, const Key* keys, std::size_t count) {
  if (tree == nullptr || count == 0) return tree;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    std::vector<std::uint32_t> kept;
    kept.reserve(l->size);
    std::size_t j = 0;
    for (std::uint32_t i = 0; i < l->size; ++i) {
      while (j < count && N::less(keys[j], l->keys()[i])) ++j;
      if (j < count && !N::less(l->keys()[i], keys[j])) continue;
      kept.push_back(i);
    }
    return keep_leaf_entries(tree, kept);
  }
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
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

// Set operations on two small trees merge them as arrays: one linear pass,
// which beats splitting leaves apart and joining them again.
enum class SetOp { kUnion, kIntersection, kDifference };

template <class N>
inline bool small_enough_to_merge(const N* a, const N* b) {
  return std::size_t(tree_size(a)) + tree_size(b) <= std::max<std::size_t>(kParallelGrain, 8 * N::kLeafMax);
}

// Entries of a and b combined by `op`; on a key in both, combine(value_a, value_b).
template <SetOp op, class N, class Combine>
N* merge_flat(N* a, N* b, const Combine& combine) {
  std::vector<typename N::entry_type> ea, eb, out;
  ea.reserve(tree_size(a));
  eb.reserve(tree_size(b));
  append_entries(a, ea);
  append_entries(b, eb);
  N::release(a);
  N::release(b);
  out.reserve(op == SetOp::kUnion ? ea.size() + eb.size() : ea.size());
  std::size_t i = 0, j = 0;
  while (i < ea.size() && j < eb.size()) {
    if (N::less(ea[i].first, eb[j].first)) {
      if constexpr (op != SetOp::kIntersection) out.push_back(std::move(ea[i]));
      ++i;
    } else if (N::less(eb[j].first, ea[i].first)) {
      if constexpr (op == SetOp::kUnion) out.push_back(std::move(eb[j]));
      ++j;
    } else {
      if constexpr (op != SetOp::kDifference) {
        out.emplace_back(std::move(ea[i].first), combine(ea[i].second, eb[j].second));
      }
      ++i;
      ++j;
    }
  }
  if constexpr (op != SetOp::kIntersection) {
    for (; i < ea.size(); ++i) out.push_back(std::move(ea[i]));
  }
  if constexpr (op == SetOp::kUnion) {
    for (; j < eb.size(); ++j) out.push_back(std::move(eb[j]));
  }
  return build_sorted<N>(out.data(), out.size());
}

// Entries of both; where a key is in both, its value is combine(value_a, value_b).
template <class N, class Combine>
N* tree_union(N* a, N* b, const Combine& combine) {
  if (a == nullptr) return b;
  if (b == nullptr) return a;
  if (small_enough_to_merge(a, b)) return merge_flat<SetOp::kUnion>(a, b, combine);
  if (b->is_leaf) {
    auto batch = take_leaf_entries(b);
    return multi_insert_sorted(a, batch.data(), batch.size(), combine);
  }
  if (a->is_leaf) {
    auto batch = take_leaf_entries(a);
    return multi_insert_sorted(b, batch.data(), batch.size(),
                               [&](const auto& in_b, const auto& in_a) { return combine(in_a, in_b); });
  }
  bool parallel = std::size_t(tree_size(a)) + tree_size(b) > kParallelGrain;
  N *bl, *br, *al, *ar;
  auto* pivot = expose(b, bl, br);
  auto* twin = split(a, pivot->key, al, ar);
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
  if (small_enough_to_merge(a, b)) return merge_flat<SetOp::kIntersection>(a, b, combine);
  if (a->is_leaf || b->is_leaf) {
    // Look the leaf's keys up in the other tree.
    const bool leaf_is_a = a->is_leaf;
    N* other = leaf_is_a ? b : a;
    auto batch = take_leaf_entries(leaf_is_a ? a : b);
    std::size_t out = 0;
    for (auto& entry : batch) {
      const auto* found = find_value(other, entry.first);
      if (found == nullptr) continue;
      auto value = leaf_is_a ? combine(entry.second, *found) : combine(*found, entry.second);
      if (&batch[out] != &entry) batch[out].first = std::move(entry.first);
      batch[out].second = std::move(value);
      ++out;
    }
    N::release(other);
    return build_sorted<N>(batch.data(), out);
  }
  bool parallel = std::size_t(tree_size(a)) + tree_size(b) > kParallelGrain;
  N *bl, *br, *al, *ar;
  auto* pivot = expose(b, bl, br);
  auto* twin = split(a, pivot->key, al, ar);
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
  if (small_enough_to_merge(a, b)) {
    return merge_flat<SetOp::kDifference>(a, b, [](const auto& in_a, const auto&) { return in_a; });
  }
  if (b->is_leaf) {
    std::vector<typename N::key_type> keys(N::leaf(b)->keys(), N::leaf(b)->keys() + b->size);
    N::release(b);
    return multi_delete_sorted(a, keys.data(), keys.size());
  }
  if (a->is_leaf) {
    auto batch = take_leaf_entries(a);
    std::size_t out = 0;
    for (auto& entry : batch) {
      if (find_value(b, entry.first) != nullptr) continue;
      if (&batch[out] != &entry) batch[out] = std::move(entry);
      ++out;
    }
    N::release(b);
    return build_sorted<N>(batch.data(), out);
  }
  bool parallel = std::size_t(tree_size(a)) + tree_size(b) > kParallelGrain;
  N *bl, *br, *al, *ar;
  auto* pivot = expose(b, bl, br);
  auto* twin = split(a, pivot->key, al, ar);
  N::destroy_single(pivot);
  if (twin != nullptr) N::destroy_single(twin);
  N *left, *right;
  fork_join(parallel, [&] { left = tree_difference(al, bl); },
            [&] { right = tree_difference(ar, br); });
  return join2(left, right);
}

// Keeps the entries for which keep(key, value) holds.
template <class N, class Keep>
N* tree_filter(N* tree, const Keep& keep) {
  if (tree == nullptr) return nullptr;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    std::vector<std::uint32_t> kept;
    kept.reserve(l->size);
    for (std::uint32_t i = 0; i < l->size; ++i) {
      if (keep(l->keys()[i], l->values()[i])) kept.push_back(i);
    }
    return keep_leaf_entries(tree, kept);
  }
  // Decide before expose: a copied node's size field is not yet recomputed.
  bool parallel = tree_size(tree) > kParallelGrain;
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
  N *left, *right;
  fork_join(parallel, [&] { left = tree_filter(tl, keep); },
            [&] { right = tree_filter(tr, keep); });
  if (keep(top->key, top->value)) return join(left, top, right);
  N::destroy_single(top);
  return join2(left, right);
}

// A tree of the same keys and shape whose values are map(key, value): new
// nodes made in parallel, with nothing sorted or searched (reads `tree`, which
// it does not consume).
template <class N, class Map>
N* tree_map_values(const N* tree, const Map& map) {
  if (tree == nullptr) return nullptr;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    using K = typename N::key_type;
    using V = typename N::value_type;
    return N::create_leaf(l->size, [&](K* k, V* v) {
      for (std::uint32_t i = 0; i < l->size; ++i) {
        new (k + i) K(l->keys()[i]);
        new (v + i) V(map(l->keys()[i], l->values()[i]));
      }
    });
  }
  const auto* in = N::inner(tree);
  N *left, *right;
  fork_join(tree_size(tree) > kParallelGrain, [&] { left = tree_map_values(in->left, map); },
            [&] { right = tree_map_values(in->right, map); });
  return attach(left, N::create(in->key, map(in->key, in->value)), right);
}

// Keys >= low (consumes `tree`; copies only the O(log n) nodes on the boundary).
template <class N>
N* take_from(N* tree, const typename N::key_type& low) {
  while (tree != nullptr && !tree->is_leaf && N::less(N::inner(tree)->key, low)) {
    N* right = N::retain(N::inner(tree)->right);
    N::release(tree);
    tree = right;
  }
  if (tree == nullptr) return nullptr;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    std::uint32_t begin = l->lower_index(low);
    if (begin == 0) return tree;
    N* made = leaf_slice<N>(l, begin, l->size);
    N::release(tree);
    return made;
  }
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
  return join(take_from(tl, low), top, tr);
}

// Keys <= high.
template <class N>
N* take_until(N* tree, const typename N::key_type& high) {
  while (tree != nullptr && !tree->is_leaf && N::less(high, N::inner(tree)->key)) {
    N* left = N::retain(N::inner(tree)->left);
    N::release(tree);
    tree = left;
  }
  if (tree == nullptr) return nullptr;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    std::uint32_t end = l->upper_index(high);
    if (end == l->size) return tree;
    N* made = leaf_slice<N>(l, 0, end);
    N::release(tree);
    return made;
  }
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
  return join(tl, top, take_until(tr, high));
}

}  // namespace ptreedb::ptree
