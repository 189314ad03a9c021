// strpos(string, substring) and position(substring IN string), which the
// grammar turns into position(string, substring): 1-based, 0 when absent; in
// characters for text, in bytes for bytea.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_strpos(const std::string& name, std::vector<BoundExpression>& args, int location) {
  const bool bytea = name == "position" && args.size() == 2 &&
                     (args[0].type.id == TypeId::kBytea || args[1].type.id == TypeId::kBytea);
  const TypeId input = bytea ? TypeId::kBytea : TypeId::kText;
  return bind_signature(FunctionId::kStrpos, name, args, location, {input, input}, TypeId::kInteger);
}

}  // namespace

const FunctionBinding kStrposBinding{FunctionId::kStrpos, "strpos", {"strpos", "position"}, bind_strpos};

}  // namespace ptreedb::planner
