// to_char(timestamp | timestamptz | date | interval | numeric | integer |
// double precision, format text) -> text. A date is read as timestamptz,
// PostgreSQL's preferred type of the category.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

constexpr const char* kAmbiguousFunction = "42725";  // PostgreSQL's ERRCODE_AMBIGUOUS_FUNCTION

BoundExpression bind_to_char(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_no_such_function(name, args, location);
  BoundExpression source = std::move(args[0]);
  if (source.kind == ExprKind::kConstant && source.unknown_literal) {
    throw SqlError(kAmbiguousFunction, "function to_char(unknown, unknown) is not unique", {},
                   "Could not choose a best candidate function. You might need to add explicit type casts.",
                   location + 1);
  }
  const TypeId type = source.type.id;
  if (value::is_numeric_category(type)) {
    // Integers as bigint; numeric, real and double precision as they are.
    const TypeId as = type == TypeId::kNumeric || value::is_float_type(type) ? type : TypeId::kBigint;
    source = coerce(std::move(source), SqlType::of(as), false);
  }
  if (!value::is_timestamp_or_date(type) && type != TypeId::kInterval && !value::is_numeric_category(type)) {
    args[0] = std::move(source);
    throw_no_such_function(name, args, location);
  }
  if (type == TypeId::kDate) source = coerce(std::move(source), SqlType::of(TypeId::kTimestampTz), false);
  BoundExpression format = resolve_unknown(std::move(args[1]), SqlType::of(TypeId::kText));
  if (format.type.id != TypeId::kText && format.type.id != TypeId::kVarchar && format.type.id != TypeId::kChar) {
    args[0] = std::move(source);
    args[1] = std::move(format);
    throw_no_such_function(name, args, location);
  }
  format = coerce(std::move(format), SqlType::of(TypeId::kText), false);
  return function_node(FunctionId::kToChar, SqlType::of(TypeId::kText), {std::move(source), std::move(format)});
}

}  // namespace

const FunctionBinding kToCharBinding{FunctionId::kToChar, "to_char", {"to_char"}, bind_to_char};

}  // namespace ptreedb::planner
