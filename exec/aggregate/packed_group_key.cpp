#include "exec/aggregate/packed_group_key.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <string_view>


namespace ptreedb::exec {

using value::TypeId;

namespace {

constexpr int kMaxBits = 128;
// Text fields hold up to 7 bytes and a 4-bit length above them.
constexpr int kMaxTextBytes = 7;
constexpr int kTextLengthBits = 4;
// A normalized numeric: 64-bit units and an 8-bit scale.
constexpr int kNormalizedScaleBits = 8;
// Small-domain codes (see compact_bits()).
constexpr int kBooleanCodeBits = 2;
constexpr int kCharacterCodeBits = 7;

int int_width(TypeId type) {
  switch (type) {
    case TypeId::kBoolean: return 8;
    case TypeId::kSmallint: return 16;
    case TypeId::kInteger:
    case TypeId::kDate: return 32;
    default: return 64;
  }
}

bool fits_signed(std::int64_t value, int width) {
  if (width >= 64) return true;
  std::int64_t limit = std::int64_t{1} << (width - 1);
  return value >= -limit && value < limit;
}

std::uint64_t low_bits(std::int64_t value, int width) {
  auto bits = static_cast<std::uint64_t>(value);
  return width >= 64 ? bits : bits & ((std::uint64_t{1} << width) - 1);
}

}  // namespace

PackedKeyLayout::PackedKeyLayout(const std::vector<value::SqlType>& types) {
  for (const auto& type : types) {
    Column column{Field::kInt, 0, bits_, 0, 0, false, 0, compact_bits_};
    switch (physical_of(type.id)) {
      case Physical::kInt:
        column.width = int_width(type.id);
        if (type.id == TypeId::kBoolean) column.compact_width = kBooleanCodeBits;
        break;
      case Physical::kDouble:
        column.field = Field::kDouble;
        column.width = 64;
        break;
      case Physical::kDecimal:
        if (type.has_typmod() && type.numeric_precision() <= 18 && type.numeric_scale() >= 0) {
          column.field = Field::kScaledDecimal;
          column.decimal_scale = type.numeric_scale();
          column.width = 64;
        } else {
          column.field = Field::kNormalizedDecimal;
          column.width = 64 + kNormalizedScaleBits;
        }
        break;
      case Physical::kText: {
        if (type.id == TypeId::kJsonb || type.id == TypeId::kArray) {
          packable_ = false;  // equal values differ in text ('1.0' = '1.00'): byte keys normalize them
          break;
        }
        column.field = Field::kText;
        column.blank_padded = type.id == TypeId::kChar;
        // UTF-8 takes at most 4 bytes a character.
        int bytes = kMaxTextBytes;
        if (type.has_typmod() && type.id != TypeId::kText) bytes = std::min(bytes, 4 * type.char_length());
        column.text_bytes = bytes;
        column.width = 8 * bytes + kTextLengthBits;
        if (type.id != TypeId::kText && type.has_typmod() && type.char_length() == 1) {
          column.compact_width = kCharacterCodeBits;
        }
        break;
      }
      case Physical::kInterval:
        packable_ = false;  // equal spans differ in fields ('1 day' = '24 hours'): byte keys normalize them
        break;
    }
    bits_ += 1 + column.width;
    if (column.compact_width == 0) {
      compact_bits_ = -1;
    } else if (compact_bits_ >= 0) {
      compact_bits_ += column.compact_width;
    }
    columns_.push_back(column);
  }
  if (bits_ > kMaxBits) packable_ = false;
}

namespace {

// A one-character value's code, or 0x80 (no code) when it has none: NULL 0,
// '' (or, in char(n), blanks) 1, an ASCII byte b >= 2 is b.
std::uint32_t character_code(std::string_view text, bool blank_padded) {
  if (blank_padded) {
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  }
  if (text.empty()) return 1;
  const auto byte = static_cast<unsigned char>(text[0]);
  return text.size() == 1 && byte >= 2 && byte < 0x80 ? byte : 0x80;
}

}  // namespace

bool PackedKeyLayout::pack_compact(const KeyColumns& keys, std::size_t rows, std::uint32_t* out) const {
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    const Column& column = columns_[c];
    const Vector& values = *keys[c];
    const std::uint8_t* nulls = values.nulls.data();
    const int shift = column.compact_offset;
    // The first column sets each code, the others add theirs.
    auto put = [&](std::size_t i, std::uint32_t code) { out[i] = (c == 0 ? 0 : out[i]) | code << shift; };
    if (column.field == Field::kInt) {  // boolean: NULL 0, false 1, true 2
      const std::int64_t* ints = values.ints.data();
      for (std::size_t i = 0; i < rows; ++i) put(i, nulls[i] ? 0 : 1 + (ints[i] != 0));
      continue;
    }
    std::uint32_t missing = 0;  // 0x80 once a value has no code
    const std::string_view* texts = values.texts.data();
    constexpr std::size_t kAhead = 16;  // the bytes may live in the rows: load them ahead
    for (std::size_t i = 0; i < std::min(rows, kAhead); ++i) __builtin_prefetch(texts[i].data());
    for (std::size_t i = 0; i < rows; ++i) {
      if (i + kAhead < rows) __builtin_prefetch(texts[i + kAhead].data());
      std::uint32_t code = 0;
      if (!nulls[i]) {
        const std::string_view text = texts[i];
        const auto byte = text.empty() ? 0u : static_cast<unsigned char>(text[0]);
        // The usual stored char(1): one byte, neither blank nor control.
        code = text.size() == 1 && byte > ' ' && byte < 0x80 ? byte : character_code(text, column.blank_padded);
        missing |= code & 0x80;
      }
      put(i, code);
    }
    if (missing != 0) return false;
  }
  return true;
}

