#include "exec/copy_loader.h"

#include "exec/resident_memory.h"

#include <algorithm>
#include <set>
#include <span>
#include <utility>

#include "exec/check_constraints.h"
#include "exec/evaluate.h"
#include "exec/table_rows.h"
#include "storage/constraints/foreign_key_check.h"
#include "storage/sql_error.h"
#include "storage/table/table.h"
#include "storage/table/table_keys.h"
#include "storage/world/world_user_types.h"

namespace ptreedb::exec {

using value::SqlType;
using value::TypeId;

namespace {

constexpr const char* kBadCopyFileFormat = "22P04";

// Stores element `i` of `values` (not NULL) into `column` of the row being built.
void store_value(storage::RowBuilder& builder, std::size_t column, const Vector& values, std::size_t i) {
  switch (values.type.id) {
    case TypeId::kBoolean: builder.set_bool(column, values.ints[i] != 0); break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: builder.set_int(column, values.ints[i]); break;
    case TypeId::kReal:
    case TypeId::kDouble: builder.set_double(column, values.doubles[i]); break;
    case TypeId::kNumeric: builder.set_decimal(column, values.decimal(i)); break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kEnum:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
    case TypeId::kName:
    case TypeId::kText: builder.set_text(column, values.texts[i]); break;
    case TypeId::kDate: builder.set_date(column, static_cast<std::int32_t>(values.ints[i])); break;
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp: builder.set_timestamp(column, values.ints[i]); break;
    case TypeId::kInterval: builder.set_interval(column, values.intervals[i]); break;
  }
}

// The input function of `type` over a text vector; plain text needs none.
Vector convert_text(Vector text, SqlType type) {
  if (type.id == TypeId::kText) return text;
  return cast_vector(text, type, false);
}

}  // namespace

std::string_view CopyLoader::Batch::record(std::size_t i) const {
  std::size_t begin = i == 0 ? 0 : raw_ends[i - 1];
  return std::string_view(raw).substr(begin, raw_ends[i] - begin);
}

void CopyLoader::Batch::clear() {
  values.clear();
  fields.clear();
  field_counts.clear();
  line_numbers.clear();
  raw.clear();
  raw_ends.clear();
}

CopyLoader::CopyLoader(planner::CopyPlan plan, txn::WriteTarget& database)
    : plan_(std::move(plan)),
      database_(database),
      world_(database.snapshot()),
      reader_(plan_.options),
      header_pending_(plan_.options.header != planner::CopyOptions::Header::kNone),
      default_values_(plan_.schema->columns().size()) {
  if (plan_.options.binary) {
    std::vector<SqlType> types;
    for (std::size_t position : plan_.target_columns) types.push_back(plan_.schema->column(position).type);
    binary_reader_.emplace(std::move(types));
  }
}

std::string CopyLoader::line_context(std::uint64_t line_number) const {
  return "COPY " + plan_.table_name + ", line " + std::to_string(line_number);
}

std::string CopyLoader::record_context(std::size_t i) const {
  // Binary records are not quoted, as in PostgreSQL.
  if (binary_reader_) return line_context(batch_.line_numbers[i]);
  return line_context(batch_.line_numbers[i]) + ": \"" + limit_copy_printout(batch_.record(i)) + "\"";
}

std::string CopyLoader::context() const {
  if (binary_reader_) return line_context(std::max<std::uint64_t>(1, binary_reader_->tuple_number()));
  return line_context(std::max<std::uint64_t>(1, reader_.line_number())); }

void CopyLoader::feed(std::string_view data) {
  const storage::WorldUserTypes user_types(*world_);
  try {
    try {
      if (binary_reader_) {
        binary_reader_->feed(data);
      } else {
        reader_.feed(data);
      }
    } catch (SqlError& error) {
      fail_after_batch(std::move(error), line_context(reader_.line_number()));
    }
    consume(false);
  } catch (const SqlError& error) {
    rethrow_in_input_order(error);
  }
}

std::uint64_t CopyLoader::finish() {
  const storage::WorldUserTypes user_types(*world_);
  try {
    consume(true);
    convert_batch();
  } catch (const SqlError& error) {
    rethrow_in_input_order(error);
  }
  if (!rows_.empty()) {
    database_.write([&](const storage::World& world) {
      auto table = world.find_table(plan_.table_name);
      if (!table || table->schema_ptr() != plan_.schema) {
        throw SqlError(sqlstate::kSerializationFailure,
                       "table \"" + plan_.table_name + "\" was changed by a concurrent statement");
      }
      std::shared_ptr<const storage::World> next;
      try {
        next = world.with_table(std::make_shared<storage::Table>(table->insert_rows(rows_)));
      } catch (const SqlError& error) {
        if (error.sqlstate() != sqlstate::kUniqueViolation) throw;
        if (auto located = first_duplicate(*table)) throw *located;
        throw;
      }
      // Checked at the end of the statement, as PostgreSQL's RI triggers are.
      return storage::enforce_foreign_keys(std::move(next), plan_.table_name, rows_, {});
    });
  }
  std::uint64_t count = rows_.size();
  rows_.clear();
  row_lines_.clear();
  return count;
}

void CopyLoader::rethrow_in_input_order(const SqlError& error) const {
  if (!rows_.empty()) {
    auto world = database_.snapshot();
    auto table = world->find_table(plan_.table_name);
    if (table && table->schema_ptr() == plan_.schema) {
      if (auto duplicate = first_duplicate(*table)) throw *duplicate;
    }
  }
  throw error;
}

std::optional<SqlError> CopyLoader::first_duplicate(const storage::Table& table) const {
  const storage::TableSchema& schema = table.schema();
  const auto& indexes = schema.indexes();
  std::set<storage::RowKey> primary_seen;
  std::vector<std::set<storage::RowKey>> index_seen(indexes.size());
  auto violation = [&](const std::string& constraint, std::span<const std::size_t> columns, std::size_t i) {
    SqlError error(sqlstate::kUniqueViolation, "duplicate key value violates unique constraint \"" + constraint + "\"",
                   "Key " + storage::describe_key(schema, columns, rows_[i]) + " already exists.");
    error.set_context(line_context(row_lines_[i]));
    return error;
  };
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    if (schema.has_primary_key()) {
      storage::RowKey key = storage::primary_key_of(schema, rows_[i]);
      if (table.rows().contains(key) || !primary_seen.insert(std::move(key)).second) {
        return violation(schema.name() + "_pkey", schema.primary_key(), i);
      }
    }
    for (std::size_t k = 0; k < indexes.size(); ++k) {
      if (!indexes[k].unique || storage::has_null_in(indexes[k], rows_[i])) continue;
      storage::RowKey key = storage::index_key_of(schema, indexes[k], rows_[i]);
      const storage::KeySet* holders = table.index(k).find(key);
      if ((holders != nullptr && !holders->empty()) || !index_seen[k].insert(std::move(key)).second) {
        return violation(indexes[k].name, indexes[k].columns, i);
      }
    }
  }
  return std::nullopt;
}

