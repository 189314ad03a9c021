#include "exec/evaluate.h"

#include "exec/array_cast.h"

#include <cmath>
#include <optional>

#include "exec/functions/function_kernel.h"
#include "exec/functions/in_list.h"
#include "exec/like_match.h"
#include "exec/like_pattern.h"
#include "exec/numeric_units_arithmetic.h"
#include "exec/operand.h"
#include "exec/selection_filter.h"
#include "exec/vector_parts.h"
#include "storage/sql_error.h"
#include "storage/value/enum_type.h"
#include "storage/stack_depth.h"
#include "storage/value/bytea.h"
#include "storage/value/date_time_fields.h"
#include "storage/value/character.h"
#include "storage/value/date_time.h"
#include "storage/value/time_of_day.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/float_arith.h"
#include "storage/value/integer_arith.h"
#include "storage/value/text_format.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/name.h"
#include "storage/value/uuid.h"
#include "storage/value/json_parse.h"
#include "storage/value/jsonb_cast.h"
#include "storage/value/jsonb_text.h"

namespace ptreedb::exec {

using planner::ArithmeticOp;
using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using value::SqlType;
using value::TypeId;

namespace {

Vector result_like(SqlType type, std::size_t count) {
  Vector out(type);
  out.resize(count);
  return out;
}

// `out` as a fresh result of `count` rows (NULL-free zeros), keeping the
// arrays it already has.
template <class T>
void reset_array(std::vector<T>& values, std::size_t count, T zero) {
  // A kept result grows once to a whole chunk, not step by step with the
  // rows a filter lets through.
  if (count > 1 && values.capacity() < std::max(count, kChunkSize)) values.reserve(std::max(count, kChunkSize));
  values.assign(count, zero);
}

void reset_result(Vector& out, SqlType type, std::size_t count) {
  out.type = type;
  out.units_scale = Vector::kWholeDecimals;
  out.text_owners.clear();
  reset_array<std::uint8_t>(out.nulls, count, 0);
  switch (out.physical()) {
    case Physical::kInt: reset_array<std::int64_t>(out.ints, count, 0); break;
    case Physical::kDouble: reset_array<double>(out.doubles, count, 0); break;
    case Physical::kDecimal: reset_array<value::Decimal>(out.decimals, count, value::Decimal{}); break;
    case Physical::kText: reset_array<std::string_view>(out.texts, count, std::string_view()); break;
    case Physical::kInterval: reset_array<value::Interval>(out.intervals, count, value::Interval{}); break;
  }
}

// Nulls of a binary operation: NULL if either input is.
void merge_nulls(Vector& out, const Vector& a, const Vector& b) {
  for (std::size_t i = 0; i < out.size(); ++i) out.nulls[i] = a.nulls[i] | b.nulls[i];
}

template <value::SqlInteger Int>
std::int64_t integer_op(ArithmeticOp op, std::int64_t a, std::int64_t b) {
  Int x = static_cast<Int>(a), y = static_cast<Int>(b);
  switch (op) {
    case ArithmeticOp::kAdd: return value::int_add(x, y);
    case ArithmeticOp::kSubtract: return value::int_sub(x, y);
    case ArithmeticOp::kMultiply: return value::int_mul(x, y);
    case ArithmeticOp::kDivide: return value::int_div(x, y);
    case ArithmeticOp::kModulo: return value::int_mod(x, y);
  }
  return 0;
}

template <value::SqlInteger Int, class Left, class Right>
void integer_kernel(ArithmeticOp op, const Left& a, const Right& b, Vector& out) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out.nulls[i]) out.ints[i] = integer_op<Int>(op, a(i), b(i));
  }
}

template <ArithmeticOp kOp>
inline value::Decimal numeric_apply(const value::Decimal& x, const value::Decimal& y) {
  if constexpr (kOp == ArithmeticOp::kAdd) return value::decimal_add(x, y);
  if constexpr (kOp == ArithmeticOp::kSubtract) return value::decimal_sub(x, y);
  if constexpr (kOp == ArithmeticOp::kMultiply) return value::decimal_mul(x, y);
  if constexpr (kOp == ArithmeticOp::kDivide) return value::decimal_div(x, y);
  if constexpr (kOp == ArithmeticOp::kModulo) return value::decimal_mod(x, y);
}

// Calls body with the operator as a compile-time constant, so row loops have
// no switch.
template <class Body>
void with_numeric_op(ArithmeticOp op, const Body& body) {
  switch (op) {
    case ArithmeticOp::kAdd: body(std::integral_constant<ArithmeticOp, ArithmeticOp::kAdd>{}); break;
    case ArithmeticOp::kSubtract: body(std::integral_constant<ArithmeticOp, ArithmeticOp::kSubtract>{}); break;
    case ArithmeticOp::kMultiply: body(std::integral_constant<ArithmeticOp, ArithmeticOp::kMultiply>{}); break;
    case ArithmeticOp::kDivide: body(std::integral_constant<ArithmeticOp, ArithmeticOp::kDivide>{}); break;
    case ArithmeticOp::kModulo: body(std::integral_constant<ArithmeticOp, ArithmeticOp::kModulo>{}); break;
  }
}

