// get_byte(bytea, n) and set_byte(bytea, n, value): n counts from 0; outside
// the value is 2202E as in PostgreSQL.
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

void check_index(std::int64_t index, std::size_t size) {
  if (index < 0 || static_cast<std::uint64_t>(index) >= size) {
    throw SqlError("2202E", "index " + std::to_string(index) + " out of valid range, 0.." +
                                std::to_string(static_cast<std::int64_t>(size) - 1));
  }
}

Vector evaluate_get_byte(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    std::string_view bytes = args[0].texts[i];
    check_index(args[1].ints[i], bytes.size());
    return static_cast<unsigned char>(bytes[static_cast<std::size_t>(args[1].ints[i])]);
  });
}

Vector evaluate_set_byte(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    std::string bytes(args[0].texts[i]);
    check_index(args[1].ints[i], bytes.size());
    bytes[static_cast<std::size_t>(args[1].ints[i])] = static_cast<char>(args[2].ints[i] & 0xff);
    return bytes;
  });
}

}  // namespace

const FunctionKernel kGetByteKernel{planner::FunctionId::kGetByte, evaluate_get_byte};
const FunctionKernel kSetByteKernel{planner::FunctionId::kSetByte, evaluate_set_byte};

}  // namespace ptreedb::exec
