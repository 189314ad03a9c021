// date_bin(stride, source, origin) as PostgreSQL 15's timestamp_bin and
// timestamptz_bin: the start of the stride-wide bin, counted from origin,
// that holds source (bins before origin too). An infinite source answers
// itself; an infinite origin, a stride of zero or less and overflows are
// 22008; strides with months or years are 0A000.
#include <cstdint>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/date_time.h"
#include "storage/value/interval.h"

namespace ptreedb::exec {
namespace {

[[noreturn]] void out_of_range(const char* message) { throw SqlError(sqlstate::kDatetimeFieldOverflow, message); }

std::int64_t date_bin(const value::Interval& stride, std::int64_t source, std::int64_t origin) {
  const bool source_finite = value::Timestamp{source}.is_finite();
  if (!source_finite) return source;
  if (!value::Timestamp{origin}.is_finite()) out_of_range("origin out of range");
  if (stride.months != 0) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "timestamps cannot be binned into intervals containing months or years");
  }
  std::int64_t stride_micros = 0;
  if (__builtin_mul_overflow(static_cast<std::int64_t>(stride.days), value::kMicrosPerDay, &stride_micros) ||
      __builtin_add_overflow(stride_micros, stride.micros, &stride_micros)) {
    out_of_range("interval out of range");
  }
  if (stride_micros <= 0) out_of_range("stride must be greater than zero");
  std::int64_t difference = 0;
  if (__builtin_sub_overflow(source, origin, &difference)) out_of_range("interval out of range");
  const std::int64_t modulo = difference % stride_micros;
  std::int64_t result = origin + (difference - modulo);
  // Towards -infinity, not zero, before the origin.
  if (modulo < 0 && (__builtin_sub_overflow(result, stride_micros, &result) || !value::is_valid_timestamp(result))) {
    out_of_range("timestamp out of range");
  }
  return result;
}

Vector evaluate_date_bin(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size,
                     [&](std::size_t i) { return date_bin(args[0].intervals[i], args[1].ints[i], args[2].ints[i]); });
}

}  // namespace

const FunctionKernel kDateBinKernel{planner::FunctionId::kDateBin, evaluate_date_bin};

}  // namespace ptreedb::exec
