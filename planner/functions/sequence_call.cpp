// nextval, currval, setval, lastval: bound by planner/sequence_functions.cpp
// (the sequence is resolved while binding), so no SQL name reaches this entry.
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_sequence_call(const std::string& name, std::vector<BoundExpression>&, int location) {
  throw_wrong_arguments(name, location);
}

}  // namespace

const FunctionBinding kSequenceCallBinding{FunctionId::kSequenceCall, "nextval", {}, bind_sequence_call};

}  // namespace ptreedb::planner
