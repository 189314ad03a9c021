// The P-Tree nodes. Entries live in blocked leaves: a leaf holds between B and
// 2B entries (a whole tree smaller than B is one smaller leaf) in two flat
// arrays, keys then values, so scans walk memory instead of chasing a pointer
// per entry (PaC-trees: Dhulipala, Blelloch, Gu, Sun, PLDI 2022). Above the
// leaves an inner node holds one entry and two non-empty children. Every node
// keeps its subtree size, its augmented value and an exact reference count.
// Nodes reachable from a shared handle are never written; a node is reused in
// place only when its count proves it private.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include <tbb/scalable_allocator.h>

#include "storage/ptree/leaf_cache.h"
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

// B, the fewest entries of a leaf that is not a whole tree (the most is 2B).
// Chosen by measurement (`ptreedb-bench ptree` and single-thread CPU times at
// n = 10^6, figures in docs/architecture.md): for 16-byte entries B = 128
// scans and merges about 3x faster than B = 64, while B = 256 gains little
// more and copies twice as much per point write. Wider entries get fewer per
// leaf so that a full leaf stays near 8 KiB; table rows (32-byte entries) get
// B = 128 too: a scan reads the rows of inner nodes one by one, a cache and
// TLB miss each, and B = 64 left twice as many (TPC-H SF 1 Q6 took a third
// more CPU; single-row updates of a 10^6-row table ran as fast). At least 8 so
// that small trees still block up.
inline constexpr std::size_t kLeafTargetBytes = 8192;
constexpr std::size_t leaf_min_entries(std::size_t entry_bytes) {
  std::size_t b = kLeafTargetBytes / 2 / (entry_bytes == 0 ? 1 : entry_bytes);
  return b < 8 ? 8 : (b > 128 ? 128 : b);
}

template <class K, class V, class Aug, class Less>
struct Node {
  using key_type = K;
  using value_type = V;
  using aug_policy = Aug;
  using aug_type = typename Aug::value_type;
  using entry_type = std::pair<K, V>;
  static constexpr bool kHasAug = !std::is_same_v<Aug, NoAug>;
  static constexpr std::uint32_t kLeafMin = leaf_min_entries(sizeof(K) + sizeof(V));
  static constexpr std::uint32_t kLeafMax = 2 * kLeafMin;

  struct Inner;
  struct Leaf;

  std::atomic<std::uint32_t> refs{1};
  std::uint32_t size = 0;  // entries in this subtree; a tree holds < 2^32 entries
  bool is_leaf = false;
  [[no_unique_address]] aug_type aug;

  static bool less(const K& a, const K& b) { return Less{}(a, b); }

  static Inner* inner(Node* node) { return static_cast<Inner*>(node); }
  static const Inner* inner(const Node* node) { return static_cast<const Inner*>(node); }
  static Leaf* leaf(Node* node) { return static_cast<Leaf*>(node); }
  static const Leaf* leaf(const Node* node) { return static_cast<const Leaf*>(node); }

