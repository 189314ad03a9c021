// The 64-bit finalizer of MurmurHash3: spreads every input bit over the
// whole word, for hash tables and filters that take bits from either end.
#pragma once

#include <cstdint>

namespace ptreedb::exec {

inline std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

}  // namespace ptreedb::exec
