// The loop most text-valued functions share: NULL where an argument is
// NULL, else one computed string per row, kept alive by the result (a
// row_text returning std::optional<std::string> answers NULL with nullopt).
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "exec/functions/function_kernel.h"
#include "exec/vector_parts.h"

namespace ptreedb::exec {

template <class RowText>
Vector text_per_row(const planner::BoundExpression& expr, const std::vector<Vector>& args, std::size_t count,
                    const RowText& row_text) {
  Vector out = new_result(expr.type, count);
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < count; ++i) {
    bool null = false;
    for (const Vector& arg : args) null = null || arg.nulls[i];
    out.nulls[i] = null ? 1 : 0;
    if (null) continue;
    if constexpr (std::is_same_v<std::invoke_result_t<const RowText&, std::size_t>, std::optional<std::string>>) {
      std::optional<std::string> text = row_text(i);
      if (!text) {
        out.nulls[i] = 1;
        continue;
      }
      storage->strings.push_back(std::move(*text));
    } else {
      storage->strings.push_back(row_text(i));
    }
    out.texts[i] = storage->strings.back();
  }
  return out;
}

// The same for integer results (also boolean: 0 or 1).
template <class RowInt>
Vector int_per_row(const planner::BoundExpression& expr, const std::vector<Vector>& args, std::size_t count,
                   const RowInt& row_int) {
  Vector out = new_result(expr.type, count);
  for (std::size_t i = 0; i < count; ++i) {
    bool null = false;
    for (const Vector& arg : args) null = null || arg.nulls[i];
    out.nulls[i] = null ? 1 : 0;
    if (!null) out.ints[i] = row_int(i);
  }
  return out;
}

// The same for numeric results (whole Decimals).
template <class RowDecimal>
Vector decimal_per_row(const planner::BoundExpression& expr, const std::vector<Vector>& args, std::size_t count,
                       const RowDecimal& row_decimal) {
  Vector out = new_result(expr.type, count);
  for (std::size_t i = 0; i < count; ++i) {
    bool null = false;
    for (const Vector& arg : args) null = null || arg.nulls[i];
    out.nulls[i] = null ? 1 : 0;
    if (!null) out.decimals[i] = row_decimal(i);
  }
  return out;
}

}  // namespace ptreedb::exec
