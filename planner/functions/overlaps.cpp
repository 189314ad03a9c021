// (s1, e1) OVERLAPS (s2, e2), which the grammar makes overlaps(s1, e1, s2,
// e2): starts are timestamps (timestamp with time zone when any argument is
// one; dates become timestamps); an end may be an interval, the period's
// length (PostgreSQL's overlaps(timestamp, interval, ...) variants). Times
// of day overlap as times (overlaps(time, time, time, time)), never beside
// timestamps.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_overlaps(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 4) throw_no_such_function(name, args, location);
  bool zoned = false;
  bool times = false;
  for (std::size_t i = 0; i < 4; ++i) {
    times = times || (args[i].type.id == TypeId::kTime && !args[i].unknown_literal);
  }
  for (std::size_t i = 0; i < 4; ++i) {
    const TypeId id = args[i].type.id;
    const bool instant = times ? id == TypeId::kTime
                               : id == TypeId::kDate || id == TypeId::kTimestamp || id == TypeId::kTimestampTz;
    const bool fits = args[i].unknown_literal || instant || (id == TypeId::kInterval && i % 2 == 1);
    if (!fits) throw_no_such_function(name, args, location);
    zoned = zoned || (id == TypeId::kTimestampTz && !args[i].unknown_literal);
  }
  // An untyped end could be a time or a length: PostgreSQL finds several
  // variants and refuses to choose.
  if (args[1].unknown_literal || args[3].unknown_literal) {
    std::string types;
    for (std::size_t i = 0; i < 4; ++i) {
      types += (i > 0 ? ", " : "") +
               (args[i].unknown_literal ? std::string("unknown") : value::format_type(value::SqlType::of(args[i].type.id)));
    }
    throw SqlError("42725", "function overlaps(" + types + ") is not unique", {},
                   "Could not choose a best candidate function. You might need to add explicit type casts.",
                   location + 1);
  }
  const value::SqlType stamp = value::SqlType::of(times   ? TypeId::kTime
                                                  : zoned ? TypeId::kTimestampTz
                                                          : TypeId::kTimestamp);
  std::vector<BoundExpression> coerced;
  for (std::size_t i = 0; i < 4; ++i) {
    const bool length = args[i].type.id == TypeId::kInterval && !args[i].unknown_literal;
    const value::SqlType type = length ? value::SqlType::of(TypeId::kInterval) : stamp;
    coerced.push_back(coerce(resolve_unknown(std::move(args[i]), type), type, false));
  }
  return function_node(FunctionId::kOverlaps, value::SqlType::of(TypeId::kBoolean), std::move(coerced));
}

}  // namespace

const FunctionBinding kOverlapsBinding{FunctionId::kOverlaps, "overlaps", {"overlaps"}, bind_overlaps};

}  // namespace ptreedb::planner
