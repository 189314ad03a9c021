// Predicates over selection vectors: which rows of a chunk a boolean
// expression makes true (and which unknown), evaluating each part only on the
// rows that still reach it, as PostgreSQL evaluates per row from left to
// right. A WHERE clause's conjuncts run one after another over the rows the
// earlier ones kept, so an error in a row already filtered out (b <> 0 AND
// a / b > 1) is never raised; AND and OR short-circuit the same way in any
// expression. Comparisons of columns and constants run straight over the
// selection; other parts are evaluated on the selected rows only.
#pragma once

#include <cstdint>
#include <vector>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

using RowList = std::vector<std::uint32_t>;

// Splits `rows` (ascending rows of `input`) by the truth of `expr`: the true
// ones into `trues`, the unknown (NULL) ones into `unknowns` (when given), in
// ascending order. AND goes on past an unknown conjunct and OR past a false
// or unknown disjunct, as PostgreSQL's ExecEvalAnd/ExecEvalOr.
void classify_rows(const planner::BoundExpression& expr, const Chunk& input, const RowList& rows, RowList& trues,
                   RowList* unknowns);

// A WHERE clause: keeps the rows of `chunk` for which `predicate` is true,
// compacting its loaded columns in place. The top-level conjuncts act as
// PostgreSQL's qual list: a row leaves at its first false or NULL conjunct.
// With `survivors`, also the kept rows' positions in the chunk as it came.
void filter_chunk(Chunk& chunk, const planner::BoundExpression& predicate, RowList* survivors = nullptr);

// Marks in `used` (one flag per input column) the columns `expr` reads.
void mark_columns(const planner::BoundExpression& expr, std::vector<std::uint8_t>& used);

// The values of a boolean expression (AND, OR, NOT) with the same
// short-circuit rules, as a vector.
Vector evaluate_truth(const planner::BoundExpression& expr, const Chunk& input);

// The rows `rows` of `input` with only the columns `expr` reads (the others
// unloaded), for evaluating `expr` on part of a chunk.
Chunk rows_for(const planner::BoundExpression& expr, const Chunk& input, const RowList& rows);

// Keeps rows[0..count) of every loaded column of `chunk`, in place.
void compact_rows(Chunk& chunk, const std::uint32_t* rows, std::size_t count);

}  // namespace ptreedb::exec
