#include "storage/table/heap_pages.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "storage/row/row_text.h"

namespace ptreedb::storage {

namespace {

// PostgreSQL's page geometry (BLCKSZ 8192, MAXALIGN 8).
constexpr std::size_t kPageSize = 8192;
constexpr std::size_t kPageHeader = 24;
constexpr std::size_t kLinePointer = 4;
constexpr std::size_t kTupleHeader = 23;  // offsetof(HeapTupleHeaderData, t_bits)
constexpr std::size_t kMaxTupleSize = kPageSize - 32;  // MaxHeapTupleSize
constexpr std::size_t kMaxTuplesPerPage = (kPageSize - kPageHeader) / (24 + kLinePointer);  // 291
constexpr std::size_t kToastThreshold = 2032;  // TOAST_TUPLE_THRESHOLD: longer tuples are compressed or moved out

std::size_t align_up(std::size_t length, std::size_t alignment) { return (length + alignment - 1) / alignment * alignment; }

// numeric's stored bytes: a 2-byte header and 2 bytes per base-10000 digit,
// leading and trailing zero digits left out (NumericShort).
std::size_t numeric_bytes(std::string_view text) {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  if (text.empty() || text[0] < '0' || text[0] > '9') return 2;  // NaN, Infinity
  const std::size_t point = std::min(text.find('.'), text.size());
  std::string digits(std::string((4 - point % 4) % 4, '0') + std::string(text.substr(0, point)));
  if (point < text.size()) {
    std::string fraction(text.substr(point + 1));
    fraction.append((4 - fraction.size() % 4) % 4, '0');
    digits += fraction;
  }
  std::size_t first = 0, last = digits.size() / 4;
  auto zero_group = [&](std::size_t group) { return digits.compare(group * 4, 4, "0000") == 0; };
  while (first < last && zero_group(first)) ++first;
  while (last > first && zero_group(last - 1)) --last;
  return 2 + 2 * (last - first);
}

struct Attribute {
  std::size_t length;     // > 0: fixed width; 0: varlena
  std::size_t alignment;  // typalign
};

Attribute attribute_of(value::TypeId type) {
  using value::TypeId;
  switch (type) {
    case TypeId::kBoolean: return {1, 1};
    case TypeId::kSmallint: return {2, 2};
    case TypeId::kInteger:
    case TypeId::kReal:
    case TypeId::kDate:
    case TypeId::kEnum: return {4, 4};
    case TypeId::kBigint:
    case TypeId::kDouble:
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTime: return {8, 8};
    case TypeId::kTimeTz: return {12, 8};
    case TypeId::kInterval: return {16, 8};
    case TypeId::kUuid: return {16, 1};
    case TypeId::kName: return {64, 1};
    default: return {0, 4};  // text, varchar, char(n), numeric, bytea, json, jsonb, arrays
  }
}

// The bytes of a varlena value's data (without its header): the stored
// bytes (text, bytea, json), numeric's digits, char(n) as padded; arrays and
// jsonb by their text form (an approximation of their binary forms).
std::size_t varlena_data_bytes(const TableSchema& schema, const RowRef& row, std::size_t column) {
  switch (schema.column(column).type.id) {
    case value::TypeId::kNumeric: return numeric_bytes(column_text(schema.layout(), row, column));
    case value::TypeId::kChar: return column_text(schema.layout(), row, column).size();
    default: return row.get_text(schema.layout().offset(column)).size();
  }
}

}  // namespace

std::size_t heap_tuple_length(const TableSchema& schema, const RowRef& row) {
  const std::size_t columns = schema.columns().size();
  bool has_null = false;
  for (std::size_t c = 0; c < columns; ++c) has_null = has_null || row.is_null(c);
  const std::size_t header = align_up(kTupleHeader + (has_null ? (columns + 7) / 8 : 0), 8);
  std::size_t data = 0;
  for (std::size_t c = 0; c < columns; ++c) {
    if (row.is_null(c)) continue;
    const Attribute attribute = attribute_of(schema.column(c).type.id);
    if (attribute.length > 0) {
      data = align_up(data, attribute.alignment) + attribute.length;
      continue;
    }
    const std::size_t bytes = varlena_data_bytes(schema, row, c);
    if (bytes + 1 <= 127) {
      data += bytes + 1;  // a short (1-byte) header, unaligned
    } else {
      data = align_up(data, attribute.alignment) + bytes + 4;
    }
  }
  return align_up(std::min(header + data, kToastThreshold), 8);
}

std::size_t heap_tuples_per_page(std::size_t tuple_length, int fillfactor) {
  const std::size_t length = std::min(align_up(std::max<std::size_t>(tuple_length, 1), 8), kMaxTupleSize);
  const std::size_t save = kPageSize * static_cast<std::size_t>(100 - fillfactor) / 100;
  const std::size_t nearly_empty = kMaxTupleSize - kMaxTuplesPerPage / 8 * kLinePointer;
  const std::size_t target = length + save > nearly_empty ? std::max(length, nearly_empty) : length + save;
  std::size_t lower = kPageHeader, upper = kPageSize, tuples = 0;
  while (true) {
    if (tuples > 0) {  // a new page takes its first tuple whatever its size
      std::size_t free = upper - lower;
      free = free < kLinePointer ? 0 : free - kLinePointer;
      if (tuples >= kMaxTuplesPerPage) free = 0;
      if (free < target) break;
    }
    lower += kLinePointer;
    upper -= length;
    ++tuples;
  }
  return tuples;
}

std::size_t heap_rows_per_page(const Table& table) {
  const std::size_t rows = table.row_count();
  if (rows == 0) return 1;
  const std::size_t probes = std::min<std::size_t>(rows, 64);
  std::size_t total = 0;
  for (std::size_t i = 0; i < probes; ++i) {
    total += heap_tuple_length(table.schema(), table.rows().select(i * rows / probes).value);
  }
  return heap_tuples_per_page((total + probes - 1) / probes, table.schema().fillfactor());
}

}  // namespace ptreedb::storage
