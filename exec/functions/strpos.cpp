// strpos / position: the 1-based place of the first occurrence, 0 when absent;
// characters for text, bytes for bytea.
#include "exec/functions/text_results.h"
#include "storage/value/character.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_strpos(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool bytes = args[0].type.id == value::TypeId::kBytea;
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    std::string_view haystack = args[0].texts[i];
    const std::size_t at = haystack.find(args[1].texts[i]);
    if (at == std::string_view::npos) return 0;
    return static_cast<std::int64_t>(bytes ? at : value::utf8_length(haystack.substr(0, at))) + 1;
  });
}

}  // namespace

const FunctionKernel kStrposKernel{planner::FunctionId::kStrpos, evaluate_strpos};

}  // namespace ptreedb::exec
