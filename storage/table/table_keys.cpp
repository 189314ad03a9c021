#include "storage/table/table_keys.h"

#include "storage/row/array_key.h"
#include "storage/row/key_encoding.h"
#include "storage/row/row_text.h"
#include "storage/value/character.h"
#include "storage/value/jsonb_order.h"

namespace ptreedb::storage {

void append_column_key(std::string& key, const RowLayout& layout, const RowRef& row,
                       std::size_t column) {
  using value::TypeId;
  std::uint32_t offset = layout.offset(column);
  switch (layout.type(column)) {
    case TypeId::kBoolean:
      key_encoding::append_bool(key, row.get_bool(offset));
      break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint:
      key_encoding::append_int(key, row.get_int(offset));
      break;
    case TypeId::kReal:
    case TypeId::kDouble:
      key_encoding::append_double(key, row.get_double(offset));
      break;
    case TypeId::kNumeric:
      key_encoding::append_decimal(key, row.get_decimal(offset));
      break;
    case TypeId::kChar:
      // character(n) compares without its trailing blanks, so the key does too.
      key_encoding::append_text(key, value::bpchar_significant(row.get_text(offset)));
      break;
    case TypeId::kVarchar:
    case TypeId::kText:
    case TypeId::kName:
    case TypeId::kBytea:
    case TypeId::kEnum:
      key_encoding::append_text(key, row.get_text(offset));
      break;
    case TypeId::kUuid:
      key_encoding::append_uuid(key, row.get_text(offset));
      break;
    case TypeId::kJson:
      key_encoding::append_text(key, row.get_text(offset));
      break;
    case TypeId::kArray:  // array_cmp's order: '{1.0}' = '{1.00}', '{9}' < '{10}'
      append_array_key(key, row.get_text(offset), layout.element(column));
      break;
    case TypeId::kJsonb:  // jsonb's btree order, equal for equal values
      key_encoding::append_text(key, value::jsonb_key(row.get_text(offset)));
      break;
    case TypeId::kDate:
      key_encoding::append_date(key, row.get_date(offset));
      break;
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp:
      key_encoding::append_timestamp(key, row.get_timestamp(offset));
      break;
    case TypeId::kInterval: {
      Interval interval = row.get_interval(offset);
      key_encoding::append_interval(key, interval.months, interval.days, interval.micros);
      break;
    }
  }
}

RowKey primary_key_of(const TableSchema& schema, const RowRef& row) {
  std::string key;
  for (std::size_t column : schema.primary_key()) {
    append_column_key(key, schema.layout(), row, column);
  }
  return RowKey(key);
}

std::string primary_key_index_name(const TableSchema& schema) { return schema.name() + "_pkey"; }

RowKey row_id_key(std::uint64_t row_id) {
  std::string key;
  key_encoding::append_int(key, static_cast<std::int64_t>(row_id));
  return RowKey(key);
}

RowKey index_key_of(const TableSchema& schema, const IndexSchema& index, const RowRef& row) {
  std::string key;
  for (std::size_t column : index.columns) {
    if (row.is_null(column)) {
      key_encoding::append_null(key);
    } else {
      key_encoding::append_not_null(key);
      append_column_key(key, schema.layout(), row, column);
    }
  }
  return RowKey(key);
}

bool has_null_in(const IndexSchema& index, const RowRef& row) {
  for (std::size_t column : index.columns) {
    if (row.is_null(column)) return true;
  }
  return false;
}

std::string describe_key(const TableSchema& schema, std::span<const std::size_t> columns,
                         const RowRef& row) {
  std::string names = "(", values = "(";
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) {
      names += ", ";
      values += ", ";
    }
    names += schema.column(columns[i]).name;
    values += row.is_null(columns[i]) ? "null" : column_text(schema.layout(), row, columns[i]);
  }
  return names + ")=" + values + ")";
}

}  // namespace ptreedb::storage
