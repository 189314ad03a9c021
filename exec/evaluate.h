// Vectorized expression evaluation: one call computes a whole chunk's values of
// a bound expression, dispatching on types once per chunk, not once per row.
#pragma once

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// Values of `expr` for every row of `input`.
Vector evaluate(const planner::BoundExpression& expr, const Chunk& input);

// The same into `out`, reusing its arrays where the kernel allows (comparisons
// and arithmetic), so a caller that keeps `out` allocates nothing per chunk.
void evaluate_into(const planner::BoundExpression& expr, const Chunk& input, Vector& out);

// Replaces every constant subtree (casts of literals, arithmetic on constants)
// by its value, computed once; errors such as a bad date literal surface here.
planner::BoundExpression fold_constants(planner::BoundExpression expr);

// A one-element vector holding a constant.
Vector constant_vector(const planner::Constant& constant, value::SqlType type);
// Element i of `vector` as a constant (constant_vector's inverse).
planner::Constant constant_of(const Vector& vector, std::size_t i);

// Converts every element of `input` to `target` with PostgreSQL's cast rules.
// Explicit casts cut char/varchar values to length; implicit ones raise 22001.
Vector cast_vector(const Vector& input, value::SqlType target, bool explicit_cast);

// The text output of element `i` (which must not be NULL).
void append_text(std::string& out, const Vector& vector, std::size_t i);

}  // namespace ptreedb::exec
