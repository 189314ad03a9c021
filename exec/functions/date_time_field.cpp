// extract / date_part (a field of a date, timestamp or interval) and
// date_trunc (a timestamp cut to a field).
#include <optional>

#include "exec/functions/function_kernel.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/date_time_fields.h"

namespace ptreedb::exec {
namespace {

using value::TypeId;

Vector evaluate_field_function(const planner::BoundExpression& expr, const Chunk& input, bool truncate) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  const Vector& source = args[1];
  Vector out = new_result(expr.type, input.size);
  const value::TimeZone& session_zone = value::session_time_zone();
  std::optional<value::TimeZone> named_zone;
  std::string named_zone_text;
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = a.nulls[i] || source.nulls[i] || (args.size() > 2 && args[2].nulls[i]);
    if (out.nulls[i]) continue;
    std::string field(a.texts[i]);
    const value::TimeZone* zone = &session_zone;
    if (args.size() > 2) {
      if (!named_zone || named_zone_text != args[2].texts[i]) {
        named_zone_text = std::string(args[2].texts[i]);
        named_zone = value::time_zone_or_throw(named_zone_text);
      }
      zone = &*named_zone;
    }
    if (truncate) {
      out.ints[i] = source.type.id == TypeId::kTimestampTz
                        ? value::date_trunc(field, value::TimestampTz{source.ints[i]}, *zone).micros
                        : value::date_trunc(field, value::Timestamp{source.ints[i]}).micros;
      continue;
    }
    std::optional<value::Decimal> part;
    switch (source.type.id) {
      case TypeId::kTimestampTz:
        part = value::extract_field(field, value::TimestampTz{source.ints[i]}, *zone);
        break;
      case TypeId::kDate: part = value::extract_field(field, value::Date{static_cast<std::int32_t>(source.ints[i])}); break;
      case TypeId::kTimestamp: part = value::extract_field(field, value::Timestamp{source.ints[i]}); break;
      case TypeId::kTime: part = value::extract_field(field, value::TimeOfDay{source.ints[i]}); break;
      case TypeId::kTimeTz: part = value::extract_field(field, value::unpack_timetz(source.ints[i])); break;
      default: part = value::extract_field(field, source.intervals[i]); break;
    }
    if (!part) {
      out.nulls[i] = 1;
    } else if (expr.type.id == TypeId::kNumeric) {
      out.decimals[i] = *part;
    } else {
      out.doubles[i] = value::decimal_to_double(*part);
    }
  }
  return out;
}

Vector evaluate_extract(const planner::BoundExpression& expr, const Chunk& input) {
  return evaluate_field_function(expr, input, false);
}

Vector evaluate_date_trunc(const planner::BoundExpression& expr, const Chunk& input) {
  return evaluate_field_function(expr, input, true);
}

// EXTRACT(field FROM x) returns numeric; date_part(field, x) double precision.
std::string explain_extract(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  if (expr.type.id == TypeId::kDouble) return "date_part(" + printer.arguments(expr, 0) + ")";
  return "EXTRACT(" + expr.args[0].constant.text_value + " FROM " + printer.text(expr.args[1]) + ")";
}

}  // namespace

const FunctionKernel kExtractKernel{planner::FunctionId::kExtract, evaluate_extract, explain_extract};
const FunctionKernel kDateTruncKernel{planner::FunctionId::kDateTrunc, evaluate_date_trunc};

}  // namespace ptreedb::exec
