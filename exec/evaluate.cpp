#include "exec/evaluate.h"

#include <cmath>

#include "exec/functions/function_kernel.h"
#include "exec/functions/in_list.h"
#include "exec/like_match.h"
#include "exec/vector_parts.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/value/date_time_fields.h"
#include "storage/value/character.h"
#include "storage/value/date_time.h"
#include "storage/value/float_arith.h"
#include "storage/value/integer_arith.h"
#include "storage/value/text_format.h"

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

template <value::SqlInteger Int>
void integer_kernel(ArithmeticOp op, const Vector& a, const Vector& b, Vector& out) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!out.nulls[i]) out.ints[i] = integer_op<Int>(op, a.ints[i], b.ints[i]);
  }
}

Vector arithmetic(const BoundExpression& expr, const Vector& a, const Vector& b) {
  std::size_t count = a.size();
  Vector out = result_like(expr.type, count);
  merge_nulls(out, a, b);
  TypeId left = a.type.id, right = b.type.id;
  ArithmeticOp op = expr.arithmetic;
  switch (expr.type.id) {
    case TypeId::kSmallint:
      integer_kernel<std::int16_t>(op, a, b, out);
      return out;
    case TypeId::kInteger:
      if (left == TypeId::kDate) {  // date - date
        for (std::size_t i = 0; i < count; ++i) {
          if (!out.nulls[i]) out.ints[i] = value::date_diff_days(value::Date{static_cast<std::int32_t>(a.ints[i])}, value::Date{static_cast<std::int32_t>(b.ints[i])});
        }
        return out;
      }
      integer_kernel<std::int32_t>(op, a, b, out);
      return out;
    case TypeId::kBigint:
      integer_kernel<std::int64_t>(op, a, b, out);
      return out;
    case TypeId::kReal:
    case TypeId::kDouble:
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        double x = a.doubles[i], y = b.doubles[i];
        double r = op == ArithmeticOp::kAdd        ? value::float_add(x, y)
                   : op == ArithmeticOp::kSubtract ? value::float_sub(x, y)
                   : op == ArithmeticOp::kMultiply ? value::float_mul(x, y)
                                                   : value::float_div(x, y);
        out.doubles[i] = expr.type.id == TypeId::kReal ? value::double_to_float(r) : r;
      }
      return out;
    case TypeId::kNumeric:
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        const value::Decimal &x = a.decimals[i], &y = b.decimals[i];
        out.decimals[i] = op == ArithmeticOp::kAdd        ? value::decimal_add(x, y)
                          : op == ArithmeticOp::kSubtract ? value::decimal_sub(x, y)
                          : op == ArithmeticOp::kMultiply ? value::decimal_mul(x, y)
                          : op == ArithmeticOp::kDivide   ? value::decimal_div(x, y)
                                                          : value::decimal_mod(x, y);
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
    case TypeId::kTimestamp:  // timestamp +/- interval, interval + timestamp
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        bool timestamp_left = left == TypeId::kTimestamp;
        value::Timestamp stamp{timestamp_left ? a.ints[i] : b.ints[i]};
        const value::Interval& span = timestamp_left ? b.intervals[i] : a.intervals[i];
        out.ints[i] = (op == ArithmeticOp::kAdd ? value::timestamp_add_interval(stamp, span)
                                                : value::timestamp_sub_interval(stamp, span)).micros;
      }
      return out;
    case TypeId::kInterval:
      for (std::size_t i = 0; i < count; ++i) {
        if (out.nulls[i]) continue;
        if (left == TypeId::kTimestamp) {
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

template <class Compare>
void compare_kernel(ComparisonOp op, std::size_t count, Vector& out, Compare compare) {
  for (std::size_t i = 0; i < count; ++i) {
    if (out.nulls[i]) continue;
    int order = compare(i);
    bool result = false;
    switch (op) {
      case ComparisonOp::kEqual: result = order == 0; break;
      case ComparisonOp::kNotEqual: result = order != 0; break;
      case ComparisonOp::kLess: result = order < 0; break;
      case ComparisonOp::kLessEqual: result = order <= 0; break;
      case ComparisonOp::kGreater: result = order > 0; break;
      case ComparisonOp::kGreaterEqual: result = order >= 0; break;
    }
    out.ints[i] = result;
  }
}

int compare_text(std::string_view a, std::string_view b) {
  int order = a.compare(b);
  return (order > 0) - (order < 0);
}

Vector comparison(const BoundExpression& expr, const Vector& a, const Vector& b) {
  std::size_t count = a.size();
  Vector out = result_like(expr.type, count);
  merge_nulls(out, a, b);
  ComparisonOp op = expr.comparison;
  switch (a.physical()) {
    case Physical::kInt:
      compare_kernel(op, count, out, [&](std::size_t i) { return (a.ints[i] > b.ints[i]) - (a.ints[i] < b.ints[i]); });
      break;
    case Physical::kDouble:
      compare_kernel(op, count, out, [&](std::size_t i) { return value::float_compare(a.doubles[i], b.doubles[i]); });
      break;
    case Physical::kDecimal:
      compare_kernel(op, count, out, [&](std::size_t i) { return value::decimal_compare(a.decimals[i], b.decimals[i]); });
      break;
    case Physical::kText:
      if (a.type.id == TypeId::kChar) {
        compare_kernel(op, count, out, [&](std::size_t i) { return value::bpchar_compare(a.texts[i], b.texts[i]); });
      } else {
        compare_kernel(op, count, out, [&](std::size_t i) { return compare_text(a.texts[i], b.texts[i]); });
      }
      break;
    case Physical::kInterval:
      compare_kernel(op, count, out, [&](std::size_t i) { return value::interval_compare(a.intervals[i], b.intervals[i]); });
      break;
  }
  return out;
}

// AND / OR with SQL's three-valued logic.
Vector logical(ExprKind kind, const std::vector<Vector>& args, std::size_t count) {
  Vector out = result_like(SqlType::of(TypeId::kBoolean), count);
  bool is_and = kind == ExprKind::kAnd;
  for (std::size_t i = 0; i < count; ++i) {
    bool decided = false, saw_null = false;
    for (const Vector& arg : args) {
      if (arg.nulls[i]) {
        saw_null = true;
      } else if ((arg.ints[i] != 0) != is_and) {  // false for AND, true for OR decides
        decided = true;
        break;
      }
    }
    if (decided) {
      out.ints[i] = is_and ? 0 : 1;
    } else if (saw_null) {
      out.nulls[i] = 1;
    } else {
      out.ints[i] = is_and ? 1 : 0;
    }
  }
  return out;
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
    Vector condition = evaluate(expr.args[2 * w], take_rows(input, remaining));
    std::vector<std::uint32_t> chosen, rest;
    for (std::size_t i = 0; i < remaining.size(); ++i) {
      (condition.nulls[i] == 0 && condition.ints[i] != 0 ? chosen : rest).push_back(remaining[i]);
    }
    if (!chosen.empty()) scatter(out, chosen, evaluate(expr.args[2 * w + 1], take_rows(input, chosen)));
    remaining = std::move(rest);
  }
  if (!remaining.empty()) scatter(out, remaining, evaluate(expr.args.back(), take_rows(input, remaining)));
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
      value::append_decimal(out, vector.decimals[i]);
      break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kText:
      out += vector.texts[i];
      break;
    case TypeId::kDate:
      value::append_date(out, value::Date{static_cast<std::int32_t>(vector.ints[i])});
      break;
    case TypeId::kTimestamp:
      value::append_timestamp(out, value::Timestamp{vector.ints[i]});
      break;
    case TypeId::kInterval:
      value::append_interval(out, vector.intervals[i]);
      break;
  }
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

Vector cast_vector(const Vector& input, SqlType target, bool explicit_cast) {
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
  // Text to anything: the type's input function.
  if (value::is_character_type(from) && !value::is_character_type(to)) {
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
        case TypeId::kInterval: out.intervals[i] = value::parse_interval(text); break;
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
        each([&](std::size_t i) { out.ints[i] = int_range_check(value::decimal_to_int64(input.decimals[i])); });
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
        double v = from == TypeId::kNumeric ? value::decimal_to_double(input.decimals[i])
                   : value::is_float_type(from) ? input.doubles[i]
                                                : static_cast<double>(input.ints[i]);
        out.doubles[i] = to == TypeId::kReal ? value::double_to_float(v) : v;
      });
      return out;
    case TypeId::kNumeric:
      each([&](std::size_t i) {
        value::Decimal v = from == TypeId::kNumeric ? input.decimals[i]
                           : value::is_float_type(from) ? value::decimal_from_double(input.doubles[i])
                                                        : value::decimal_from_int(input.ints[i]);
        out.decimals[i] = target.has_typmod() ? value::decimal_apply_typmod(v, target.numeric_precision(), target.numeric_scale()) : v;
      });
      return out;
    case TypeId::kTimestamp:
      each([&](std::size_t i) {
        out.ints[i] = from == TypeId::kDate ? value::date_to_timestamp(value::Date{static_cast<std::int32_t>(input.ints[i])}).micros
                                            : input.ints[i];
      });
      return out;
    case TypeId::kDate:
      each([&](std::size_t i) {
        out.ints[i] = from == TypeId::kTimestamp ? value::timestamp_to_date(value::Timestamp{input.ints[i]}).days
                                                 : input.ints[i];
      });
      return out;
    case TypeId::kInterval:
      out.intervals = input.intervals;
      return out;
    default:
      throw SqlError("42846", "cannot cast type " + value::format_type(input.type) + " to " + value::format_type(target));
  }
}

