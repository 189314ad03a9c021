// regexp_replace(source, pattern, replacement [, flags]): text arguments
// (untyped literals text). PostgreSQL 15's forms with a start position and
// an occurrence number (an integer fourth argument) are refused.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_regexp_replace(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() < 3 || args.size() > 6) throw_no_such_function(name, args, location);
  if (args.size() > 4 ||
      (args.size() == 4 && !args[3].unknown_literal && value::is_integer_type(args[3].type.id))) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "regexp_replace with a start position or an occurrence number is not supported yet", {}, {},
                   location + 1);
  }
  return function_node(FunctionId::kRegexpReplace, value::SqlType::of(value::TypeId::kText),
                       text_arguments(name, args, location));
}

}  // namespace

const FunctionBinding kRegexpReplaceBinding{
    FunctionId::kRegexpReplace, "regexp_replace", {"regexp_replace"}, bind_regexp_replace};

}  // namespace ptreedb::planner
