// round and trunc (value [, scale]): numeric, or double precision for a float
// argument without a scale.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_rounding(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                              int location) {
  if (args.empty() || args.size() > 2) throw_no_such_function(name, args, location);
  const value::SqlType numeric = value::SqlType::of(value::TypeId::kNumeric);
  BoundExpression arg = resolve_unknown(std::move(args[0]), numeric);
  if (!value::is_numeric_category(arg.type.id)) throw_no_such_function(name, args, location);
  if (args.size() == 2 || !value::is_float_type(arg.type.id)) arg = coerce(std::move(arg), numeric, false);
  value::SqlType type = arg.type;
  BoundExpression out = function_node(id, type, {});
  out.args.push_back(std::move(arg));
  if (args.size() == 2) {
    const value::SqlType integer = value::SqlType::of(value::TypeId::kInteger);
    out.args.push_back(coerce(resolve_unknown(std::move(args[1]), integer), integer, false));
  }
  return out;
}

BoundExpression bind_round(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_rounding(FunctionId::kRound, name, args, location);
}

BoundExpression bind_trunc(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_rounding(FunctionId::kTrunc, name, args, location);
}

}  // namespace

const FunctionBinding kRoundBinding{FunctionId::kRound, "round", {"round"}, bind_round};
const FunctionBinding kTruncBinding{FunctionId::kTrunc, "trunc", {"trunc"}, bind_trunc};

}  // namespace ptreedb::planner
