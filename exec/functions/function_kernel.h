// The executor's half of the scalar-function registry: per FunctionId, the
// kernel that computes a chunk of values, and the EXPLAIN text when it is not
// the planner's display name over the arguments
// (planner/functions/function_binding.h holds the binding rules and names).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// How EXPLAIN shows one expression (columns by their labels).
class ExpressionPrinter {
 public:
  virtual std::string text(const planner::BoundExpression& expr) const = 0;
  // call.args[first..] as "a, b, c".
  std::string arguments(const planner::BoundExpression& call, std::size_t first) const;

 protected:
  ~ExpressionPrinter() = default;
};

struct FunctionKernel {
  planner::FunctionId id;
  // The function's values over every row of `input` (`expr` is its kFunction node).
  Vector (*evaluate)(const planner::BoundExpression& expr, const Chunk& input);
  // EXPLAIN's text for the call, or null for display_name(arguments).
  std::string (*explain)(const planner::BoundExpression& expr, const ExpressionPrinter& printer) = nullptr;
};

#define PTREEDB_DECLARE_FUNCTION_KERNEL(name) extern const FunctionKernel k##name##Kernel;
PTREEDB_SCALAR_FUNCTIONS(PTREEDB_DECLARE_FUNCTION_KERNEL)
#undef PTREEDB_DECLARE_FUNCTION_KERNEL

const FunctionKernel& function_kernel(planner::FunctionId id);

// A kFunction node's values (the evaluator's kFunction case).
Vector evaluate_function(const planner::BoundExpression& expr, const Chunk& input);

// A kFunction node as EXPLAIN shows it.
std::string explain_function(const planner::BoundExpression& expr, const ExpressionPrinter& printer);

// Helpers for kernels.

// A result vector of `count` rows, none NULL.
Vector new_result(value::SqlType type, std::size_t count);

// Every argument of `expr` evaluated over `input`.
std::vector<Vector> evaluate_arguments(const planner::BoundExpression& expr, const Chunk& input);

}  // namespace ptreedb::exec
