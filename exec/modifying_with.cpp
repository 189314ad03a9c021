#include "exec/modifying_with.h"

#include <memory>

#include "exec/dml_executor.h"

namespace ptreedb::exec {

namespace {

// The parts' rows live for one execution: a prepared statement runs again
// with fresh ones, and a kept plan holds no rows between runs.
class SlotsEmptiedAfterwards {
 public:
  explicit SlotsEmptiedAfterwards(const planner::ModifyingWithPlan& plan) : plan_(plan) {}
  ~SlotsEmptiedAfterwards() {
    for (const auto& part : plan_.parts) part.slot->rows.reset();
  }

 private:
  const planner::ModifyingWithPlan& plan_;
};

QueryResult run_part(const planner::ModifyingWithPart& part, txn::WriteTarget& database) {
  if (const auto* insert = std::get_if<planner::InsertPlan>(&part.plan)) return run_insert(*insert, database);
  if (const auto* update = std::get_if<planner::UpdatePlan>(&part.plan)) return run_update(*update, database);
  return run_delete(std::get<planner::DeletePlan>(part.plan), database);
}

}  // namespace

const std::vector<Chunk>* returned_rows_of(const planner::ReturnedRowsSlot& slot) {
  return static_cast<const std::vector<Chunk>*>(slot.rows.get());
}

QueryResult run_modifying_with(const planner::ModifyingWithPlan& plan, txn::WriteTarget& database, RowSink* sink) {
  SlotsEmptiedAfterwards emptied(plan);
  for (const auto& part : plan.parts) {
    if (!part.read) continue;
    QueryResult result = run_part(part, database);
    part.slot->rows = std::make_shared<const std::vector<Chunk>>(std::move(result.chunks));
  }
  const planner::StatementPlan main = std::visit([](const auto& statement) -> planner::StatementPlan { return statement; },
                                                 plan.main);
  QueryResult result = execute_statement(main, database, sink);
  for (const auto& part : plan.parts) {
    if (!part.read) run_part(part, database);
  }
  return result;
}

}  // namespace ptreedb::exec