// numeric +/- a constant: rows at the constant's aligned scale add at one
// scale (the result scale is the larger one either way); other rows use the
// constant as written, so result scales stay PostgreSQL's.
template <ArithmeticOp kOp>
void numeric_with_constant(const Operand& a, const Operand& b, Vector& out) {
  bool constant_left = a.is_scalar();
  const Operand& constant = constant_left ? a : b;
  const value::Decimal* values = (constant_left ? b : a).vector().decimals.data();
  const value::Decimal written = constant.constant().decimal_value, aligned = constant.aligned_decimal();
  const std::uint8_t* nulls = out.nulls.data();
  value::Decimal* results = out.decimals.data();
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (nulls[i]) continue;
    const value::Decimal& c = values[i].scale == aligned.scale ? aligned : written;
    results[i] = constant_left ? numeric_apply<kOp>(c, values[i]) : numeric_apply<kOp>(values[i], c);
  }
}

// Nulls of a binary operation: NULL if either input is.
template <class T>
void merge_operand_nulls(Vector& out, const Operand& a, const Operand& b) {
  with_values<T>(a, b, [&](const auto& x, const auto& y) {
    for (std::size_t i = 0; i < out.size(); ++i) out.nulls[i] = x.null(i) | y.null(i);
  });
}

// Date, timestamp and interval arithmetic (and date - date) over vectors.
Vector arithmetic_other(const BoundExpression& expr, const Vector& a, const Vector& b, Vector out) {
  std::size_t count = out.size();
  for (std::size_t i = 0; i < count; ++i) out.nulls[i] = a.nulls[i] | b.nulls[i];
  TypeId left = a.type.id, right = b.type.id;
  ArithmeticOp op = expr.arithmetic;
  switch (expr.type.id) {
    case TypeId::kInteger:  // date - date
      for (std::size_t i = 0; i < count; ++i) {
        if (!out.nulls[i]) out.ints[i] = value::date_diff_days(value::Date{static_cast<std::int32_t>(a.ints[i])}, value::Date{static_cast<std::int32_t>(b.ints[i])});
      }
      return out;
    case TypeId::kDate:  // date +/- integer, integer + date
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        bool date_left = left == TypeId::kDate;
        value::Date date{static_cast<std::int32_t>(date_left ? a.ints[i] : b.ints[i])};
        std::int64_t days = date_left ? b.ints[i] : a.ints[i];
        out.ints[i] = (op == ArithmeticOp::kAdd ? value::date_add_days(date, days)
                                                : value::date_sub_days(date, days)).days;
      }
      return out;
    case TypeId::kTimestamp:  // timestamp +/- interval, interval + timestamp, date + time, time + date
      if (left == TypeId::kTime || right == TypeId::kTime) {
        for (std::size_t i = 0; i < count; ++i) {
          if (out.nulls[i]) continue;
          const bool date_left = left == TypeId::kDate;
          const value::Date date{static_cast<std::int32_t>(date_left ? a.ints[i] : b.ints[i])};
          out.ints[i] = value::date_add_time(date, value::TimeOfDay{date_left ? b.ints[i] : a.ints[i]}).micros;
        }
        return out;
      }
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        bool timestamp_left = left == TypeId::kTimestamp;
        value::Timestamp stamp{timestamp_left ? a.ints[i] : b.ints[i]};
        const value::Interval& span = timestamp_left ? b.intervals[i] : a.intervals[i];
        out.ints[i] = (op == ArithmeticOp::kAdd ? value::timestamp_add_interval(stamp, span)
                                                : value::timestamp_sub_interval(stamp, span)).micros;
      }
      return out;
    case TypeId::kTimestampTz: {  // timestamptz +/- interval, interval + timestamptz, date + timetz
      if (left == TypeId::kTimeTz || right == TypeId::kTimeTz) {
        for (std::size_t i = 0; i < count; ++i) {
          if (out.nulls[i]) continue;
          const bool date_left = left == TypeId::kDate;
          const value::Date date{static_cast<std::int32_t>(date_left ? a.ints[i] : b.ints[i])};
          out.ints[i] = value::date_add_timetz(date, value::unpack_timetz(date_left ? b.ints[i] : a.ints[i])).micros;
        }
        return out;
      }
      const value::TimeZone& zone = value::session_time_zone();
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        bool timestamp_left = left == TypeId::kTimestampTz;
        value::TimestampTz stamp{timestamp_left ? a.ints[i] : b.ints[i]};
        const value::Interval& span = timestamp_left ? b.intervals[i] : a.intervals[i];
        out.ints[i] = (op == ArithmeticOp::kAdd ? value::timestamptz_add_interval(stamp, span, zone)
                                                : value::timestamptz_sub_interval(stamp, span, zone)).micros;
      }
      return out;
    }
    case TypeId::kTime:  // time +/- interval, interval + time
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        const bool time_left = left == TypeId::kTime;
        const value::TimeOfDay time{time_left ? a.ints[i] : b.ints[i]};
        const value::Interval& span = time_left ? b.intervals[i] : a.intervals[i];
        out.ints[i] = (op == ArithmeticOp::kAdd ? value::time_add_interval(time, span)
                                                : value::time_sub_interval(time, span)).micros;
      }
      return out;
    case TypeId::kTimeTz:  // timetz +/- interval, interval + timetz
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        const bool time_left = left == TypeId::kTimeTz;
        const value::TimeWithZone time = value::unpack_timetz(time_left ? a.ints[i] : b.ints[i]);
        const value::Interval& span = time_left ? b.intervals[i] : a.intervals[i];
        out.ints[i] = value::pack_timetz(op == ArithmeticOp::kAdd ? value::timetz_add_interval(time, span)
                                                                  : value::timetz_sub_interval(time, span));
      }
      return out;
    case TypeId::kInterval:
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        if (left == TypeId::kTime) {
          out.intervals[i] = value::time_diff(value::TimeOfDay{a.ints[i]}, value::TimeOfDay{b.ints[i]});
        } else if (left == TypeId::kTimestamp || left == TypeId::kTimestampTz) {
          out.intervals[i] = value::timestamp_diff(value::Timestamp{a.ints[i]}, value::Timestamp{b.ints[i]});
        } else if (left == TypeId::kInterval && right == TypeId::kInterval) {
          out.intervals[i] = op == ArithmeticOp::kAdd ? value::interval_add(a.intervals[i], b.intervals[i])
                                                      : value::interval_sub(a.intervals[i], b.intervals[i]);
        } else if (left == TypeId::kInterval) {
          out.intervals[i] = op == ArithmeticOp::kMultiply ? value::interval_mul(a.intervals[i], b.doubles[i])
                                                           : value::interval_div(a.intervals[i], b.doubles[i]);
        } else {
          out.intervals[i] = value::interval_mul(b.intervals[i], a.doubles[i]);
        }
      }
      return out;
    default:
      throw SqlError(sqlstate::kInternalError, "unexpected arithmetic result type");
  }
}

