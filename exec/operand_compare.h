// The comparison kernel over operands (included by exec/operand.h): one loop
// per value type and operand shape, the order test a table lookup.
#pragma once

#include "storage/value/character.h"
#include "storage/value/decimal.h"
#include "storage/value/float_arith.h"
#include "storage/value/interval.h"

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
      run.template operator()<value::Decimal>(
          [](const value::Decimal& x, const value::Decimal& y) { return value::decimal_compare(x, y); });
      break;
    case Physical::kText:
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