  // ---- allocation -------------------------------------------------------
  // oneTBB's scalable allocator keeps per-thread free lists; ThreadSanitizer
  // builds use malloc, whose reuse of memory across threads it can see.
  static void* allocate_bytes(std::size_t bytes) {
#ifdef PTREEDB_TSAN
    void* memory = std::malloc(bytes);
#else
    void* memory = scalable_malloc(bytes);
#endif
    if (memory == nullptr) throw std::bad_alloc();
    return memory;
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

  // An inner node holding one entry; its children are set by `attach`.
  template <class KK, class VV>
  static Inner* create(KK&& k, VV&& v) {
    void* memory = allocate_bytes(sizeof(Inner));
    live().add(1);
    return new (memory) Inner(std::forward<KK>(k), std::forward<VV>(v));
  }

  // A leaf of `count` entries; fill(keys, values) placement-constructs them in
  // key order. The leaf's augmented value is computed here.
  template <class Fill>
  static Leaf* create_leaf(std::uint32_t count, const Fill& fill) {
    void* memory = allocate_bytes(Leaf::bytes(count));
    live().add(1);
    Leaf* made = new (memory) Leaf(count);
    fill(made->keys(), made->values());
    made->refresh_aug();
    return made;
  }

  // Frees one inner node whose children are not owned by it (already handed out).
  static void destroy_single(Inner* node) {
    node->~Inner();
    free_bytes(node);
    live().add(-1);
  }
  static void destroy_leaf(Leaf* node) {
    K* keys = node->keys();
    V* values = node->values();
    for (std::uint32_t i = 0; i < node->size; ++i) {
      keys[i].~K();
      values[i].~V();
    }
    node->drop_cache();
    node->~Leaf();
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
    if (node->is_leaf) {
      destroy_leaf(leaf(node));
      return;
    }
    Inner* in = inner(node);
    Node* left_child = in->left;
    Node* right_child = in->right;
    // Fork only when both subtrees go with this node: a child another
    // version shares merely loses a count, and forking for that would wake
    // the worker threads on every commit that frees an old path.
    const bool both_freed = left_child != nullptr && right_child != nullptr && left_child->is_private() &&
                            right_child->is_private();
    fork_join(both_freed && node->size > kParallelGrain * 8,
              [&] { release(left_child); }, [&] { release(right_child); });
    destroy_single(in);
  }

  bool is_private() const { return refs.load(std::memory_order_acquire) == 1; }

 protected:
  explicit Node(bool leaf_node, std::uint32_t entries) : size(entries), is_leaf(leaf_node) {}
};

template <class K, class V, class Aug, class Less>
struct Node<K, V, Aug, Less>::Inner : Node<K, V, Aug, Less> {
  Node* left = nullptr;
  Node* right = nullptr;
  K key;
  [[no_unique_address]] V value;

  template <class KK, class VV>
  Inner(KK&& k, VV&& v) : Node(false, 1), key(std::forward<KK>(k)), value(std::forward<VV>(v)) {}
};

template <class K, class V, class Aug, class Less>
struct Node<K, V, Aug, Less>::Leaf : Node<K, V, Aug, Less> {
  explicit Leaf(std::uint32_t count) : Node(true, count) {}

  // What a reader derived from this leaf's entries (leaf_cache.h), or null.
  const LeafCache* cache() const { return cache_.load(std::memory_order_acquire); }
  // Keeps `made` unless another reader got there first; returns the one kept.
  const LeafCache* install_cache(LeafCache* made) const {
    LeafCache* expected = nullptr;
    if (cache_.compare_exchange_strong(expected, made, std::memory_order_acq_rel)) return made;
    delete made;
    return expected;
  }
  // Only for a leaf no one else can see: it is freed or about to change.
  void drop_cache() { delete cache_.exchange(nullptr, std::memory_order_acq_rel); }

  static constexpr std::size_t round_up(std::size_t n, std::size_t align) {
    return (n + align - 1) / align * align;
  }
  static constexpr std::size_t keys_offset() { return round_up(sizeof(Leaf), alignof(K)); }
  static constexpr std::size_t values_offset(std::size_t count) {
    return round_up(keys_offset() + count * sizeof(K), alignof(V));
  }
  static constexpr std::size_t bytes(std::size_t count) {
    return values_offset(count) + count * sizeof(V);
  }

  K* keys() { return reinterpret_cast<K*>(reinterpret_cast<char*>(this) + keys_offset()); }
  const K* keys() const {
    return reinterpret_cast<const K*>(reinterpret_cast<const char*>(this) + keys_offset());
  }
  V* values() {
    return reinterpret_cast<V*>(reinterpret_cast<char*>(this) + values_offset(this->size));
  }
  const V* values() const {
    return reinterpret_cast<const V*>(reinterpret_cast<const char*>(this) +
                                      values_offset(this->size));
  }

  // Position of the first key not below `key`.
  std::uint32_t lower_index(const K& key) const {
    const K* k = keys();
    return static_cast<std::uint32_t>(
        std::lower_bound(k, k + this->size, key, [](const K& a, const K& b) { return Less{}(a, b); }) - k);
  }
  // Position of the first key above `key`.
  std::uint32_t upper_index(const K& key) const {
    const K* k = keys();
    return static_cast<std::uint32_t>(
        std::upper_bound(k, k + this->size, key, [](const K& a, const K& b) { return Less{}(a, b); }) - k);
  }

