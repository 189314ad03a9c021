// convert_to(text, encoding) -> bytea and convert_from(bytea, encoding) -> text;
// the server's only encoding is UTF8.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_convert_to(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kConvertTo, name, args, location, {TypeId::kText, TypeId::kText}, TypeId::kBytea);
}

BoundExpression bind_convert_from(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kConvertFrom, name, args, location, {TypeId::kBytea, TypeId::kText},
                        TypeId::kText);
}

}  // namespace

const FunctionBinding kConvertToBinding{FunctionId::kConvertTo, "convert_to", {"convert_to"}, bind_convert_to};
const FunctionBinding kConvertFromBinding{FunctionId::kConvertFrom, "convert_from", {"convert_from"},
                                          bind_convert_from};

}  // namespace ptreedb::planner
