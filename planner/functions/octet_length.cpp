// octet_length(text or bytea): bytes (a char(n) value's padding counts).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_octet_length(const std::string& name, std::vector<BoundExpression>& args, int location) {
  const TypeId input = args.size() == 1 && args[0].type.id == TypeId::kBytea ? TypeId::kBytea : TypeId::kText;
  if (args.size() == 1 && args[0].type.id == TypeId::kChar) {
    return function_node(FunctionId::kOctetLength, value::SqlType::of(TypeId::kInteger), {std::move(args[0])});
  }
  return bind_signature(FunctionId::kOctetLength, name, args, location, {input}, TypeId::kInteger);
}

}  // namespace

const FunctionBinding kOctetLengthBinding{FunctionId::kOctetLength, "octet_length", {"octet_length"},
                                          bind_octet_length};

}  // namespace ptreedb::planner
