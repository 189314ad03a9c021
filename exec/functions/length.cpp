// length in characters (bytes for bytea); a char(n) value's trailing blanks do not count.
#include "exec/functions/function_kernel.h"
#include "storage/value/character.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_length(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  Vector out = new_result(expr.type, input.size);
  out.nulls = a.nulls;
  for (std::size_t i = 0; i < input.size; ++i) {
    if (out.nulls[i]) continue;
    out.ints[i] = static_cast<std::int64_t>(a.type.id == value::TypeId::kChar    ? value::bpchar_length(a.texts[i])
                                             : a.type.id == value::TypeId::kBytea ? a.texts[i].size()
                                                                                  : value::utf8_length(a.texts[i]));
  }
  return out;
}

}  // namespace

const FunctionKernel kLengthKernel{planner::FunctionId::kLength, evaluate_length};

}  // namespace ptreedb::exec
