// CHECK constraints over new rows: each check evaluated once over a chunk,
// then asked row by row, as PostgreSQL's ExecConstraints meets the rows (a
// row's NOT NULL columns first, then its checks in name order). A check
// fails only when false: NULL passes.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "exec/vector.h"
#include "planner/check_constraint.h"
#include "storage/catalog/table_schema.h"
#include "storage/table/table.h"

namespace ptreedb::exec {

class CheckOutcomes {
 public:
  // The chunk's columns [first_column, first_column + width) are the table's.
  CheckOutcomes(std::span<const planner::BoundCheck> checks, const Chunk& chunk, std::size_t first_column,
                std::size_t width);

  // The first check row `row` of the chunk fails, or null.
  const planner::BoundCheck* first_failed(std::size_t row) const;

 private:
  std::span<const planner::BoundCheck> checks_;
  std::vector<Vector> outcomes_;  // one per check
};

// 23514 "new row for relation ... violates check constraint ..." with
// `detail` (PostgreSQL's "Failing row contains (...).").
[[noreturn]] void throw_check_violation(const storage::TableSchema& schema, const std::string& check,
                                        std::string detail);

// ALTER TABLE ADD CHECK: 23514 "check constraint ... of relation ... is
// violated by some row" when a row of `table` makes `check` false.
void check_existing_rows(const std::shared_ptr<const storage::Table>& table, const planner::BoundCheck& check);

}  // namespace ptreedb::exec
