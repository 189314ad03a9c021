// GROUP BY keys of fixed-width types packed into one 128-bit integer, so a
// group lookup compares and hashes two machine words instead of bytes.
//
// Each key column gets a field of a width fixed by its type: one NULL bit,
// then the value bits. SQL-equal values pack to equal bits: numeric is
// rescaled to its declared scale (or normalized), char(n) drops trailing
// blanks, float -0 becomes 0 and every NaN one NaN. A value that does not fit
// its field (text longer than 7 bytes, numeric beyond 64-bit units) makes
// pack() fail, and the table falls back to byte keys.
#pragma once

#include "exec/hash_mix.h"

#include <cstdint>
#include <vector>

#include "exec/vector.h"

namespace ptreedb::exec {

using PackedKey = unsigned __int128;
// The key columns of a chunk, borrowed.
using KeyColumns = std::vector<const Vector*>;

class PackedKeyLayout {
 public:
  explicit PackedKeyLayout(const std::vector<value::SqlType>& types);

  // Whether every column has a fixed-width field and all fit in 128 bits.
  bool packable() const { return packable_; }
  // Total bits of the fields (meaningful when packable()).
  int bits() const { return bits_; }
  // Packs rows [0, rows) of `keys` into out[0, rows); false if a value does not fit its field.
  bool pack(const KeyColumns& keys, std::size_t rows, PackedKey* out) const;

  // Small domains: when every column is a boolean or a one-character
  // char/varchar, each value also has a code of a few bits (NULL, false,
  // true; NULL, '', or an ASCII character from 2 up), and a key's codes
  // together index a direct array. The bits of all codes, or -1 if a column
  // has no code.
  int compact_bits() const { return compact_bits_; }
  // The codes of rows [0, rows) (compact_bits() <= 32); false if a value
  // has no code (a non-ASCII character or a control character below 2).
  bool pack_compact(const KeyColumns& keys, std::size_t rows, std::uint32_t* out) const;

 private:
  enum class Field : std::uint8_t { kInt, kDouble, kScaledDecimal, kNormalizedDecimal, kText };
  struct Column {
    Field field;
    int width;             // value bits, without the NULL bit
    int offset;            // of the NULL bit; the value follows it
    int decimal_scale;     // kScaledDecimal: the declared scale
    int text_bytes;        // kText: most significant bytes packed
    bool blank_padded;     // char(n): trailing blanks do not count
    int compact_width;     // bits of the small-domain code; 0: none
    int compact_offset;
  };
  bool pack_column(const Column& column, const Vector& values, std::size_t rows, PackedKey* out) const;

  std::vector<Column> columns_;
  int bits_ = 0;
  bool packable_ = true;
  int compact_bits_ = 0;
};

// A hash of a packed key with well-mixed low bits (slot) and high bits (tag, partition).
inline std::uint64_t hash_packed_key(PackedKey key) {
  auto low = static_cast<std::uint64_t>(key), high = static_cast<std::uint64_t>(key >> 64);
  return mix64(low ^ (high * 0xC2B2AE3D27D4EB4FULL + 0x165667B19E3779F9ULL));
}

}  // namespace ptreedb::exec
