#include "exec/join_key_filter.h"

#include <algorithm>

namespace ptreedb::exec {

JoinKeyFilter::JoinKeyFilter(const Vector& keys) {
  for (std::size_t i = 0; i < keys.size(); ++i) keys_ += keys.nulls[i] ? 0 : 1;
  // 16 bits per key: a word per 4 keys, at least one.
  words_.assign(std::max<std::size_t>(1, (keys_ + 3) / 4), 0);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys.nulls[i]) continue;
    std::uint64_t hash = mix64(static_cast<std::uint64_t>(keys.ints[i]));
    words_[word_of(hash)] |= mask_of(hash);
  }
}

}  // namespace ptreedb::exec
