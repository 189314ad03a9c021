// format_type(type oid, typmod): the type's SQL name.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_format_type(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_wrong_arguments(name, location);
  const value::SqlType bigint = value::SqlType::of(value::TypeId::kBigint);
  const value::SqlType integer = value::SqlType::of(value::TypeId::kInteger);
  // The oid as bigint: integers widen, '16384' literals parse.
  BoundExpression oid = coerce(resolve_unknown(std::move(args[0]), bigint), bigint, true);
  return function_node(FunctionId::kFormatType, value::SqlType::of(value::TypeId::kText),
                       {std::move(oid), coerce(resolve_unknown(std::move(args[1]), integer), integer, false)});
}

}  // namespace

const FunctionBinding kFormatTypeBinding{FunctionId::kFormatType, "format_type", {"format_type"}, bind_format_type};

}  // namespace ptreedb::planner
