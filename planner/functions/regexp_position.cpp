// PostgreSQL 15's regexp_count, regexp_instr, regexp_substr and regexp_like:
// the string, pattern and flags are text (untyped literals text), the start,
// occurrence, endoption and subexpression integers.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

// `signature`'s first args.size() parameters, at least `required` of them.
BoundExpression bind_prefix(FunctionId id, const std::string& name, std::vector<BoundExpression>& args, int location,
                            std::size_t required, const std::vector<TypeId>& signature, TypeId result) {
  if (args.size() < required || args.size() > signature.size()) throw_no_such_function(name, args, location);
  return bind_signature(id, name, args, location, std::vector<TypeId>(signature.begin(), signature.begin() + args.size()),
                        result);
}

BoundExpression bind_regexp_count(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_prefix(FunctionId::kRegexpCount, name, args, location, 2,
                     {TypeId::kText, TypeId::kText, TypeId::kInteger, TypeId::kText}, TypeId::kInteger);
}

BoundExpression bind_regexp_instr(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_prefix(FunctionId::kRegexpInstr, name, args, location, 2,
                     {TypeId::kText, TypeId::kText, TypeId::kInteger, TypeId::kInteger, TypeId::kInteger,
                      TypeId::kText, TypeId::kInteger},
                     TypeId::kInteger);
}

BoundExpression bind_regexp_substr(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_prefix(FunctionId::kRegexpSubstr, name, args, location, 2,
                     {TypeId::kText, TypeId::kText, TypeId::kInteger, TypeId::kInteger, TypeId::kText,
                      TypeId::kInteger},
                     TypeId::kText);
}

BoundExpression bind_regexp_like(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_prefix(FunctionId::kRegexpLike, name, args, location, 2, {TypeId::kText, TypeId::kText, TypeId::kText},
                     TypeId::kBoolean);
}

}  // namespace

const FunctionBinding kRegexpCountBinding{FunctionId::kRegexpCount, "regexp_count", {"regexp_count"},
                                          bind_regexp_count};
const FunctionBinding kRegexpInstrBinding{FunctionId::kRegexpInstr, "regexp_instr", {"regexp_instr"},
                                          bind_regexp_instr};
const FunctionBinding kRegexpSubstrBinding{FunctionId::kRegexpSubstr, "regexp_substr", {"regexp_substr"},
                                           bind_regexp_substr};
const FunctionBinding kRegexpLikeBinding{FunctionId::kRegexpLike, "regexp_like", {"regexp_like"}, bind_regexp_like};

}  // namespace ptreedb::planner
