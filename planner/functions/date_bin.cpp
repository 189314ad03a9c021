// date_bin(stride, source, origin): timestamp or timestamp with time zone
// (the variant more arguments match exactly; on a tie the category's
// preferred type, timestamptz, as PostgreSQL resolves it).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_date_bin(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 3) throw_no_such_function(name, args, location);
  int plain = 0, zoned = 0;
  for (std::size_t i = 1; i < 3; ++i) {
    plain += args[i].type.id == TypeId::kTimestamp && !args[i].unknown_literal ? 1 : 0;
    zoned += args[i].type.id == TypeId::kTimestampTz && !args[i].unknown_literal ? 1 : 0;
  }
  const TypeId stamp = plain > zoned ? TypeId::kTimestamp : TypeId::kTimestampTz;
  return bind_signature(FunctionId::kDateBin, name, args, location, {TypeId::kInterval, stamp, stamp}, stamp);
}

}  // namespace

const FunctionBinding kDateBinBinding{FunctionId::kDateBin, "date_bin", {"date_bin"}, bind_date_bin};

}  // namespace ptreedb::planner
