#include "planner/type_name_call.h"

#include "planner/expression_binder.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

namespace {

// Only pg_type's own names are functions in PostgreSQL: int8(x), not "bigint"(x); "char" is
// the catalogs' one-byte type, not character(1).
std::optional<SqlType> type_named(const std::string& name) {
  try {
    SqlType type = value::resolve_type_name(name);
    if (value::type_internal_name(type.id) != name) return std::nullopt;
    return type;
  } catch (const SqlError& error) {
    if (error.sqlstate() == sqlstate::kUndefinedObject) return std::nullopt;
    throw;
  }
}

}  // namespace

std::optional<BoundExpression> bind_type_name_call(const ExpressionBinder& binder, const std::string& name,
                                                   std::vector<BoundExpression>& args, int location) {
  const std::optional<SqlType> type = type_named(name);
  if (!type) return std::nullopt;
  if (args.size() == 1) {
    try {
      return coerce(args[0], *type, true);  // a copy: the error below names its type
    } catch (const SqlError& error) {
      // No cast from the argument's type: PostgreSQL finds no function either.
      if (error.sqlstate() != "42846") throw;
      throw_no_such_function(name, args, location);
    }
  }
  if (type->id == TypeId::kTimestampTz && args.size() == 2) {
    const TypeId time = args[1].type.id;
    const bool date_first = args[0].unknown_literal || args[0].type.id == TypeId::kDate;
    const bool time_second = args[1].unknown_literal || time == TypeId::kTime || time == TypeId::kTimeTz;
    if (date_first && args[1].unknown_literal) {
      // Both timestamptz(date, time) and timestamptz(date, timetz) take it.
      throw SqlError("42725",
                     std::string("function timestamptz(") + (args[0].unknown_literal ? "unknown" : "date") +
                         ", unknown) is not unique",
                     {}, "Could not choose a best candidate function. You might need to add explicit type casts.",
                     location + 1);
    }
    if (date_first && time_second) {
      BoundExpression date = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kDate));
      BoundExpression clock = std::move(args[1]);
      // (date + time)::timestamptz, or date + timetz (already a timestamptz).
      return coerce(binder.bind_binary_operator("+", std::move(date), std::move(clock), location), *type, true);
    }
  }
  throw_no_such_function(name, args, location);
}

}  // namespace ptreedb::planner