void arithmetic(const BoundExpression& expr, Operand& a, Operand& b, std::size_t count, Vector& out) {
  if (expr.type.id == TypeId::kNumeric && numeric_units_arithmetic(expr.arithmetic, expr.type, a, b, count, out)) return;
  reset_result(out, expr.type, count);
  TypeId left = a.type().id;
  ArithmeticOp op = expr.arithmetic;
  switch (expr.type.id) {
    case TypeId::kSmallint:
    case TypeId::kBigint:
    case TypeId::kInteger:
      if (left == TypeId::kDate) break;  // date - date, below
      merge_operand_nulls<std::int64_t>(out, a, b);
      with_values<std::int64_t>(a, b, [&](const auto& x, const auto& y) {
        if (expr.type.id == TypeId::kSmallint) {
          integer_kernel<std::int16_t>(op, x, y, out);
        } else if (expr.type.id == TypeId::kInteger) {
          integer_kernel<std::int32_t>(op, x, y, out);
        } else {
          integer_kernel<std::int64_t>(op, x, y, out);
        }
      });
      return;
    case TypeId::kReal:
    case TypeId::kDouble:
      merge_operand_nulls<double>(out, a, b);
      with_values<double>(a, b, [&](const auto& x, const auto& y) {
        for (std::size_t i = 0; i < count; ++i) {
          if (out.nulls[i]) continue;
          double r = op == ArithmeticOp::kAdd        ? value::float_add(x(i), y(i))
                     : op == ArithmeticOp::kSubtract ? value::float_sub(x(i), y(i))
                     : op == ArithmeticOp::kMultiply ? value::float_mul(x(i), y(i))
                                                     : value::float_div(x(i), y(i));
          out.doubles[i] = expr.type.id == TypeId::kReal ? value::double_to_float(r) : r;
        }
      });
      return;
    case TypeId::kNumeric:
      merge_operand_nulls<value::Decimal>(out, a, b);
      if ((op == ArithmeticOp::kAdd || op == ArithmeticOp::kSubtract) && a.is_scalar() != b.is_scalar() &&
          !(a.is_scalar() ? b : a).vector().holds_units()) {
        (a.is_scalar() ? a : b).align_scale_to(a.is_scalar() ? b : a);
        if (op == ArithmeticOp::kAdd) {
          numeric_with_constant<ArithmeticOp::kAdd>(a, b, out);
        } else {
          numeric_with_constant<ArithmeticOp::kSubtract>(a, b, out);
        }
        return;
      }
      with_numeric_op(op, [&](auto kind) {
        with_values<value::Decimal>(a, b, [&](const auto& x, const auto& y) {
          const std::uint8_t* nulls = out.nulls.data();
          value::Decimal* results = out.decimals.data();
          for (std::size_t i = 0; i < count; ++i) {
            if (!nulls[i]) results[i] = numeric_apply<decltype(kind)::value>(x(i), y(i));
          }
        });
      });
      return;
    default:
      break;
  }
  out = arithmetic_other(expr, a.materialize(count), b.materialize(count), std::move(out));
}

void comparison(const BoundExpression& expr, Operand& a, Operand& b, std::size_t count, Vector& out) {
  reset_result(out, expr.type, count);
  if (a.is_scalar() != b.is_scalar()) (a.is_scalar() ? a : b).align_scale_to(a.is_scalar() ? b : a);
  std::uint8_t* nulls = out.nulls.data();
  std::int64_t* values = out.ints.data();
  compare_operands(expr.comparison, a, b, nullptr, count, [&](std::size_t i, Truth truth) {
    nulls[i] = truth == kUnknown;
    values[i] = truth == kTrue;
  });
}

