// random() and setseed(double): volatile (is_volatile_function), drawing
// from and seeding the session's generator (planner/session_random_scope.h).
// setseed returns void in PostgreSQL; here an empty text, as psql shows it.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "planner/session_random_scope.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_random(const std::string& name, std::vector<BoundExpression>& args, int location) {
  BoundExpression out = bind_signature(FunctionId::kRandom, name, args, location, {}, TypeId::kDouble);
  out.random_source = current_session_random();
  return out;
}

BoundExpression bind_set_seed(const std::string& name, std::vector<BoundExpression>& args, int location) {
  BoundExpression out = bind_signature(FunctionId::kSetSeed, name, args, location, {TypeId::kDouble}, TypeId::kText);
  out.random_source = current_session_random();
  return out;
}

}  // namespace

const FunctionBinding kRandomBinding{FunctionId::kRandom, "random", {"random"}, bind_random};
const FunctionBinding kSetSeedBinding{FunctionId::kSetSeed, "setseed", {"setseed"}, bind_set_seed};

}  // namespace ptreedb::planner
