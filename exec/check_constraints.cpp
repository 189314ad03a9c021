#include "exec/check_constraints.h"

#include "exec/evaluate.h"
#include "exec/table_scan.h"
#include "storage/sql_error.h"
#include "storage/world/relation_name.h"

namespace ptreedb::exec {

CheckOutcomes::CheckOutcomes(std::span<const planner::BoundCheck> checks, const Chunk& chunk,
                             std::size_t first_column, std::size_t width)
    : checks_(checks) {
  if (checks.empty()) return;
  Chunk table_columns;
  table_columns.size = chunk.size;
  table_columns.columns.assign(chunk.columns.begin() + static_cast<std::ptrdiff_t>(first_column),
                               chunk.columns.begin() + static_cast<std::ptrdiff_t>(first_column + width));
  for (const auto& check : checks) {
    outcomes_.push_back(evaluate(fold_constants(check.condition), table_columns));
  }
}

const planner::BoundCheck* CheckOutcomes::first_failed(std::size_t row) const {
  for (std::size_t c = 0; c < outcomes_.size(); ++c) {
    const Vector& outcome = outcomes_[c];
    const std::size_t i = outcome.size() == 1 ? 0 : row;  // a constant outcome is one element
    if (!outcome.nulls[i] && outcome.ints[i] == 0) return &checks_[c];
  }
  return nullptr;
}

void throw_check_violation(const storage::TableSchema& schema, const std::string& check, std::string detail) {
  throw SqlError(sqlstate::kCheckViolation,
                 "new row for relation \"" + storage::split_relation_key(schema.name()).relation + "\" violates check constraint \"" + check + "\"",
                 std::move(detail));
}

void check_existing_rows(const std::shared_ptr<const storage::Table>& table, const planner::BoundCheck& check) {
  const std::size_t width = table->schema().columns().size();
  std::vector<std::size_t> all_columns(width);
  for (std::size_t c = 0; c < width; ++c) all_columns[c] = c;
  TableScanSource source(table, all_columns, false);
  MorselReader reader(source, 0);
  const std::span<const planner::BoundCheck> checks(&check, 1);
  constexpr std::size_t kRowsPerChunk = 2048;
  for (std::size_t done = 0; done < table->row_count(); done += kRowsPerChunk) {
    Chunk chunk;
    reader.read(std::min(kRowsPerChunk, table->row_count() - done), chunk);
    const CheckOutcomes outcomes(checks, chunk, 0, width);
    for (std::size_t i = 0; i < chunk.size; ++i) {
      if (outcomes.first_failed(i) == nullptr) continue;
      throw SqlError(sqlstate::kCheckViolation, "check constraint \"" + check.name + "\" of relation \"" +
                                                    table->schema().name() + "\" is violated by some row");
    }
  }
}

}  // namespace ptreedb::exec