// CASE and COALESCE evaluate each branch only on the rows that reach it, so a
// branch's errors (1/x where x = 0) only count where PostgreSQL would see them.
Vector evaluate_case(const BoundExpression& expr, const Chunk& input) {
  Vector out = result_like(expr.type, input.size);
  std::fill(out.nulls.begin(), out.nulls.end(), 1);
  std::vector<std::uint32_t> remaining(input.size);
  for (std::uint32_t i = 0; i < input.size; ++i) remaining[i] = i;
  std::size_t pairs = (expr.args.size() - 1) / 2;
  for (std::size_t w = 0; w < pairs && !remaining.empty(); ++w) {
    Vector condition = evaluate(expr.args[2 * w], rows_for(expr.args[2 * w], input, remaining));
    std::vector<std::uint32_t> chosen, rest;
    for (std::size_t i = 0; i < remaining.size(); ++i) {
      (condition.nulls[i] == 0 && condition.ints[i] != 0 ? chosen : rest).push_back(remaining[i]);
    }
    if (!chosen.empty()) scatter(out, chosen, evaluate(expr.args[2 * w + 1], rows_for(expr.args[2 * w + 1], input, chosen)));
    remaining = std::move(rest);
  }
  if (!remaining.empty()) scatter(out, remaining, evaluate(expr.args.back(), rows_for(expr.args.back(), input, remaining)));
  return out;
}

}  // namespace

void append_text(std::string& out, const Vector& vector, std::size_t i) {
  switch (vector.type.id) {
    case TypeId::kBoolean:
      out += value::format_bool(vector.ints[i] != 0);
      break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint:
      value::append_int(out, vector.ints[i]);
      break;
    case TypeId::kReal:
      value::append_float4(out, static_cast<float>(vector.doubles[i]));
      break;
    case TypeId::kDouble:
      value::append_float8(out, vector.doubles[i]);
      break;
    case TypeId::kNumeric:
      value::append_decimal(out, vector.decimal(i));
      break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText:
    case TypeId::kName:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
      out += vector.texts[i];
      break;
    case TypeId::kDate:
      value::append_date(out, value::Date{static_cast<std::int32_t>(vector.ints[i])});
      break;
    case TypeId::kTimestamp:
      value::append_timestamp(out, value::Timestamp{vector.ints[i]});
      break;
    case TypeId::kTimestampTz:
      value::append_timestamptz(out, value::TimestampTz{vector.ints[i]}, value::session_time_zone());
      break;
    case TypeId::kTime:
      value::append_time(out, value::TimeOfDay{vector.ints[i]});
      break;
    case TypeId::kTimeTz:
      value::append_timetz(out, value::unpack_timetz(vector.ints[i]));
      break;
    case TypeId::kInterval:
      value::append_interval(out, vector.intervals[i]);
      break;
    case TypeId::kUuid:
      value::append_uuid(out, vector.texts[i]);
      break;
    case TypeId::kBytea:
      value::append_bytea(out, vector.texts[i], value::session_bytea_output());
      break;
    case TypeId::kEnum:
      out += value::enum_value_label(vector.texts[i]);
      break;
  }
}

planner::Constant constant_of(const Vector& vector, std::size_t i) {
  planner::Constant constant;
  constant.is_null = vector.nulls[i] != 0;
  if (constant.is_null) return constant;
  switch (vector.physical()) {
    case Physical::kInt: constant.int_value = vector.ints[i]; break;
    case Physical::kDouble: constant.double_value = vector.doubles[i]; break;
    case Physical::kDecimal: constant.decimal_value = vector.decimal(i); break;
    case Physical::kText: constant.text_value = std::string(vector.texts[i]); break;
    case Physical::kInterval: constant.interval_value = vector.intervals[i]; break;
  }
  return constant;
}

Vector constant_vector(const planner::Constant& constant, SqlType type) {
  Vector out(type);
  out.resize(1);
  out.nulls[0] = constant.is_null;
  if (constant.is_null) return out;
  switch (out.physical()) {
    case Physical::kInt: out.ints[0] = constant.int_value; break;
    case Physical::kDouble: out.doubles[0] = constant.double_value; break;
    case Physical::kDecimal: out.decimals[0] = constant.decimal_value; break;
    case Physical::kInterval: out.intervals[0] = constant.interval_value; break;
    case Physical::kText: {
      auto storage = new_text_storage(out);
      storage->strings.push_back(constant.text_value);
      out.texts[0] = storage->strings.back();
      break;
    }
  }
  return out;
}

namespace {

Vector cast_vector_to_type(const Vector& input, SqlType target, bool explicit_cast);

// timestamp(p) and timestamptz(p): microseconds rounded to p digits, halves
// away from zero, as PostgreSQL's AdjustTimestampForTypmod.
void round_to_timestamp_precision(Vector& out, int precision) {
  std::int64_t scale = 1;
  for (int digit = precision; digit < value::kMaxTimestampPrecision; ++digit) scale *= 10;
  if (scale == 1) return;
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::int64_t& micros = out.ints[i];
    if (out.nulls[i] || micros == value::Timestamp::infinity().micros ||
        micros == value::Timestamp::minus_infinity().micros) {
      continue;
    }
    micros = micros >= 0 ? (micros + scale / 2) / scale * scale : -((-micros + scale / 2) / scale * scale);
  }
}

}  // namespace

