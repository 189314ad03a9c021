// get_byte(bytea, n) and set_byte(bytea, n, value): one byte, 0-based.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_get_byte(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kGetByte, name, args, location, {TypeId::kBytea, TypeId::kInteger},
                        TypeId::kInteger);
}

BoundExpression bind_set_byte(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kSetByte, name, args, location,
                        {TypeId::kBytea, TypeId::kInteger, TypeId::kInteger}, TypeId::kBytea);
}

}  // namespace

const FunctionBinding kGetByteBinding{FunctionId::kGetByte, "get_byte", {"get_byte"}, bind_get_byte};
const FunctionBinding kSetByteBinding{FunctionId::kSetByte, "set_byte", {"set_byte"}, bind_set_byte};

}  // namespace ptreedb::planner
