// substring(text, start [, count]) in characters; substr is the same function.
// With a text pattern, substring(text FROM pattern) is the part of the text
// that a POSIX regular expression matches (its first parenthesized group
// when it has one): (regexp_match(text, pattern))[1]; and substring(text
// SIMILAR pattern ESCAPE e), or FROM pattern FOR e, the same for the SQL
// regular expression translated as SIMILAR TO translates it.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "planner/functions/similar_to_regex.h"

namespace ptreedb::planner {
namespace {

bool is_textual(const BoundExpression& expr) {
  return expr.unknown_literal || value::is_character_type(expr.type.id);
}

BoundExpression regex_substring(BoundExpression string, BoundExpression pattern, int location) {
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  std::vector<BoundExpression> match_args;
  match_args.push_back(coerce(resolve_unknown(std::move(string), text), text, false));
  match_args.push_back(std::move(pattern));
  BoundExpression match = bind_function_call(FunctionId::kRegexpMatch, "regexp_match", std::move(match_args), location);
  BoundExpression first;
  first.kind = ExprKind::kConstant;
  first.type = value::SqlType::of(value::TypeId::kInteger);
  first.constant.is_null = false;
  first.constant.int_value = 1;
  BoundExpression element =
      bind_function_call(FunctionId::kArrayElement, "array_element", {std::move(match), std::move(first)}, location);
  // As a typed array's subscript: the element's text, a text value.
  element.unknown_literal = false;
  element.constant.is_null = true;
  element.type = text;
  return element;
}

BoundExpression bind_substring(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() < 2 || args.size() > 3) throw_no_such_function(name, args, location);
  const bool string_argument = is_textual(args[0]);
  if (string_argument && args.size() == 2 && is_textual(args[1]) && name == "substring") {
    const value::SqlType text = value::SqlType::of(value::TypeId::kText);
    BoundExpression pattern = coerce(resolve_unknown(std::move(args[1]), text), text, false);
    return regex_substring(std::move(args[0]), std::move(pattern), location);
  }
  if (string_argument && args.size() == 3 && is_textual(args[1]) && is_textual(args[2]) && name == "substring") {
    std::vector<BoundExpression> parts;
    parts.push_back(std::move(args[1]));
    parts.push_back(std::move(args[2]));
    BoundExpression pattern = similar_to_regex_constant(parts, location);
    return regex_substring(std::move(args[0]), std::move(pattern), location);
  }
  // substring(bytea, ...) is in bytes and returns bytea.
  const bool bytea = args[0].type.id == value::TypeId::kBytea && !args[0].unknown_literal;
  const value::SqlType text = value::SqlType::of(bytea ? value::TypeId::kBytea : value::TypeId::kText);
  const value::SqlType integer = value::SqlType::of(value::TypeId::kInteger);
  BoundExpression out = function_node(FunctionId::kSubstring, text, {});
  out.args.push_back(coerce(std::move(args[0]), text, false));
  for (std::size_t i = 1; i < args.size(); ++i) {
    BoundExpression position = resolve_unknown(std::move(args[i]), integer);
    if (!value::is_integer_type(position.type.id)) throw_no_such_function(name, args, location);
    out.args.push_back(coerce(std::move(position), integer, false));
  }
  return out;
}

}  // namespace

const FunctionBinding kSubstringBinding{FunctionId::kSubstring, "substring", {"substring", "substr"}, bind_substring};

}  // namespace ptreedb::planner
