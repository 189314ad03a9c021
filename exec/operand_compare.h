// The comparison kernel over operands (included by exec/operand.h): one loop
// per value type and operand shape, the order test a table lookup.
#pragma once

#include "storage/value/character.h"
#include "storage/value/decimal.h"
#include "storage/value/float_arith.h"
#include "storage/value/interval.h"
#include "storage/row/array_key.h"
#include "storage/value/jsonb_order.h"

namespace ptreedb::exec {

namespace operand_detail {

template <class Left, class Right, class Order, class Emit>
void compare_loop(unsigned mask, const Left& left, const Right& right, const Order& order, const std::uint32_t* rows,
                  std::size_t count, const Emit& emit) {
  for (std::size_t k = 0; k < count; ++k) {
    std::size_t i = rows != nullptr ? rows[k] : k;
    if (left.null(i) || right.null(i)) {
      emit(i, kUnknown);
      continue;
    }
    emit(i, static_cast<Truth>((mask >> (order(left(i), right(i)) + 1)) & 1));
  }
}

template <class T>
int three_way(T a, T b) {
  return (a > b) - (a < b);
}

// Bytes [0, n) of a and b equal; a byte loop, as the constants are short and
// a memcmp call per row costs more than the bytes.
inline bool same_prefix(const char* a, const char* b, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) {
    if (a[k] != b[k]) return false;
  }
  return true;
}

inline bool all_blanks(const char* text, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) {
    if (text[k] != ' ') return false;
  }
  return true;
}

// A text column against a non-NULL text constant, the constant prepared once:
// a char(n) constant loses its trailing blanks here, not per row; = and <>
// test lengths and bytes instead of ordering the strings.
template <class Emit>
void compare_text_with_constant(unsigned mask, bool blank_padded, bool constant_first, const Vector& column,
                                std::string_view constant, const std::uint32_t* rows, std::size_t count,
                                const Emit& emit) {
  const std::string_view* texts = column.texts.data();
  const std::uint8_t* nulls = column.nulls.data();
  if (blank_padded) constant = value::bpchar_significant(constant);
  const char* wanted = constant.data();
  const std::size_t length = constant.size();
  if (mask == 0b010 || mask == 0b101) {
    const Truth on_equal = mask == 0b010 ? kTrue : kFalse;
    const Truth on_differ = mask == 0b010 ? kFalse : kTrue;
    for (std::size_t k = 0; k < count; ++k) {
      std::size_t i = rows != nullptr ? rows[k] : k;
      if (nulls[i]) {
        emit(i, kUnknown);
        continue;
      }
      std::string_view text = texts[i];
      // char(n): equal when the row is the constant followed by blanks only.
      bool equal = blank_padded ? text.size() >= length && same_prefix(text.data(), wanted, length) &&
                                      all_blanks(text.data() + length, text.size() - length)
                                : text.size() == length && same_prefix(text.data(), wanted, length);
      emit(i, equal ? on_equal : on_differ);
    }
    return;
  }
  for (std::size_t k = 0; k < count; ++k) {
    std::size_t i = rows != nullptr ? rows[k] : k;
    if (nulls[i]) {
      emit(i, kUnknown);
      continue;
    }
    std::string_view text = blank_padded ? value::bpchar_significant(texts[i]) : texts[i];
    int order = text.compare(constant);
    order = (order > 0) - (order < 0);
    if (constant_first) order = -order;
    emit(i, static_cast<Truth>((mask >> (order + 1)) & 1));
  }
}

// An operand of a numeric comparison as int64 units at `scale`: a vector
// holding units at that scale, or a constant exactly representable there.
// Calls body(reader) and answers true, or answers false without calling it.
template <class Body>
bool with_units_at(const Operand& operand, std::int32_t scale, const Body& body) {
  if (!operand.is_scalar()) {
    const Vector& vector = operand.vector();
    if (vector.units_scale != scale) return false;
    body(VectorValues<std::int64_t>{vector.ints.data(), vector.nulls.data()});
    return true;
  }
  if (operand.scalar_is_null()) {
    body(ScalarValue<std::int64_t>{0, true});
    return true;
  }
  value::Decimal constant = operand.constant().decimal_value;
  if (!value::decimal_rescale_exact(constant, scale) || !value::decimal_detail::fits_int64(constant.units)) {
    return false;
  }
  body(ScalarValue<std::int64_t>{static_cast<std::int64_t>(constant.units), false});
  return true;
}