Vector evaluate(const BoundExpression& expr, const Chunk& input) {
  check_stack_depth();
  switch (expr.kind) {
    case ExprKind::kColumn:
      return input.columns[expr.column];
    case ExprKind::kConstant:
      return Vector::broadcast(constant_vector(expr.constant, expr.type), input.size);
    case ExprKind::kCast:
      return cast_vector(evaluate(expr.args[0], input), expr.type, expr.explicit_cast);
    case ExprKind::kArithmetic:
      return arithmetic(expr, evaluate(expr.args[0], input), evaluate(expr.args[1], input));
    case ExprKind::kComparison:
      return comparison(expr, evaluate(expr.args[0], input), evaluate(expr.args[1], input));
    case ExprKind::kConcat: {
      Vector a = evaluate(expr.args[0], input), b = evaluate(expr.args[1], input);
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
      Vector a = evaluate(expr.args[0], input);
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
          case TypeId::kNumeric: out.decimals[i] = value::decimal_negate(a.decimals[i]); break;
          case TypeId::kInterval: out.intervals[i] = value::interval_negate(a.intervals[i]); break;
          default: break;
        }
      }
      return out;
    }
    case ExprKind::kAnd:
    case ExprKind::kOr: {
      std::vector<Vector> args;
      for (const auto& arg : expr.args) args.push_back(evaluate(arg, input));
      return logical(expr.kind, args, input.size);
    }
    case ExprKind::kNot: {
      Vector out = evaluate(expr.args[0], input);
      for (std::size_t i = 0; i < input.size; ++i) out.ints[i] = !out.ints[i];
      return out;
    }
    case ExprKind::kIsNull:
    case ExprKind::kIsNotNull: {
      Vector a = evaluate(expr.args[0], input);
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
      Vector text = evaluate(expr.args[0], input), pattern = evaluate(expr.args[1], input);
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
      case Physical::kDecimal: folded.constant.decimal_value = value.decimals[0]; break;
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
  if (!constant_inputs || expr.kind == ExprKind::kConstant || expr.kind == ExprKind::kColumn ||
      expr.kind == ExprKind::kAggregate || expr.kind == ExprKind::kOuterColumn || expr.kind == ExprKind::kSubquery) {
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
