// isfinite(date | timestamp | timestamptz | interval): false for the
// infinities (an interval is always finite in PostgreSQL 15). An untyped
// argument is a date, as PostgreSQL picks the first candidate of the category.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

BoundExpression bind_isfinite(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  BoundExpression value = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kDate));
  const TypeId type = value.type.id;
  if (!value::is_timestamp_or_date(type) && type != TypeId::kInterval) {
    args[0] = std::move(value);
    throw_no_such_function(name, args, location);
  }
  std::vector<BoundExpression> bound;
  bound.push_back(std::move(value));
  return function_node(FunctionId::kIsFinite, SqlType::of(TypeId::kBoolean), std::move(bound));
}

}  // namespace

const FunctionBinding kIsFiniteBinding{FunctionId::kIsFinite, "isfinite", {"isfinite"}, bind_isfinite};

}  // namespace ptreedb::planner
