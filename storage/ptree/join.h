// join(L, m, R) is the one balancing primitive (Blelloch, Ferizovic, Sun, "Just
// join for parallel ordered sets"); split, join2 and every bulk algorithm are
// written on it. With blocked leaves (node.h) join also keeps the leaf sizes:
// pieces that fit one leaf are packed into one, and a short piece (fewer than
// B entries) is merged into the nearest leaf of the other side instead of
// becoming a child. All functions consume the references they are given.
#pragma once

#include <cstddef>
#include <vector>

#include "storage/ptree/node.h"

namespace ptreedb::ptree {

// Builds a balanced tree from sorted, duplicate-free entries: one leaf when
// they fit, else an inner node over two halves of at least B entries each.
template <class N, class Entry>
N* build_sorted(const Entry* entries, std::size_t count) {
  if (count <= N::kLeafMax) return leaf_from_entries<N>(entries, count);
  std::size_t mid = count / 2;
  auto* middle = N::create(entries[mid].first, entries[mid].second);
  N *left, *right;
  fork_join(count > kParallelGrain,
            [&] { left = build_sorted<N>(entries, mid); },
            [&] { right = build_sorted<N>(entries + mid + 1, count - mid - 1); });
  return attach(left, middle, right);
}

// Collects pieces (whole subtrees and single inner-node entries, in key order)
// into one run and builds it again. Used where leaves make a rotation
// impossible; the pieces are then a few leaves in size.
template <class N>
class Rebuild {
 public:
  Rebuild& tree(N* piece) {
    append_entries(piece, entries_);
    N::release(piece);
    return *this;
  }
  Rebuild& entry(typename N::Inner* node) {
    entries_.emplace_back(std::move(node->key), std::move(node->value));
    N::destroy_single(node);
    return *this;
  }
  N* build() { return build_sorted<N>(entries_.data(), entries_.size()); }

