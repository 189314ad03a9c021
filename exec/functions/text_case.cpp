// upper and lower change the case of ASCII letters.
#include "exec/functions/function_kernel.h"
#include "exec/vector_parts.h"

namespace ptreedb::exec {
namespace {

Vector change_case(const planner::BoundExpression& expr, const Chunk& input, bool upper) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  Vector out = new_result(expr.type, input.size);
  out.nulls = a.nulls;
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < input.size; ++i) {
    if (out.nulls[i]) continue;
    std::string text(a.texts[i]);
    for (char& c : text) {
      if (upper && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      if (!upper && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    storage->strings.push_back(std::move(text));
    out.texts[i] = storage->strings.back();
  }
  return out;
}

Vector evaluate_upper(const planner::BoundExpression& expr, const Chunk& input) { return change_case(expr, input, true); }

Vector evaluate_lower(const planner::BoundExpression& expr, const Chunk& input) { return change_case(expr, input, false); }

}  // namespace

const FunctionKernel kUpperKernel{planner::FunctionId::kUpper, evaluate_upper};
const FunctionKernel kLowerKernel{planner::FunctionId::kLower, evaluate_lower};

}  // namespace ptreedb::exec
