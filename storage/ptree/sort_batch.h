// Prepares an unsorted batch for the tree: a parallel *stable* sort by key (so
// duplicates keep their input order) and the folding of duplicates with a
// combine function, first to last.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

#include "storage/ptree/parallel.h"

namespace ptreedb::ptree {

namespace sort_detail {

// Stable merge of [a, a_end) and [b, b_end) into out; ties take `a` first.
template <class It, class Out, class Less>
void parallel_merge(It a, It a_end, It b, It b_end, Out out, const Less& less) {
  std::size_t na = a_end - a, nb = b_end - b;
  if (na + nb <= 8 * kParallelGrain) {
    std::merge(std::make_move_iterator(a), std::make_move_iterator(a_end),
               std::make_move_iterator(b), std::make_move_iterator(b_end), out, less);
    return;
  }
  It a_mid, b_mid;
  if (na >= nb) {
    a_mid = a + na / 2;
    b_mid = std::lower_bound(b, b_end, *a_mid, less);  // equal b's go after a_mid
  } else {
    b_mid = b + nb / 2;
    a_mid = std::upper_bound(a, a_end, *b_mid, less);  // equal a's go before b_mid
  }
  Out out_mid = out + (a_mid - a) + (b_mid - b);
  fork_join(true, [&] { parallel_merge(a, a_mid, b, b_mid, out, less); },
            [&] { parallel_merge(a_mid, a_end, b_mid, b_end, out_mid, less); });
}

template <class T, class Less>
void stable_sort_into(T* data, T* scratch, std::size_t count, const Less& less) {
  if (count <= 16 * kParallelGrain) {
    std::stable_sort(data, data + count, less);
    return;
  }
  std::size_t half = count / 2;
  fork_join(true, [&] { stable_sort_into(data, scratch, half, less); },
            [&] { stable_sort_into(data + half, scratch + half, count - half, less); });
  parallel_merge(data, data + half, data + half, data + count, scratch, less);
  parallel_for_range(0, count, 16 * kParallelGrain, [&](std::size_t begin, std::size_t end) {
    std::move(scratch + begin, scratch + end, data + begin);
  });
}

}  // namespace sort_detail

// Sorts by `less` in parallel, keeping equal elements in input order.
template <class T, class Less>
void parallel_stable_sort(std::vector<T>& items, const Less& less) {
  if (items.size() <= 16 * kParallelGrain) {
    std::stable_sort(items.begin(), items.end(), less);
    return;
  }
  std::vector<T> scratch(items.size());
  sort_detail::stable_sort_into(items.data(), scratch.data(), items.size(), less);
}

// Sorts (key, value) pairs by key and folds equal keys left to right with
// combine(earlier, later). Returns the sorted, duplicate-free batch.
template <class K, class V, class KeyLess, class Combine>
std::vector<std::pair<K, V>> sort_and_combine(std::vector<std::pair<K, V>> batch,
                                              const KeyLess& key_less, const Combine& combine) {
  parallel_stable_sort(batch, [&](const std::pair<K, V>& a, const std::pair<K, V>& b) {
    return key_less(a.first, b.first);
  });
  std::size_t out = 0;
  for (std::size_t i = 0; i < batch.size(); ++i) {
    if (out > 0 && !key_less(batch[out - 1].first, batch[i].first)) {
      batch[out - 1].second = combine(std::move(batch[out - 1].second), std::move(batch[i].second));
    } else {
      if (out != i) batch[out] = std::move(batch[i]);
      ++out;
    }
  }
  batch.resize(out);
  return batch;
}

// Sorts keys and drops duplicates.
template <class K, class KeyLess>
std::vector<K> sort_unique(std::vector<K> keys, const KeyLess& key_less) {
  parallel_stable_sort(keys, key_less);
  auto end = std::unique(keys.begin(), keys.end(), [&](const K& a, const K& b) {
    return !key_less(a, b) && !key_less(b, a);
  });
  keys.erase(end, keys.end());
  return keys;
}

}  // namespace ptreedb::ptree
