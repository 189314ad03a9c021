// encode(bytea, format) -> text and decode(text, format) -> bytea: hex, base64, escape.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_encode(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kEncode, name, args, location, {TypeId::kBytea, TypeId::kText}, TypeId::kText);
}

BoundExpression bind_decode(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kDecode, name, args, location, {TypeId::kText, TypeId::kText}, TypeId::kBytea);
}

}  // namespace

const FunctionBinding kEncodeBinding{FunctionId::kEncode, "encode", {"encode"}, bind_encode};
const FunctionBinding kDecodeBinding{FunctionId::kDecode, "decode", {"decode"}, bind_decode};

}  // namespace ptreedb::planner
