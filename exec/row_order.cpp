#include "exec/row_order.h"

#include <algorithm>
#include <array>
#include <string>

#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include "storage/row/key_encoding.h"
#include "storage/value/character.h"

namespace ptreedb::exec {

namespace {

using value::TypeId;

constexpr std::size_t kNarrowWords = 3;
constexpr std::size_t kWideWords = 7;
// Above this many rows the prefix stays narrow: the wide one's extra 32
// bytes a row would cost more memory than its fewer value comparisons save.
constexpr std::size_t kWideRows = std::size_t{1} << 20;
// Below this many rows one thread sorts: spawning costs more than it saves.
constexpr std::size_t kParallelSortRows = 1 << 16;

// How a key's values become prefix bytes: fixed-width forms fit whole;
// character types end with a 0 byte (they never hold one), so the next key
// follows; other variable forms are cut at the prefix's end.
enum class KeyForm { kInt, kDouble, kUnits, kDecimal, kText, kCharText, kBytes, kNone };

KeyForm form_of(const Vector& column) {
  switch (column.physical()) {
    case Physical::kInt: return KeyForm::kInt;
    case Physical::kDouble: return KeyForm::kDouble;
    case Physical::kDecimal: return column.holds_units() ? KeyForm::kUnits : KeyForm::kDecimal;
    case Physical::kText:
      switch (column.type.id) {
        case TypeId::kChar: return KeyForm::kCharText;
        case TypeId::kText:
        case TypeId::kVarchar:
        case TypeId::kName: return KeyForm::kText;  // C collation: bytewise, as compare_elements
        // jsonb and arrays have orders of their own: compared value by value.
        case TypeId::kJsonb:
        case TypeId::kArray: return KeyForm::kNone;
        default: return KeyForm::kBytes;  // bytea and the like may hold 0 bytes
      }
    case Physical::kInterval: return KeyForm::kNone;
  }
  return KeyForm::kNone;
}

// Bytes of a fixed-width form (ints as wide as their type needs).
std::size_t fixed_width(KeyForm form, TypeId type) {
  if (form != KeyForm::kInt) return 8;
  switch (type) {
    case TypeId::kBoolean: return 1;
    case TypeId::kSmallint: return 2;
    case TypeId::kInteger:
    case TypeId::kDate: return 4;
    default: return 8;
  }
}

bool is_fixed(KeyForm form) { return form == KeyForm::kInt || form == KeyForm::kDouble || form == KeyForm::kUnits; }
bool is_terminated(KeyForm form) { return form == KeyForm::kText || form == KeyForm::kCharText; }

std::string_view text_of(const Vector& column, KeyForm form, std::size_t row) {
  return form == KeyForm::kCharText ? value::bpchar_significant(column.texts[row]) : column.texts[row];
}

// Writes bytes into the prefix, complemented for DESC, until it is full.
struct PrefixWriter {
  std::uint8_t* bytes;
  std::size_t capacity;
  std::size_t at = 0;

