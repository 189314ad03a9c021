// btrim / ltrim / rtrim: whole UTF-8 characters of the set come off the
// chosen ends (`negated` keeps the start, `case_insensitive` the end).
#include "exec/functions/function_kernel.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_trim(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  Vector out = new_result(expr.type, input.size);
  out.text_owners = a.text_owners;
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = a.nulls[i] || (args.size() > 1 && args[1].nulls[i]);
    if (out.nulls[i]) continue;
    std::string_view set = args.size() > 1 ? args[1].texts[i] : std::string_view(" ");
    std::vector<std::string_view> characters;
    for (std::size_t at = 0; at < set.size();) {
      std::size_t length = 1;
      while (at + length < set.size() && (static_cast<unsigned char>(set[at + length]) & 0xC0) == 0x80) ++length;
      characters.push_back(set.substr(at, length));
      at += length;
    }
    std::string_view text = a.texts[i];
    auto strip = [&](bool front) {
      for (bool stripped = true; stripped && !text.empty();) {
        stripped = false;
        for (std::string_view c : characters) {
          if (front ? text.starts_with(c) : text.ends_with(c)) {
            text = front ? text.substr(c.size()) : text.substr(0, text.size() - c.size());
            stripped = true;
            break;
          }
        }
      }
    };
    if (!expr.negated) strip(true);
    if (!expr.case_insensitive) strip(false);
    out.texts[i] = text;
  }
  return out;
}

std::string explain_trim(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  const char* name = expr.negated ? "rtrim" : expr.case_insensitive ? "ltrim" : "btrim";
  return std::string(name) + "(" + printer.arguments(expr, 0) + ")";
}

}  // namespace

const FunctionKernel kTrimKernel{planner::FunctionId::kTrim, evaluate_trim, explain_trim};

}  // namespace ptreedb::exec
