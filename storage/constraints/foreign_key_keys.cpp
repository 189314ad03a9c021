#include "storage/constraints/foreign_key_keys.h"

#include <algorithm>

#include "storage/row/key_encoding.h"
#include "storage/table/table_keys.h"
#include "storage/value/character.h"
#include "storage/value/date_time.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"

namespace ptreedb::storage {

using value::TypeId;

namespace {

bool same_column_set(std::span<const std::size_t> a, std::span<const std::size_t> b) {
  if (a.size() != b.size()) return false;
  std::vector<std::size_t> sorted_a(a.begin(), a.end()), sorted_b(b.begin(), b.end());
  std::sort(sorted_a.begin(), sorted_a.end());
  std::sort(sorted_b.begin(), sorted_b.end());
  // A key naming a column twice never matches: PostgreSQL requires distinct columns.
  return sorted_a == sorted_b && std::adjacent_find(sorted_a.begin(), sorted_a.end()) == sorted_a.end();
}

ReferenceTarget pair_columns(std::optional<std::size_t> index, std::span<const std::size_t> key_columns,
                             std::span<const std::size_t> referencing, std::span<const std::size_t> referenced) {
  ReferenceTarget target{index, {}, {}};
  for (std::size_t key_column : key_columns) {
    auto at = std::find(referenced.begin(), referenced.end(), key_column) - referenced.begin();
    target.referencing_columns.push_back(referencing[static_cast<std::size_t>(at)]);
    target.referenced_columns.push_back(key_column);
  }
  return target;
}

// Appends the key encoding of `type` for a non-NULL value stored as `stored`;
// false when no value of `type` can equal it.
bool append_converted(std::string& key, const RowLayout& layout, const RowRef& row, std::size_t column,
                      TypeId type) {
  const TypeId stored = layout.type(column);
  const std::uint32_t offset = layout.offset(column);
  if (value::is_integer_type(stored)) {
    const std::int64_t number = row.get_int(offset);
    if (type == TypeId::kNumeric) {
      key_encoding::append_decimal(key, value::decimal_from_int(number));
    } else if (value::is_float_type(type)) {
      key_encoding::append_double(key, static_cast<double>(number));
    } else {
      key_encoding::append_int(key, number);
    }
    return true;
  }
  if (stored == TypeId::kNumeric && value::is_float_type(type)) {
    key_encoding::append_double(key, value::decimal_to_double(row.get_decimal(offset)));
    return true;
  }
  if (value::is_character_type(stored)) {
    // bpchar compares without trailing blanks, and casts between bpchar and
    // text drop them too; text against text keeps every byte.
    std::string_view text = row.get_text(offset);
    if (stored == TypeId::kChar || type == TypeId::kChar) text = value::bpchar_significant(text);
    key_encoding::append_text(key, text);
    return true;
  }
  if (stored == TypeId::kDate && type == TypeId::kTimestamp) {
    const std::int32_t days = row.get_date(offset);
    std::int64_t micros = days * value::kMicrosPerDay;
    if (days == value::Date::infinity().days) micros = value::Timestamp::infinity().micros;
    if (days == value::Date::minus_infinity().days) micros = value::Timestamp::minus_infinity().micros;
    key_encoding::append_timestamp(key, micros);
    return true;
  }
  if (stored == TypeId::kTimestamp && type == TypeId::kDate) {
    const std::int64_t micros = row.get_timestamp(offset);
    std::int32_t days;
    if (micros == value::Timestamp::infinity().micros) {
      days = value::Date::infinity().days;
    } else if (micros == value::Timestamp::minus_infinity().micros) {
      days = value::Date::minus_infinity().days;
    } else {
      if (micros % value::kMicrosPerDay != 0) return false;
      days = static_cast<std::int32_t>(micros / value::kMicrosPerDay);
    }
    key_encoding::append_date(key, days);
    return true;
  }
  append_column_key(key, layout, row, column);
  return true;
}

}  // namespace

std::optional<ReferenceTarget> find_reference_target(const TableSchema& referenced_table,
                                                     std::span<const std::size_t> referencing,
                                                     std::span<const std::size_t> referenced) {
  if (referenced_table.has_primary_key() && same_column_set(referenced_table.primary_key(), referenced)) {
    return pair_columns(std::nullopt, referenced_table.primary_key(), referencing, referenced);
  }
  for (std::size_t i = 0; i < referenced_table.indexes().size(); ++i) {
    const IndexSchema& index = referenced_table.indexes()[i];
    if (index.unique && same_column_set(index.columns, referenced)) {
      return pair_columns(i, index.columns, referencing, referenced);
    }
  }
  return std::nullopt;
}

bool foreign_key_types_compatible(TypeId referencing, TypeId referenced) {
  if (referencing == referenced) return true;
  using value::is_character_type;
  using value::is_float_type;
  using value::is_integer_type;
  if (is_integer_type(referenced)) return is_integer_type(referencing);  // integer_ops spans all widths
  if (is_float_type(referenced)) {  // float_ops spans both; integers and numeric cast implicitly
    return is_float_type(referencing) || is_integer_type(referencing) || referencing == TypeId::kNumeric;
  }
  if (referenced == TypeId::kNumeric) return is_integer_type(referencing);
  if (is_character_type(referenced)) return is_character_type(referencing);
  if (referenced == TypeId::kDate || referenced == TypeId::kTimestamp) {  // datetime_ops spans both
    return referencing == TypeId::kDate || referencing == TypeId::kTimestamp;
  }
  return false;
}

std::optional<RowKey> reference_key(const ReferenceTarget& target, const TableSchema& referencing_table,
                                    const TableSchema& referenced_table, const RowRef& row) {
  std::string key;
  for (std::size_t i = 0; i < target.referencing_columns.size(); ++i) {
    if (target.index) key_encoding::append_not_null(key);
    TypeId type = referenced_table.column(target.referenced_columns[i]).type.id;
    if (!append_converted(key, referencing_table.layout(), row, target.referencing_columns[i], type)) {
      return std::nullopt;
    }
  }
  return RowKey(key);
}

RowKey referenced_key(const ReferenceTarget& target, const TableSchema& referenced_table, const RowRef& row) {
  std::string key;
  for (std::size_t column : target.referenced_columns) {
    if (target.index) key_encoding::append_not_null(key);
    append_column_key(key, referenced_table.layout(), row, column);
  }
  return RowKey(key);
}

bool all_null(std::span<const std::size_t> columns, const RowRef& row) {
  return std::all_of(columns.begin(), columns.end(), [&](std::size_t c) { return row.is_null(c); });
}

bool any_null(std::span<const std::size_t> columns, const RowRef& row) {
  return std::any_of(columns.begin(), columns.end(), [&](std::size_t c) { return row.is_null(c); });
}

}  // namespace ptreedb::storage
