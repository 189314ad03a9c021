// pg_size_pretty(bigint): bytes, kB, MB, ... as PostgreSQL prints them.
#include <cstdint>
#include <string>

#include "exec/functions/text_results.h"

namespace ptreedb::exec {
namespace {

// |value| without overflow: the magnitude of INT64_MIN does not fit an int64.
std::uint64_t magnitude(std::int64_t value) {
  return value < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
}

std::string size_pretty(std::int64_t bytes) {
  // PostgreSQL: switch units while the value is at least 10 of the next one, rounding halves up.
  static const char* const kUnits[] = {"bytes", "kB", "MB", "GB", "TB", "PB"};
  std::int64_t size = bytes;
  std::size_t unit = 0;
  const std::uint64_t limit = 10 * 1024;
  if (magnitude(size) < limit) return std::to_string(size) + " bytes";
  size = size / 512;  // half-units, for rounding
  unit = 1;
  while (unit + 1 < std::size(kUnits) && magnitude(size) >= limit * 2 - 1) {
    size = size / 1024;
    ++unit;
  }
  size = (size + (size < 0 ? -1 : 1)) / 2;
  return std::to_string(size) + " " + kUnits[unit];
}

Vector evaluate_size_pretty(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) { return size_pretty(args[0].ints[i]); });
}

}  // namespace

const FunctionKernel kSizePrettyKernel{planner::FunctionId::kSizePretty, evaluate_size_pretty};

}  // namespace ptreedb::exec