  bool full() const { return at == capacity; }
  void put(std::uint8_t byte) {
    if (at < capacity) bytes[at++] = byte;
  }
  void put_big_endian(std::uint64_t bits, std::size_t width, bool complement) {
    for (std::size_t i = width; i-- > 0;) put(static_cast<std::uint8_t>((complement ? ~bits : bits) >> (8 * i)));
  }
  void put_bytes(std::string_view text, bool complement) {
    for (std::size_t i = 0; i < text.size() && at < capacity; ++i) {
      auto byte = static_cast<std::uint8_t>(text[i]);
      put(complement ? static_cast<std::uint8_t>(~byte) : byte);
    }
  }
  // A character value and its end: a shorter string sorts first (last
  // under DESC), and the next key's bytes compare only between equal texts.
  void put_terminated(std::string_view text, bool complement) {
    put_bytes(text, complement);
    put(complement ? 0xFF : 0);
  }
  // The rest of the prefix as if the value went on with 0 bytes.
  void pad(bool complement) {
    while (at < capacity) put(complement ? 0xFF : 0);
  }
};

// An int64 value with its sign bit flipped, as `width` big-endian bytes.
std::uint64_t biased(std::int64_t value, std::size_t width) {
  if (width == 8) return static_cast<std::uint64_t>(value) ^ (std::uint64_t{1} << 63);
  return static_cast<std::uint64_t>(value + (std::int64_t{1} << (8 * width - 1)));
}

template <std::size_t Words>
struct Entry {
  std::array<std::uint64_t, Words> prefix;
  std::uint32_t row;
};

}  // namespace

RowOrder::RowOrder(const Chunk& rows, const std::vector<planner::SortKey>& keys) : rows_(rows), keys_(keys) {
  // The bytes that would hold every key whole, up to the first key whose
  // values cannot all fit (its bytes are counted, as far as they help).
  std::size_t needed = 0;
  for (const auto& key : keys_) {
    const Vector& column = rows_.columns[key.output];
    const KeyForm form = form_of(column);
    if (form == KeyForm::kNone) {
      prefix_decides_ = false;
      break;
    }
    needed += 1;
    if (is_fixed(form)) {
      needed += fixed_width(form, column.type.id);
      continue;
    }
    if (!is_terminated(form)) {  // Decimals and bytes: the prefix helps, never decides
      prefix_decides_ = false;
      needed += 16;
      break;
    }
    std::size_t longest = 0;
    for (std::size_t row = 0; row < rows_.size; ++row) {
      if (!column.is_null(row)) longest = std::max(longest, text_of(column, form, row).size());
    }
    needed += longest + 1;
  }
  if (needed > kNarrowWords * 8 && rows_.size <= kWideRows) prefix_words_ = kWideWords;
  if (needed > prefix_words_ * 8) prefix_decides_ = false;
}

void RowOrder::normalize(std::size_t row, std::uint8_t* bytes) const {
  PrefixWriter out{bytes, prefix_words_ * 8};
  for (const auto& key : keys_) {
    if (out.full()) break;
    const Vector& column = rows_.columns[key.output];
    const KeyForm form = form_of(column);
    if (form == KeyForm::kNone) break;
    const bool null = column.is_null(row);
    out.put(null == key.nulls_first ? 0 : 1);
    const bool desc = key.descending;
    if (null) {
      if (is_fixed(form)) {
        out.put_big_endian(0, fixed_width(form, column.type.id), false);
      } else if (!is_terminated(form)) {
        break;  // the rest is compared value by value
      }
      continue;  // a NULL text has no bytes: the marker told it apart
    }
    switch (form) {
      case KeyForm::kInt: {
        std::size_t width = fixed_width(form, column.type.id);
        out.put_big_endian(biased(column.ints[row], width), width, desc);
        break;
      }
      case KeyForm::kUnits: out.put_big_endian(biased(column.ints[row], 8), 8, desc); break;
      case KeyForm::kDouble: out.put_big_endian(storage::key_encoding::double_order_bits(column.doubles[row]), 8, desc); break;
      case KeyForm::kDecimal: {
        thread_local std::string encoded;
        encoded.clear();
        storage::key_encoding::append_decimal(encoded, column.decimal(row));
        out.put_bytes(encoded, desc);
        out.pad(desc);
        break;
      }
      case KeyForm::kText:
      case KeyForm::kCharText: out.put_terminated(text_of(column, form, row), desc); break;
      case KeyForm::kBytes:
        out.put_bytes(column.texts[row], desc);
        out.pad(desc);
        break;
      case KeyForm::kNone: break;
    }
    if (!is_fixed(form) && !is_terminated(form)) break;
  }
}

int RowOrder::compare_values(std::uint32_t x, std::uint32_t y) const {
  for (const auto& key : keys_) {
    const Vector& column = rows_.columns[key.output];
    bool x_null = column.is_null(x), y_null = column.is_null(y);
    if (x_null || y_null) {
      if (x_null == y_null) continue;
      return x_null == key.nulls_first ? -1 : 1;
    }
    int order = compare_elements(column, x, column, y);
    if (order != 0) return key.descending ? -order : order;
  }
  return 0;
}

bool RowOrder::same_keys(std::uint32_t x, std::uint32_t y) const { return compare_values(x, y) == 0; }

std::vector<std::uint32_t> RowOrder::sorted(std::size_t keep, const std::vector<std::uint64_t>& tiebreak,
                                            const InterruptToken* interrupt) const {
  return prefix_words_ == kWideWords ? sorted_with<kWideWords>(keep, tiebreak, interrupt)
                                     : sorted_with<kNarrowWords>(keep, tiebreak, interrupt);
}

template <std::size_t Words>
std::vector<std::uint32_t> RowOrder::sorted_with(std::size_t keep, const std::vector<std::uint64_t>& tiebreak,
                                                 const InterruptToken* interrupt) const {
  const std::size_t n = rows_.size;
  keep = std::min(keep, n);
  std::vector<Entry<Words>> entries(n);
  for (std::size_t row = 0; row < n; ++row) {
    if ((row & 0xFFFF) == 0) check_interrupt(interrupt);
    Entry<Words>& entry = entries[row];
    entry.row = static_cast<std::uint32_t>(row);
    std::uint8_t bytes[Words * 8] = {};
    if (!keys_.empty()) normalize(row, bytes);
    for (std::size_t w = 0; w < Words; ++w) {
      std::uint64_t word = 0;
      for (std::size_t b = 0; b < 8; ++b) word = word << 8 | bytes[8 * w + b];
      entry.prefix[w] = word;
    }
  }
  auto less = [&](const Entry<Words>& a, const Entry<Words>& b) {
    // A sort of millions of rows takes a while: a cancel is seen every 64 Ki comparisons.
    thread_local std::uint32_t comparisons = 0;
    if ((++comparisons & 0xFFFF) == 0) check_interrupt(interrupt);
    // Word by word: std::array's == calls memcmp, a call per comparison.
    for (std::size_t w = 0; w < Words; ++w) {
      if (a.prefix[w] != b.prefix[w]) return a.prefix[w] < b.prefix[w];
    }
    if (!prefix_decides_) {
      int order = compare_values(a.row, b.row);
      if (order != 0) return order < 0;
    }
    return tiebreak.empty() ? a.row < b.row : tiebreak[a.row] < tiebreak[b.row];
  };
  if (keep < n / 2) {
    std::partial_sort(entries.begin(), entries.begin() + static_cast<std::ptrdiff_t>(keep), entries.end(), less);
  } else if (n >= kParallelSortRows) {
    // Isolated: a thread waiting for the sort's tasks must not pick up other
    // work of the query (a top-N sorts under its lock, which that work takes).
    tbb::this_task_arena::isolate([&] { tbb::parallel_sort(entries.begin(), entries.end(), less); });
  } else {
    std::sort(entries.begin(), entries.end(), less);
  }
  check_interrupt(interrupt);
  std::vector<std::uint32_t> order(keep);
  for (std::size_t i = 0; i < keep; ++i) order[i] = entries[i].row;
  return order;
}

}  // namespace ptreedb::exec
