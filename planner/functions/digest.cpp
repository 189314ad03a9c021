// md5(text or bytea) -> text in hex; sha224/sha256/sha384/sha512(bytea) -> bytea.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_md5(const std::string& name, std::vector<BoundExpression>& args, int location) {
  // md5(bytea) for a bytea argument, else md5(text) (an untyped literal is text).
  const TypeId input = args.size() == 1 && args[0].type.id == TypeId::kBytea && !args[0].unknown_literal
                           ? TypeId::kBytea
                           : TypeId::kText;
  return bind_signature(FunctionId::kMd5, name, args, location, {input}, TypeId::kText);
}

template <FunctionId id>
BoundExpression bind_sha(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(id, name, args, location, {TypeId::kBytea}, TypeId::kBytea);
}

}  // namespace

const FunctionBinding kMd5Binding{FunctionId::kMd5, "md5", {"md5"}, bind_md5};
const FunctionBinding kSha224Binding{FunctionId::kSha224, "sha224", {"sha224"}, bind_sha<FunctionId::kSha224>};
const FunctionBinding kSha256Binding{FunctionId::kSha256, "sha256", {"sha256"}, bind_sha<FunctionId::kSha256>};
const FunctionBinding kSha384Binding{FunctionId::kSha384, "sha384", {"sha384"}, bind_sha<FunctionId::kSha384>};
const FunctionBinding kSha512Binding{FunctionId::kSha512, "sha512", {"sha512"}, bind_sha<FunctionId::kSha512>};

}  // namespace ptreedb::planner
