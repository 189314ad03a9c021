#include "exec/join_pairs.h"

#include <set>

#include "planner/conjuncts.h"

namespace ptreedb::exec {

Chunk gather_pairs(const Chunk& probe, const Chunk& build, const std::vector<std::uint32_t>& probe_rows,
                   const std::vector<std::uint32_t>& build_rows, const std::vector<std::uint8_t>* wanted) {
  Chunk out;
  out.size = probe_rows.size();
  out.columns.reserve(probe.columns.size() + build.columns.size());
  std::size_t index = 0;
  for (const auto* side : {&probe, &build}) {
    const auto& rows = side == &probe ? probe_rows : build_rows;
    for (const Vector& column : side->columns) {
      if (wanted == nullptr || (*wanted)[index] != 0) {
        out.columns.push_back(gather(column, side->size, rows));
      } else {
        out.columns.emplace_back(column.type);
      }
      ++index;
    }
  }
  return out;
}

std::vector<std::uint8_t> columns_read(const planner::BoundExpression& expr, std::size_t width) {
  std::set<std::size_t> columns;
  planner::collect_columns(expr, columns);
  std::vector<std::uint8_t> read(width, 0);
  for (std::size_t column : columns) {
    if (column < width) read[column] = 1;
  }
  return read;
}

}  // namespace ptreedb::exec
