#include "planner/catalog/check_constraint_text.h"

#include <cctype>
#include <optional>

#include "planner/catalog/catalog_objects.h"
#include "planner/check_constraint.h"
#include "planner/functions/function_binding.h"
#include "planner/parse/parse_sql.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/date_time.h"
#include "storage/value/decimal.h"
#include "storage/value/extra_float_digits.h"
#include "storage/value/interval.h"
#include "storage/value/text_format.h"
#include "storage/value/time_zone.h"

namespace ptreedb::planner::catalog {
namespace {

using value::TypeId;

// A node ruleutils cannot print the way PostgreSQL stored it.
struct Unprintable {};

// The node kinds isSimpleNode tells apart.
enum class NodeClass { kSimple, kOperator, kBool, kNullTest, kCast, kFunction };

bool is_integer(TypeId id) { return id == TypeId::kSmallint || id == TypeId::kInteger || id == TypeId::kBigint; }
bool is_float(TypeId id) { return id == TypeId::kReal || id == TypeId::kDouble; }

std::string quote_literal(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

std::string constant_value_text(const Constant& constant, const value::SqlType& type) {
  switch (type.id) {
    case TypeId::kBoolean: return constant.int_value != 0 ? "true" : "false";
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: return value::format_int(constant.int_value);
    case TypeId::kReal: {
      value::RoundTripFloats exact;  // the constraint's text is parsed again
      return value::format_float4(static_cast<float>(constant.double_value));
    }
    case TypeId::kDouble: {
      value::RoundTripFloats exact;
      return value::format_float8(constant.double_value);
    }
    case TypeId::kNumeric: return value::format_decimal(constant.decimal_value);
    case TypeId::kDate: return value::format_date_iso(value::Date{static_cast<std::int32_t>(constant.int_value)});
    case TypeId::kTimestamp: return value::format_timestamp_iso(value::Timestamp{constant.int_value});
    case TypeId::kTime: return value::format_time(value::TimeOfDay{constant.int_value});
    case TypeId::kTimeTz: return value::format_timetz(value::unpack_timetz(constant.int_value));
    case TypeId::kInterval: return value::format_interval_postgres(constant.interval_value);
    default: return constant.text_value;
  }
}

class CheckPrinter {
 public:
  CheckPrinter(const storage::TableSchema& table, bool pretty) : table_(table), pretty_(pretty) {}

  std::string text(const BoundExpression& expr) const {
    check_stack_depth();
    switch (expr.kind) {
      case ExprKind::kColumn: return quote_identifier(table_.column(expr.column).name);
      case ExprKind::kConstant: return constant(expr.constant, expr.type, expr.unknown_literal);
      case ExprKind::kCast: return cast(expr);
      case ExprKind::kComparison: return binary(expr, comparison_name(expr.comparison));
      case ExprKind::kArithmetic: return binary(expr, arithmetic_name(expr.arithmetic));
      case ExprKind::kConcat: return binary(expr, "||");
      case ExprKind::kLike:
        return binary(expr, std::string(expr.negated ? "!" : "") + (expr.case_insensitive ? "~~*" : "~~"));
      case ExprKind::kNegate: return wrap("- " + child(expr.args[0], expr, true));
      case ExprKind::kAnd:
      case ExprKind::kOr: {
        if (auto any = equality_chain(expr)) return *any;
        std::string out;
        for (const auto& arg : expr.args) {
          out += (out.empty() ? "" : expr.kind == ExprKind::kAnd ? " AND " : " OR ") + child(arg, expr, false);
        }
        return wrap(out);
      }
      case ExprKind::kNot: return wrap("NOT " + child(expr.args[0], expr, false));
      case ExprKind::kIsNull: return wrap(child(expr.args[0], expr, true) + " IS NULL");
      case ExprKind::kIsNotNull: return wrap(child(expr.args[0], expr, true) + " IS NOT NULL");
      case ExprKind::kFunction: return function(expr);
      default: throw Unprintable{};
    }
  }

 private:
  static NodeClass node_class(const BoundExpression& expr) {
    switch (expr.kind) {
      case ExprKind::kComparison:
      case ExprKind::kArithmetic:
      case ExprKind::kConcat:
      case ExprKind::kLike:
      case ExprKind::kNegate: return NodeClass::kOperator;
      case ExprKind::kAnd:
      case ExprKind::kOr:
      case ExprKind::kNot: return NodeClass::kBool;
      case ExprKind::kIsNull:
      case ExprKind::kIsNotNull: return NodeClass::kNullTest;
      case ExprKind::kCast: return NodeClass::kCast;
      case ExprKind::kFunction:
        return expr.function == FunctionId::kInList ? NodeClass::kOperator : NodeClass::kFunction;
      default: return NodeClass::kSimple;
    }
  }

  static int priority(const BoundExpression& expr) {  // 1: + -, 2: * / %, 0: other operators
    if (expr.kind != ExprKind::kArithmetic) return 0;
    return expr.arithmetic == ArithmeticOp::kAdd || expr.arithmetic == ArithmeticOp::kSubtract ? 1 : 2;
  }

  // ruleutils' isSimpleNode: may `node` go without parentheses under `parent`?
  static bool is_simple(const BoundExpression& node, const BoundExpression& parent, bool first_argument) {
    const NodeClass kind = node_class(node), parent_kind = node_class(parent);
    switch (kind) {
      case NodeClass::kSimple:
      case NodeClass::kCast:
      case NodeClass::kFunction: return true;
      case NodeClass::kOperator:
      case NodeClass::kNullTest:
        if (kind == NodeClass::kOperator && parent_kind == NodeClass::kOperator) {
          const int mine = priority(node), theirs = priority(parent);
          if (node.kind == ExprKind::kNegate || parent.kind == ExprKind::kNegate) return false;
          if (mine == 0 || theirs == 0) return false;
          if (mine == 2 && theirs == 1) return true;
          if (mine == 1 && theirs == 2) return false;
          return first_argument;
        }
        return parent_kind == NodeClass::kBool || parent_kind == NodeClass::kFunction;
      case NodeClass::kBool:
        if (parent_kind == NodeClass::kBool) {
          if (node.kind == ExprKind::kOr) return parent.kind == ExprKind::kOr;
          return parent.kind != ExprKind::kNot;
        }
        return parent_kind == NodeClass::kFunction;
    }
    return false;
  }

  std::string child(const BoundExpression& node, const BoundExpression& parent, bool show_implicit,
                    bool first_argument = false) const {
    const BoundExpression* shown = &node;
    // PostgreSQL has operators across integer widths and across float
    // widths, so it casts neither side to the other.
    if (show_implicit && node.kind == ExprKind::kCast && !node.explicit_cast && node_class(parent) == NodeClass::kOperator) {
      const TypeId from = node.args[0].type.id, to = node.type.id;
      if ((is_integer(from) && is_integer(to)) || (is_float(from) && is_float(to))) shown = &node.args[0];
    }
    const std::string out = text(*shown);
    if (pretty_ && !is_simple(*shown, parent, first_argument)) return "(" + out + ")";
    return out;
  }

  std::string wrap(const std::string& text) const { return pretty_ ? text : "(" + text + ")"; }

  std::string binary(const BoundExpression& expr, const std::string& op) const {
    return wrap(child(expr.args[0], expr, true, true) + " " + op + " " + child(expr.args[1], expr, true));
  }

  // get_const_expr: int4 and float-looking numerics bare, the rest quoted
  // with their type.
  static std::string constant(const Constant& value, const value::SqlType& type, bool unknown) {
    // A literal's own type has no modifier (character(3) literals are bpchar).
    value::SqlType literal_type = type;
    literal_type.typmod = -1;
    const std::string label = "::" + value::format_type(literal_type);
    if (value.is_null) return "NULL" + label;
    std::string shown = constant_value_text(value, type);
    switch (type.id) {
      case TypeId::kBoolean: return shown;
      case TypeId::kInteger: return shown[0] != '-' ? shown : quote_literal(shown) + label;
      case TypeId::kNumeric:
        if (std::isdigit(static_cast<unsigned char>(shown[0])) && shown.find_first_of(".eE") != std::string::npos) {
          return shown;
        }
        return quote_literal(shown) + label;
      default: return quote_literal(shown) + (unknown ? "::text" : label);
    }
  }

  // get_coercion_expr: a literal cast to its type is the typed literal.
  std::string cast(const BoundExpression& expr) const {
    const BoundExpression& arg = expr.args[0];
    // A string literal the binder typed as text before casting it is, for
    // PostgreSQL, a literal of the cast's type.
    if (const BoundExpression* literal = string_literal(arg); literal != nullptr || arg.type == expr.type) {
      const BoundExpression& source = literal != nullptr ? *literal : arg;
      if (source.kind != ExprKind::kConstant) return child(arg, expr, false);
      if (source.constant.is_null) return constant(source.constant, expr.type, false);
      Constant converted = source.constant;
      if (source.type != expr.type) converted = parse_literal(source.constant.text_value, expr.type);
      return constant(converted, expr.type, false);
    }
    const std::string label = "::" + value::format_type(expr.type);
    if (arg.kind == ExprKind::kConstant && !arg.constant.is_null) {
      return (pretty_ ? constant_bare(arg) : "(" + constant_bare(arg) + ")") + label;
    }
    return (pretty_ ? child(arg, expr, false) : "(" + text(arg) + ")") + label;
  }

  // The string literal under a chain of casts ('abc' cast to varchar(10)
  // then to text), or null.
  static const BoundExpression* string_literal(const BoundExpression& expr) {
    const BoundExpression* at = &expr;
    while (at->kind == ExprKind::kCast && value::is_character_type(at->type.id)) at = &at->args[0];
    if (at->kind != ExprKind::kConstant) return nullptr;
    return at->unknown_literal || value::is_character_type(at->type.id) ? at : nullptr;
  }

  // A constant under a cast of another type prints without its own label
  // when it needs none (1::numeric), else with it ('x'::text::date).
  std::string constant_bare(const BoundExpression& arg) const {
    return constant(arg.constant, arg.type, arg.unknown_literal);
  }

  static Constant parse_literal(const std::string& text, const value::SqlType& type) {
    Constant out;
    out.is_null = false;
    out.text_value = text;
    switch (type.id) {
      case TypeId::kNumeric: out.decimal_value = value::parse_decimal(text); break;
      case TypeId::kDate: out.int_value = value::parse_date(text).days; break;
      case TypeId::kTimestamp: out.int_value = value::parse_timestamp(text).micros; break;
      case TypeId::kTime: out.int_value = value::parse_time(text).micros; break;
      case TypeId::kTimeTz:
        out.int_value = value::pack_timetz(value::parse_timetz(text, value::session_time_zone()));
        break;
      case TypeId::kInterval: out.interval_value = value::parse_interval(text); break;
      case TypeId::kBoolean:
      case TypeId::kSmallint:
      case TypeId::kInteger:
      case TypeId::kBigint:
      case TypeId::kReal:
      case TypeId::kDouble: throw Unprintable{};
      default: break;
    }
    return out;
  }

  std::string function(const BoundExpression& expr) const {
    if (expr.function == FunctionId::kInList) {
      std::string items;
      for (std::size_t i = 1; i < expr.args.size(); ++i) items += (i > 1 ? ", " : "") + text(expr.args[i]);
      return wrap(child(expr.args[0], expr, true, true) + (expr.negated ? " <> ALL" : " = ANY") + " (ARRAY[" +
                  items + "])");
    }
    const std::string_view name = function_binding(expr.function).display_name;
    if (name.empty() ||
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") != std::string_view::npos) {
      throw Unprintable{};
    }
    std::string out = std::string(name) + "(";
    for (std::size_t i = 0; i < expr.args.size(); ++i) {
      out += i > 0 ? ", " : "";
      // PostgreSQL's functions take text: a varchar argument is relabeled.
      if (expr.args[i].type.id == TypeId::kVarchar) {
        BoundExpression relabeled;
        relabeled.kind = ExprKind::kCast;
        relabeled.type = value::SqlType::of(TypeId::kText);
        relabeled.args.push_back(expr.args[i]);
        out += text(relabeled);
      } else {
        out += text(expr.args[i]);
      }
    }
    return out + ")";
  }

  // x IN (a, b) is bound as x = a OR x = b below the hashed size; PostgreSQL
  // keeps it as x = ANY (ARRAY[a, b]).
  // x NOT IN (a, b) likewise is x <> a AND x <> b: x <> ALL (ARRAY[a, b]).
  std::optional<std::string> equality_chain(const BoundExpression& expr) const {
    if (expr.args.size() < 2) return std::nullopt;
    const ComparisonOp wanted = expr.kind == ExprKind::kOr ? ComparisonOp::kEqual : ComparisonOp::kNotEqual;
    const BoundExpression& first = expr.args[0];
    for (const auto& arg : expr.args) {
      if (arg.kind != ExprKind::kComparison || arg.comparison != wanted ||
          !same_expression(arg.args[0], first.args[0]) || !arg.args[1].is_constant_tree()) {
        return std::nullopt;
      }
    }
    std::string items;
    for (const auto& arg : expr.args) items += (items.empty() ? "" : ", ") + text(arg.args[1]);
    return wrap(child(first.args[0], first, true, true) + (expr.kind == ExprKind::kOr ? " = ANY" : " <> ALL") +
                " (ARRAY[" + items + "])");
  }

  static const char* comparison_name(ComparisonOp op) {
    switch (op) {
      case ComparisonOp::kEqual: return "=";
      case ComparisonOp::kNotEqual: return "<>";
      case ComparisonOp::kLess: return "<";
      case ComparisonOp::kLessEqual: return "<=";
      case ComparisonOp::kGreater: return ">";
      case ComparisonOp::kGreaterEqual: return ">=";
    }
    return "=";
  }

  static const char* arithmetic_name(ArithmeticOp op) {
    switch (op) {
      case ArithmeticOp::kAdd: return "+";
      case ArithmeticOp::kSubtract: return "-";
      case ArithmeticOp::kMultiply: return "*";
      case ArithmeticOp::kDivide: return "/";
      case ArithmeticOp::kModulo: return "%";
    }
    return "+";
  }

  const storage::TableSchema& table_;
  bool pretty_;
};

}  // namespace

std::string check_constraint_definition(const storage::TableSchema& table, const storage::CheckConstraintSchema& check,
                                        bool pretty) {
  try {
    for (const auto& bound : bind_table_checks(table)) {
      if (bound.name != check.name) continue;
      return "CHECK (" + CheckPrinter(table, pretty).text(bound.condition) + ")";
    }
  } catch (const Unprintable&) {
  } catch (const SqlError&) {
  }
  // What was written, when it is not something ruleutils' form is known for.
  return "CHECK (" + (pretty ? check.expression_sql : "(" + check.expression_sql + ")") + ")";
}

}  // namespace ptreedb::planner::catalog
