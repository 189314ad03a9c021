// The P-Tree node: one entry, two children, subtree size, an optional augmented
// value, and an exact reference count. Nodes reachable from a shared handle are
// never written; a node is reused in place only when its count proves it private.
#pragma once

#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

#include <tbb/scalable_allocator.h>

#include "storage/ptree/live_counter.h"
#include "storage/ptree/parallel.h"

namespace ptreedb::ptree {

// Augmentation policy for trees that keep none.
struct NoAug {
  struct value_type {
    friend bool operator==(value_type, value_type) { return true; }
  };
  template <class K, class V>
  static value_type from_entry(const K&, const V&) { return {}; }
  static value_type identity() { return {}; }
  static value_type combine(value_type, value_type) { return {}; }
};

// Value type of a key-only tree (a set).
struct Unit {
  friend bool operator==(Unit, Unit) { return true; }
  friend bool operator<(Unit, Unit) { return false; }
};

template <class K, class V, class Aug, class Less>
struct Node {
  using key_type = K;
  using value_type = V;
  using aug_policy = Aug;
  using aug_type = typename Aug::value_type;
  static constexpr bool kHasAug = !std::is_same_v<Aug, NoAug>;

  std::atomic<std::uint32_t> refs{1};
  std::uint32_t size = 1;  // entries in this subtree; a tree holds < 2^32 entries
  Node* left = nullptr;
  Node* right = nullptr;
  K key;
  [[no_unique_address]] V value;
  [[no_unique_address]] aug_type aug;

  template <class KK, class VV>
  Node(KK&& k, VV&& v) : key(std::forward<KK>(k)), value(std::forward<VV>(v)) {}

  static bool less(const K& a, const K& b) { return Less{}(a, b); }

  // ---- allocation -------------------------------------------------------
  // oneTBB's scalable allocator keeps per-thread free lists; ThreadSanitizer
  // builds use malloc, whose reuse of memory across threads it can see.
  static void* allocate_bytes(std::size_t bytes) {
#ifdef PTREEDB_TSAN
    return std::malloc(bytes);
#else
    return scalable_malloc(bytes);
#endif
  }
  static void free_bytes(void* memory) {
#ifdef PTREEDB_TSAN
    std::free(memory);
#else
    scalable_free(memory);
#endif
  }

  static LiveCounter& live() {
    static LiveCounter counter;
    return counter;
  }

  template <class KK, class VV>
  static Node* create(KK&& k, VV&& v) {
    void* memory = allocate_bytes(sizeof(Node));
    if (memory == nullptr) throw std::bad_alloc();
    live().add(1);
    return new (memory) Node(std::forward<KK>(k), std::forward<VV>(v));
  }

  // Frees one node whose children are not owned by it (already handed out).
  static void destroy_single(Node* node) {
    node->~Node();
    free_bytes(node);
    live().add(-1);
  }

  // ---- reference counting ----------------------------------------------
  static Node* retain(Node* node) {
    if (node != nullptr) node->refs.fetch_add(1, std::memory_order_relaxed);
    return node;
  }

  static void release(Node* node) {
    if (node == nullptr) return;
    if (node->refs.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
    Node* left_child = node->left;
    Node* right_child = node->right;
    fork_join(node->size > kParallelGrain * 8,
              [&] { release(left_child); }, [&] { release(right_child); });
    destroy_single(node);
  }

  bool is_private() const { return refs.load(std::memory_order_acquire) == 1; }
};

template <class N>
inline std::uint32_t tree_size(const N* node) {
  return node == nullptr ? 0 : node->size;
}

template <class N>
inline typename N::aug_type tree_aug(const N* node) {
  if constexpr (N::kHasAug) {
    return node == nullptr ? N::aug_policy::identity() : node->aug;
  } else {
    return {};
  }
}

template <class N>
inline typename N::aug_type entry_aug(const N* node) {
  return N::aug_policy::from_entry(node->key, node->value);
}

// Weight-balance with alpha = 0.29 (<= 1 - 1/sqrt(2)), on weights = size + 1.
// Siblings of weights a and b are balanced when each holds >= alpha of a + b.
inline bool weights_balanced(std::uint64_t a, std::uint64_t b) {
  return 29 * (a + b) <= 100 * a && 29 * (a + b) <= 100 * b;
}
// `a` is too heavy for `b` to be its sibling.
inline bool weight_heavy(std::uint64_t a, std::uint64_t b) { return 29 * (a + b) > 100 * b; }

template <class N>
inline std::uint64_t weight(const N* node) {
  return static_cast<std::uint64_t>(tree_size(node)) + 1;
}

// Gives a private node its children and recomputes size and augmentation.
// Every node of every tree is made here (or in a build that keeps the same
// rule), so checking balance here checks it for the whole tree.
template <class N>
inline N* attach(N* left, N* middle, N* right) {
  middle->left = left;
  middle->right = right;
  middle->size = tree_size(left) + tree_size(right) + 1;
  if constexpr (N::kHasAug) {
    middle->aug = N::aug_policy::combine(
        N::aug_policy::combine(tree_aug(left), entry_aug(middle)), tree_aug(right));
  }
#ifdef PTREEDB_CHECK_INVARIANTS
  assert(weights_balanced(weight(left), weight(right)));
  assert(left == nullptr || N::less(left->key, middle->key));
  assert(right == nullptr || N::less(middle->key, right->key));
#endif
  return middle;
}

// Takes one owned reference to `tree` and returns a private node with its entry;
// the children come back owned by the caller. The returned node's own child
// pointers are stale until `attach` sets them.
template <class N>
inline N* expose(N* tree, N*& left, N*& right) {
  if (tree->is_private()) {
    left = tree->left;
    right = tree->right;
    return tree;
  }
  left = N::retain(tree->left);
  right = N::retain(tree->right);
  N* copy = N::create(tree->key, tree->value);
  N::release(tree);
  return copy;
}

}  // namespace ptreedb::ptree
