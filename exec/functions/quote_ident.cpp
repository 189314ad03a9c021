// quote_ident(text): the name as is when it is a plain lower-case identifier,
// else in double quotes with inner quotes doubled.
#include "exec/functions/text_results.h"

namespace ptreedb::exec {
namespace {

std::string quote_ident(std::string_view name) {
  bool plain = !name.empty() && ((name[0] >= 'a' && name[0] <= 'z') || name[0] == '_');
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) plain = false;
  }
  if (plain) return std::string(name);
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

Vector evaluate_quote_ident(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) { return quote_ident(args[0].texts[i]); });
}

}  // namespace

const FunctionKernel kQuoteIdentKernel{planner::FunctionId::kQuoteIdent, evaluate_quote_ident};

}  // namespace ptreedb::exec
