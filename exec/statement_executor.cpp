#include "exec/statement_executor.h"

#include "exec/evaluate.h"
#include "exec/select_executor.h"
#include "storage/row/row.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::CreateTablePlan;
using planner::DropTablePlan;
using planner::InsertPlan;
using planner::SelectPlan;

namespace {

// Stores element 0 of `value` into column `column` of the row being built.
void store_value(storage::RowBuilder& builder, std::size_t column, const Vector& value) {
  if (value.nulls[0]) {
    builder.set_null(column);
    return;
  }
  using value::TypeId;
  switch (value.type.id) {
    case TypeId::kBoolean: builder.set_bool(column, value.ints[0] != 0); break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: builder.set_int(column, value.ints[0]); break;
    case TypeId::kReal:
    case TypeId::kDouble: builder.set_double(column, value.doubles[0]); break;
    case TypeId::kNumeric: builder.set_decimal(column, value.decimals[0]); break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText: builder.set_text(column, value.texts[0]); break;
    case TypeId::kDate: builder.set_date(column, static_cast<std::int32_t>(value.ints[0])); break;
    case TypeId::kTimestamp: builder.set_timestamp(column, value.ints[0]); break;
    case TypeId::kInterval: builder.set_interval(column, value.intervals[0]); break;
  }
}

QueryResult run_insert(const InsertPlan& plan, txn::Database& database) {
  const storage::TableSchema& schema = *plan.schema;
  storage::RowBuilder builder(schema.layout());
  std::vector<storage::RowRef> rows;
  rows.reserve(plan.rows.size());
  Chunk one_row;
  one_row.size = 1;
  for (const auto& expressions : plan.rows) {
    for (std::size_t column = 0; column < expressions.size(); ++column) {
      Vector value = evaluate(expressions[column], one_row);
      if (value.nulls[0] && schema.column(column).not_null) {
        throw SqlError(sqlstate::kNotNullViolation,
                       "null value in column \"" + schema.column(column).name + "\" of relation \"" +
                           schema.name() + "\" violates not-null constraint");
      }
      store_value(builder, column, value);
    }
    rows.push_back(builder.finish());
  }
  database.write([&](const storage::World& world) {
    auto table = world.find_table(plan.table_name);
    if (!table || table->schema_ptr() != plan.schema) {
      throw SqlError(sqlstate::kSerializationFailure,
                     "table \"" + plan.table_name + "\" was changed by a concurrent statement");
    }
    return world.with_table(std::make_shared<storage::Table>(table->insert_rows(rows)));
  });
  QueryResult result;
  result.command_tag = "INSERT 0 " + std::to_string(rows.size());
  return result;
}

QueryResult run_create_table(const CreateTablePlan& plan, txn::Database& database) {
  QueryResult result;
  result.command_tag = "CREATE TABLE";
  if (!plan.schema) return result;  // IF NOT EXISTS and it did
  database.write([&](const storage::World& world) -> std::shared_ptr<const storage::World> {
    if (world.find_table(plan.schema->name())) {
      if (plan.if_not_exists) return nullptr;
      throw SqlError("42P07", "relation \"" + plan.schema->name() + "\" already exists");
    }
    // The oid is fixed at commit, so concurrent CREATEs never share one.
    auto schema = std::make_shared<storage::TableSchema>(
        world.next_oid(), plan.schema->name(), plan.schema->columns(), plan.schema->primary_key(),
        plan.schema->indexes(), plan.schema->foreign_keys());
    return world.with_table(std::make_shared<storage::Table>(std::move(schema)));
  });
  return result;
}

QueryResult run_drop_table(const DropTablePlan& plan, txn::Database& database) {
  database.write([&](const storage::World& world) {
    std::shared_ptr<const storage::World> next;
    const storage::World* current = &world;
    for (const auto& name : plan.names) {
      if (!current->find_table(name)) {
        if (plan.missing_ok) continue;
        throw SqlError(sqlstate::kUndefinedTable, "table \"" + name + "\" does not exist");
      }
      next = current->without_table(name);
      current = next.get();
    }
    return next;
  });
  QueryResult result;
  result.command_tag = "DROP TABLE";
  return result;
}

// COPY TO STDOUT: the query's rows, for the session to send as CopyData.
// COPY FROM STDIN needs the client's data, so the session runs a CopyLoader.
QueryResult run_copy_to(const planner::CopyPlan& plan) {
  if (plan.from || !plan.query) {
    throw SqlError(sqlstate::kInternalError, "COPY FROM STDIN must be run by the session's copy protocol");
  }
  QueryResult result;
  result.columns = plan.query->columns;
  result.chunks = run_select(*plan.query);
  result.copy_out = plan.options;
  std::size_t rows = 0;
  for (const auto& chunk : result.chunks) rows += chunk.size;
  result.command_tag = "COPY " + std::to_string(rows);
  return result;
}

}  // namespace

QueryResult execute_statement(const planner::StatementPlan& plan, txn::Database& database) {
  if (const auto* select = std::get_if<SelectPlan>(&plan)) {
    QueryResult result;
    result.returns_rows = true;
    result.columns = select->columns;
    result.chunks = run_select(*select);
    std::size_t rows = 0;
    for (const auto& chunk : result.chunks) rows += chunk.size;
    result.command_tag = "SELECT " + std::to_string(rows);
    return result;
  }
  if (const auto* insert = std::get_if<InsertPlan>(&plan)) return run_insert(*insert, database);
  if (const auto* create = std::get_if<CreateTablePlan>(&plan)) return run_create_table(*create, database);
  if (const auto* copy = std::get_if<planner::CopyPlan>(&plan)) return run_copy_to(*copy);
  return run_drop_table(std::get<DropTablePlan>(plan), database);
}

}  // namespace ptreedb::exec
