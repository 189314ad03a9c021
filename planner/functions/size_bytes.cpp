// pg_size_bytes(text): a size with an optional unit (bytes, kB, MB, GB, TB,
// PB, any case) in bytes, as a bigint.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_size_bytes(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kSizeBytes, name, args, location, {value::TypeId::kText}, value::TypeId::kBigint);
}

}  // namespace

const FunctionBinding kSizeBytesBinding{FunctionId::kSizeBytes, "pg_size_bytes", {"pg_size_bytes"}, bind_size_bytes};

}  // namespace ptreedb::planner
