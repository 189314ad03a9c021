// text ~ pattern: both sides character types (untyped literals text);
// `negated` for !~, `case_insensitive` for ~*.
#include "planner/functions/regex_match.h"

#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_regex_match(const std::string& op, std::vector<BoundExpression>& args, int location) {
  const value::SqlType text_type = value::SqlType::of(value::TypeId::kText);
  BoundExpression text = resolve_unknown(std::move(args[0]), text_type);
  BoundExpression pattern = resolve_unknown(std::move(args[1]), text_type);
  if (!value::is_character_type(text.type.id) || !value::is_character_type(pattern.type.id)) {
    throw SqlError("42883", "operator does not exist: " + value::format_type(text.type) + " " + op + " " +
                                value::format_type(pattern.type),
                   {}, "No operator matches the given name and argument types. You might need to add explicit type casts.",
                   location + 1);
  }
  BoundExpression out =
      function_node(FunctionId::kRegexMatch, value::SqlType::of(value::TypeId::kBoolean),
                    {coerce(std::move(text), text_type, false), coerce(std::move(pattern), text_type, false)});
  out.negated = op[0] == '!';
  out.case_insensitive = op.back() == '*';
  return out;
}

}  // namespace

bool is_regex_operator(std::string_view op) { return op == "~" || op == "!~" || op == "~*" || op == "!~*"; }

const FunctionBinding kRegexMatchBinding{FunctionId::kRegexMatch, "regex_match", {}, bind_regex_match};

}  // namespace ptreedb::planner
