// PostgreSQL's hash_any (Bob Jenkins' lookup3, as src/common/hashfn.c has it)
// and hashfloat8: what its TABLESAMPLE methods hash to decide which pages
// and tuples a REPEATABLE sample takes, so the same seed picks the same ones.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptreedb::exec {

// hash_any over `length` bytes as a little-endian machine reads them.
std::uint32_t postgres_hash_bytes(const void* bytes, std::size_t length);

// hash_any of three (or two) 32-bit words: hash_any((uint32[]){a, b, c}).
std::uint32_t postgres_hash_words(std::uint32_t a, std::uint32_t b);
std::uint32_t postgres_hash_words(std::uint32_t a, std::uint32_t b, std::uint32_t c);

// hashfloat8: 0 for zero (either sign), one value for every NaN.
std::uint32_t postgres_hash_float8(double value);

}  // namespace ptreedb::exec
