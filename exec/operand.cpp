#include "exec/operand.h"

#include <memory>
#include <vector>

#include "exec/aggregate/shared_arguments.h"
#include "exec/evaluate.h"

namespace ptreedb::exec {

namespace {

// Vectors that kernels compute into, kept per thread between chunks. One that
// grew past a few chunks' worth (an expression over a whole join side) is
// freed rather than kept.
constexpr std::size_t kLargestKept = 16 * kChunkSize;

std::vector<std::unique_ptr<Vector>>& free_vectors() {
  thread_local std::vector<std::unique_ptr<Vector>> vectors;
  return vectors;
}

Vector* borrow_vector() {
  auto& vectors = free_vectors();
  if (vectors.empty()) return new Vector();
  Vector* vector = vectors.back().release();
  vectors.pop_back();
  return vector;
}

void return_vector(Vector* vector) {
  std::unique_ptr<Vector> owned(vector);
  // Text views must not keep their storage (a pinned table version) alive.
  owned->text_owners.clear();
  if (owned->nulls.capacity() > kLargestKept) return;
  free_vectors().push_back(std::move(owned));
}

}  // namespace

Operand::~Operand() {
  if (owned_ != nullptr) return_vector(owned_);
}

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
      if (const Vector* shared = precomputed_value(expr, input)) {
        vector_ = shared;
        break;
      }
      owned_ = borrow_vector();
      try {
        evaluate_into(expr, input, *owned_);
      } catch (...) {
        return_vector(owned_);
        throw;
      }
      vector_ = owned_;
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
    if (values.decimal(i).scale > aligned.scale && value::decimal_rescale_exact(aligned, values.decimal(i).scale)) {
      aligned_ = aligned;
    }
    return;
  }
}

const Vector& Operand::materialize(std::size_t count) {
  if (is_scalar()) {
    if (owned_ == nullptr) owned_ = borrow_vector();
    *owned_ = Vector::broadcast(constant_vector(*constant_, type_), count);
    vector_ = owned_;
    constant_ = nullptr;
  } else if (vector_->holds_units()) {
    if (vector_ == owned_) {
      widen_units(*owned_);
    } else {
      if (owned_ == nullptr) owned_ = borrow_vector();
      without_units(*vector_, *owned_);
      vector_ = owned_;
    }
  }
  return *vector_;
}

}  // namespace ptreedb::exec
