#include "exec/join_pairs.h"

#include <set>

#include "exec/evaluate.h"
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

Chunk output_pairs(Chunk&& probe, const Chunk& build, const std::vector<std::uint32_t>& probe_rows,
                   const std::vector<std::uint32_t>& build_rows) {
  bool in_order = probe_rows.size() == probe.size;
  for (std::size_t i = 0; i < probe_rows.size() && in_order; ++i) in_order = probe_rows[i] == i;
  if (!in_order) return gather_pairs(probe, build, probe_rows, build_rows, nullptr);
  Chunk out = std::move(probe);
  out.columns.reserve(out.columns.size() + build.columns.size());
  for (const Vector& column : build.columns) out.columns.push_back(gather(column, build.size, build_rows));
  return out;
}

void join_key_vectors(const std::vector<planner::BoundExpression>& keys, const Chunk& chunk,
                      std::vector<Vector>& evaluated, std::vector<const Vector*>& out) {
  out.clear();
  evaluated.clear();
  evaluated.reserve(keys.size());  // no reallocation: `out` points into it
  for (const auto& key : keys) {
    if (key.kind == planner::ExprKind::kColumn) {
      out.push_back(&chunk.columns[key.column]);
    } else {
      evaluated.push_back(evaluate(key, chunk));
      out.push_back(&evaluated.back());
    }
  }
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
