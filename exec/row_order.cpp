#include "exec/row_order.h"

#include <algorithm>
#include <string>

#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include "storage/row/key_encoding.h"
#include "storage/value/character.h"

namespace ptreedb::exec {

namespace {

using value::TypeId;

constexpr std::size_t kPrefixBytes = 24;
// Below this many rows one thread sorts: spawning costs more than it saves.
constexpr std::size_t kParallelSortRows = 1 << 16;

// How a key's values become prefix bytes: fixed-width forms fit whole (the
// prefix decides), variable ones are cut at the prefix's end.
enum class KeyForm { kInt, kDouble, kUnits, kDecimal, kBytes, kCharBytes, kNone };

KeyForm form_of(const Vector& column) {
  switch (column.physical()) {
    case Physical::kInt: return KeyForm::kInt;
    case Physical::kDouble: return KeyForm::kDouble;
    case Physical::kDecimal: return column.holds_units() ? KeyForm::kUnits : KeyForm::kDecimal;
    case Physical::kText:
      if (column.type.id == TypeId::kChar) return KeyForm::kCharBytes;
      // jsonb and arrays have orders of their own: compared value by value.
      if (column.type.id == TypeId::kJsonb || column.type.id == TypeId::kArray) return KeyForm::kNone;
      return KeyForm::kBytes;  // C collation: bytewise, as compare_elements
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

// Writes bytes into the prefix, complemented for DESC, until it is full.
struct PrefixWriter {
  std::uint8_t bytes[kPrefixBytes] = {};
  std::size_t at = 0;

  bool full() const { return at == kPrefixBytes; }
  void put(std::uint8_t byte) {
    if (at < kPrefixBytes) bytes[at++] = byte;
  }
  void put_big_endian(std::uint64_t bits, std::size_t width, bool complement) {
    for (std::size_t i = width; i-- > 0;) put(static_cast<std::uint8_t>((complement ? ~bits : bits) >> (8 * i)));
  }
  void put_bytes(std::string_view text, bool complement) {
    for (std::size_t i = 0; i < text.size() && at < kPrefixBytes; ++i) {
      auto byte = static_cast<std::uint8_t>(text[i]);
      put(complement ? static_cast<std::uint8_t>(~byte) : byte);
    }
    // Past its end a value reads as 0 bytes (1s under DESC): a shorter
    // string sorts first, and text holds no 0 byte to be confused with.
    while (at < kPrefixBytes) put(complement ? 0xFF : 0);
  }
};

// An int64 value with its sign bit flipped, as `width` big-endian bytes.
std::uint64_t biased(std::int64_t value, std::size_t width) {
  if (width == 8) return static_cast<std::uint64_t>(value) ^ (std::uint64_t{1} << 63);
  return static_cast<std::uint64_t>(value + (std::int64_t{1} << (8 * width - 1)));
}

}  // namespace

RowOrder::RowOrder(const Chunk& rows, const std::vector<planner::SortKey>& keys) : rows_(rows), keys_(keys) {
  std::size_t width = 0;
  for (const auto& key : keys_) {
    const Vector& column = rows_.columns[key.output];
    KeyForm form = form_of(column);
    if (!is_fixed(form)) {
      prefix_decides_ = false;
      break;
    }
    width += 1 + fixed_width(form, column.type.id);
  }
  if (width > kPrefixBytes) prefix_decides_ = false;
}

void RowOrder::normalize(std::size_t row, Entry& entry) const {
  PrefixWriter out;
  for (const auto& key : keys_) {
    if (out.full()) break;
    const Vector& column = rows_.columns[key.output];
    const KeyForm form = form_of(column);
    if (form == KeyForm::kNone) break;
    const bool null = column.is_null(row);
    out.put(null == key.nulls_first ? 0 : 1);
    const bool desc = key.descending;
    if (null) {
      if (!is_fixed(form)) break;  // the rest is compared value by value
      out.put_big_endian(0, fixed_width(form, column.type.id), false);
      continue;
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
        break;
      }
      case KeyForm::kBytes: out.put_bytes(column.texts[row], desc); break;
      case KeyForm::kCharBytes: out.put_bytes(value::bpchar_significant(column.texts[row]), desc); break;
      case KeyForm::kNone: break;
    }
    if (!is_fixed(form)) break;
  }
  for (std::size_t w = 0; w < entry.prefix.size(); ++w) {
    std::uint64_t word = 0;
    for (std::size_t b = 0; b < 8; ++b) word = word << 8 | out.bytes[8 * w + b];
    entry.prefix[w] = word;
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
  const std::size_t n = rows_.size;
  keep = std::min(keep, n);
  std::vector<Entry> entries(n);
  for (std::size_t row = 0; row < n; ++row) {
    if ((row & 0xFFFF) == 0) check_interrupt(interrupt);
    entries[row].row = static_cast<std::uint32_t>(row);
    if (!keys_.empty()) normalize(row, entries[row]);
  }
  auto less = [&](const Entry& a, const Entry& b) {
    // A sort of millions of rows takes a while: a cancel is seen every 64 Ki comparisons.
    thread_local std::uint32_t comparisons = 0;
    if ((++comparisons & 0xFFFF) == 0) check_interrupt(interrupt);
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
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
