// PostgreSQL's hash_any (Bob Jenkins' lookup3, as src/common/hashfn.c has it)
// and hashfloat8: what its TABLESAMPLE methods hash to decide which pages
// and tuples a REPEATABLE sample takes, so the same seed picks the same ones.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

namespace ptreedb::exec {

namespace postgres_hash_detail {

struct State {
  std::uint32_t a, b, c;
};

inline State initial(std::size_t length) {
  const std::uint32_t start = 0x9e3779b9u + static_cast<std::uint32_t>(length) + 3923095u;
  return {start, start, start};
}

inline void mix(State& s) {
  s.a -= s.c; s.a ^= std::rotl(s.c, 4);  s.c += s.b;
  s.b -= s.a; s.b ^= std::rotl(s.a, 6);  s.a += s.c;
  s.c -= s.b; s.c ^= std::rotl(s.b, 8);  s.b += s.a;
  s.a -= s.c; s.a ^= std::rotl(s.c, 16); s.c += s.b;
  s.b -= s.a; s.b ^= std::rotl(s.a, 19); s.a += s.c;
  s.c -= s.b; s.c ^= std::rotl(s.b, 4);  s.b += s.a;
}

inline void final_mix(State& s) {
  s.c ^= s.b; s.c -= std::rotl(s.b, 14);
  s.a ^= s.c; s.a -= std::rotl(s.c, 11);
  s.b ^= s.a; s.b -= std::rotl(s.a, 25);
  s.c ^= s.b; s.c -= std::rotl(s.b, 16);
  s.a ^= s.c; s.a -= std::rotl(s.c, 4);
  s.b ^= s.a; s.b -= std::rotl(s.a, 14);
  s.c ^= s.b; s.c -= std::rotl(s.b, 24);
}

}  // namespace postgres_hash_detail

// hash_any over `length` bytes as a little-endian machine reads them.
std::uint32_t postgres_hash_bytes(const void* bytes, std::size_t length);

// hash_any of three (or two) 32-bit words: hash_any((uint32[]){a, b, c}).
// Inline: a REPEATABLE BERNOULLI sample hashes every position it covers.
inline std::uint32_t postgres_hash_words(std::uint32_t a, std::uint32_t b) {
  using namespace postgres_hash_detail;
  State s = initial(8);
  s.a += a;
  s.b += b;
  final_mix(s);
  return s.c;
}

inline std::uint32_t postgres_hash_words(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  using namespace postgres_hash_detail;
  State s = initial(12);
  s.a += a;
  s.b += b;
  s.c += c;
  mix(s);
  final_mix(s);
  return s.c;
}

// hashfloat8: 0 for zero (either sign), one value for every NaN.
std::uint32_t postgres_hash_float8(double value);

}  // namespace ptreedb::exec
