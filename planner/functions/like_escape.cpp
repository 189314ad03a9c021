// like_escape(pattern, escape): what `x LIKE pattern ESCAPE e` calls (the
// grammar makes the pattern like_escape(pattern, e)): text arguments, text.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_like_escape(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kLikeEscape, name, args, location, {value::TypeId::kText, value::TypeId::kText},
                        value::TypeId::kText);
}

}  // namespace

const FunctionBinding kLikeEscapeBinding{FunctionId::kLikeEscape, "like_escape", {"like_escape"}, bind_like_escape};

}  // namespace ptreedb::planner
