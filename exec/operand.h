// One input of a comparison or arithmetic kernel: a column of the chunk
// borrowed in place, a constant kept as one scalar (never broadcast into a
// vector), or values computed into the operand's own vector. Kernels read it
// through typed accessors, instantiated once per (vector, scalar) shape, so
// the loops see plain arrays or one register.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

class Operand {
 public:
  Operand(const planner::BoundExpression& expr, const Chunk& input);
  ~Operand();
  Operand(const Operand&) = delete;
  Operand& operator=(const Operand&) = delete;

  bool is_scalar() const { return constant_ != nullptr; }
  bool scalar_is_null() const { return constant_->is_null; }
  const Vector& vector() const { return *vector_; }
  const planner::Constant& constant() const { return *constant_; }
  value::SqlType type() const { return type_; }

  // A numeric constant also held at the scale of `other`'s first value with a
  // larger scale, when that is exact: rows at that scale take the same-scale
  // paths (`l_quantity < 24`, `1 - l_discount`), others use the constant as is.
  void align_scale_to(const Operand& other);
  const value::Decimal& aligned_decimal() const { return aligned_; }

  // The values as a vector of `count` rows (a scalar is broadcast, numeric
  // units widened), for the kernels that have no scalar or units shape.
  const Vector& materialize(std::size_t count);

 private:
  value::SqlType type_;
  const planner::Constant* constant_ = nullptr;
  const Vector* vector_ = nullptr;
  // Computed values live in a vector borrowed from a per-thread pool, so the
  // arrays are reused chunk after chunk.
  Vector* owned_ = nullptr;
  value::Decimal aligned_;
};

// Typed reads of one operand: element i of a vector, or the scalar for every i.
template <class T>
struct VectorValues {
  const T* values;
  const std::uint8_t* nulls;
  T operator()(std::size_t i) const { return values[i]; }
  bool null(std::size_t i) const { return nulls[i] != 0; }
};

template <class T>
struct ScalarValue {
  T value;
  bool is_null;
  T operator()(std::size_t) const { return value; }
  bool null(std::size_t) const { return is_null; }
};

// A numeric vector holding units, read as Decimals by kernels without a
// units path of their own.
struct UnitsAsDecimals {
  const std::int64_t* units;
  std::int32_t scale;
  const std::uint8_t* nulls;
  value::Decimal operator()(std::size_t i) const { return value::Decimal{units[i], scale}; }
  bool null(std::size_t i) const { return nulls[i] != 0; }
};

template <class T>
const T* typed_values(const Vector& vector) {
  if constexpr (std::is_same_v<T, std::int64_t>) return vector.ints.data();
  if constexpr (std::is_same_v<T, double>) return vector.doubles.data();
  if constexpr (std::is_same_v<T, value::Decimal>) return vector.decimals.data();
  if constexpr (std::is_same_v<T, std::string_view>) return vector.texts.data();
  if constexpr (std::is_same_v<T, value::Interval>) return vector.intervals.data();
}

// A numeric scalar as written, or (`aligned`, for comparisons, where the
// scale does not matter) at its aligned scale.
template <class T>
T scalar_value(const Operand& operand, bool aligned) {
  const planner::Constant& constant = operand.constant();
  if constexpr (std::is_same_v<T, std::int64_t>) return constant.int_value;
  if constexpr (std::is_same_v<T, double>) return constant.double_value;
  if constexpr (std::is_same_v<T, value::Decimal>) return aligned ? operand.aligned_decimal() : constant.decimal_value;
  if constexpr (std::is_same_v<T, std::string_view>) return std::string_view(constant.text_value);
  if constexpr (std::is_same_v<T, value::Interval>) return constant.interval_value;
}

// Calls body(reader) with the operand's VectorValues<T> or ScalarValue<T>.
template <class T, class Body>
void with_values(const Operand& operand, const Body& body, bool aligned = false) {
  if (operand.is_scalar()) {
    body(ScalarValue<T>{scalar_value<T>(operand, aligned), operand.scalar_is_null()});
    return;
  }
  const Vector& vector = operand.vector();
  if constexpr (std::is_same_v<T, value::Decimal>) {
    if (vector.holds_units()) {
      body(UnitsAsDecimals{vector.ints.data(), vector.units_scale, vector.nulls.data()});
      return;
    }
  }
  body(VectorValues<T>{typed_values<T>(vector), vector.nulls.data()});
}

template <class T, class Body>
void with_values(const Operand& a, const Operand& b, const Body& body, bool aligned = false) {
  with_values<T>(
      a, [&](const auto& left) { with_values<T>(b, [&](const auto& right) { body(left, right); }, aligned); },
      aligned);
}

// Whether an order (-1, 0, 1) satisfies `op`, without a branch per row: bit
// order + 1 of the op's mask.
inline unsigned comparison_mask(planner::ComparisonOp op) {
  using planner::ComparisonOp;
  switch (op) {
    case ComparisonOp::kEqual: return 0b010;
    case ComparisonOp::kNotEqual: return 0b101;
    case ComparisonOp::kLess: return 0b001;
    case ComparisonOp::kLessEqual: return 0b011;
    case ComparisonOp::kGreater: return 0b100;
    case ComparisonOp::kGreaterEqual: return 0b110;
  }
  return 0;
}

// Row truth of a three-valued predicate.
enum Truth : std::uint8_t { kFalse = 0, kTrue = 1, kUnknown = 2 };

// Compares `a` and `b` (same type) on rows rows[0..count), or on rows
// 0..count when `rows` is null, calling emit(row, Truth) for each.
template <class Emit>
void compare_operands(planner::ComparisonOp op, const Operand& a, const Operand& b, const std::uint32_t* rows,
                      std::size_t count, const Emit& emit);

}  // namespace ptreedb::exec

#include "exec/operand_compare.h"
