// encode(bytea, format) and decode(text, format): hex, base64, escape.
#include "exec/functions/text_results.h"
#include "storage/value/binary_encoding.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_encode(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    return value::encode_binary(args[0].texts[i], value::binary_encoding_named(args[1].texts[i]));
  });
}

Vector evaluate_decode(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    return value::decode_binary(args[0].texts[i], value::binary_encoding_named(args[1].texts[i]));
  });
}

}  // namespace

const FunctionKernel kEncodeKernel{planner::FunctionId::kEncode, evaluate_encode};
const FunctionKernel kDecodeKernel{planner::FunctionId::kDecode, evaluate_decode};

}  // namespace ptreedb::exec
