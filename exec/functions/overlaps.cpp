// OVERLAPS as PostgreSQL's timestamp_overlaps: not strict. A period with both
// ends NULL is unknown; with one, the other stands for its start. Each
// period's ends are put in order, then: the later start must lie before the
// other period's end (NULL where that end is unknown and decides). A length
// (interval) end is start + length (in the session's zone for timestamptz;
// wrapping at midnight for times, as overlaps_time does).
#include <optional>
#include <string>
#include <utility>

#include "exec/functions/text_results.h"
#include "storage/value/date_time.h"
#include "storage/value/time_of_day.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::exec {
namespace {

using Instant = std::optional<std::int64_t>;

std::optional<bool> overlaps(Instant start1, Instant end1, Instant start2, Instant end2) {
  auto order = [](Instant& start, Instant& end) -> bool {
    if (!start) {
      if (!end) return false;
      start = end;
      end.reset();
    } else if (end && *start > *end) {
      std::swap(start, end);
    }
    return true;
  };
  if (!order(start1, end1) || !order(start2, end2)) return std::nullopt;
  if (*start1 > *start2) {
    if (!end2) return std::nullopt;
    if (*start1 < *end2) return true;
    if (!end1) return std::nullopt;
    return false;
  }
  if (*start1 < *start2) {
    if (!end1) return std::nullopt;
    if (*start2 < *end1) return true;
    if (!end2) return std::nullopt;
    return false;
  }
  if (!end1 || !end2) return std::nullopt;
  return true;
}

Vector evaluate_overlaps(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool zoned = args[0].type.id == value::TypeId::kTimestampTz;
  Vector out = new_result(expr.type, input.size);
  auto instant = [&](std::size_t arg, std::size_t row) -> Instant {
    if (args[arg].nulls[row]) return std::nullopt;
    return args[arg].ints[row];
  };
  // An end given as a length: start + length (unknown when either is).
  auto end_of = [&](std::size_t start_arg, std::size_t end_arg, std::size_t row) -> Instant {
    if (args[end_arg].type.id != value::TypeId::kInterval) return instant(end_arg, row);
    if (args[start_arg].nulls[row] || args[end_arg].nulls[row]) return std::nullopt;
    const value::Interval& length = args[end_arg].intervals[row];
    if (args[start_arg].type.id == value::TypeId::kTime) {
      return value::time_add_interval(value::TimeOfDay{args[start_arg].ints[row]}, length).micros;
    }
    if (zoned) {
      return value::timestamptz_add_interval(value::TimestampTz{args[start_arg].ints[row]}, length,
                                             value::session_time_zone())
          .micros;
    }
    return value::timestamp_add_interval(value::Timestamp{args[start_arg].ints[row]}, length).micros;
  };
  for (std::size_t row = 0; row < input.size; ++row) {
    const std::optional<bool> answer = overlaps(instant(0, row), end_of(0, 1, row), instant(2, row), end_of(2, 3, row));
    out.nulls[row] = answer ? 0 : 1;
    out.ints[row] = answer.value_or(false) ? 1 : 0;
  }
  return out;
}

// As PostgreSQL's ruleutils prints the SQL syntax.
std::string explain_overlaps(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  return "((" + printer.text(expr.args[0]) + ", " + printer.text(expr.args[1]) + ") OVERLAPS (" +
         printer.text(expr.args[2]) + ", " + printer.text(expr.args[3]) + "))";
}

}  // namespace

const FunctionKernel kOverlapsKernel{planner::FunctionId::kOverlaps, evaluate_overlaps, explain_overlaps};

}  // namespace ptreedb::exec