Vector cast_vector(const Vector& input, SqlType target, bool explicit_cast) {
  Vector out = cast_vector_to_type(input, target, explicit_cast);
  if (target.id == TypeId::kTimeTz && target.has_typmod()) {
    for (std::size_t i = 0; i < out.size(); ++i) {
      if (out.nulls[i]) continue;
      out.ints[i] = value::pack_timetz(
          value::round_timetz(value::unpack_timetz(out.ints[i]), target.timestamp_precision()));
    }
    return out;
  }
  if ((target.id == TypeId::kTimestamp || target.id == TypeId::kTimestampTz || target.id == TypeId::kTime) &&
      target.has_typmod()) {
    round_to_timestamp_precision(out, target.timestamp_precision());
  }
  return out;
}

namespace {

// Casts to json and jsonb (input functions, json <-> jsonb) and from jsonb to
// numbers and booleans; nullopt for casts that are text output (json/jsonb to text).
std::optional<Vector> cast_json(const Vector& input, SqlType target) {
  TypeId from = input.type.id, to = target.id;
  std::size_t count = input.size();
  Vector out = result_like(target, count);
  out.nulls = input.nulls;
  if (to == TypeId::kJson && (value::is_character_type(from) || value::is_json_type(from))) {
    // json keeps the text verbatim (from jsonb: its normalized text).
    if (value::is_character_type(from)) {
      for (std::size_t i = 0; i < count; ++i) {
        if (!out.nulls[i]) value::check_json_text(input.texts[i]);
      }
    }
    out.texts = input.texts;
    out.text_owners = input.text_owners;
    return out;
  }
  if (to == TypeId::kJsonb && (value::is_character_type(from) || from == TypeId::kJson)) {
    auto storage = new_text_storage(out);
    for (std::size_t i = 0; i < count; ++i) {
      if (out.nulls[i]) continue;
      storage->strings.push_back(value::jsonb_from_text(input.texts[i]));
      out.texts[i] = storage->strings.back();
    }
    return out;
  }
  if (from == TypeId::kJsonb && !value::is_character_type(to) && !value::is_json_type(to)) {
    for (std::size_t i = 0; i < count; ++i) {
      if (out.nulls[i]) continue;
      value::JsonValue scalar = value::jsonb_scalar_for_cast(input.texts[i], target);
      switch (out.physical()) {
        case Physical::kInt:
          out.ints[i] = to == TypeId::kBoolean ? scalar.boolean
                                                : value::jsonb_number_to_int(scalar.text, to);
          break;
        case Physical::kDouble: out.doubles[i] = value::jsonb_number_to_double(scalar.text, to); break;
        case Physical::kDecimal: {
          value::Decimal parsed = value::parse_decimal(scalar.text);
          out.decimals[i] = target.has_typmod()
                                ? value::decimal_apply_typmod(parsed, target.numeric_precision(), target.numeric_scale())
                                : parsed;
          break;
        }
        default: break;
      }
    }
    return out;
  }
  if (value::is_json_type(to)) {
    throw SqlError("42846", "cannot cast type " + value::format_type(input.type) + " to " + value::format_type(target));
  }
  return std::nullopt;
}

Vector cast_vector_to_type(const Vector& input, SqlType target, bool explicit_cast) {
  std::size_t count = input.size();
  TypeId from = input.type.id, to = target.id;
  Vector out = result_like(target, count);
  out.nulls = input.nulls;
  auto each = [&](auto body) {
    for (std::size_t i = 0; i < count; ++i) {
      if (!out.nulls[i]) body(i);
    }
  };
  auto int_range_check = [&](std::int64_t v) -> std::int64_t {
    if (to == TypeId::kSmallint) return value::int_cast<std::int16_t>(v);
    if (to == TypeId::kInteger) return value::int_cast<std::int32_t>(v);
    return v;
  };
  if (from == TypeId::kArray || to == TypeId::kArray) return cast_array(input, target, explicit_cast);
  const value::TimeZone& zone = value::session_time_zone();
  if (value::is_json_type(to) || value::is_json_type(from)) {
    if (auto json = cast_json(input, target)) return std::move(*json);
  }
  // Text to anything: the type's input function.
  if (value::is_character_type(from) && !value::is_character_type(to)) {
    // uuid and bytea values are new strings; other types are fixed-width.
    auto parsed = to == TypeId::kUuid || to == TypeId::kBytea || to == TypeId::kEnum ? new_text_storage(out) : nullptr;
    std::shared_ptr<const value::EnumType> enum_type;
    if (to == TypeId::kEnum) {
      enum_type = value::registered_enum_type(target.enum_oid);
      if (enum_type == nullptr) throw SqlError("42704", "type with OID " + std::to_string(target.enum_oid) + " does not exist");
    }
    each([&](std::size_t i) {
      std::string_view text = input.texts[i];
      switch (to) {
        case TypeId::kBoolean: out.ints[i] = value::parse_bool(text); break;
        case TypeId::kSmallint: out.ints[i] = value::parse_int16(text); break;
        case TypeId::kInteger: out.ints[i] = value::parse_int32(text); break;
        case TypeId::kBigint: out.ints[i] = value::parse_int64(text); break;
        case TypeId::kReal: out.doubles[i] = value::parse_float4(text); break;
        case TypeId::kDouble: out.doubles[i] = value::parse_float8(text); break;
        case TypeId::kNumeric: {
          value::Decimal parsed = value::parse_decimal(text);
          out.decimals[i] = target.has_typmod() ? value::decimal_apply_typmod(parsed, target.numeric_precision(), target.numeric_scale()) : parsed;
          break;
        }
        case TypeId::kDate: out.ints[i] = value::parse_date(text).days; break;
        case TypeId::kTimestamp: out.ints[i] = value::parse_timestamp(text).micros; break;
        case TypeId::kTimestampTz: out.ints[i] = value::parse_timestamptz(text, zone).micros; break;
        case TypeId::kTime: out.ints[i] = value::parse_time(text).micros; break;
        case TypeId::kTimeTz: out.ints[i] = value::pack_timetz(value::parse_timetz(text, zone)); break;
        case TypeId::kInterval: out.intervals[i] = value::parse_interval(text); break;
        case TypeId::kUuid:
        case TypeId::kBytea:
          parsed->strings.push_back(to == TypeId::kUuid ? value::parse_uuid(text) : value::parse_bytea(text));
          out.texts[i] = parsed->strings.back();
          break;
        case TypeId::kEnum:
          parsed->strings.push_back(enum_type->input(text));
          out.texts[i] = parsed->strings.back();
          break;
        default: break;
      }
    });
    return out;
  }
  // Anything to text: the type's output function, then length rules.
  if (value::is_character_type(to)) {
    bool keep_views = value::is_character_type(from);
    if (keep_views) out.text_owners = input.text_owners;
    auto storage = new_text_storage(out);
    each([&](std::size_t i) {
      std::string text;
      if (keep_views) {
        std::string_view source = input.texts[i];
        if (from == TypeId::kChar && to != TypeId::kChar) source = value::bpchar_significant(source);
        if (to == TypeId::kVarchar && target.has_typmod()) {
          out.texts[i] = value::coerce_to_varchar(source, target.char_length(), explicit_cast);
          return;
        }
        if (to == TypeId::kName) {  // a prefix of the same bytes
          out.texts[i] = value::clip_to_name(source);
          return;
        }
        if (to != TypeId::kChar) {
          out.texts[i] = source;
          return;
        }
        text = std::string(source);
      } else {
        append_text(text, input, i);
      }
      if (to == TypeId::kChar && target.has_typmod()) {
        text = value::coerce_to_char(text, target.char_length(), explicit_cast);
      }
      if (to == TypeId::kVarchar && target.has_typmod()) {
        text = std::string(value::coerce_to_varchar(text, target.char_length(), explicit_cast));
      }
      if (to == TypeId::kName) text.resize(value::clip_to_name(text).size());
      storage->strings.push_back(std::move(text));
      out.texts[i] = storage->strings.back();
    });
    return out;
  }
  switch (to) {
    case TypeId::kBoolean:
      each([&](std::size_t i) { out.ints[i] = input.ints[i] != 0; });
      return out;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint:
      if (from == TypeId::kNumeric) {
        // Each width's own conversion, for its messages ("cannot convert NaN to integer").
        each([&](std::size_t i) {
          const value::Decimal number = input.decimal(i);
          out.ints[i] = to == TypeId::kSmallint ? value::decimal_to_int16(number)
                        : to == TypeId::kInteger ? value::decimal_to_int32(number)
                                                 : value::decimal_to_int64(number);
        });
      } else if (value::is_float_type(from)) {
        each([&](std::size_t i) {
          out.ints[i] = int_range_check(value::float_to_int<std::int64_t>(input.doubles[i]));
        });
      } else {
        each([&](std::size_t i) { out.ints[i] = int_range_check(input.ints[i]); });
      }
      return out;
    case TypeId::kReal:
    case TypeId::kDouble:
      each([&](std::size_t i) {
        double v = from == TypeId::kNumeric ? value::decimal_to_double(input.decimal(i))
                   : value::is_float_type(from) ? input.doubles[i]
                                                : static_cast<double>(input.ints[i]);
        out.doubles[i] = to == TypeId::kReal ? value::double_to_float(v) : v;
      });
      return out;
    case TypeId::kNumeric:
      each([&](std::size_t i) {
        // float4_numeric keeps real's 6 significant digits, float8_numeric 15.
        value::Decimal v = from == TypeId::kNumeric ? input.decimal(i)
                           : from == TypeId::kReal  ? value::decimal_from_float(static_cast<float>(input.doubles[i]))
                           : from == TypeId::kDouble ? value::decimal_from_double(input.doubles[i])
                                                     : value::decimal_from_int(input.ints[i]);
        out.decimals[i] = target.has_typmod() ? value::decimal_apply_typmod(v, target.numeric_precision(), target.numeric_scale()) : v;
      });
      return out;
    case TypeId::kTimestamp:
      each([&](std::size_t i) {
        out.ints[i] = from == TypeId::kDate ? value::date_to_timestamp(value::Date{static_cast<std::int32_t>(input.ints[i])}).micros
                      : from == TypeId::kTimestampTz
                          ? value::timestamptz_to_timestamp(value::TimestampTz{input.ints[i]}, zone).micros
                          : input.ints[i];
      });
      return out;
    case TypeId::kTimestampTz:
      each([&](std::size_t i) {
        out.ints[i] =
            from == TypeId::kDate
                ? value::date_to_timestamptz(value::Date{static_cast<std::int32_t>(input.ints[i])}, zone).micros
            : from == TypeId::kTimestamp ? value::timestamp_to_timestamptz(value::Timestamp{input.ints[i]}, zone).micros
                                         : input.ints[i];
      });
      return out;
    case TypeId::kDate:
      each([&](std::size_t i) {
        out.ints[i] = from == TypeId::kTimestamp ? value::timestamp_to_date(value::Timestamp{input.ints[i]}).days
                      : from == TypeId::kTimestampTz
                          ? value::timestamptz_to_date(value::TimestampTz{input.ints[i]}, zone).days
                          : input.ints[i];
      });
      return out;
    case TypeId::kInterval:
      if (from == TypeId::kTime) {
        each([&](std::size_t i) { out.intervals[i] = value::time_to_interval(value::TimeOfDay{input.ints[i]}); });
        return out;
      }
      out.intervals = input.intervals;
      return out;
    case TypeId::kTime:
      each([&](std::size_t i) {
        std::optional<value::TimeOfDay> time;
        if (from == TypeId::kInterval) {
          time = value::interval_to_time(input.intervals[i]);
        } else if (from == TypeId::kTimestamp) {
          time = value::timestamp_to_time(value::Timestamp{input.ints[i]});
        } else if (from == TypeId::kTimestampTz) {
          time = value::timestamptz_to_time(value::TimestampTz{input.ints[i]}, zone);
        } else if (from == TypeId::kTimeTz) {
          time = value::TimeOfDay{value::unpack_timetz(input.ints[i]).time};
        } else {
          time = value::TimeOfDay{input.ints[i]};
        }
        if (time) {
          out.ints[i] = time->micros;
        } else {
          out.nulls[i] = true;  // an infinite timestamp has no time of day
        }
      });
      return out;
    case TypeId::kTimeTz:
      each([&](std::size_t i) {
        std::optional<value::TimeWithZone> time;
        if (from == TypeId::kTime) {
          time = value::time_to_timetz(value::TimeOfDay{input.ints[i]}, zone);
        } else if (from == TypeId::kTimestampTz) {
          time = value::timestamptz_to_timetz(value::TimestampTz{input.ints[i]}, zone);
        } else {
          time = value::unpack_timetz(input.ints[i]);
        }
        if (time) {
          out.ints[i] = value::pack_timetz(*time);
        } else {
          out.nulls[i] = true;  // an infinite timestamptz has no time of day
        }
      });
      return out;
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kEnum:
      if (input.type.oid() != target.oid()) break;
      out.texts = input.texts;
      out.text_owners = input.text_owners;
      return out;
    default:
      break;
  }
  throw SqlError("42846", "cannot cast type " + value::format_type(input.type) + " to " + value::format_type(target));
}

}  // namespace

