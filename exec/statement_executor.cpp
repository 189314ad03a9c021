#include "exec/statement_executor.h"

#include "exec/ddl_executor.h"
#include "exec/dml_executor.h"
#include "exec/evaluate.h"
#include "exec/explain.h"
#include "exec/modifying_with.h"
#include "exec/object_ownership.h"
#include "exec/progressive_approximation.h"
#include "exec/select_executor.h"
#include "exec/table_rows.h"
#include "planner/privileges.h"
#include "storage/row/row.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"
#include "storage/world/world_user_types.h"

namespace ptreedb::exec {

using planner::CreateTablePlan;
using planner::InsertPlan;
using planner::SelectPlan;

namespace {

QueryResult run_create_table(const CreateTablePlan& plan, txn::WriteTarget& database) {
  QueryResult result;
  result.command_tag = plan.as_query ? "CREATE TABLE AS" : "CREATE TABLE";
  if (!plan.schema) return result;  // IF NOT EXISTS and it did
  // CREATE TABLE AS: the query runs first; its rows go in with the table.
  std::vector<storage::RowRef> rows;
  if (plan.query) {
    std::vector<Chunk> chunks = run_select(*plan.query);
    for (const Chunk& chunk : chunks) {
      std::vector<std::uint32_t> all(chunk.size);
      for (std::uint32_t i = 0; i < chunk.size; ++i) all[i] = i;
      for (auto& row : build_table_rows(*plan.schema, chunk, 0, all)) rows.push_back(std::move(row));
    }
    result.command_tag = "SELECT " + std::to_string(rows.size());
  }
  database.write([&](const storage::World& world) -> std::shared_ptr<const storage::World> {
    if (storage::relation_kind(world, plan.schema->name())) {
      if (plan.if_not_exists) return nullptr;
      throw SqlError("42P07", "relation \"" + storage::split_relation_key(plan.schema->name()).relation + "\" already exists");
    }
    // The oid is fixed at commit, so concurrent CREATEs never share one.
    auto schema = std::make_shared<storage::TableSchema>(
        world.next_oid(), plan.schema->name(), plan.schema->columns(), plan.schema->primary_key(),
        plan.schema->indexes(), plan.schema->foreign_keys(), plan.schema->checks(), plan.schema->options());
    check_referenced_tables(world, *schema);  // a concurrent DROP may have removed one
    planner::check_create_in_public_schema(world, 0, plan.schema->name());
    check_references_privilege(world, *schema);
    const std::uint32_t oid = schema->oid();
    auto table = std::make_shared<storage::Table>(std::move(schema));
    if (!rows.empty()) table = std::make_shared<storage::Table>(table->insert_rows(rows));
    auto next = with_creator_as_owner(world.with_table(std::move(table)), oid);
    // The columns' sequences, numbered after the table.
    for (const auto& planned : plan.sequences) {
      if (storage::relation_kind(*next, planned.name)) {
        throw SqlError("42P07", "relation \"" + storage::split_relation_key(planned.name).relation + "\" already exists");
      }
      auto sequence = std::make_shared<storage::SequenceDefinition>(planned);
      const std::uint32_t sequence_oid = next->next_oid();
      sequence->oid = sequence_oid;
      sequence->counter = std::make_shared<storage::SequenceCounter>(sequence_oid, sequence->options.start, false);
      next = with_creator_as_owner(next->with_sequence(std::move(sequence)), sequence_oid);
    }
    return next;
  });
  return result;
}

// COPY TO STDOUT: the query's rows, for the session to send as CopyData.
// COPY FROM STDIN needs the client's data, so the session runs a CopyLoader.
QueryResult run_copy_to(const planner::CopyPlan& plan, RowSink* sink) {
  if (plan.from || !plan.query) {
    throw SqlError(sqlstate::kInternalError, "COPY FROM STDIN must be run by the session's copy protocol");
  }
  QueryResult result;
  result.columns = plan.query->columns;
  result.copy_out = plan.options;
  std::size_t rows = 0;
  if (sink != nullptr) {
    sink->describe(result.columns, result.copy_out);
    rows = run_select(*plan.query, *sink);
    sink->end();
    result.streamed = true;
  } else {
    result.chunks = run_select(*plan.query);
    for (const auto& chunk : result.chunks) rows += chunk.size;
  }
  result.command_tag = "COPY " + std::to_string(rows);
  return result;
}

}  // namespace

QueryResult execute_statement(const planner::StatementPlan& plan, txn::WriteTarget& database, RowSink* sink) {
  // Casts, COPY and format_type read enum types and domains by oid: this
  // statement's world's, never another session's uncommitted ones.
  const txn::WorldPtr world = database.snapshot();
  const storage::WorldUserTypes user_types(*world);
  if (const auto* select = std::get_if<SelectPlan>(&plan)) {
    QueryResult result;
    result.returns_rows = true;
    result.columns = select->columns;
    std::size_t rows = 0;
    if (const ApproximationGoal& goal = current_approximation_goal(); runs_progressively(*select, goal)) {
      // Online approximation: rounds of growing samples; the last one answers.
      result.chunks = run_progressively(*select, goal, sink, result.notices);
      for (const auto& chunk : result.chunks) rows += chunk.size;
      if (sink != nullptr) {
        sink->describe(result.columns, std::nullopt);
        for (const auto& chunk : result.chunks) sink->rows(chunk);
        sink->end();
        result.chunks.clear();
        result.streamed = true;
      }
    } else if (sink != nullptr) {
      sink->describe(result.columns, std::nullopt);
      rows = run_select(*select, *sink);
      sink->end();
      result.streamed = true;
    } else {
      result.chunks = run_select(*select);
      for (const auto& chunk : result.chunks) rows += chunk.size;
    }
    result.command_tag = "SELECT " + std::to_string(rows);
    return result;
  }
  if (const auto* explain = std::get_if<planner::ExplainPlan>(&plan)) return run_explain(*explain, database);
  if (const auto* modifying = std::get_if<planner::ModifyingWithPlan>(&plan)) {
    return run_modifying_with(*modifying, database, sink);
  }
  if (const auto* insert = std::get_if<InsertPlan>(&plan)) return run_insert(*insert, database);
  if (const auto* update = std::get_if<planner::UpdatePlan>(&plan)) return run_update(*update, database);
  if (const auto* del = std::get_if<planner::DeletePlan>(&plan)) return run_delete(*del, database);
  if (const auto* truncate = std::get_if<planner::TruncatePlan>(&plan)) return run_truncate(*truncate, database);
  if (const auto* create = std::get_if<CreateTablePlan>(&plan)) return run_create_table(*create, database);
  if (const auto* copy = std::get_if<planner::CopyPlan>(&plan)) return run_copy_to(*copy, sink);
  return execute_ddl(std::get<planner::DdlPlan>(plan), database);
}

}  // namespace ptreedb::exec