void CopyLoader::consume(bool at_end) {
  if (binary_reader_) return consume_binary(at_end);
  for (;;) {
    std::optional<std::string_view> record;
    try {
      record = reader_.next_line(at_end);
    } catch (SqlError& error) {
      fail_after_batch(std::move(error), line_context(reader_.line_number()));
    }
    if (!record) return;
    add_record(*record, reader_.line_number());
  }
}

void CopyLoader::consume_binary(bool at_end) {
  for (;;) {
    const std::size_t values_size = batch_.values.size();
    bool got = false;
    try {
      got = binary_reader_->next_tuple(at_end, batch_.values, scratch_fields_);
    } catch (SqlError& error) {
      batch_.values.resize(values_size);
      const std::uint64_t tuple = binary_reader_->tuple_number();
      // Errors in the file header come before any tuple and have no context.
      if (tuple == 0) throw;
      std::string context = line_context(tuple);
      if (auto column = binary_reader_->error_column()) {
        context += ", column " + plan_.schema->column(plan_.target_columns[*column]).name;
      }
      fail_after_batch(std::move(error), std::move(context));
    }
    if (!got) return;
    batch_.raw_ends.push_back(batch_.raw.size());
    batch_.line_numbers.push_back(binary_reader_->tuple_number());
    add_fields();
  }
}

void CopyLoader::fail_after_batch(SqlError error, std::string context) {
  convert_batch();
  error.set_context(std::move(context));
  throw error;
}

void CopyLoader::add_record(std::string_view record, std::uint64_t line_number) {
  if (header_pending_) {
    header_pending_ = false;
    if (plan_.options.header == planner::CopyOptions::Header::kMatch) check_header(record, line_number);
    return;
  }
  // Kept first, so that an error in this record can quote it.
  batch_.raw.append(record);
  batch_.raw_ends.push_back(batch_.raw.size());
  batch_.line_numbers.push_back(line_number);
  const std::size_t targets = column_count();
  const std::size_t values_size = batch_.values.size();
  auto reject = [&](SqlError error) {
    std::string context = record_context(batch_.size() - 1);
    batch_.raw.resize(batch_.raw.size() - record.size());
    batch_.raw_ends.pop_back();
    batch_.line_numbers.pop_back();
    batch_.values.resize(values_size);
    fail_after_batch(std::move(error), std::move(context));
  };
  if (targets == 0) {
    // A table without columns: only empty lines are rows.
    if (!record.empty()) reject(SqlError(kBadCopyFileFormat, "extra data after last expected column"));
    batch_.field_counts.push_back(0);
  } else {
    try {
      split_copy_record(record, plan_.options, batch_.values, scratch_fields_);
    } catch (SqlError& error) {
      reject(std::move(error));
    }
    if (scratch_fields_.size() > targets) {
      reject(SqlError(kBadCopyFileFormat, "extra data after last expected column"));
    }
    add_fields();
    return;
  }
  if (batch_.size() >= kChunkSize) convert_batch();
}

