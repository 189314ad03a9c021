// A value checked against its domain: NULL where the domain is NOT NULL is
// 23502, a CHECK that is false is 23514 (unknown passes), as PostgreSQL's
// ExecEvalConstraintNotNull / ExecEvalConstraintCheck.
#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_domain_check(const planner::BoundExpression& expr, const Chunk& input) {
  Vector value = evaluate(expr.args[0], input);
  const std::string& domain = expr.args[1].constant.text_value;
  const bool not_null = expr.args[2].constant.int_value != 0;
  const bool assertion = expr.args[3].constant.int_value != 0;
  if (not_null) {
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (value.nulls[i]) throw SqlError(sqlstate::kNotNullViolation, "domain " + domain + " does not allow null values");
    }
  }
  for (std::size_t k = 4; k + 1 < expr.args.size(); k += 2) {
    Vector passed = evaluate(expr.args[k + 1], input);
    for (std::size_t i = 0; i < passed.size(); ++i) {
      if (!passed.nulls[i] && passed.ints[i] == 0) {
        throw SqlError(sqlstate::kCheckViolation, "value for domain " + domain + " violates check constraint \"" +
                                                      expr.args[k].constant.text_value + "\"");
      }
    }
  }
  if (assertion) {
    Vector always(value::SqlType::of(value::TypeId::kBoolean));
    always.resize(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) {
      always.nulls[i] = false;
      always.ints[i] = 1;
    }
    return always;
  }
  value.type = expr.type;
  return value;
}

}  // namespace

const FunctionKernel kDomainCheckKernel{planner::FunctionId::kDomainCheck, evaluate_domain_check};

}  // namespace ptreedb::exec