 private:
  std::vector<typename N::entry_type> entries_;
};

// Makes an inner node over two trees of at least B entries each, rotating once
// (single or double) when their weights do not balance.
template <class N>
N* rebalance(N* left, typename N::Inner* top, N* right) {
  std::uint64_t wl = weight(left), wr = weight(right);
  if (weights_balanced(wl, wr)) return attach(left, top, right);
  if (weight_heavy(wr, wl)) {
    if (right->is_leaf) return Rebuild<N>().tree(left).entry(top).tree(right).build();
    N *rl, *rr;
    auto* r = expose(right, rl, rr);
    if (weights_balanced(wl, weight(rl)) && weights_balanced(wl + weight(rl), weight(rr))) {
      return attach(attach(left, top, rl), r, rr);  // single rotation
    }
    if (!rl->is_leaf) {
      N *rll, *rlr;
      auto* pivot = expose(rl, rll, rlr);
      if (weights_balanced(wl, weight(rll)) && weights_balanced(weight(rlr), weight(rr)) &&
          weights_balanced(wl + weight(rll), weight(rlr) + weight(rr))) {
        return attach(attach(left, top, rll), pivot, attach(rlr, r, rr));  // double rotation
      }
      return Rebuild<N>().tree(left).entry(top).tree(rll).entry(pivot).tree(rlr).entry(r).tree(rr).build();
    }
    return Rebuild<N>().tree(left).entry(top).tree(rl).entry(r).tree(rr).build();
  }
  if (left->is_leaf) return Rebuild<N>().tree(left).entry(top).tree(right).build();
  N *ll, *lr;
  auto* l = expose(left, ll, lr);
  if (weights_balanced(weight(lr), wr) && weights_balanced(weight(ll), weight(lr) + wr)) {
    return attach(ll, l, attach(lr, top, right));
  }
  if (!lr->is_leaf) {
    N *lrl, *lrr;
    auto* pivot = expose(lr, lrl, lrr);
    if (weights_balanced(weight(lrr), wr) && weights_balanced(weight(ll), weight(lrl)) &&
        weights_balanced(weight(ll) + weight(lrl), weight(lrr) + wr)) {
      return attach(attach(ll, l, lrl), pivot, attach(lrr, top, right));
    }
    return Rebuild<N>().tree(ll).entry(l).tree(lrl).entry(pivot).tree(lrr).entry(top).tree(right).build();
  }
  return Rebuild<N>().tree(ll).entry(l).tree(lr).entry(top).tree(right).build();
}

// `left` is too heavy (both hold at least B entries): walk down its right spine
// to a subtree that balances with `right`, attach there, and rotate on the way
// back up. A leaf on the spine always balances with a tree of >= B entries.
template <class N>
N* join_right(N* left, typename N::Inner* middle, N* right) {
  if (left->is_leaf) return rebalance(left, middle, right);
  N *ll, *lr;
  auto* top = expose(left, ll, lr);
  N* joined = weights_balanced(weight(lr), weight(right)) ? attach(lr, middle, right)
                                                          : join_right(lr, middle, right);
  return rebalance(ll, top, joined);
}

template <class N>
N* join_left(N* left, typename N::Inner* middle, N* right) {
  if (right->is_leaf) return rebalance(left, middle, right);
  N *rl, *rr;
  auto* top = expose(right, rl, rr);
  N* joined = weights_balanced(weight(left), weight(rl)) ? attach(left, middle, rl)
                                                         : join_left(left, middle, rl);
  return rebalance(joined, top, rr);
}

// `right` is short: its entries and the middle one go into the last leaf of `left`.
template <class N>
N* join_short_right(N* left, typename N::Inner* middle, N* right) {
  if (left->is_leaf) return Rebuild<N>().tree(left).entry(middle).tree(right).build();
  N *ll, *lr;
  auto* top = expose(left, ll, lr);
  return rebalance(ll, top, join_short_right(lr, middle, right));
}

template <class N>
N* join_short_left(N* left, typename N::Inner* middle, N* right) {
  if (right->is_leaf) return Rebuild<N>().tree(left).entry(middle).tree(right).build();
  N *rl, *rr;
  auto* top = expose(right, rl, rr);
  return rebalance(join_short_left(left, middle, rl), top, rr);
}

// One leaf holding the entries of two small trees and a middle entry.
template <class N>
N* join_into_leaf(N* left, typename N::Inner* middle, N* right) {
  using K = typename N::key_type;
  using V = typename N::value_type;
  std::uint32_t nl = tree_size(left), nr = tree_size(right);
  N* made = N::create_leaf(nl + nr + 1, [&](K* keys, V* values) {
    if (left != nullptr) {
      const auto* l = N::leaf(left);
      std::uninitialized_copy(l->keys(), l->keys() + nl, keys);
      std::uninitialized_copy(l->values(), l->values() + nl, values);
    }
    new (keys + nl) K(std::move(middle->key));
    new (values + nl) V(std::move(middle->value));
    if (right != nullptr) {
      const auto* r = N::leaf(right);
      std::uninitialized_copy(r->keys(), r->keys() + nr, keys + nl + 1);
      std::uninitialized_copy(r->values(), r->values() + nr, values + nl + 1);
    }
  });
  N::release(left);
  N::release(right);
  N::destroy_single(middle);
  return made;
}

// Every key of `left` < middle's key < every key of `right`; `middle` is a
// private inner node. Either side may be short (a whole tree of < B entries).
template <class N>
N* join(N* left, typename N::Inner* middle, N* right) {
  if (std::size_t(tree_size(left)) + tree_size(right) + 1 <= N::kLeafMax) {
    return join_into_leaf(left, middle, right);
  }
  if (is_short(left)) return join_short_left(left, middle, right);
  if (is_short(right)) return join_short_right(left, middle, right);
  if (weight_heavy(weight(left), weight(right))) return join_right(left, middle, right);
  if (weight_heavy(weight(right), weight(left))) return join_left(left, middle, right);
  return attach(left, middle, right);
}

// Splits `tree` by `key` into keys < key (left) and > key (right). Returns a
// private inner node holding `key`'s entry when present (its children are
// meaningless), else null. A split leaf gives short pieces, which join accepts.
template <class N>
typename N::Inner* split(N* tree, const typename N::key_type& key, N*& left, N*& right) {
  if (tree == nullptr) {
    left = right = nullptr;
    return nullptr;
  }
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    std::uint32_t n = l->size;
    std::uint32_t i = l->lower_index(key);
    bool found = i < n && !N::less(key, l->keys()[i]);
    if (!found && i == 0) {
      left = nullptr;
      right = tree;
      return nullptr;
    }
    if (!found && i == n) {
      left = tree;
      right = nullptr;
      return nullptr;
    }
    left = leaf_slice<N>(l, 0, i);
    right = leaf_slice<N>(l, i + (found ? 1 : 0), n);
    typename N::Inner* hit = found ? N::create(l->keys()[i], l->values()[i]) : nullptr;
    N::release(tree);
    return hit;
  }
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
  if (N::less(key, top->key)) {
    N* inner_right;
    auto* found = split(tl, key, left, inner_right);
    right = join(inner_right, top, tr);
    return found;
  }
  if (N::less(top->key, key)) {
    N* inner_left;
    auto* found = split(tr, key, inner_left, right);
    left = join(tl, top, inner_left);
    return found;
  }
  left = tl;
  right = tr;
  return top;
}

// Removes the last entry of a non-empty tree; returns the rest, `last` gets a
// private inner node holding it.
template <class N>
N* split_last(N* tree, typename N::Inner*& last) {
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    last = N::create(l->keys()[l->size - 1], l->values()[l->size - 1]);
    N* rest = leaf_slice<N>(l, 0, l->size - 1);
    N::release(tree);
    return rest;
  }
  N *tl, *tr;
  auto* top = expose(tree, tl, tr);
  N* rest = split_last(tr, last);
  return join(tl, top, rest);
}

// Concatenates two trees, every key of `left` below every key of `right`.
template <class N>
N* join2(N* left, N* right) {
  if (left == nullptr) return right;
  if (right == nullptr) return left;
  typename N::Inner* last;
  N* rest = split_last(left, last);
  return join(rest, last, right);
}

}  // namespace ptreedb::ptree
