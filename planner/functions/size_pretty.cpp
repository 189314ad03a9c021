// pg_size_pretty(bigint): a byte count in bytes, kB, MB, ...
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_size_pretty(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_wrong_arguments(name, location);
  const value::SqlType bigint = value::SqlType::of(value::TypeId::kBigint);
  return function_node(FunctionId::kSizePretty, value::SqlType::of(value::TypeId::kText),
                       {coerce(resolve_unknown(std::move(args[0]), bigint), bigint, false)});
}

}  // namespace

const FunctionBinding kSizePrettyBinding{
    FunctionId::kSizePretty, "pg_size_pretty", {"pg_size_pretty"}, bind_size_pretty};

}  // namespace ptreedb::planner