void CopyLoader::add_fields() {
  batch_.field_counts.push_back(static_cast<std::uint32_t>(scratch_fields_.size()));
  batch_.fields.insert(batch_.fields.end(), scratch_fields_.begin(), scratch_fields_.end());
  CopyField missing;
  missing.is_null = true;
  batch_.fields.resize(batch_.fields.size() + column_count() - scratch_fields_.size(), missing);
  if (batch_.size() >= kChunkSize) convert_batch();
}

void CopyLoader::check_header(std::string_view record, std::uint64_t line_number) {
  std::string values;
  std::string context = line_context(line_number) + ": \"" + limit_copy_printout(record) + "\"";
  auto fail = [&](const std::string& message) {
    SqlError error(kBadCopyFileFormat, message);
    error.set_context(context);
    throw error;
  };
  try {
    split_copy_record(record, plan_.options, values, scratch_fields_);
  } catch (SqlError& error) {
    error.set_context(context);
    throw;
  }
  const auto& targets = plan_.target_columns;
  if (scratch_fields_.size() != targets.size()) {
    fail("wrong number of fields in header line: got " + std::to_string(scratch_fields_.size()) + ", expected " +
         std::to_string(targets.size()));
  }
  for (std::size_t j = 0; j < targets.size(); ++j) {
    const std::string& expected = plan_.schema->column(targets[j]).name;
    const CopyField& field = scratch_fields_[j];
    std::string field_number = std::to_string(j + 1);
    if (field.is_null) {
      fail("column name mismatch in header line field " + field_number + ": got null value (\"" +
           plan_.options.null_string + "\"), expected \"" + expected + "\"");
    }
    std::string_view name(values.data() + field.offset, field.length);
    if (name != expected) {
      fail("column name mismatch in header line field " + field_number + ": got \"" + std::string(name) +
           "\", expected \"" + expected + "\"");
    }
  }
}

std::optional<std::string_view> CopyLoader::field_text(std::size_t i, std::size_t j) const {
  const CopyField& field = batch_.fields[i * column_count() + j];
  const auto& options = plan_.options;
  if (field.is_null) {
    if (!options.force_not_null.empty() && options.force_not_null[j] && j < batch_.field_counts[i]) {
      return std::string_view(options.null_string);
    }
    return std::nullopt;
  }
  std::string_view text(batch_.values.data() + field.offset, field.length);
  if (!options.force_null.empty() && options.force_null[j] && text == options.null_string) return std::nullopt;
  return text;
}

void CopyLoader::convert_batch() {
  if (batch_.size() == 0) return;
  // The rows loaded so far are held until the end of COPY: stop before they
  // take the server past its memory limit (53200).
  check_write_fits(0, "COPY");
  bool complete = std::all_of(batch_.field_counts.begin(), batch_.field_counts.end(),
                              [&](std::uint32_t count) { return count == column_count(); });
  bool converted = false;
  if (complete) {
    try {
      convert_columns();
      converted = true;
    } catch (const SqlError&) {
      // Located and reported, with its context, by the slow path.
    }
  }
  if (!converted) convert_records();
  batch_.clear();
}

void CopyLoader::convert_columns() {
  const std::size_t count = batch_.size();
  Chunk chunk;
  chunk.size = count;
  chunk.columns.resize(plan_.schema->columns().size());
  for (std::size_t j = 0; j < column_count(); ++j) {
    Vector text(SqlType::of(TypeId::kText));
    text.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      auto value = field_text(i, j);
      text.nulls[i] = !value.has_value();
      if (value) text.texts[i] = *value;
    }
    std::size_t position = plan_.target_columns[j];
    chunk.columns[position] = convert_text(std::move(text), plan_.schema->column(position).type);
  }
  std::vector<std::size_t> records(count);
  for (std::size_t i = 0; i < count; ++i) records[i] = i;
  // finish_rows throws only before it appends, so the slow path can start over.
  finish_rows(chunk, std::move(records));
}

