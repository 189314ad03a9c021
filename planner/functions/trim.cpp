// btrim, ltrim, rtrim (text [, characters]); TRIM([BOTH | LEADING | TRAILING]
// [chars] FROM text) arrives as these.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_trim(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.empty() || args.size() > 2) throw_no_such_function(name, args, location);
  const value::SqlType text_type = value::SqlType::of(value::TypeId::kText);
  BoundExpression out = function_node(FunctionId::kTrim, text_type, {});
  out.negated = name == "rtrim";
  out.case_insensitive = name == "ltrim";
  for (auto& arg : args) {
    BoundExpression text = resolve_unknown(std::move(arg), text_type);
    if (!value::is_character_type(text.type.id)) throw_no_such_function(name, args, location);
    out.args.push_back(coerce(std::move(text), text_type, false));
  }
  return out;
}

}  // namespace

const FunctionBinding kTrimBinding{FunctionId::kTrim, "btrim", {"btrim", "ltrim", "rtrim"}, bind_trim};

}  // namespace ptreedb::planner
