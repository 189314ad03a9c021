#include "exec/numeric_units_arithmetic.h"

#include <algorithm>
#include <optional>

namespace ptreedb::exec {

namespace {

using planner::ArithmeticOp;

// One operand as units: a vector's array or one constant, at `scale`.
struct UnitsOperand {
  const std::int64_t* values = nullptr;  // null: the constant
  const std::uint8_t* nulls = nullptr;
  std::int64_t constant = 0;
  std::int32_t scale = 0;
};

std::optional<UnitsOperand> units_of(const Operand& operand) {
  if (operand.is_scalar()) {
    if (operand.scalar_is_null()) return std::nullopt;
    const value::Decimal& constant = operand.constant().decimal_value;
    if (!value::decimal_detail::fits_int64(constant.units)) return std::nullopt;
    return UnitsOperand{nullptr, nullptr, static_cast<std::int64_t>(constant.units), constant.scale};
  }
  const Vector& vector = operand.vector();
  if (!vector.holds_units()) return std::nullopt;
  return UnitsOperand{vector.ints.data(), vector.nulls.data(), 0, vector.units_scale};
}

// 10^exponent when it fits in 64 bits.
std::optional<std::int64_t> power_of_ten(std::int32_t exponent) {
  if (exponent < 0 || exponent > 18) return std::nullopt;
  std::int64_t power = 1;
  for (std::int32_t i = 0; i < exponent; ++i) power *= 10;
  return power;
}

// Rows of out = x op y, the operands brought to the result scale by the
// factors; false when any row overflows 64 bits.
template <ArithmeticOp kOp, class X, class Y>
bool units_loop(const X& x, const Y& y, std::int64_t x_factor, std::int64_t y_factor, const std::uint8_t* nulls,
                std::int64_t* out, std::size_t count) {
  bool overflow = false;
  for (std::size_t i = 0; i < count; ++i) {
    if (nulls[i]) continue;
    std::int64_t left = x(i), right = y(i), result;
    if constexpr (kOp == ArithmeticOp::kMultiply) {
      overflow |= __builtin_mul_overflow(left, right, &result);
    } else {
      if (x_factor != 1) overflow |= __builtin_mul_overflow(left, x_factor, &left);
      if (y_factor != 1) overflow |= __builtin_mul_overflow(right, y_factor, &right);
      if constexpr (kOp == ArithmeticOp::kAdd) {
        overflow |= __builtin_add_overflow(left, right, &result);
      } else {
        overflow |= __builtin_sub_overflow(left, right, &result);
      }
    }
    out[i] = result;
  }
  return !overflow;
}

// The operand's reader from exec/operand.h: its array, or its constant.
template <class Body>
void with_reader(const UnitsOperand& operand, const Body& body) {
  if (operand.values != nullptr) {
    body(VectorValues<std::int64_t>{operand.values, operand.nulls});
  } else {
    body(ScalarValue<std::int64_t>{operand.constant, false});
  }
}

}  // namespace

bool numeric_units_arithmetic(ArithmeticOp op, value::SqlType type, const Operand& a, const Operand& b,
                              std::size_t count, Vector& out) {
  if (op != ArithmeticOp::kAdd && op != ArithmeticOp::kSubtract && op != ArithmeticOp::kMultiply) return false;
  if (a.is_scalar() && b.is_scalar()) return false;
  const std::optional<UnitsOperand> x = units_of(a), y = units_of(b);
  if (!x || !y) return false;
  std::int32_t scale = 0;
  std::int64_t x_factor = 1, y_factor = 1;
  if (op == ArithmeticOp::kMultiply) {
    scale = x->scale + y->scale;
    if (scale > value::kDecimalMaxScale) return false;
  } else {
    scale = std::max(x->scale, y->scale);
    const std::optional<std::int64_t> x_power = power_of_ten(scale - x->scale), y_power = power_of_ten(scale - y->scale);
    if (!x_power || !y_power) return false;
    x_factor = *x_power;
    y_factor = *y_power;
  }
  out.type = type;
  out.units_scale = scale;
  out.text_owners.clear();
  // Reused results grow once to a whole chunk, not step by step with the
  // rows a filter lets through.
  if (out.ints.capacity() < std::max(count, kChunkSize)) {
    out.ints.reserve(std::max(count, kChunkSize));
    out.nulls.reserve(std::max(count, kChunkSize));
  }
  out.nulls.resize(count);
  out.ints.resize(count);
  if (x->nulls != nullptr && y->nulls != nullptr) {
    for (std::size_t i = 0; i < count; ++i) out.nulls[i] = x->nulls[i] | y->nulls[i];
  } else {
    std::copy_n(x->nulls != nullptr ? x->nulls : y->nulls, count, out.nulls.data());
  }
  bool fits = false;
  with_reader(*x, [&](const auto& left) {
    with_reader(*y, [&](const auto& right) {
      switch (op) {
        case ArithmeticOp::kAdd:
          fits = units_loop<ArithmeticOp::kAdd>(left, right, x_factor, y_factor, out.nulls.data(), out.ints.data(), count);
          break;
        case ArithmeticOp::kSubtract:
          fits = units_loop<ArithmeticOp::kSubtract>(left, right, x_factor, y_factor, out.nulls.data(), out.ints.data(),
                                                     count);
          break;
        default:
          fits = units_loop<ArithmeticOp::kMultiply>(left, right, 1, 1, out.nulls.data(), out.ints.data(), count);
          break;
      }
    });
  });
  return fits;
}

}  // namespace ptreedb::exec