void CopyLoader::convert_records() {
  const auto& schema = *plan_.schema;
  for (std::size_t i = 0; i < batch_.size(); ++i) {
    Chunk chunk;
    chunk.size = 1;
    chunk.columns.resize(schema.columns().size());
    for (std::size_t j = 0; j < column_count(); ++j) {
      std::size_t position = plan_.target_columns[j];
      const std::string& name = schema.column(position).name;
      if (j >= batch_.field_counts[i]) {
        SqlError error(kBadCopyFileFormat, "missing data for column \"" + name + "\"");
        error.set_context(record_context(i));
        throw error;
      }
      auto value = field_text(i, j);
      Vector text(SqlType::of(TypeId::kText));
      text.resize(1);
      text.nulls[0] = !value.has_value();
      if (value) text.texts[0] = *value;
      try {
        chunk.columns[position] = convert_text(std::move(text), schema.column(position).type);
      } catch (SqlError& error) {
        std::string context = line_context(batch_.line_numbers[i]) + ", column " + name;
        // Binary values are not quoted, as in PostgreSQL.
        if (!binary_reader_) context += value ? ": \"" + limit_copy_printout(*value) + "\"" : ": null input";
        error.set_context(std::move(context));
        throw;
      }
    }
    finish_rows(chunk, {i});
  }
}

void CopyLoader::finish_rows(Chunk& chunk, std::vector<std::size_t> records) {
  const auto& schema = *plan_.schema;
  const std::size_t column_total = schema.columns().size();
  for (std::size_t position = 0; position < column_total; ++position) {
    if (chunk.columns[position].size() == chunk.size) continue;  // targeted
    Chunk one_row;
    one_row.size = 1;
    const planner::BoundExpression& default_value = plan_.defaults[position];
    if (planner::contains_volatile_call(default_value)) {
      // nextval (serial, identity), random(), gen_random_uuid(): a value per row.
      Vector column(schema.column(position).type);
      for (std::size_t i = 0; i < chunk.size; ++i) {
        Vector value = evaluate(default_value, one_row);
        column.append_from(value, 0);
        for (const auto& owner : value.text_owners) column.text_owners.push_back(owner);
      }
      chunk.columns[position] = std::move(column);
      continue;
    }
    auto& value = default_values_[position];
    if (!value) value = evaluate(default_value, one_row);
    chunk.columns[position] = Vector::broadcast(*value, chunk.size);
  }
  if (plan_.where) {
    Vector keep = evaluate(*plan_.where, chunk);
    std::vector<std::uint8_t> flags(chunk.size);
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < chunk.size; ++i) {
      flags[i] = !keep.nulls[i] && keep.ints[i] != 0;
      if (flags[i]) kept.push_back(records[i]);
    }
    if (kept.size() != chunk.size) {
      chunk = select_rows(chunk, flags);
      records = std::move(kept);
    }
  }
  // NOT NULL is checked row by row, columns in order, as PostgreSQL does.
  std::vector<std::size_t> not_null;
  for (std::size_t position = 0; position < column_total; ++position) {
    if (schema.column(position).not_null) not_null.push_back(position);
  }
  storage::RowBuilder builder(schema.layout());
  auto build_row = [&](std::size_t i) {
    for (std::size_t position = 0; position < column_total; ++position) {
      const Vector& values = chunk.columns[position];
      if (values.is_null(i)) {
        builder.set_null(position);
      } else {
        store_value(builder, position, values, i);
      }
    }
    return builder.finish();
  };
  // A row's NOT NULL columns, then its checks, as PostgreSQL checks them.
  const CheckOutcomes outcomes(plan_.checks, chunk, 0, column_total);
  if (!not_null.empty() || !plan_.checks.empty()) {
    for (std::size_t i = 0; i < chunk.size; ++i) {
      for (std::size_t position : not_null) {
        if (!chunk.columns[position].is_null(i)) continue;
        SqlError error(sqlstate::kNotNullViolation,
                       "null value in column \"" + schema.column(position).name + "\" of relation \"" +
                           schema.name() + "\" violates not-null constraint",
                       failing_row(schema, build_row(i)));
        error.set_context(record_context(records[i]));
        throw error;
      }
      if (const planner::BoundCheck* failed = outcomes.first_failed(i)) {
        try {
          throw_check_violation(schema, failed->name, failing_row(schema, build_row(i)));
        } catch (SqlError& error) {
          error.set_context(record_context(records[i]));
          throw;
        }
      }
    }
  }
  for (std::size_t i = 0; i < chunk.size; ++i) {
    rows_.push_back(build_row(i));
    row_lines_.push_back(batch_.line_numbers[records[i]]);
  }
}

}  // namespace ptreedb::exec
