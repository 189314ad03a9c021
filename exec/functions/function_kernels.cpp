#include "exec/functions/function_kernel.h"

#include "exec/evaluate.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::exec {
namespace {

// Indexed by FunctionId: the list's order is the enum's.
const FunctionKernel* const kKernels[] = {
#define PTREEDB_FUNCTION_KERNEL_ENTRY(name) &k##name##Kernel,
    PTREEDB_SCALAR_FUNCTIONS(PTREEDB_FUNCTION_KERNEL_ENTRY)
#undef PTREEDB_FUNCTION_KERNEL_ENTRY
};
static_assert(std::size(kKernels) == planner::kFunctionIdCount);

}  // namespace

std::string ExpressionPrinter::arguments(const planner::BoundExpression& call, std::size_t first) const {
  std::string out;
  for (std::size_t i = first; i < call.args.size(); ++i) out += (i > first ? ", " : "") + text(call.args[i]);
  return out;
}

const FunctionKernel& function_kernel(planner::FunctionId id) { return *kKernels[static_cast<std::size_t>(id)]; }

Vector evaluate_function(const planner::BoundExpression& expr, const Chunk& input) {
  return function_kernel(expr.function).evaluate(expr, input);
}

std::string explain_function(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  const FunctionKernel& kernel = function_kernel(expr.function);
  if (kernel.explain != nullptr) return kernel.explain(expr, printer);
  return std::string(planner::function_binding(expr.function).display_name) + "(" + printer.arguments(expr, 0) + ")";
}

Vector new_result(value::SqlType type, std::size_t count) {
  Vector out(type);
  out.resize(count);
  return out;
}

std::vector<Vector> evaluate_arguments(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args;
  args.reserve(expr.args.size());
  for (const auto& arg : expr.args) {
    args.push_back(evaluate(arg, input));
    widen_units(args.back());  // function kernels read whole Decimals
  }
  return args;
}

}  // namespace ptreedb::exec
