// join(L, m, R) is the one balancing primitive (Blelloch, Ferizovic, Sun, "Just
// join for parallel ordered sets"); split, join2 and every bulk algorithm are
// written on it. All functions consume the references they are given.
#pragma once

#include "storage/ptree/node.h"

namespace ptreedb::ptree {

template <class N>
N* join_right(N* left, N* middle, N* right);
template <class N>
N* join_left(N* left, N* middle, N* right);

// Every key of `left` < middle's key < every key of `right`; `middle` is private.
template <class N>
inline N* join(N* left, N* middle, N* right) {
  if (weight_heavy(weight(left), weight(right))) return join_right(left, middle, right);
  if (weight_heavy(weight(right), weight(left))) return join_left(left, middle, right);
  return attach(left, middle, right);
}

// `left` is too heavy: walk down its right spine to a subtree that balances with
// `right`, attach there, and rotate on the way back up.
template <class N>
N* join_right(N* left, N* middle, N* right) {
  N *ll, *lr;
  N* top = expose(left, ll, lr);
  N* joined = weights_balanced(weight(lr), weight(right)) ? attach(lr, middle, right)
                                                          : join_right(lr, middle, right);
  if (weights_balanced(weight(ll), weight(joined))) return attach(ll, top, joined);
  // `joined` is private (built just now), so its children can be taken directly.
  N* j_left = joined->left;
  N* j_right = joined->right;
  if (weights_balanced(weight(ll), weight(j_left)) &&
      weights_balanced(weight(ll) + weight(j_left), weight(j_right))) {
    return attach(attach(ll, top, j_left), joined, j_right);  // single rotation
  }
  N *jl_left, *jl_right;
  N* pivot = expose(j_left, jl_left, jl_right);  // double rotation
  return attach(attach(ll, top, jl_left), pivot, attach(jl_right, joined, j_right));
}

template <class N>
N* join_left(N* left, N* middle, N* right) {
  N *rl, *rr;
  N* top = expose(right, rl, rr);
  N* joined = weights_balanced(weight(left), weight(rl)) ? attach(left, middle, rl)
                                                         : join_left(left, middle, rl);
  if (weights_balanced(weight(joined), weight(rr))) return attach(joined, top, rr);
  N* j_left = joined->left;
  N* j_right = joined->right;
  if (weights_balanced(weight(j_right), weight(rr)) &&
      weights_balanced(weight(j_left), weight(j_right) + weight(rr))) {
    return attach(j_left, joined, attach(j_right, top, rr));
  }
  N *jr_left, *jr_right;
  N* pivot = expose(j_right, jr_left, jr_right);
  return attach(attach(j_left, joined, jr_left), pivot, attach(jr_right, top, rr));
}

// Splits `tree` by `key` into keys < key (left) and > key (right). Returns the
// private node holding `key` when present (its children are meaningless), else null.
template <class N>
N* split(N* tree, const typename N::key_type& key, N*& left, N*& right) {
  if (tree == nullptr) {
    left = right = nullptr;
    return nullptr;
  }
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  if (N::less(key, top->key)) {
    N* inner_right;
    N* found = split(tl, key, left, inner_right);
    right = join(inner_right, top, tr);
    return found;
  }
  if (N::less(top->key, key)) {
    N* inner_left;
    N* found = split(tr, key, inner_left, right);
    left = join(tl, top, inner_left);
    return found;
  }
  left = tl;
  right = tr;
  return top;
}

// Removes the last entry of a non-empty tree; returns the rest, `last` gets the
// private node that held it.
template <class N>
N* split_last(N* tree, N*& last) {
  N *tl, *tr;
  N* top = expose(tree, tl, tr);
  if (tr == nullptr) {
    last = top;
    return tl;
  }
  N* rest = split_last(tr, last);
  return join(tl, top, rest);
}

// Concatenates two trees, every key of `left` below every key of `right`.
template <class N>
N* join2(N* left, N* right) {
  if (left == nullptr) return right;
  if (right == nullptr) return left;
  N* last;
  N* rest = split_last(left, last);
  return join(rest, last, right);
}

}  // namespace ptreedb::ptree
