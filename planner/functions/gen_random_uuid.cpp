// gen_random_uuid(): a version 4 uuid; volatile (is_volatile_function).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_gen_random_uuid(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kGenRandomUuid, name, args, location, {}, TypeId::kUuid);
}

}  // namespace

const FunctionBinding kGenRandomUuidBinding{
    FunctionId::kGenRandomUuid, "gen_random_uuid", {"gen_random_uuid"}, bind_gen_random_uuid};

}  // namespace ptreedb::planner
