// The difference between two versions of a tree, found by walking both at once
// and skipping every subtree they share. Versions made from one another by path
// copying share all but the copied paths, so a change of m entries costs about
// O(m (log n + B)), not O(n): this is how a commit learns what it changed
// (write sets for the log, validation) without anyone recording it.
#pragma once

#include <vector>

#include "storage/ptree/node.h"

namespace ptreedb::ptree {

namespace detail {

// A pending piece of a tree in key order: a whole subtree (entry < 0), an
// inner node's own entry (entry 0, its children already pushed separately),
// or one entry of a leaf.
template <class N>
struct DiffItem {
  const N* node;
  std::int32_t entry;
  bool whole() const { return entry < 0; }
  std::size_t weight() const { return whole() ? node->size : 1; }
  const typename N::key_type& key() const {
    return node->is_leaf ? N::leaf(node)->keys()[entry] : N::inner(node)->key;
  }
  const typename N::value_type* value() const {
    return node->is_leaf ? N::leaf(node)->values() + entry : &N::inner(node)->value;
  }
  // The same entry of the same node: nothing to compare.
  bool same_entry(const DiffItem& other) const { return node == other.node && entry == other.entry; }
};

// Replaces the top subtree by its pieces, the leftmost on top.
template <class N>
void expand_top(std::vector<DiffItem<N>>& stack) {
  const N* node = stack.back().node;
  stack.pop_back();
  if (node->is_leaf) {
    for (std::int32_t i = static_cast<std::int32_t>(node->size) - 1; i >= 0; --i) stack.push_back({node, i});
    return;
  }
  const auto* in = N::inner(node);
  stack.push_back({in->right, -1});
  stack.push_back({node, 0});
  stack.push_back({in->left, -1});
}

}  // namespace detail

// Calls visit(key, before_value, after_value) in key order for every key whose
// entry differs: before_value is null for an added key, after_value for a
// removed one; for a key in both, visit is called only when
// same_value(before, after) is false.
template <class N, class Same, class Visit>
void diff_nodes(const N* before, const N* after, const Same& same_value, const Visit& visit) {
  using Item = detail::DiffItem<N>;
  // Each stack holds one tree's remaining pieces, the leftmost on top.
  std::vector<Item> old_side, new_side;
  if (before != nullptr) old_side.push_back({before, -1});
  if (after != nullptr) new_side.push_back({after, -1});
  while (!old_side.empty() && !new_side.empty()) {
    Item& o = old_side.back();
    Item& n = new_side.back();
    if (o.whole() && n.whole() && o.node == n.node) {
      old_side.pop_back();  // a shared subtree: nothing in it changed
      new_side.pop_back();
      continue;
    }
    if (o.whole() || n.whole()) {
      // Open the larger piece; equal pieces line up again after a few steps.
      if (o.weight() >= n.weight() && o.whole()) {
        detail::expand_top(old_side);
      } else {
        detail::expand_top(new_side);
      }
      continue;
    }
    const Item old_item = o;
    const Item new_item = n;
    if (N::less(old_item.key(), new_item.key())) {
      old_side.pop_back();
      visit(old_item.key(), old_item.value(), nullptr);
    } else if (N::less(new_item.key(), old_item.key())) {
      new_side.pop_back();
      visit(new_item.key(), nullptr, new_item.value());
    } else {
      old_side.pop_back();
      new_side.pop_back();
      if (!old_item.same_entry(new_item) && !same_value(*old_item.value(), *new_item.value())) {
        visit(new_item.key(), old_item.value(), new_item.value());
      }
    }
  }
  // What is left on one side alone was removed or added.
  for (auto* side : {&old_side, &new_side}) {
    const bool removed = side == &old_side;
    while (!side->empty()) {
      if (side->back().whole()) {
        detail::expand_top(*side);
        continue;
      }
      const Item item = side->back();
      side->pop_back();
      if (removed) {
        visit(item.key(), item.value(), nullptr);
      } else {
        visit(item.key(), nullptr, item.value());
      }
    }
  }
}

}  // namespace ptreedb::ptree
