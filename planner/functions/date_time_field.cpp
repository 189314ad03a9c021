// extract / date_part (field, date/timestamp/interval) and date_trunc (field,
// timestamp); the field is a constant text. PostgreSQL 14+: extract returns
// numeric, date_part double precision.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

BoundExpression bind_field_function(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                    int location) {
  if (args.size() != 2 || !(args[0].kind == ExprKind::kConstant && args[0].unknown_literal)) {
    throw_no_such_function(name, args, location);
  }
  bool truncate = id == FunctionId::kDateTrunc;
  BoundExpression field = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
  BoundExpression source = resolve_unknown(std::move(args[1]), SqlType::of(TypeId::kTimestamp));
  TypeId type = source.type.id;
  if (type != TypeId::kDate && type != TypeId::kTimestamp && type != TypeId::kInterval) {
    throw_no_such_function(name, args, location);
  }
  SqlType result;
  if (truncate) {
    source = coerce(std::move(source), SqlType::of(TypeId::kTimestamp), false);
    result = SqlType::of(TypeId::kTimestamp);
  } else {
    result = SqlType::of(name == "extract" ? TypeId::kNumeric : TypeId::kDouble);
  }
  return function_node(id, result, {std::move(field), std::move(source)});
}

BoundExpression bind_extract(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_field_function(FunctionId::kExtract, name, args, location);
}

BoundExpression bind_date_trunc(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_field_function(FunctionId::kDateTrunc, name, args, location);
}

}  // namespace

const FunctionBinding kExtractBinding{FunctionId::kExtract, "date_part", {"date_part", "extract"}, bind_extract};
const FunctionBinding kDateTruncBinding{FunctionId::kDateTrunc, "date_trunc", {"date_trunc"}, bind_date_trunc};

}  // namespace ptreedb::planner
