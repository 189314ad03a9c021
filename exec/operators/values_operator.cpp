// Values: constant rows (VALUES, or the one empty row of a FROM-less SELECT),
// evaluated once and emitted as one chunk.
#include "exec/plan_executor.h"

#include <utility>

#include "exec/evaluate.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode& node, const planner::ValuesNode& values, const Sink& sink) {
  Chunk chunk;
  chunk.size = values.rows.size();
  for (const auto& type : node.types) chunk.columns.emplace_back(type);
  Chunk one_row;
  one_row.size = 1;
  for (const auto& row : values.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      Vector value = evaluate(prepare(row[c]), one_row);
      chunk.columns[c].append_from(value, 0);
      for (const auto& owner : value.text_owners) chunk.columns[c].text_owners.push_back(owner);
    }
  }
  sink(std::move(chunk), 0);
}

}  // namespace ptreedb::exec
