// width_bucket(operand, low, high, count): the numeric variant when the
// operand and bounds are numeric or integers with a numeric among them, the
// double precision one otherwise (PostgreSQL's resolution: more arguments
// matching exactly, then the preferred type of the numeric category).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_width_bucket(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 4) throw_no_such_function(name, args, location);
  int numerics = 0, doubles = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    if (args[i].unknown_literal) continue;
    if (!value::is_numeric_category(args[i].type.id)) throw_no_such_function(name, args, location);
    numerics += args[i].type.id == TypeId::kNumeric ? 1 : 0;
    doubles += args[i].type.id == TypeId::kDouble ? 1 : 0;
  }
  const TypeId operand = numerics > doubles ? TypeId::kNumeric : TypeId::kDouble;
  std::vector<BoundExpression> coerced;
  for (std::size_t i = 0; i < 3; ++i) {
    coerced.push_back(coerce(resolve_unknown(std::move(args[i]), value::SqlType::of(operand)),
                             value::SqlType::of(operand), false));
  }
  // count is an integer (a bigint does not cast to one implicitly).
  const bool integer_count = args[3].unknown_literal || args[3].type.id == TypeId::kInteger ||
                             args[3].type.id == TypeId::kSmallint;
  if (!integer_count) throw_no_such_function(name, args, location);
  const value::SqlType integer = value::SqlType::of(TypeId::kInteger);
  coerced.push_back(coerce(resolve_unknown(std::move(args[3]), integer), integer, false));
  return function_node(FunctionId::kWidthBucket, value::SqlType::of(TypeId::kInteger), std::move(coerced));
}

}  // namespace

const FunctionBinding kWidthBucketBinding{FunctionId::kWidthBucket, "width_bucket", {"width_bucket"},
                                          bind_width_bucket};

}  // namespace ptreedb::planner