bool PackedKeyLayout::pack(const KeyColumns& keys, std::size_t rows, PackedKey* out) const {
  std::memset(static_cast<void*>(out), 0, rows * sizeof(PackedKey));
  for (std::size_t c = 0; c < columns_.size(); ++c) {
    if (!pack_column(columns_[c], *keys[c], rows, out)) return false;
  }
  return true;
}

bool PackedKeyLayout::pack_column(const Column& column, const Vector& values, std::size_t rows, PackedKey* out) const {
  const int value_offset = column.offset + 1;
  const PackedKey null_bit = PackedKey{1} << column.offset;
  const std::uint8_t* nulls = values.nulls.data();
  switch (column.field) {
    case Field::kInt: {
      const std::int64_t* ints = values.ints.data();
      bool fits = true;
      for (std::size_t i = 0; i < rows; ++i) {
        if (nulls[i]) {
          out[i] |= null_bit;
          continue;
        }
        fits &= fits_signed(ints[i], column.width);
        out[i] |= PackedKey{low_bits(ints[i], column.width)} << value_offset;
      }
      return fits;
    }
    case Field::kDouble:
      for (std::size_t i = 0; i < rows; ++i) {
        if (nulls[i]) {
          out[i] |= null_bit;
          continue;
        }
        double value = values.doubles[i];
        if (value == 0) value = 0;  // -0 = 0
        std::uint64_t bits = std::isnan(value) ? 0x7FF8000000000000ULL : std::bit_cast<std::uint64_t>(value);
        out[i] |= PackedKey{bits} << value_offset;
      }
      return true;
    case Field::kScaledDecimal:
      for (std::size_t i = 0; i < rows; ++i) {
        if (nulls[i]) {
          out[i] |= null_bit;
          continue;
        }
        value::Decimal number = values.decimal(i);
        if (number.scale != column.decimal_scale) {
          if (number.scale > column.decimal_scale) number = value::decimal_normalize(number);
          if (number.scale > column.decimal_scale ||
              !value::decimal_detail::scale_up(number.units, column.decimal_scale - number.scale)) {
            return false;
          }
        }
        if (number.units > INT64_MAX || number.units < INT64_MIN) return false;
        out[i] |= PackedKey{static_cast<std::uint64_t>(static_cast<std::int64_t>(number.units))} << value_offset;
      }
      return true;
    case Field::kNormalizedDecimal:
      for (std::size_t i = 0; i < rows; ++i) {
        if (nulls[i]) {
          out[i] |= null_bit;
          continue;
        }
        value::Decimal number = value::decimal_normalize(values.decimal(i));
        if (number.units > INT64_MAX || number.units < INT64_MIN || number.scale >= (1 << kNormalizedScaleBits)) {
          return false;
        }
        PackedKey field = static_cast<std::uint64_t>(static_cast<std::int64_t>(number.units)) |
                          (PackedKey{static_cast<std::uint64_t>(number.scale)} << 64);
        out[i] |= field << value_offset;
      }
      return true;
    case Field::kText:
      for (std::size_t i = 0; i < rows; ++i) {
        if (nulls[i]) {
          out[i] |= null_bit;
          continue;
        }
        std::string_view text = values.texts[i];
        if (column.blank_padded) {
          while (!text.empty() && text.back() == ' ') text.remove_suffix(1);  // char(n): 'a ' = 'a'
        }
        if (text.size() > static_cast<std::size_t>(column.text_bytes)) return false;
        // A byte loop: at most 7 bytes, where a memcpy of variable length is a call.
        std::uint64_t bytes = static_cast<std::uint64_t>(text.size()) << (8 * column.text_bytes);
        for (std::size_t b = 0; b < text.size(); ++b) {
          bytes |= static_cast<std::uint64_t>(static_cast<unsigned char>(text[b])) << (8 * b);
        }
        out[i] |= PackedKey{bytes} << value_offset;
      }
      return true;
  }
  return false;
}

}  // namespace ptreedb::exec
