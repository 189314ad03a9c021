// to_char(timestamp | timestamptz | interval | numeric | bigint | double
// precision, format): the value formatted by PostgreSQL's template patterns
// (storage/value/to_char.h, to_char_number.h); NULL for infinite timestamps,
// as PostgreSQL returns.
#include "exec/functions/function_kernel.h"
#include "exec/vector_parts.h"
#include "storage/value/time_zone.h"
#include "storage/value/to_char.h"
#include "storage/value/to_char_number.h"

namespace ptreedb::exec {
namespace {

using value::TypeId;

Vector evaluate_to_char(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& source = args[0];
  const Vector& format = args[1];
  const TypeId type = expr.args[0].type.id;
  const value::TimeZone& zone = value::session_time_zone();
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = source.nulls[i] || format.nulls[i] ? 1 : 0;
    if (out.nulls[i]) continue;
    std::string text;
    if (type == TypeId::kNumeric) {
      text = value::to_char_decimal(source.decimal(i), format.texts[i]);
    } else if (type == TypeId::kBigint) {
      text = value::to_char_integer(source.ints[i], format.texts[i]);
    } else if (type == TypeId::kDouble || type == TypeId::kReal) {
      text = value::to_char_double(source.doubles[i], format.texts[i], type == TypeId::kReal ? 6 : 15);
    } else if (type == TypeId::kInterval) {
      text = value::to_char_interval(source.intervals[i], format.texts[i]);
    } else if (!value::Timestamp{source.ints[i]}.is_finite()) {
      out.nulls[i] = 1;
      continue;
    } else if (type == TypeId::kTimestampTz) {
      text = value::to_char_timestamptz(value::TimestampTz{source.ints[i]}, format.texts[i], zone);
    } else {
      text = value::to_char_timestamp(value::Timestamp{source.ints[i]}, format.texts[i]);
    }
    storage->strings.push_back(std::move(text));
    out.texts[i] = storage->strings.back();
  }
  return out;
}

}  // namespace

const FunctionKernel kToCharKernel{planner::FunctionId::kToChar, evaluate_to_char};

}  // namespace ptreedb::exec
