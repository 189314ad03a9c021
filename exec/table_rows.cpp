#include "exec/table_rows.h"

#include "exec/check_constraints.h"
#include "storage/row/row_text.h"
#include "storage/sql_error.h"
#include "storage/world/relation_name.h"

namespace ptreedb::exec {
namespace {

// Stores element `i` of `vector` as column `column` of the row being built.
void store_element(storage::RowBuilder& builder, std::size_t column, const Vector& vector, std::size_t i) {
  if (vector.nulls[i]) {
    builder.set_null(column);
    return;
  }
  using value::TypeId;
  switch (vector.type.id) {
    case TypeId::kBoolean: builder.set_bool(column, vector.ints[i] != 0); break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: builder.set_int(column, vector.ints[i]); break;
    case TypeId::kReal:
    case TypeId::kDouble: builder.set_double(column, vector.doubles[i]); break;
    case TypeId::kNumeric: builder.set_decimal(column, vector.decimal(i)); break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kEnum:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
    case TypeId::kName:
    case TypeId::kText: builder.set_text(column, vector.texts[i]); break;
    case TypeId::kDate: builder.set_date(column, static_cast<std::int32_t>(vector.ints[i])); break;
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp: builder.set_timestamp(column, vector.ints[i]); break;
    case TypeId::kInterval: builder.set_interval(column, vector.intervals[i]); break;
  }
}

}  // namespace

std::string failing_row(const storage::TableSchema& schema, const storage::RowRef& row) {
  std::string text = "Failing row contains (";
  for (std::size_t c = 0; c < schema.columns().size(); ++c) {
    if (c > 0) text += ", ";
    if (row.is_null(c)) {
      text += "null";
    } else {
      storage::append_column_text(text, schema.layout(), row, c);
    }
  }
  return text + ").";
}

std::vector<storage::RowRef> build_table_rows(const storage::TableSchema& schema, const Chunk& chunk,
                                              std::size_t first_column, std::span<const std::uint32_t> rows,
                                              std::span<const planner::BoundCheck> checks) {
  std::size_t width = schema.columns().size();
  storage::RowBuilder builder(schema.layout());
  std::vector<storage::RowRef> built;
  built.reserve(rows.size());
  for (std::uint32_t row : rows) {
    for (std::size_t c = 0; c < width; ++c) store_element(builder, c, chunk.columns[first_column + c], row);
    built.push_back(builder.finish());
  }
  std::vector<std::size_t> not_null;
  for (std::size_t c = 0; c < width; ++c) {
    if (schema.column(c).not_null) not_null.push_back(c);
  }
  const CheckOutcomes outcomes(checks, chunk, first_column, width);
  // Row by row, as PostgreSQL meets them: the first failing row's first
  // NOT NULL column, else its first failing check.
  for (std::size_t i = 0; i < rows.size() && (!not_null.empty() || !checks.empty()); ++i) {
    for (std::size_t c : not_null) {
      if (!chunk.columns[first_column + c].nulls[rows[i]]) continue;
      throw SqlError(sqlstate::kNotNullViolation,
                     "null value in column \"" + schema.column(c).name + "\" of relation \"" + storage::split_relation_key(schema.name()).relation +
                         "\" violates not-null constraint",
                     failing_row(schema, built[i]));
    }
    if (const planner::BoundCheck* failed = outcomes.first_failed(rows[i])) {
      throw_check_violation(schema, failed->name, failing_row(schema, built[i]));
    }
  }
  return built;
}

}  // namespace ptreedb::exec
