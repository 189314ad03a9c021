// The difference between two versions of a tree, found by walking both at once
// and skipping every subtree they share. Versions made from one another by path
// copying share all but the copied paths, so a change of m entries costs about
// O(m log n), not O(n): this is how a commit learns what it changed (write sets
// for the log, validation) without anyone recording it.
#pragma once

#include <vector>

#include "storage/ptree/node.h"

namespace ptreedb::ptree {

namespace detail {

// A pending piece of a tree in key order: a whole subtree, or one node's own
// entry (its children already pushed separately).
template <class N>
struct DiffItem {
  const N* node;
  bool entry_only;
  std::size_t weight() const { return entry_only ? 1 : node->size; }
};

// Replaces the top subtree by its left child, own entry and right child, so
// that the top is the leftmost piece again.
template <class N>
void expand_top(std::vector<DiffItem<N>>& stack) {
  const N* node = stack.back().node;
  stack.pop_back();
  if (node->right != nullptr) stack.push_back({node->right, false});
  stack.push_back({node, true});
  if (node->left != nullptr) stack.push_back({node->left, false});
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
  if (before != nullptr) old_side.push_back({before, false});
  if (after != nullptr) new_side.push_back({after, false});
  while (!old_side.empty() && !new_side.empty()) {
    Item& o = old_side.back();
    Item& n = new_side.back();
    if (!o.entry_only && !n.entry_only && o.node == n.node) {
      old_side.pop_back();  // a shared subtree: nothing in it changed
      new_side.pop_back();
      continue;
    }
    if (!o.entry_only || !n.entry_only) {
      // Open the larger piece; equal pieces line up again after a few steps.
      if (o.weight() >= n.weight() && !o.entry_only) {
        detail::expand_top(old_side);
      } else {
        detail::expand_top(new_side);
      }
      continue;
    }
    const N* old_node = o.node;
    const N* new_node = n.node;
    if (N::less(old_node->key, new_node->key)) {
      old_side.pop_back();
      visit(old_node->key, &old_node->value, nullptr);
    } else if (N::less(new_node->key, old_node->key)) {
      new_side.pop_back();
      visit(new_node->key, nullptr, &new_node->value);
    } else {
      old_side.pop_back();
      new_side.pop_back();
      if (old_node != new_node && !same_value(old_node->value, new_node->value)) {
        visit(new_node->key, &old_node->value, &new_node->value);
      }
    }
  }
  // What is left on one side alone was removed or added.
  for (auto* side : {&old_side, &new_side}) {
    const bool removed = side == &old_side;
    while (!side->empty()) {
      if (!side->back().entry_only) {
        detail::expand_top(*side);
        continue;
      }
      const N* node = side->back().node;
      side->pop_back();
      if (removed) {
        visit(node->key, &node->value, nullptr);
      } else {
        visit(node->key, nullptr, &node->value);
      }
    }
  }
}

}  // namespace ptreedb::ptree
