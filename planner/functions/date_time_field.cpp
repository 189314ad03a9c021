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
  bool truncate = id == FunctionId::kDateTrunc;
  // date_trunc(field, timestamptz, zone) truncates in the named zone.
  const bool zoned = truncate && args.size() == 3;
  if ((args.size() != 2 && !zoned) || !(args[0].kind == ExprKind::kConstant && args[0].unknown_literal)) {
    throw_no_such_function(name, args, location);
  }
  BoundExpression field = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
  BoundExpression source = resolve_unknown(std::move(args[1]), SqlType::of(TypeId::kTimestamp));
  TypeId type = source.type.id;
  if (!value::is_timestamp_or_date(type) && type != TypeId::kInterval && type != TypeId::kTime &&
      type != TypeId::kTimeTz) {
    throw_no_such_function(name, args, location);
  }
  SqlType result;
  if (zoned) {
    source = coerce(std::move(source), SqlType::of(TypeId::kTimestampTz), false);
    BoundExpression zone = coerce(resolve_unknown(std::move(args[2]), SqlType::of(TypeId::kText)),
                                  SqlType::of(TypeId::kText), false);
    return function_node(id, source.type, {std::move(field), std::move(source), std::move(zone)});
  }
  if (truncate) {
    // A date goes to timestamptz, PostgreSQL's preferred type of the category.
    const TypeId to = type == TypeId::kTimestamp ? TypeId::kTimestamp : TypeId::kTimestampTz;
    if (type == TypeId::kInterval || type == TypeId::kTime || type == TypeId::kTimeTz) {
      throw_no_such_function(name, args, location);
    }
    source = coerce(std::move(source), SqlType::of(to), false);
    result = SqlType::of(to);
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
