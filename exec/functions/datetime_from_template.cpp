// to_timestamp(text, format) in the session's time zone and to_date(text, format).
#include "exec/functions/function_kernel.h"
#include "exec/functions/text_results.h"
#include "storage/value/datetime_from_template.h"
#include "storage/value/time_zone.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_to_timestamp_from_template(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const value::TimeZone& zone = value::session_time_zone();
  return int_per_row(expr, args, input.size, [&](std::size_t i) {
    return value::to_timestamp_from_template(args[0].texts[i], args[1].texts[i], zone).micros;
  });
}

Vector evaluate_to_date(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    return value::to_date_from_template(args[0].texts[i], args[1].texts[i]).days;
  });
}

}  // namespace

const FunctionKernel kToTimestampFromTemplateKernel{planner::FunctionId::kToTimestampFromTemplate,
                                                    evaluate_to_timestamp_from_template};
const FunctionKernel kToDateKernel{planner::FunctionId::kToDate, evaluate_to_date};

}  // namespace ptreedb::exec
