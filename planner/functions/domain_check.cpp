// The check of a value against its domain's constraints: reached from casts
// and assignments to a domain (planner/domain_constraints), never by name.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_domain_check(const std::string& name, std::vector<BoundExpression>& args, int location) {
  throw_no_such_function(name, args, location);
}

}  // namespace

const FunctionBinding kDomainCheckBinding{FunctionId::kDomainCheck, "domain_check", {}, bind_domain_check};

}  // namespace ptreedb::planner