  aug_type aug_of(std::uint32_t begin, std::uint32_t end) const {
    aug_type sum = Aug::identity();
    if constexpr (kHasAug) {
      const K* k = keys();
      const V* v = values();
      for (std::uint32_t i = begin; i < end; ++i) sum = Aug::combine(sum, Aug::from_entry(k[i], v[i]));
    }
    return sum;
  }
  void refresh_aug() {
    if constexpr (kHasAug) this->aug = aug_of(0, this->size);
  }

 private:
  mutable std::atomic<LeafCache*> cache_{nullptr};
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
inline typename N::aug_type entry_aug(const typename N::Inner* node) {
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

// A tree too small to be a child of an inner node: empty or one short leaf.
template <class N>
inline bool is_short(const N* node) {
  return tree_size(node) < N::kLeafMin;
}

// Gives a private inner node its children and recomputes size and augmentation.
// Both children hold at least B entries. Every inner node of every tree is made
// here, so checking balance here checks it for the whole tree.
template <class N>
inline N* attach(N* left, typename N::Inner* middle, N* right) {
  middle->left = left;
  middle->right = right;
  middle->size = tree_size(left) + tree_size(right) + 1;
  if constexpr (N::kHasAug) {
    middle->aug = N::aug_policy::combine(
        N::aug_policy::combine(tree_aug(left), entry_aug<N>(middle)), tree_aug(right));
  }
#ifdef PTREEDB_CHECK_INVARIANTS
  assert(weights_balanced(weight(left), weight(right)));
  assert(!is_short(left) && !is_short(right));
#endif
  return middle;
}

// Takes one owned reference to an inner node and returns a private inner node
// with its entry; the children come back owned by the caller. The returned
// node's own child pointers are stale until `attach` sets them.
template <class N>
inline typename N::Inner* expose(N* tree, N*& left, N*& right) {
  auto* in = N::inner(tree);
  if (tree->is_private()) {
    left = in->left;
    right = in->right;
    return in;
  }
  left = N::retain(in->left);
  right = N::retain(in->right);
  auto* copy = N::create(in->key, in->value);
  N::release(tree);
  return copy;
}

// ---- leaves built from entries ---------------------------------------------

// A leaf holding copies of entries [begin, end) of `source`.
template <class N>
inline N* leaf_slice(const typename N::Leaf* source, std::uint32_t begin, std::uint32_t end) {
  if (begin >= end) return nullptr;
  using K = typename N::key_type;
  using V = typename N::value_type;
  return N::create_leaf(end - begin, [&](K* keys, V* values) {
    std::uninitialized_copy(source->keys() + begin, source->keys() + end, keys);
    std::uninitialized_copy(source->values() + begin, source->values() + end, values);
  });
}

// A leaf holding copies of `count` (key, value) pairs.
template <class N, class Entry>
inline N* leaf_from_entries(const Entry* entries, std::size_t count) {
  if (count == 0) return nullptr;
  using K = typename N::key_type;
  using V = typename N::value_type;
  return N::create_leaf(static_cast<std::uint32_t>(count), [&](K* keys, V* values) {
    for (std::size_t i = 0; i < count; ++i) {
      new (keys + i) K(entries[i].first);
      new (values + i) V(entries[i].second);
    }
  });
}

// Appends the entries of a tree, in key order (reads `tree`).
template <class N>
void append_entries(const N* tree, std::vector<typename N::entry_type>& out) {
  if (tree == nullptr) return;
  if (tree->is_leaf) {
    const auto* l = N::leaf(tree);
    for (std::uint32_t i = 0; i < l->size; ++i) out.emplace_back(l->keys()[i], l->values()[i]);
    return;
  }
  const auto* in = N::inner(tree);
  append_entries(in->left, out);
  out.emplace_back(in->key, in->value);
  append_entries(in->right, out);
}

}  // namespace ptreedb::ptree
