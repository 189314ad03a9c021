// make_date(year, month, day), make_timestamp(year, month, day, hour, min,
// sec), make_timestamptz(..., sec [, zone]) and make_time(hour, min, sec):
// integer fields, seconds in double precision, the zone as text.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_make_date(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kMakeDate, name, args, location,
                        {TypeId::kInteger, TypeId::kInteger, TypeId::kInteger}, TypeId::kDate);
}

BoundExpression bind_make_timestamp(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kMakeTimestamp, name, args, location,
                        {TypeId::kInteger, TypeId::kInteger, TypeId::kInteger, TypeId::kInteger, TypeId::kInteger,
                         TypeId::kDouble},
                        TypeId::kTimestamp);
}

BoundExpression bind_make_timestamptz(const std::string& name, std::vector<BoundExpression>& args, int location) {
  std::vector<TypeId> parameters{TypeId::kInteger, TypeId::kInteger, TypeId::kInteger,
                                 TypeId::kInteger, TypeId::kInteger, TypeId::kDouble};
  if (args.size() == 7) parameters.push_back(TypeId::kText);
  return bind_signature(FunctionId::kMakeTimestampTz, name, args, location, parameters, TypeId::kTimestampTz);
}

BoundExpression bind_make_time(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kMakeTime, name, args, location,
                        {TypeId::kInteger, TypeId::kInteger, TypeId::kDouble}, TypeId::kTime);
}

}  // namespace

const FunctionBinding kMakeTimeBinding{FunctionId::kMakeTime, "make_time", {"make_time"}, bind_make_time};
const FunctionBinding kMakeDateBinding{FunctionId::kMakeDate, "make_date", {"make_date"}, bind_make_date};
const FunctionBinding kMakeTimestampBinding{FunctionId::kMakeTimestamp, "make_timestamp", {"make_timestamp"},
                                            bind_make_timestamp};
const FunctionBinding kMakeTimestampTzBinding{FunctionId::kMakeTimestampTz, "make_timestamptz", {"make_timestamptz"},
                                              bind_make_timestamptz};

}  // namespace ptreedb::planner