void evaluate_into(const BoundExpression& expr, const Chunk& input, Vector& out) {
  check_stack_depth();
  switch (expr.kind) {
    case ExprKind::kArithmetic: {
      Operand a(expr.args[0], input), b(expr.args[1], input);
      arithmetic(expr, a, b, input.size, out);
      return;
    }
    case ExprKind::kComparison: {
      Operand a(expr.args[0], input), b(expr.args[1], input);
      comparison(expr, a, b, input.size, out);
      return;
    }
    default:
      out = evaluate(expr, input);
      return;
  }
}

Vector evaluate(const BoundExpression& expr, const Chunk& input) {
  check_stack_depth();
  switch (expr.kind) {
    case ExprKind::kColumn:
      return input.columns[expr.column];
    case ExprKind::kConstant:
      return Vector::broadcast(constant_vector(expr.constant, expr.type), input.size);
    case ExprKind::kCast: {
      Operand a(expr.args[0], input);
      return cast_vector(a.materialize(input.size), expr.type, expr.explicit_cast);
    }
    case ExprKind::kArithmetic:
    case ExprKind::kComparison: {
      Vector out;
      evaluate_into(expr, input, out);
      return out;
    }
    case ExprKind::kConcat: {
      Operand left(expr.args[0], input), right(expr.args[1], input);
      const Vector &a = left.materialize(input.size), &b = right.materialize(input.size);
      Vector out = result_like(expr.type, input.size);
      merge_nulls(out, a, b);
      auto storage = new_text_storage(out);
      for (std::size_t i = 0; i < input.size; ++i) {
        if (out.nulls[i]) continue;
        storage->strings.push_back(std::string(a.texts[i]) + std::string(b.texts[i]));
        out.texts[i] = storage->strings.back();
      }
      return out;
    }
    case ExprKind::kNegate: {
      Operand operand(expr.args[0], input);
      const Vector& a = operand.materialize(input.size);
      Vector out = result_like(expr.type, input.size);
      out.nulls = a.nulls;
      for (std::size_t i = 0; i < input.size; ++i) {
        if (out.nulls[i]) continue;
        switch (expr.type.id) {
          case TypeId::kSmallint: out.ints[i] = value::int_negate(static_cast<std::int16_t>(a.ints[i])); break;
          case TypeId::kInteger: out.ints[i] = value::int_negate(static_cast<std::int32_t>(a.ints[i])); break;
          case TypeId::kBigint: out.ints[i] = value::int_negate(a.ints[i]); break;
          case TypeId::kReal:
          case TypeId::kDouble: out.doubles[i] = -a.doubles[i]; break;
          case TypeId::kNumeric: out.decimals[i] = value::decimal_negate(a.decimal(i)); break;
          case TypeId::kInterval: out.intervals[i] = value::interval_negate(a.intervals[i]); break;
          default: break;
        }
      }
      return out;
    }
    case ExprKind::kAnd:
    case ExprKind::kOr:
    case ExprKind::kNot:
      // Each operand only on the rows it can still decide, as PostgreSQL.
      return evaluate_truth(expr, input);
    case ExprKind::kIsNull:
    case ExprKind::kIsNotNull: {
      Operand operand(expr.args[0], input);
      const Vector& a = operand.materialize(input.size);
      Vector out = result_like(expr.type, input.size);
      for (std::size_t i = 0; i < input.size; ++i) {
        out.ints[i] = (a.nulls[i] != 0) == (expr.kind == ExprKind::kIsNull);
      }
      return out;
    }
    case ExprKind::kCase:
      return evaluate_case(expr, input);
    case ExprKind::kFunction:
      return evaluate_function(expr, input);
    case ExprKind::kLike: {
      Operand text_operand(expr.args[0], input), pattern_operand(expr.args[1], input);
      if (pattern_operand.is_scalar() && !pattern_operand.scalar_is_null()) {
        if (auto compiled = LikePattern::compile(pattern_operand.constant().text_value, expr.case_insensitive)) {
          const Vector& text = text_operand.materialize(input.size);
          Vector out = result_like(expr.type, input.size);
          for (std::size_t i = 0; i < input.size; ++i) {
            out.nulls[i] = text.nulls[i];
            if (!out.nulls[i]) out.ints[i] = compiled->matches(text.texts[i]) != expr.negated;
          }
          return out;
        }
      }
      const Vector &text = text_operand.materialize(input.size), &pattern = pattern_operand.materialize(input.size);
      Vector out = result_like(expr.type, input.size);
      merge_nulls(out, text, pattern);
      for (std::size_t i = 0; i < input.size; ++i) {
        if (!out.nulls[i]) out.ints[i] = like_match(text.texts[i], pattern.texts[i], expr.case_insensitive) != expr.negated;
      }
      return out;
    }
    case ExprKind::kAggregate:
    case ExprKind::kOuterColumn:
    case ExprKind::kSubquery:
    case ExprKind::kWindow:
    case ExprKind::kGrouping:
      break;  // the planner and executor replace these before evaluation
  }
  throw SqlError(sqlstate::kInternalError, "unexpected expression kind in evaluation");
}

