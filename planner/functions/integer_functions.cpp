// mod, gcd and lcm over integers (and mod over numeric), in the widest of
// their argument types as PostgreSQL resolves them: mod has int2, int4, int8
// and numeric versions; gcd and lcm have int4, int8 and numeric ones.
// Floats have none (42883).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

using value::SqlType;
using value::TypeId;

int rank_of(TypeId id) {
  switch (id) {
    case TypeId::kSmallint: return 1;
    case TypeId::kInteger: return 2;
    case TypeId::kBigint: return 3;
    case TypeId::kNumeric: return 4;
    default: return 0;
  }
}

BoundExpression bind_integer_function(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                      int location, TypeId narrowest) {
  if (args.size() != 2) throw_no_such_function(name, args, location);
  TypeId widest = narrowest;
  for (const BoundExpression& arg : args) {
    if (arg.unknown_literal) continue;  // takes the other argument's type
    if (rank_of(arg.type.id) == 0) throw_no_such_function(name, args, location);
    if (rank_of(arg.type.id) > rank_of(widest)) widest = arg.type.id;
  }
  const SqlType type = SqlType::of(widest);
  std::vector<BoundExpression> coerced;
  for (BoundExpression& arg : args) coerced.push_back(coerce(resolve_unknown(std::move(arg), type), type, false));
  return function_node(id, type, std::move(coerced));
}

BoundExpression bind_mod(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_integer_function(FunctionId::kMod, name, args, location, TypeId::kSmallint);
}
BoundExpression bind_gcd(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_integer_function(FunctionId::kGcd, name, args, location, TypeId::kInteger);
}
BoundExpression bind_lcm(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_integer_function(FunctionId::kLcm, name, args, location, TypeId::kInteger);
}

}  // namespace

const FunctionBinding kModBinding{FunctionId::kMod, "mod", {"mod"}, bind_mod};
const FunctionBinding kGcdBinding{FunctionId::kGcd, "gcd", {"gcd"}, bind_gcd};
const FunctionBinding kLcmBinding{FunctionId::kLcm, "lcm", {"lcm"}, bind_lcm};

}  // namespace ptreedb::planner
