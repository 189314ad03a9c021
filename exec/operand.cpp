#include "exec/operand.h"

#include "exec/evaluate.h"

namespace ptreedb::exec {

Operand::Operand(const planner::BoundExpression& expr, const Chunk& input) : type_(expr.type) {
  switch (expr.kind) {
    case planner::ExprKind::kColumn:
      vector_ = &input.columns[expr.column];
      break;
    case planner::ExprKind::kConstant:
      constant_ = &expr.constant;
      aligned_ = expr.constant.decimal_value;
      break;
    default:
      owned_ = evaluate(expr, input);
      vector_ = &owned_;
      break;
  }
}

void Operand::align_scale_to(const Operand& other) {
  if (!is_scalar() || constant_->is_null || other.is_scalar() || physical_of(type_.id) != Physical::kDecimal ||
      physical_of(other.type_.id) != Physical::kDecimal) {
    return;
  }
  const Vector& values = *other.vector_;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values.nulls[i]) continue;
    value::Decimal aligned = constant_->decimal_value;
    if (values.decimals[i].scale > aligned.scale && value::decimal_rescale_exact(aligned, values.decimals[i].scale)) {
      aligned_ = aligned;
    }
    return;
  }
}

const Vector& Operand::materialize(std::size_t count) {
  if (is_scalar()) {
    owned_ = Vector::broadcast(constant_vector(*constant_, type_), count);
    vector_ = &owned_;
    constant_ = nullptr;
  }
  return *vector_;
}

}  // namespace ptreedb::exec