// numeric compared as 64-bit integers when a side holds units and the other
// is at the same scale; false (nothing emitted) otherwise.
template <class Emit>
bool compare_units(unsigned mask, const Operand& a, const Operand& b, const std::uint32_t* rows, std::size_t count,
                   const Emit& emit) {
  const Operand& column = a.is_scalar() ? b : a;
  if (column.is_scalar() || !column.vector().holds_units()) return false;
  const std::int32_t scale = column.vector().units_scale;
  bool both = false;
  with_units_at(a, scale, [&](const auto& left) {
    both = with_units_at(b, scale, [&](const auto& right) {
      compare_loop(mask, left, right, [](std::int64_t x, std::int64_t y) { return three_way(x, y); }, rows, count,
                   emit);
    });
  });
  return both;
}

}  // namespace operand_detail

template <class Emit>
void compare_operands(planner::ComparisonOp op, const Operand& a, const Operand& b, const std::uint32_t* rows,
                      std::size_t count, const Emit& emit) {
  using namespace operand_detail;
  const unsigned mask = comparison_mask(op);
  auto run = [&]<class T>(const auto& order) {
    with_values<T>(
        a, b, [&](const auto& left, const auto& right) { compare_loop(mask, left, right, order, rows, count, emit); },
        true);
  };
  switch (physical_of(a.type().id)) {
    case Physical::kInt:
      run.template operator()<std::int64_t>([](std::int64_t x, std::int64_t y) { return three_way(x, y); });
      break;
    case Physical::kDouble:
      run.template operator()<double>([](double x, double y) { return value::float_compare(x, y); });
      break;
    case Physical::kDecimal:
      if (compare_units(mask, a, b, rows, count, emit)) break;
      run.template operator()<value::Decimal>(
          [](const value::Decimal& x, const value::Decimal& y) { return value::decimal_compare(x, y); });
      break;
    case Physical::kText:
      // jsonb orders by its btree order (1.0 = 1.00, shorter keys first), not its text.
      if (a.type().id == value::TypeId::kArray) {
        run.template operator()<std::string_view>([element = a.type().element](std::string_view x, std::string_view y) {
          return storage::array_compare(x, y, element);
        });
        break;
      }
      if (a.type().id == value::TypeId::kJsonb) {
        run.template operator()<std::string_view>(
            [](std::string_view x, std::string_view y) { return value::jsonb_compare(x, y); });
        break;
      }
      if (a.is_scalar() != b.is_scalar() && !(a.is_scalar() ? a : b).scalar_is_null()) {
        const Operand& constant = a.is_scalar() ? a : b;
        compare_text_with_constant(mask, a.type().id == value::TypeId::kChar, a.is_scalar(),
                                   (a.is_scalar() ? b : a).vector(), scalar_value<std::string_view>(constant, false),
                                   rows, count, emit);
        break;
      }
      // character(n) compares without trailing blanks; other text bytewise (C collation).
      if (a.type().id == value::TypeId::kChar) {
        run.template operator()<std::string_view>(
            [](std::string_view x, std::string_view y) { return value::bpchar_compare(x, y); });
      } else {
        run.template operator()<std::string_view>([](std::string_view x, std::string_view y) {
          int order = x.compare(y);
          return (order > 0) - (order < 0);
        });
      }
      break;
    case Physical::kInterval:
      run.template operator()<value::Interval>(
          [](const value::Interval& x, const value::Interval& y) { return value::interval_compare(x, y); });
      break;
  }
}

}  // namespace ptreedb::exec
