// format(formatstr, VARIADIC "any"): %s, %I, %L with positions (%2$s), widths
// (%10s, %-10s, %*s, %*3$s) and %%; arguments print by their output functions.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_format(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.empty()) throw_no_such_function(name, args, location);
  const value::SqlType text = value::SqlType::of(TypeId::kText);
  BoundExpression out = function_node(FunctionId::kFormat, text, {});
  out.args.push_back(coerce(std::move(args[0]), text, false));
  if (!value::is_character_type(out.args[0].type.id)) throw_no_such_function(name, args, location);
  for (std::size_t i = 1; i < args.size(); ++i) out.args.push_back(resolve_unknown(std::move(args[i]), text));
  return out;
}

}  // namespace

const FunctionBinding kFormatBinding{FunctionId::kFormat, "format", {"format"}, bind_format};

}  // namespace ptreedb::planner