namespace {

// One constant subtree evaluated into a constant (out of line: the recursion
// below keeps a small frame per level).
[[gnu::noinline]] BoundExpression folded_constant(const BoundExpression& expr) {
  Chunk one_row;
  one_row.size = 1;
  Vector value = evaluate(expr, one_row);
  BoundExpression folded;
  folded.kind = ExprKind::kConstant;
  folded.type = expr.type;
  folded.constant.is_null = value.nulls[0] != 0;
  if (!folded.constant.is_null) {
    switch (value.physical()) {
      case Physical::kInt: folded.constant.int_value = value.ints[0]; break;
      case Physical::kDouble: folded.constant.double_value = value.doubles[0]; break;
      case Physical::kDecimal: folded.constant.decimal_value = value.decimal(0); break;
      case Physical::kText: folded.constant.text_value = std::string(value.texts[0]); break;
      case Physical::kInterval: folded.constant.interval_value = value.intervals[0]; break;
    }
  }
  return folded;
}

void fold_in_place(BoundExpression& expr) {
  check_stack_depth();
  // Inputs first: a constant subtree below has become one kConstant node, so
  // this node is constant when all its inputs are (linear, however deep).
  bool constant_inputs = true;
  for (auto& arg : expr.args) {
    fold_in_place(arg);
    constant_inputs = constant_inputs && arg.kind == ExprKind::kConstant;
  }
  const bool is_volatile = expr.kind == ExprKind::kFunction && planner::is_volatile_function(expr.function);
  if (!constant_inputs || is_volatile || expr.kind == ExprKind::kConstant || expr.kind == ExprKind::kColumn ||
      expr.kind == ExprKind::kAggregate || expr.kind == ExprKind::kOuterColumn || expr.kind == ExprKind::kSubquery ||
      expr.kind == ExprKind::kWindow) {
    if (!expr.in_list && is_hashed_membership(expr)) {
      bool items_constant = true;
      for (std::size_t i = 1; i < expr.args.size(); ++i) items_constant = items_constant && expr.args[i].is_constant_tree();
      if (items_constant) expr.in_list = build_in_list_set(expr);
    }
    return;
  }
  expr = folded_constant(expr);
}

}  // namespace

BoundExpression fold_constants(BoundExpression expr) {
  fold_in_place(expr);
  return expr;
}

}  // namespace ptreedb::exec
