#include "planner/sequence_functions.h"
#include "planner/expression_binder.h"

#include "planner/type_name_call.h"

#include "planner/functions/in_list.h"

#include <charconv>
#include <cstring>

#include "planner/aggregate_binder.h"
#include "planner/approximate_aggregate.h"
#include "planner/window_binder.h"
#include "planner/ddl_clauses.h"
#include "planner/parameters.h"
#include "planner/privileges.h"
#include "planner/settings_access.h"
#include "planner/current_time.h"
#include "planner/table_function.h"
#include "planner/catalog/catalog_functions.h"
#include "planner/conjuncts.h"
#include "planner/domain_constraints.h"
#include "planner/user_type_names.h"
#include "planner/functions/function_binding.h"
#include "planner/functions/array_operators.h"
#include "planner/functions/json_operators.h"
#include "planner/functions/regex_match.h"
#include "planner/functions/similar_to_regex.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

namespace {

// A boolean node of `kind` (AND, OR, NOT, IS NULL) over `args`, as written.
BoundExpression boolean_node(ExprKind kind, std::vector<BoundExpression> args) {
  BoundExpression out;
  out.kind = kind;
  out.type = SqlType::of(TypeId::kBoolean);
  out.args = std::move(args);
  return out;
}

std::string type_name_for_error(const BoundExpression& expr) {
  if (expr.unknown_literal) return "unknown";
  switch (expr.type.id) {
    case TypeId::kBoolean: return "boolean";
    case TypeId::kSmallint: return "smallint";
    case TypeId::kInteger: return "integer";
    case TypeId::kBigint: return "bigint";
    case TypeId::kNumeric: return "numeric";
    case TypeId::kReal: return "real";
    case TypeId::kDouble: return "double precision";
    case TypeId::kChar: return "character";
    case TypeId::kVarchar: return "character varying";
    case TypeId::kText: return "text";
    case TypeId::kName: return "name";
    case TypeId::kDate: return "date";
    case TypeId::kTimestamp: return "timestamp without time zone";
    case TypeId::kTimestampTz: return "timestamp with time zone";
    case TypeId::kInterval: return "interval";
    case TypeId::kTime: return "time without time zone";
    case TypeId::kTimeTz: return "time with time zone";
    case TypeId::kUuid: return "uuid";
    case TypeId::kBytea: return "bytea";
    case TypeId::kJson: return "json";
    case TypeId::kJsonb: return "jsonb";
    case TypeId::kArray: break;
    case TypeId::kEnum: return value::format_type(expr.type);
  }
  if (expr.type.is_array()) return value::format_type(expr.type);
  return "unknown";
}

[[noreturn]] void no_operator(const std::string& op, const BoundExpression& left,
                              const BoundExpression& right, int location) {
  throw SqlError("42883",
                 "operator does not exist: " + std::string(type_name_for_error(left)) + " " + op +
                     " " + type_name_for_error(right),
                 {}, "No operator matches the given name and argument types. You might need to add explicit type casts.",
                 location + 1);
}

int integer_rank(TypeId id) {
  return id == TypeId::kSmallint ? 1 : id == TypeId::kInteger ? 2 : 3;
}

// The type both numeric operands are promoted to, as PostgreSQL resolves
// numeric operators.
SqlType numeric_common_type(TypeId a, TypeId b) {
  if (a == TypeId::kDouble || b == TypeId::kDouble) return SqlType::of(TypeId::kDouble);
  if (a == TypeId::kReal || b == TypeId::kReal) {
    bool both_real_or_int = (a == TypeId::kReal || value::is_integer_type(a)) &&
                            (b == TypeId::kReal || value::is_integer_type(b));
    return SqlType::of(both_real_or_int && a == b ? TypeId::kReal : TypeId::kDouble);
  }
  if (a == TypeId::kNumeric || b == TypeId::kNumeric) return SqlType::of(TypeId::kNumeric);
  return SqlType::of(integer_rank(a) >= integer_rank(b) ? a : b);
}

// date < timestamp < timestamptz: each casts implicitly to the next.
SqlType datetime_common_type(TypeId a, TypeId b) {
  if (a == TypeId::kTimestampTz || b == TypeId::kTimestampTz) return SqlType::of(TypeId::kTimestampTz);
  if (a == TypeId::kTimestamp || b == TypeId::kTimestamp) return SqlType::of(TypeId::kTimestamp);
  return SqlType::of(TypeId::kDate);
}

// PostgreSQL's select_common_type for CASE and COALESCE branches.
SqlType common_type_of(const std::vector<BoundExpression>& exprs, const char* context) {
  std::optional<SqlType> common;
  for (const auto& expr : exprs) {
    if (expr.unknown_literal) continue;
    if (!common) {
      common = expr.type.id == TypeId::kChar || expr.type.id == TypeId::kVarchar ? SqlType::of(TypeId::kText)
               : expr.type.is_array() ? SqlType::array_of(SqlType::of(expr.type.element))
                                      : SqlType::of(expr.type.id);
      continue;
    }
    TypeId a = common->id, b = expr.type.id;
    if (a == b && (a != TypeId::kArray || common->element == expr.type.element)) continue;
    if (a == TypeId::kArray || b == TypeId::kArray) {
      throw SqlError(sqlstate::kDatatypeMismatch, std::string(context) + " types " + value::format_type(*common) +
                                                      " and " + value::format_type(expr.type) + " cannot be matched");
    }
    if (value::is_numeric_category(a) && value::is_numeric_category(b)) {
      common = numeric_common_type(a, b);
    } else if (value::is_character_type(a) && value::is_character_type(b)) {
      // Every string type casts implicitly to name, so a name found first stays
      // (select_common_type keeps the first type unless only the new one is reachable).
      common = SqlType::of(a == TypeId::kName ? TypeId::kName : TypeId::kText);
    } else if (value::is_timestamp_or_date(a) && value::is_timestamp_or_date(b)) {
      common = datetime_common_type(a, b);
    } else {
      throw SqlError(sqlstate::kDatatypeMismatch, std::string(context) + " types " + value::format_type(*common) +
                                                      " and " + value::format_type(expr.type) + " cannot be matched");
    }
  }
  return common.value_or(SqlType::of(TypeId::kText));
}

bool implicitly_castable(TypeId from, TypeId to) {
  if (from == to) return true;
  if (value::is_numeric_category(from) && value::is_numeric_category(to)) {
    if (value::is_float_type(from)) return to == TypeId::kDouble;
    if (from == TypeId::kNumeric) return value::is_float_type(to);
    if (value::is_integer_type(to)) return integer_rank(to) >= integer_rank(from);
    return true;
  }
  if (value::is_character_type(from) && value::is_character_type(to)) {
    // name -> character / character varying are assignment casts in pg_cast.
    return from != TypeId::kName || to == TypeId::kText;
  }
  if (from == TypeId::kDate) return to == TypeId::kTimestamp || to == TypeId::kTimestampTz;
  if (from == TypeId::kTime) return to == TypeId::kInterval || to == TypeId::kTimeTz;
  return from == TypeId::kTimestamp && to == TypeId::kTimestampTz;
}

bool castable(TypeId from, TypeId to) {
  if (implicitly_castable(from, to)) return true;
  if (value::is_numeric_category(from) && value::is_numeric_category(to)) return true;
  if (value::is_character_type(from) || value::is_character_type(to)) return true;  // via text I/O
  if (from == TypeId::kTimestamp && to == TypeId::kDate) return true;
  if (from == TypeId::kTimestampTz && (to == TypeId::kDate || to == TypeId::kTimestamp)) return true;
  if (to == TypeId::kTime && (from == TypeId::kInterval || from == TypeId::kTimestamp ||
                              from == TypeId::kTimestampTz || from == TypeId::kTimeTz)) {
    return true;
  }
  if (to == TypeId::kTimeTz && from == TypeId::kTimestampTz) return true;
  if (from == TypeId::kBoolean && to == TypeId::kInteger) return true;
  if (from == TypeId::kInteger && to == TypeId::kBoolean) return true;
  if (value::is_json_type(from) && value::is_json_type(to)) return true;
  // jsonb scalars to numbers and booleans (jsonb_numeric, jsonb_int4, jsonb_bool, ...).
  if (from == TypeId::kJsonb && (value::is_numeric_category(to) || to == TypeId::kBoolean)) return true;
  return false;
}

// ARRAY[] before its cast gives it a type: '{}', marked until then.
BoundExpression empty_array_constant() {
  BoundExpression out = make_constant_text("{}");
  out.unknown_literal = false;
  out.array_text = true;
  return out;
}

// The element type of a cast to `name`[], when it is one of the stored types.
std::optional<SqlType> array_element_type(const std::string& name, const std::vector<std::int32_t>& modifiers) {
  if (name == "char") return std::nullopt;  // "char", the catalogs' one-byte type
  try {
    return value::resolve_type_name(name, modifiers);
  } catch (const SqlError& error) {
    if (error.sqlstate() == sqlstate::kUndefinedObject) return std::nullopt;
    throw;
  }
}

// ||, @>, <@ and && with a typed array on either side.
std::optional<FunctionId> array_operator(const std::string& op, const BoundExpression& left,
                                         const BoundExpression& right) {
  const bool array = (left.type.is_array() && !left.array_text && !left.unknown_literal) ||
                     (right.type.is_array() && !right.array_text && !right.unknown_literal);
  if (!array) return std::nullopt;
  if (op == "||") {
    // text || array is text concatenation when the text side is typed text.
    if ((value::is_character_type(left.type.id) && !left.unknown_literal) ||
        (value::is_character_type(right.type.id) && !right.unknown_literal)) {
      const BoundExpression& other = left.type.is_array() ? right : left;
      const BoundExpression& array_side = left.type.is_array() ? left : right;
      if (!value::is_character_type(array_side.type.element)) return std::nullopt;
      (void)other;
    }
    return FunctionId::kArrayConcat;
  }
  if (op == "@>" || op == "<@" || op == "&&") return FunctionId::kArrayContainment;
  return std::nullopt;
}

// Casts into, out of and between arrays: element by element between arrays
// (implicit when the elements' cast is), through the text form to and from
// the string types (explicit only).
bool array_castable(const SqlType& from, const SqlType& to, bool explicit_cast) {
  if (from.is_array() && to.is_array()) {
    return explicit_cast ? castable(from.element, to.element) : implicitly_castable(from.element, to.element);
  }
  const TypeId other = from.is_array() ? to.id : from.id;
  return explicit_cast && value::is_character_type(other);
}

BoundExpression make_cast(BoundExpression expr, SqlType target, bool explicit_cast = false) {
  BoundExpression cast;
  cast.kind = ExprKind::kCast;
  cast.type = target;
  cast.explicit_cast = explicit_cast;
  cast.args.push_back(std::move(expr));
  return cast;
}

std::string string_value(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

// PostgreSQL's INTERVAL_MASK bits for the interval qualifier typmod.
value::IntervalFields interval_fields_from_mask(std::int32_t mask) {
  constexpr std::int32_t kMonth = 1 << 1, kYear = 1 << 2, kDay = 1 << 3, kHour = 1 << 10,
                         kMinute = 1 << 11, kSecond = 1 << 12;
  using value::IntervalFields;
  switch (mask) {
    case kYear: return IntervalFields::kYear;
    case kMonth: return IntervalFields::kMonth;
    case kDay: return IntervalFields::kDay;
    case kHour: return IntervalFields::kHour;
    case kMinute: return IntervalFields::kMinute;
    case kSecond: return IntervalFields::kSecond;
    case kYear | kMonth: return IntervalFields::kYearToMonth;
    case kDay | kHour: return IntervalFields::kDayToHour;
    case kDay | kHour | kMinute: return IntervalFields::kDayToMinute;
    case kDay | kHour | kMinute | kSecond: return IntervalFields::kDayToSecond;
    case kHour | kMinute: return IntervalFields::kHourToMinute;
    case kHour | kMinute | kSecond: return IntervalFields::kHourToSecond;
    case kMinute | kSecond: return IntervalFields::kMinuteToSecond;
    default: return IntervalFields::kNone;
  }
}

}  // namespace

BoundExpression ExpressionBinder::bind_qualified_interval(BoundExpression inner, std::int32_t mask,
                                                          std::int32_t precision, int location) const {
  SqlType interval = SqlType::of(TypeId::kInterval);
  if (!(inner.kind == ExprKind::kConstant && inner.unknown_literal && !inner.constant.is_null)) {
    return coerce(std::move(inner), interval, true);
  }
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = interval;
  out.constant.is_null = false;
  try {
    out.constant.interval_value = value::parse_interval(inner.constant.text_value, interval_fields_from_mask(mask));
    if (precision >= 0) out.constant.interval_value = value::round_interval(out.constant.interval_value, precision);
  } catch (const SqlError& error) {
    throw SqlError(error.sqlstate(), error.what(), error.detail(), error.hint(), location + 1);
  }
  return out;
}

BoundExpression make_constant_text(std::string text) {
  BoundExpression expr;
  expr.kind = ExprKind::kConstant;
  expr.type = SqlType::of(TypeId::kText);
  expr.constant.is_null = false;
  expr.constant.text_value = std::move(text);
  return expr;
}

BoundExpression resolve_unknown(BoundExpression expr, SqlType type, bool explicit_cast) {
  if (!expr.unknown_literal) return expr;
  expr.unknown_literal = false;
  if (expr.parameter != 0) record_parameter_type(expr.parameter, type);
  if (expr.constant.is_null) {
    expr.type = type;
    return expr;
  }
  return make_cast(std::move(expr), type, explicit_cast);
}

BoundExpression coerce(BoundExpression expr, SqlType target, bool explicit_cast) {
  if (target.domain_oid != 0) {  // to the base type, then the domain's constraints
    if (expr.type == target && !expr.unknown_literal) return expr;
    return domain_check_call(coerce(std::move(expr), target.base(), explicit_cast), target);
  }
  if (expr.unknown_literal) return resolve_unknown(std::move(expr), target, explicit_cast);
  if (expr.type == target) return expr;
  if (expr.type.id == TypeId::kEnum && target.id == TypeId::kEnum) {  // no casts between enum types
    throw SqlError("42846", "cannot cast type " + type_name_for_error(expr) + " to " + value::format_type(target));
  }
  if (expr.type.id == target.id && expr.type.element == target.element && !target.has_typmod()) return expr;
  bool allowed = expr.type.is_array() || target.is_array()
                     ? array_castable(expr.type, target, explicit_cast)
                 : explicit_cast ? castable(expr.type.id, target.id)
                                 : implicitly_castable(expr.type.id, target.id);
  if (!allowed) {
    if (!explicit_cast && castable(expr.type.id, target.id)) {
      throw SqlError(sqlstate::kDatatypeMismatch,
                     std::string("column is of type ") + value::format_type(target) +
                         " but expression is of type " + type_name_for_error(expr));
    }
    throw SqlError("42846", std::string("cannot cast type ") + type_name_for_error(expr) +
                                " to " + value::format_type(target));
  }
  return make_cast(std::move(expr), target, explicit_cast);
}

void throw_no_such_function(const std::string& name, const std::vector<BoundExpression>& args, int location) {
  std::string types;
  for (std::size_t i = 0; i < args.size(); ++i) types += (i ? ", " : "") + std::string(type_name_for_error(args[i]));
  throw SqlError("42883", "function " + name + "(" + types + ") does not exist", {},
                 "No function matches the given name and argument types. You might need to add explicit type casts.",
                 location + 1);
}

SqlType common_type(const std::vector<BoundExpression>& exprs, const char* context) {
  return common_type_of(exprs, context);
}

namespace {

[[noreturn, gnu::noinline]] void expression_not_supported() {
  throw SqlError(sqlstate::kFeatureNotSupported, "this kind of expression is not supported yet");
}

}  // namespace

// bind() and bind_operator() recurse once per level of an expression, so
// they keep small frames (each level costs stack against max_stack_depth):
// the cases with locals of their own are functions of their own, kept out of
// line.
BoundExpression ExpressionBinder::bind(const PgQuery__Node* node) const {
  check_stack_depth();
  switch (node->node_case) {
    case PG_QUERY__NODE__NODE_COLUMN_REF:
      return bind_column(*node->column_ref);
    case PG_QUERY__NODE__NODE_A_CONST:
      return bind_constant(*node->a_const);
    case PG_QUERY__NODE__NODE_PARAM_REF:
      return bind_parameter(*node->param_ref);
    case PG_QUERY__NODE__NODE_TYPE_CAST:
      return bind_type_cast(*node->type_cast);
    case PG_QUERY__NODE__NODE_A_EXPR:
      return bind_operator(*node->a_expr);
    case PG_QUERY__NODE__NODE_BOOL_EXPR:
      return bind_bool_expr(*node->bool_expr);
    case PG_QUERY__NODE__NODE_A_INDIRECTION:
      return bind_indirection(*node->a_indirection);
    case PG_QUERY__NODE__NODE_FUNC_CALL:
      return bind_function(*node->func_call);
    case PG_QUERY__NODE__NODE_CASE_EXPR:
      return bind_case(*node->case_expr);
    case PG_QUERY__NODE__NODE_COALESCE_EXPR:
      return bind_coalesce(*node->coalesce_expr);
    case PG_QUERY__NODE__NODE_MIN_MAX_EXPR:
      return bind_min_max(*node->min_max_expr);
    case PG_QUERY__NODE__NODE_NULL_TEST:
      return bind_null_test(*node->null_test);
    case PG_QUERY__NODE__NODE_BOOLEAN_TEST: {
      // x IS [NOT] TRUE / FALSE / UNKNOWN is never NULL: x or NOT x with NULL
      // taken as false (or true), or a NULL test.
      const PgQuery__BooleanTest& test = *node->boolean_test;
      static const char* const kNames[] = {"", "IS TRUE", "IS NOT TRUE", "IS FALSE", "IS NOT FALSE", "IS UNKNOWN",
                                           "IS NOT UNKNOWN"};
      auto kind = static_cast<int>(test.booltesttype);
      if (kind < 1 || kind > 6) throw SqlError(sqlstate::kFeatureNotSupported, "this kind of expression is not supported yet");
      BoundExpression arg = resolve_unknown(bind(test.arg), SqlType::of(TypeId::kBoolean));
      if (arg.type.id != TypeId::kBoolean) {
        // PostgreSQL points at the argument (a column or constant's own position).
        int at = test.location;
        if (test.arg->node_case == PG_QUERY__NODE__NODE_COLUMN_REF) at = test.arg->column_ref->location;
        if (test.arg->node_case == PG_QUERY__NODE__NODE_A_CONST) at = test.arg->a_const->location;
        throw SqlError(sqlstate::kDatatypeMismatch, std::string("argument of ") + kNames[kind] +
                                                        " must be type boolean, not type " + value::format_type(arg.type),
                       {}, {}, at + 1);
      }
      BoundExpression out;
      out.type = SqlType::of(TypeId::kBoolean);
      if (kind >= PG_QUERY__BOOL_TEST_TYPE__IS_UNKNOWN) {
        out.kind = kind == PG_QUERY__BOOL_TEST_TYPE__IS_UNKNOWN ? ExprKind::kIsNull : ExprKind::kIsNotNull;
        out.args.push_back(std::move(arg));
        return out;
      }
      // IS TRUE: coalesce(x, false); IS NOT TRUE: coalesce(NOT x, true);
      // IS FALSE: coalesce(NOT x, false); IS NOT FALSE: coalesce(x, true).
      bool negate = kind == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_TRUE || kind == PG_QUERY__BOOL_TEST_TYPE__IS_FALSE;
      bool if_null = kind == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_TRUE || kind == PG_QUERY__BOOL_TEST_TYPE__IS_NOT_FALSE;
      if (negate) {
        BoundExpression inverted;
        inverted.kind = ExprKind::kNot;
        inverted.type = SqlType::of(TypeId::kBoolean);
        inverted.args.push_back(std::move(arg));
        arg = std::move(inverted);
      }
      std::vector<BoundExpression> args;
      args.push_back(std::move(arg));
      args.push_back(boolean_constant(if_null));
      return bind_function_call(FunctionId::kCoalesce, "COALESCE", std::move(args), test.location);
    }
    case PG_QUERY__NODE__NODE_SQLVALUE_FUNCTION:
      return bind_sql_value_function(*node->sqlvalue_function);
    case PG_QUERY__NODE__NODE_COLLATE_CLAUSE:
      return bind_collate(*node->collate_clause);
    case PG_QUERY__NODE__NODE_SUB_LINK:
      return bind_sublink(*node->sub_link);
    case PG_QUERY__NODE__NODE_GROUPING_FUNC:
      return bind_grouping(*node->grouping_func);
    case PG_QUERY__NODE__NODE_A_ARRAY_EXPR:
      return bind_array_expr(*node->a_array_expr);
    default:
      expression_not_supported();
  }
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_type_cast(const PgQuery__TypeCast& cast) const {
  std::vector<std::int32_t> modifiers;
  for (std::size_t i = 0; i < cast.type_name->n_typmods; ++i) {
    const PgQuery__Node* modifier = cast.type_name->typmods[i];
    if (modifier->node_case == PG_QUERY__NODE__NODE_A_CONST &&
        modifier->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      modifiers.push_back(modifier->a_const->ival->ival);
    } else {
      throw SqlError(sqlstate::kSyntaxError, "type modifiers must be simple constants", {}, {},
                     cast.location + 1);
    }
  }
  check_type_name_qualification(*cast.type_name);
  std::string name = string_value(cast.type_name->names[cast.type_name->n_names - 1]);
  BoundExpression inner = cast.arg->node_case == PG_QUERY__NODE__NODE_A_ARRAY_EXPR &&
                                  cast.arg->a_array_expr->n_elements == 0 && cast.type_name->n_array_bounds > 0
                              ? empty_array_constant()
                              : bind(cast.arg);
  if (name == "interval" && !modifiers.empty()) {
    // INTERVAL '90' DAY, interval(2): the qualifier arrives as a field mask typmod, then a precision.
    return bind_qualified_interval(std::move(inner), modifiers[0], modifiers.size() > 1 ? modifiers[1] : -1,
                                   cast.location);
  }
  if (cast.type_name->n_array_bounds > 0) {
    if (auto element = array_element_type(name, modifiers)) {
      if (inner.kind == ExprKind::kConstant && inner.array_text) {  // ARRAY[]: typed by its cast
        inner.type = SqlType::array_of(*element);
        inner.array_text = false;
        return inner;
      }
      return coerce(std::move(inner), SqlType::array_of(*element), true);
    }
    // Arrays of catalog types (oid[], "char"[], regtype[]) stay their text form.
    BoundExpression array = catalog::bind_array_text_cast(std::move(inner));
    array.array_text = true;
    return array;
  }
  if (auto catalog_cast = catalog::bind_catalog_cast(name, inner, cast.location)) return *catalog_cast;
  SqlType target = resolve_type(name, modifiers);
  return coerce(std::move(inner), target, true);
}

// a[i] (the element, NULL outside) and a[i:j] on a typed array.
BoundExpression ExpressionBinder::bind_array_subscript(BoundExpression array, const PgQuery__AIndices& indices) const {
  const SqlType integer = SqlType::of(TypeId::kInteger);
  if (!indices.is_slice) {
    const SqlType element = array.type.element_type();
    BoundExpression text = bind_function_call(FunctionId::kArrayElement, "array_element",
                                              {std::move(array), bind(indices.uidx)}, -1);
    text.unknown_literal = false;
    text.constant.is_null = true;
    text.type = SqlType::of(TypeId::kText);
    return coerce(std::move(text), element, true);
  }
  auto bound = [&](const PgQuery__Node* node) {
    if (node != nullptr) return bind(node);
    BoundExpression missing;
    missing.kind = ExprKind::kConstant;
    missing.type = integer;
    missing.constant.is_null = true;
    missing.negated = true;  // an omitted bound, not a NULL one
    return missing;
  };
  return bind_function_call(FunctionId::kArraySlice, "array_slice",
                            {std::move(array), bound(indices.lidx), bound(indices.uidx)}, -1);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_bool_expr(const PgQuery__BoolExpr& bool_expr) const {
  BoundExpression out;
  out.type = SqlType::of(TypeId::kBoolean);
  out.kind = bool_expr.boolop == PG_QUERY__BOOL_EXPR_TYPE__AND_EXPR   ? ExprKind::kAnd
             : bool_expr.boolop == PG_QUERY__BOOL_EXPR_TYPE__OR_EXPR ? ExprKind::kOr
                                                                     : ExprKind::kNot;
  for (std::size_t i = 0; i < bool_expr.n_args; ++i) {
    BoundExpression arg = coerce(bind(bool_expr.args[i]), SqlType::of(TypeId::kBoolean), false);
    if (arg.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of boolean operator must be type boolean");
    }
    out.args.push_back(std::move(arg));
  }
  return out;
}

// ARRAY[a, b, ...]; ARRAY[] alone has no type (42P18, unless cast).
[[gnu::noinline]] BoundExpression ExpressionBinder::bind_array_expr(const PgQuery__AArrayExpr& array) const {
  std::vector<BoundExpression> elements;
  for (std::size_t i = 0; i < array.n_elements; ++i) {
    if (array.elements[i]->node_case == PG_QUERY__NODE__NODE_A_ARRAY_EXPR) {
      throw SqlError(sqlstate::kFeatureNotSupported, "multidimensional arrays are not supported yet");
    }
    elements.push_back(bind(array.elements[i]));
  }
  return bind_function_call(FunctionId::kArrayConstruct, "ARRAY", std::move(elements), array.location);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_indirection(const PgQuery__AIndirection& indirection) const {
  BoundExpression value = bind(indirection.arg);
  for (std::size_t i = 0; i < indirection.n_indirection; ++i) {
    const PgQuery__Node* step = indirection.indirection[i];
    if (step->node_case == PG_QUERY__NODE__NODE_A_INDICES && value.type.is_array()) {
      if (i > 0) throw SqlError(sqlstate::kFeatureNotSupported, "multidimensional arrays are not supported yet");
      value = bind_array_subscript(std::move(value), *step->a_indices);
      continue;
    }
    if (step->node_case != PG_QUERY__NODE__NODE_A_INDICES || step->a_indices->is_slice ||
        step->a_indices->uidx == nullptr) {
      throw SqlError(sqlstate::kFeatureNotSupported, "this kind of subscript is not supported yet");
    }
    if (value.type.id == TypeId::kJsonb) {  // jsonb['key'][0]: one -> per subscript
      value = bind_function_call(FunctionId::kJsonField, "->", {std::move(value), bind(step->a_indices->uidx)}, -1);
      continue;
    }
    if (i > 0) throw SqlError(sqlstate::kFeatureNotSupported, "multidimensional arrays are not supported yet");
    BoundExpression index = bind(step->a_indices->uidx);
    value = bind_function_call(FunctionId::kArrayElement, "array_element", {std::move(value), std::move(index)}, -1);
  }
  return value;
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_min_max(const PgQuery__MinMaxExpr& extreme) const {
  std::vector<BoundExpression> args;
  for (std::size_t i = 0; i < extreme.n_args; ++i) args.push_back(bind(extreme.args[i]));
  bool greatest = extreme.op == PG_QUERY__MIN_MAX_OP__IS_GREATEST;
  return bind_function_call(greatest ? FunctionId::kGreatest : FunctionId::kLeast, greatest ? "GREATEST" : "LEAST",
                            std::move(args), extreme.location);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_coalesce(const PgQuery__CoalesceExpr& coalesce) const {
  std::vector<BoundExpression> args;
  for (std::size_t i = 0; i < coalesce.n_args; ++i) args.push_back(bind(coalesce.args[i]));
  return bind_function_call(FunctionId::kCoalesce, "COALESCE", std::move(args), coalesce.location);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_null_test(const PgQuery__NullTest& test) const {
  BoundExpression out;
  out.type = SqlType::of(TypeId::kBoolean);
  out.kind = test.nulltesttype == PG_QUERY__NULL_TEST_TYPE__IS_NULL ? ExprKind::kIsNull : ExprKind::kIsNotNull;
  out.args.push_back(resolve_unknown(bind(test.arg), SqlType::of(TypeId::kText)));
  return out;
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_sql_value_function(
    const PgQuery__SQLValueFunction& function) const {
  if (auto value = catalog::bind_sql_value_function(function.op)) return *value;
  return bind_current_time(function);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_collate(const PgQuery__CollateClause& collate) const {
  catalog::check_collation(string_value(collate.collname[collate.n_collname - 1]), collate.location);
  return bind(collate.arg);
}

// GROUPING(a, b, ...): the arguments as bound; grouping checks that they are
// group keys and turns the call into its bitmask (planner/grouping_planner).
[[gnu::noinline]] BoundExpression ExpressionBinder::bind_grouping(const PgQuery__GroupingFunc& grouping) const {
  if (grouping.n_args > 31) {
    throw SqlError("54023", "GROUPING must have fewer than 32 arguments", {}, {}, grouping.location + 1);
  }
  BoundExpression out;
  out.kind = ExprKind::kGrouping;
  out.type = SqlType::of(TypeId::kInteger);
  for (std::size_t i = 0; i < grouping.n_args; ++i) {
    out.args.push_back(resolve_unknown(bind(grouping.args[i]), SqlType::of(TypeId::kText)));
    if (out.args.back().contains(ExprKind::kOuterColumn)) {
      throw SqlError(sqlstate::kFeatureNotSupported, "GROUPING of an enclosing query's columns is not supported yet", {},
                     {}, grouping.location + 1);
    }
  }
  return out;
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_sublink(const PgQuery__SubLink& sublink) const {
  if (subqueries_ == nullptr) {
    throw SqlError(sqlstate::kFeatureNotSupported, "subqueries are not supported here", {}, {},
                   sublink.location + 1);
  }
  return subqueries_->bind_sublink(sublink, *this);
}

BoundExpression ExpressionBinder::bind_case(const PgQuery__CaseExpr& case_expr) const {
  std::vector<BoundExpression> conditions, results;
  for (std::size_t i = 0; i < case_expr.n_args; ++i) {
    const auto& when = *case_expr.args[i]->case_when;
    if (case_expr.arg != nullptr) {  // CASE x WHEN v: x = v
      conditions.push_back(bind_comparison("=", case_expr.arg, when.expr, when.location));
    } else {
      conditions.push_back(coerce(bind(when.expr), SqlType::of(TypeId::kBoolean), false));
    }
    results.push_back(bind(when.result));
  }
  BoundExpression otherwise;
  otherwise.kind = ExprKind::kConstant;
  otherwise.unknown_literal = true;  // ELSE NULL
  if (case_expr.defresult != nullptr) otherwise = bind(case_expr.defresult);
  results.push_back(otherwise);
  SqlType type = common_type_of(results, "CASE");
  BoundExpression out;
  out.kind = ExprKind::kCase;
  out.type = type;
  for (std::size_t i = 0; i < conditions.size(); ++i) {
    if (conditions[i].type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of CASE/WHEN must be type boolean");
    }
    out.args.push_back(std::move(conditions[i]));
    out.args.push_back(coerce(std::move(results[i]), type, false));
  }
  out.args.push_back(coerce(std::move(results.back()), type, false));
  return out;
}

// f(..., VARIADIC array): for the functions whose extra arguments may be of
// any type (concat, concat_ws, format, json[b]_build_object/array), an
// ARRAY[...] constructor's elements become the arguments, as PostgreSQL
// passes them; other forms, and VARIADIC for other functions, are refused.
namespace {

void expand_variadic_array(const std::string& name, const PgQuery__FuncCall& call, std::vector<BoundExpression>& args) {
  static const std::pair<std::string_view, std::size_t> kVariadicAny[] = {
      {"concat", 0}, {"concat_ws", 1}, {"format", 1}, {"json_build_object", 0}, {"jsonb_build_object", 0},
      {"json_build_array", 0}, {"jsonb_build_array", 0}};
  bool any_arguments = false;
  for (const auto& [function, fixed] : kVariadicAny) {
    if (name != function) continue;
    any_arguments = true;
    // The array stands for all the variadic arguments, after the fixed ones.
    if (call.n_args != fixed + 1) throw_no_such_function(name, args, call.location);
  }
  if (!any_arguments && find_function_binding(name) == nullptr) return;  // "function ... does not exist" follows
  if (any_arguments && args.back().type.id != TypeId::kArray && !args.back().unknown_literal) {
    throw SqlError(sqlstate::kDatatypeMismatch, "VARIADIC argument must be an array", {}, {}, call.location + 1);
  }
  // An ARRAY[...] constructor binds to kArrayConstruct; its elements as bound
  // in it are coerced to its element type, as PostgreSQL passes them.
  BoundExpression array = std::move(args.back());
  if (!any_arguments || array.kind != ExprKind::kFunction || array.function != FunctionId::kArrayConstruct) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "VARIADIC " + std::string(any_arguments ? "with anything but an ARRAY[...] constructor" : "arguments") +
                       " in a call of " + name + " is not supported yet",
                   {}, {}, call.location + 1);
  }
  args.pop_back();
  for (BoundExpression& element : array.args) args.push_back(std::move(element));
}

}  // namespace

BoundExpression ExpressionBinder::bind_scalar_function(const std::string& name, const PgQuery__FuncCall& call) const {
  std::vector<BoundExpression> args;
  for (std::size_t i = 0; i < call.n_args; ++i) args.push_back(bind(call.args[i]));
  if (call.func_variadic) expand_variadic_array(name, call, args);
  auto wrong = [&]() -> BoundExpression { throw_no_such_function(name, args, call.location); };
  if (name == "current_setting" || name == "set_config") return bind_settings_function(name, std::move(args), call.location);
  if (const FunctionBinding* function = find_function_binding(name)) return function->bind(name, args, call.location);
  if (name == "now" || name == "transaction_timestamp" || name == "statement_timestamp" ||
      name == "clock_timestamp") {
    if (!args.empty()) return wrong();
    return bind_current_timestamp();
  }
  if (auto sequence_call = bind_sequence_function(name, args, call.location)) return *sequence_call;
  if (auto catalog_call = catalog::bind_catalog_function(name, args, call.location)) return *catalog_call;
  if (is_table_function(name)) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "set-returning function " + name + " is supported only in FROM or alone in a FROM-less select list",
                   {}, {}, call.location + 1);
  }
  if (call.n_args > 0 && call.agg_order == nullptr && !call.agg_star && !call.agg_distinct) {
    if (auto cast = bind_type_name_call(*this, name, args, call.location)) return std::move(*cast);
  }
  throw SqlError("42883", "function " + name + " does not exist yet in ptreedb", {}, {}, call.location + 1);
}

BoundExpression ExpressionBinder::bind_function(const PgQuery__FuncCall& call) const {
  std::string name = string_value(call.funcname[call.n_funcname - 1]);
  if (call.over != nullptr) return bind_window_call(*this, name, call, windows_);
  if (call.agg_within_group) {
    if (auto kind = hypothetical_aggregate_of(name)) return bind_aggregate_call(*this, *kind, name, call);
  }
  if (is_window_only_function(name)) {
    throw SqlError("42809", "window function " + name + " requires an OVER clause", {}, {}, call.location + 1);
  }
  if (auto json_aggregate = bind_json_aggregate(*this, name, call)) return std::move(*json_aggregate);
  if (auto array_aggregate = bind_array_aggregate(*this, name, call)) return std::move(*array_aggregate);
  refuse_unsupported_json_function(name, call.location);
  if (auto kind = aggregate_kind_of(name)) return bind_aggregate_call(*this, *kind, name, call);
  if (auto kind = approximate_aggregate_of(name)) {
    return bind_approximate_aggregate(*this, *kind, name, call,
                                      subqueries_ != nullptr ? subqueries_->sampled_table() : nullptr);
  }
  reject_aggregate_clauses(name, call);
  return bind_scalar_function(name, call);
}

BoundExpression ExpressionBinder::bind_column(const PgQuery__ColumnRef& ref) const {
  std::string table, name;
  if (ref.n_fields == 1) {
    name = string_value(ref.fields[0]);
  } else if (ref.n_fields == 2) {
    table = string_value(ref.fields[0]);
    name = string_value(ref.fields[1]);
  }
  if (name.empty()) {
    throw SqlError(sqlstate::kFeatureNotSupported, "this column reference is not supported yet", {},
                   {}, ref.location + 1);
  }
  std::optional<std::size_t> found;
  for (std::size_t i = 0; i < scope_.columns.size(); ++i) {
    const ScopeColumn& column = scope_.columns[i];
    if (column.name != name || (!table.empty() && column.table != table)) continue;
    if (table.empty() && column.qualified_only) continue;
    if (found) {
      throw SqlError("42702", "column reference \"" + name + "\" is ambiguous", {}, {}, ref.location + 1);
    }
    found = i;
  }
  if (!found && scope_.outer != nullptr) {
    // A name of the enclosing query: a correlated reference.
    const Scope& outer = *scope_.outer;
    for (std::size_t i = 0; i < outer.columns.size(); ++i) {
      const ScopeColumn& column = outer.columns[i];
      if (column.name != name || (!table.empty() && column.table != table)) continue;
      if (table.empty() && column.qualified_only) continue;
      if (found) {
        throw SqlError("42702", "column reference \"" + name + "\" is ambiguous", {}, {}, ref.location + 1);
      }
      found = i;
    }
    if (found) {
      note_column_read(outer.columns[*found].table_oid, outer.columns[*found].column_number);
      if (outer.parameters != nullptr) outer.parameters->insert(*found);
      BoundExpression out;
      out.kind = ExprKind::kOuterColumn;
      out.column = *found;
      out.type = outer.columns[*found].type;
      return out;
    }
  }
  if (!found && !table.empty()) {
    // A qualifier no relation in reach answers to: PostgreSQL names the
    // missing relation (42P01) before any column.
    bool relation_known = false;
    for (const Scope* scope = &scope_; scope != nullptr && !relation_known; scope = scope->outer) {
      for (const ScopeColumn& column : scope->columns) {
        if (column.table == table) {
          relation_known = true;
          break;
        }
      }
    }
    if (!relation_known) {
      throw SqlError(sqlstate::kUndefinedTable, "missing FROM-clause entry for table \"" + table + "\"", {}, {},
                     ref.location + 1);
    }
  }
  if (!found) {
    std::string shown = table.empty() ? name : table + "." + name;
    // A column of a query further out exists, but subqueries decorrelate
    // one level at a time: say so rather than that it does not exist.
    for (const Scope* further = scope_.outer != nullptr ? scope_.outer->outer : nullptr; further != nullptr;
         further = further->outer) {
      for (const ScopeColumn& column : further->columns) {
        if (column.name == name && (table.empty() ? !column.qualified_only : column.table == table)) {
          throw SqlError(sqlstate::kFeatureNotSupported,
                         "a reference to \"" + shown + "\" two or more query levels up is not supported yet", {}, {},
                         ref.location + 1);
        }
      }
    }
    throw SqlError(sqlstate::kUndefinedColumn, "column \"" + shown + "\" does not exist", {}, {},
                   ref.location + 1);
  }
  note_column_read(scope_.columns[*found].table_oid, scope_.columns[*found].column_number);
  BoundExpression out;
  out.kind = ExprKind::kColumn;
  out.column = *found;
  out.type = scope_.columns[*found].type;
  return out;
}

BoundExpression ExpressionBinder::bind_constant(const PgQuery__AConst& constant) const {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  if (constant.isnull) {
    out.type = SqlType::of(TypeId::kText);
    out.unknown_literal = true;
    return out;
  }
  out.constant.is_null = false;
  switch (constant.val_case) {
    case PG_QUERY__A__CONST__VAL_IVAL:
      out.type = SqlType::of(TypeId::kInteger);
      out.constant.int_value = constant.ival->ival;
      return out;
    case PG_QUERY__A__CONST__VAL_FVAL: {
      // Integers too large for int4 arrive as "float" text: bigint if they
      // fit, or int4 when they do (-2147483648, negated in the parser), as
      // PostgreSQL's make_const types them.
      std::string_view text = constant.fval->fval;
      std::int64_t integer = 0;
      auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
      if (error == std::errc() && end == text.data() + text.size()) {
        const bool fits_int4 = integer >= INT32_MIN && integer <= INT32_MAX;
        out.type = SqlType::of(fits_int4 ? TypeId::kInteger : TypeId::kBigint);
        out.constant.int_value = integer;
        return out;
      }
      out.type = SqlType::of(TypeId::kNumeric);
      out.constant.decimal_value = value::parse_decimal(text);
      return out;
    }
    case PG_QUERY__A__CONST__VAL_BOOLVAL:
      out.type = SqlType::of(TypeId::kBoolean);
      out.constant.int_value = constant.boolval->boolval ? 1 : 0;
      return out;
    case PG_QUERY__A__CONST__VAL_SVAL:
      out.type = SqlType::of(TypeId::kText);
      out.constant.text_value = constant.sval->sval;
      out.unknown_literal = true;
      return out;
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "bit string constants are not supported");
  }
}

// Builds the parse node "left op right" so rewrites reuse the operator binder.
PgQuery__AExpr comparison_node(const char* op, PgQuery__Node* left, PgQuery__Node* right,
                               PgQuery__String& name_string, PgQuery__Node& name_node,
                               PgQuery__Node** name_list, int location) {
  name_string = PG_QUERY__STRING__INIT;
  name_string.sval = const_cast<char*>(op);
  name_node = PG_QUERY__NODE__INIT;
  name_node.node_case = PG_QUERY__NODE__NODE_STRING;
  name_node.string = &name_string;
  name_list[0] = &name_node;
  PgQuery__AExpr node = PG_QUERY__A__EXPR__INIT;
  node.kind = PG_QUERY__A__EXPR__KIND__AEXPR_OP;
  node.n_name = 1;
  node.name = name_list;
  node.lexpr = left;
  node.rexpr = right;
  node.location = location;
  return node;
}

BoundExpression ExpressionBinder::bind_comparison(const char* op, PgQuery__Node* left, PgQuery__Node* right,
                                                  int location) const {
  PgQuery__String name_string;
  PgQuery__Node name_node;
  PgQuery__Node* name_list[1];
  PgQuery__AExpr node = comparison_node(op, left, right, name_string, name_node, name_list, location);
  return bind_operator(node);
}

BoundExpression ExpressionBinder::bind_operator(const PgQuery__AExpr& expr) const {
  if (expr.kind != PG_QUERY__A__EXPR__KIND__AEXPR_OP || expr.n_name != 1) return bind_other_operator(expr);
  if (expr.lexpr == nullptr) return bind_prefix_operator(expr);
  return bind_infix_operator(expr);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_infix_operator(const PgQuery__AExpr& expr) const {
  return bind_binary_operator(string_value(expr.name[0]), bind(expr.lexpr), bind(expr.rexpr), expr.location);
}

[[gnu::noinline]] BoundExpression ExpressionBinder::bind_prefix_operator(const PgQuery__AExpr& expr) const {
  std::string op = string_value(expr.name[expr.n_name - 1]);
  BoundExpression operand = bind(expr.rexpr);
  if (op == "+") return operand;
  // @ is abs; |/ and ||/ are the square and cube roots of double precision.
  if (op == "@") return bind_function_call(FunctionId::kAbs, op, {std::move(operand)}, expr.location);
  if (op == "|/" || op == "||/") {
    const SqlType double_precision = SqlType::of(TypeId::kDouble);
    operand = resolve_unknown(std::move(operand), double_precision);
    if (!value::is_numeric_category(operand.type.id)) no_operator(op, operand, operand, expr.location);
    return bind_function_call(op == "|/" ? FunctionId::kSqrt : FunctionId::kCbrt, op,
                              {coerce(std::move(operand), double_precision, false)}, expr.location);
  }
  if (op != "-") no_operator(op, operand, operand, expr.location);
  operand = resolve_unknown(std::move(operand), SqlType::of(TypeId::kNumeric));
  if (!value::is_numeric_category(operand.type.id) && operand.type.id != TypeId::kInterval) {
    no_operator(op, operand, operand, expr.location);
  }
  BoundExpression out;
  out.kind = ExprKind::kNegate;
  out.type = operand.type;
  out.args.push_back(std::move(operand));
  return out;
}

namespace {

// x [NOT] SIMILAR TO pattern [ESCAPE e]: PostgreSQL's grammar makes it
// x ~ similar_to_escape(pattern [, e]); the pattern is translated here, once,
// so it must be a constant (a NULL one makes the match NULL).
BoundExpression bind_similar_to(const ExpressionBinder& binder, const PgQuery__AExpr& expr) {
  const PgQuery__Node* right = expr.rexpr;
  if (right->node_case != PG_QUERY__NODE__NODE_FUNC_CALL) {
    throw SqlError(sqlstate::kFeatureNotSupported, "this SIMILAR TO form is not supported yet", {}, {},
                   expr.location + 1);
  }
  const PgQuery__FuncCall& call = *right->func_call;
  std::vector<BoundExpression> parts;
  for (std::size_t i = 0; i < call.n_args; ++i) parts.push_back(binder.bind(call.args[i]));
  BoundExpression pattern = similar_to_regex_constant(parts, expr.location);
  return bind_function_call(FunctionId::kRegexMatch, string_value(expr.name[0]),
                            {binder.bind(expr.lexpr), std::move(pattern)}, expr.location);
}

}  // namespace

// BETWEEN, LIKE, NULLIF, IN, = ANY and OPERATOR(pg_catalog.op).
[[gnu::noinline]] BoundExpression ExpressionBinder::bind_other_operator(const PgQuery__AExpr& expr) const {
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_BETWEEN ||
      expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_NOT_BETWEEN) {
    // x BETWEEN a AND b is x >= a AND x <= b; NOT BETWEEN is x < a OR x > b.
    const auto& bounds = *expr.rexpr->list;
    bool negated = expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_NOT_BETWEEN;
    std::vector<BoundExpression> parts;
    parts.push_back(bind_comparison(negated ? "<" : ">=", expr.lexpr, bounds.items[0], expr.location));
    parts.push_back(bind_comparison(negated ? ">" : "<=", expr.lexpr, bounds.items[1], expr.location));
    return boolean_node(negated ? ExprKind::kOr : ExprKind::kAnd, std::move(parts));
  }
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_LIKE || expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_ILIKE) {
    BoundExpression out;
    out.kind = ExprKind::kLike;
    out.type = SqlType::of(TypeId::kBoolean);
    out.case_insensitive = expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_ILIKE;
    out.negated = string_value(expr.name[0]).front() == '!';
    for (const PgQuery__Node* side : {expr.lexpr, expr.rexpr}) {
      BoundExpression arg = resolve_unknown(bind(side), SqlType::of(TypeId::kText));
      if (!value::is_character_type(arg.type.id)) {
        BoundExpression other = arg;
        no_operator(out.case_insensitive ? "~~*" : "~~", arg, other, expr.location);
      }
      out.args.push_back(coerce(std::move(arg), SqlType::of(TypeId::kText), false));
    }
    return out;
  }
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_NULLIF) {
    // NULLIF(a, b): NULL when a = b, else a.
    BoundExpression equal = bind_comparison("=", expr.lexpr, expr.rexpr, expr.location);
    BoundExpression value = bind(expr.lexpr);
    return bind_function_call(FunctionId::kNullIf, "NULLIF", {std::move(value), std::move(equal)}, expr.location);
  }
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_DISTINCT ||
      expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_NOT_DISTINCT) {
    return bind_distinct_from(expr.lexpr, expr.rexpr, expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_DISTINCT,
                              expr.location);
  }
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_IN) {
    // x IN (a, b) is x = a OR x = b; x NOT IN (a, b) is x <> a AND x <> b;
    // long constant lists become one hashed lookup (planner/in_list.h).
    bool negated = string_value(expr.name[0]) == "<>";
    const auto& items = *expr.rexpr->list;
    std::vector<BoundExpression> parts;
    parts.reserve(items.n_items);
    BoundExpression left = bind(expr.lexpr);  // once: x may be a subquery
    for (std::size_t i = 0; i < items.n_items; ++i) {
      parts.push_back(bind_binary_operator(negated ? "<>" : "=", left, bind(items.items[i]), expr.location));
    }
    if (auto hashed = hashed_in_list(parts, negated)) return std::move(*hashed);
    return boolean_node(negated ? ExprKind::kAnd : ExprKind::kOr, std::move(parts));
  }
  if ((expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_OP_ANY || expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL) &&
      expr.n_name == 1) {
    return bind_any_all(expr, expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL);
  }
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_OP_ALL && expr.n_name == 1 && string_value(expr.name[0]) == "<>") {
    // x <> ALL(array) is NOT (x = ANY(array)) in three-valued logic too.
    return boolean_node(ExprKind::kNot, {bind_any_equal(expr)});
  }
  if (expr.kind == PG_QUERY__A__EXPR__KIND__AEXPR_SIMILAR) return bind_similar_to(*this, expr);
  // OPERATOR(pg_catalog.~) names the operator with its schema.
  bool catalog_operator = expr.n_name == 2 && string_value(expr.name[0]) == "pg_catalog";
  if (expr.kind != PG_QUERY__A__EXPR__KIND__AEXPR_OP || (expr.n_name != 1 && !catalog_operator)) {
    throw SqlError(sqlstate::kFeatureNotSupported, "this operator form is not supported yet", {}, {},
                   expr.location + 1);
  }
  if (expr.lexpr == nullptr) return bind_prefix_operator(expr);
  return bind_binary_operator(string_value(expr.name[expr.n_name - 1]), bind(expr.lexpr), bind(expr.rexpr),
                              expr.location);
}

// a IS [NOT] DISTINCT FROM b: equality under which NULL equals NULL and
// nothing else. IS NOT DISTINCT is coalesce(a = b, a IS NULL AND b IS NULL),
// IS DISTINCT its negation; between rows, element by element.
BoundExpression ExpressionBinder::bind_distinct_from(PgQuery__Node* left, PgQuery__Node* right, bool distinct,
                                                     int location) const {
  const bool left_row = left->node_case == PG_QUERY__NODE__NODE_ROW_EXPR;
  const bool right_row = right->node_case == PG_QUERY__NODE__NODE_ROW_EXPR;
  if (left_row || right_row) {
    if (!left_row || !right_row || left->row_expr->n_args != right->row_expr->n_args) {
      throw SqlError(sqlstate::kFeatureNotSupported, "IS DISTINCT FROM between a row and a non-row value is not supported yet",
                     {}, {}, location + 1);
    }
    std::vector<BoundExpression> parts;
    for (std::size_t i = 0; i < left->row_expr->n_args; ++i) {
      parts.push_back(bind_distinct_from(left->row_expr->args[i], right->row_expr->args[i], distinct, location));
    }
    return distinct ? disjunction(std::move(parts)) : conjunction(std::move(parts));
  }
  BoundExpression equal = bind_comparison("=", left, right, location);
  BoundExpression both_null = boolean_node(
      ExprKind::kAnd, {boolean_node(ExprKind::kIsNull, {bind(left)}), boolean_node(ExprKind::kIsNull, {bind(right)})});
  if (distinct) {
    equal = boolean_node(ExprKind::kNot, {std::move(equal)});
    both_null = boolean_node(ExprKind::kNot, {std::move(both_null)});
  }
  return bind_function_call(FunctionId::kCoalesce, "COALESCE", {std::move(equal), std::move(both_null)}, location);
}

// x op ANY(array) and x op ALL(array): over a typed array (or a literal read
// as an array of x's type) each element is compared as x's operator does;
// catalog arrays kept as text answer = ANY and <> ALL by their element texts.
BoundExpression ExpressionBinder::bind_any_all(const PgQuery__AExpr& expr, bool all) const {
  const std::string op = string_value(expr.name[0]);
  BoundExpression element = bind(expr.lexpr);
  BoundExpression array = bind(expr.rexpr);
  if (array.unknown_literal && !element.unknown_literal && !element.type.is_array() && !array.constant.is_null) {
    array = resolve_unknown(std::move(array), SqlType::array_of(element.type));
  }
  if (!array.type.is_array() || array.array_text) {
    if (!all && op == "=") return bind_any_equal(expr);
    if (all && op == "<>") {
      BoundExpression out;
      out.kind = ExprKind::kNot;
      out.type = SqlType::of(TypeId::kBoolean);
      out.args.push_back(bind_any_equal(expr));
      return out;
    }
    if (!array.type.is_array()) {
      throw SqlError(sqlstate::kDatatypeMismatch, std::string("op ") + (all ? "ALL" : "ANY") +
                                                      "/" + (all ? "ALL" : "ANY") + " (array) requires array on right side",
                     {}, {}, expr.location + 1);
    }
  }
  // The comparison x op element, bound as for two scalars, decides the types.
  BoundExpression element_probe;
  element_probe.kind = ExprKind::kConstant;
  element_probe.type = array.type.element_type();
  element_probe.constant.is_null = true;
  BoundExpression comparison = bind_binary_operator(op, element, element_probe, expr.location);
  if (comparison.kind != ExprKind::kComparison) {
    throw SqlError(sqlstate::kFeatureNotSupported, "operator " + op + " with ANY or ALL is not supported yet", {}, {},
                   expr.location + 1);
  }
  const SqlType common = comparison.args[0].type;
  BoundExpression out = bind_function_call(
      FunctionId::kArrayAny, all ? "ALL" : "ANY",
      {std::move(comparison.args[0]), coerce(std::move(array), SqlType::array_of(common), false)}, expr.location);
  out.comparison = comparison.comparison;
  out.negated = all;
  return out;
}

// element = ANY(array): the element's text among the array text's elements.
BoundExpression ExpressionBinder::bind_any_equal(const PgQuery__AExpr& expr) const {
  BoundExpression element = bind(expr.lexpr);
  BoundExpression array = bind(expr.rexpr);
  return bind_function_call(FunctionId::kArrayContains, "=", {std::move(element), std::move(array)}, expr.location);
}

// Not inlined into the operator binders: its locals would sit in every frame
// of a deeply nested expression's recursion.
[[gnu::noinline]] BoundExpression ExpressionBinder::bind_binary_operator(const std::string& op, BoundExpression left,
                                                                       BoundExpression right, int location) const {
  if (op == "||" && (left.type.id == TypeId::kBytea || right.type.id == TypeId::kBytea) &&
      (left.type.id == right.type.id || left.unknown_literal || right.unknown_literal)) {
    // bytea || bytea (an untyped literal beside a bytea is a bytea): byteacat.
    const SqlType bytea = SqlType::of(TypeId::kBytea);
    BoundExpression out;
    out.kind = ExprKind::kConcat;
    out.type = bytea;
    out.args.push_back(coerce(resolve_unknown(std::move(left), bytea), bytea, false));
    out.args.push_back(coerce(resolve_unknown(std::move(right), bytea), bytea, false));
    return out;
  }
  if (auto array_function = array_operator(op, left, right)) {
    return bind_function_call(*array_function, op, {std::move(left), std::move(right)}, location);
  }
  if (auto json_function = json_operator_function(op, left, right)) {
    return bind_function_call(*json_function, op, {std::move(left), std::move(right)}, location);
  }
  if (op == "||") {
    // text || anything: untyped literals are text, and the other side is cast
    // to text, as PostgreSQL's textanycat / anytextcat do.
    left = resolve_unknown(std::move(left), SqlType::of(TypeId::kText));
    right = resolve_unknown(std::move(right), SqlType::of(TypeId::kText));
    if (!value::is_character_type(left.type.id) && !value::is_character_type(right.type.id)) {
      no_operator(op, left, right, location);
    }
    BoundExpression out;
    out.kind = ExprKind::kConcat;
    out.type = SqlType::of(TypeId::kText);
    out.args.push_back(coerce(std::move(left), SqlType::of(TypeId::kText), true));
    out.args.push_back(coerce(std::move(right), SqlType::of(TypeId::kText), true));
    return out;
  }
  if (is_regex_operator(op)) return bind_function_call(FunctionId::kRegexMatch, op, {std::move(left), std::move(right)}, location);
  if (op == "^") {
    // power() in numeric or double precision (planner/functions/math_functions.cpp).
    for (const BoundExpression* side : {&left, &right}) {
      if (!side->unknown_literal && !value::is_numeric_category(side->type.id)) no_operator(op, left, right, location);
    }
    return bind_function_call(FunctionId::kPower, op, {std::move(left), std::move(right)}, location);
  }
  // An untyped literal takes the other side's type, as in PostgreSQL.
  if (left.unknown_literal && !right.unknown_literal) left = resolve_unknown(std::move(left), right.type);
  if (right.unknown_literal && !left.unknown_literal) right = resolve_unknown(std::move(right), left.type);
  if (left.unknown_literal && right.unknown_literal) {
    left = resolve_unknown(std::move(left), SqlType::of(TypeId::kText));
    right = resolve_unknown(std::move(right), SqlType::of(TypeId::kText));
  }
  TypeId a = left.type.id, b = right.type.id;

  static const std::pair<const char*, ComparisonOp> kComparisons[] = {
      {"=", ComparisonOp::kEqual},  {"<>", ComparisonOp::kNotEqual}, {"!=", ComparisonOp::kNotEqual},
      {"<", ComparisonOp::kLess},   {"<=", ComparisonOp::kLessEqual}, {">", ComparisonOp::kGreater},
      {">=", ComparisonOp::kGreaterEqual}};
  for (const auto& [name, comparison] : kComparisons) {
    if (op != name) continue;
    if (a == TypeId::kJson || b == TypeId::kJson) no_operator(op, left, right, location);  // json has no btree ops
    SqlType common;
    if (a == TypeId::kArray || b == TypeId::kArray) {
      // anyarray's operators: both sides of one array type.
      if (a != b || left.type.element != right.type.element) no_operator(op, left, right, location);
      common = SqlType::array_of(SqlType::of(left.type.element));
    } else if (value::is_numeric_category(a) && value::is_numeric_category(b)) {
      common = numeric_common_type(a, b);
    } else if (value::is_character_type(a) && value::is_character_type(b)) {
      // name = name stays name (its own btree order, keys and indexes); name beside
      // another string type resolves to PostgreSQL's name-text operators, compared as text.
      common = a == b && (a == TypeId::kChar || a == TypeId::kName) ? SqlType::of(a) : SqlType::of(TypeId::kText);
    } else if (value::is_timestamp_or_date(a) && value::is_timestamp_or_date(b)) {
      common = datetime_common_type(a, b);
    } else if ((a == TypeId::kTime && b == TypeId::kInterval) || (a == TypeId::kInterval && b == TypeId::kTime)) {
      common = SqlType::of(TypeId::kInterval);  // time casts implicitly to interval
    } else if ((a == TypeId::kTime && b == TypeId::kTimeTz) || (a == TypeId::kTimeTz && b == TypeId::kTime)) {
      common = SqlType::of(TypeId::kTimeTz);  // and to timetz
    } else if (a == b) {
      // Two enum types never compare (anyenum's operators take one type).
      if (a == TypeId::kEnum && left.type.enum_oid != right.type.enum_oid) no_operator(op, left, right, location);
      common = a == TypeId::kEnum ? left.type : SqlType::of(a);
    } else {
      no_operator(op, left, right, location);
    }
    BoundExpression out;
    out.kind = ExprKind::kComparison;
    out.comparison = comparison;
    out.type = SqlType::of(TypeId::kBoolean);
    out.args.push_back(coerce(std::move(left), common, false));
    out.args.push_back(coerce(std::move(right), common, false));
    return out;
  }

  ArithmeticOp arithmetic;
  if (op == "+") arithmetic = ArithmeticOp::kAdd;
  else if (op == "-") arithmetic = ArithmeticOp::kSubtract;
  else if (op == "*") arithmetic = ArithmeticOp::kMultiply;
  else if (op == "/") arithmetic = ArithmeticOp::kDivide;
  else if (op == "%") arithmetic = ArithmeticOp::kModulo;
  else no_operator(op, left, right, location);

  BoundExpression out;
  out.kind = ExprKind::kArithmetic;
  out.arithmetic = arithmetic;
  auto finish = [&](SqlType result, SqlType left_type, SqlType right_type) {
    out.type = result;
    out.args.push_back(coerce(std::move(left), left_type, false));
    out.args.push_back(coerce(std::move(right), right_type, false));
    return std::move(out);  // `out` is captured: a plain return would copy the whole tree below
  };
  const SqlType kInt = SqlType::of(TypeId::kInteger), kDate = SqlType::of(TypeId::kDate),
                kTimestamp = SqlType::of(TypeId::kTimestamp), kInterval = SqlType::of(TypeId::kInterval);
  if (value::is_numeric_category(a) && value::is_numeric_category(b)) {
    if (arithmetic == ArithmeticOp::kModulo && (value::is_float_type(a) || value::is_float_type(b))) {
      no_operator(op, left, right, location);
    }
    SqlType common = numeric_common_type(a, b);
    return finish(common, common, common);
  }
  bool additive = arithmetic == ArithmeticOp::kAdd || arithmetic == ArithmeticOp::kSubtract;
  if (a == TypeId::kTimeTz || b == TypeId::kTimeTz) {
    const SqlType kTimeTz = SqlType::of(TypeId::kTimeTz);
    if (a == TypeId::kTimeTz && b == TypeId::kInterval && additive) return finish(kTimeTz, kTimeTz, kInterval);
    if (a == TypeId::kInterval && b == TypeId::kTimeTz && arithmetic == ArithmeticOp::kAdd) {
      return finish(kTimeTz, kInterval, kTimeTz);
    }
    const SqlType kTimestampTz = SqlType::of(TypeId::kTimestampTz);
    if (a == TypeId::kDate && b == TypeId::kTimeTz && arithmetic == ArithmeticOp::kAdd) {
      return finish(kTimestampTz, kDate, kTimeTz);
    }
    if (a == TypeId::kTimeTz && b == TypeId::kDate && arithmetic == ArithmeticOp::kAdd) {
      return finish(kTimestampTz, kTimeTz, kDate);
    }
    no_operator(op, left, right, location);
  }
  if (a == TypeId::kTime || b == TypeId::kTime) {
    const SqlType kTime = SqlType::of(TypeId::kTime);
    if (a == TypeId::kTime && b == TypeId::kInterval && additive) return finish(kTime, kTime, kInterval);
    if (a == TypeId::kInterval && b == TypeId::kTime && arithmetic == ArithmeticOp::kAdd) {
      return finish(kTime, kInterval, kTime);
    }
    if (a == TypeId::kTime && b == TypeId::kTime && arithmetic == ArithmeticOp::kSubtract) {
      return finish(kInterval, kTime, kTime);
    }
    if (a == TypeId::kTime && b == TypeId::kTime && arithmetic == ArithmeticOp::kAdd) {
      // time + time matches both date + time and time + interval (time casts to interval).
      throw SqlError("42725", "operator is not unique: time without time zone + time without time zone", {},
                     "Could not choose a best candidate operator. You might need to add explicit type casts.",
                     location + 1);
    }
    if (a == TypeId::kDate && b == TypeId::kTime && arithmetic == ArithmeticOp::kAdd) {
      return finish(kTimestamp, kDate, kTime);
    }
    if (a == TypeId::kTime && b == TypeId::kDate && arithmetic == ArithmeticOp::kAdd) {
      return finish(kTimestamp, kTime, kDate);
    }
    // Elsewhere a time is the interval since midnight (its implicit cast): date - time,
    // timestamp + time, time * 2.
    if (a == TypeId::kTime) a = TypeId::kInterval;
    if (b == TypeId::kTime) b = TypeId::kInterval;
  }
  if (a == TypeId::kDate && value::is_integer_type(b) && additive) return finish(kDate, kDate, kInt);
  if (value::is_integer_type(a) && b == TypeId::kDate && arithmetic == ArithmeticOp::kAdd) {
    return finish(kDate, kInt, kDate);
  }
  if (a == TypeId::kDate && b == TypeId::kDate && arithmetic == ArithmeticOp::kSubtract) {
    return finish(kInt, kDate, kDate);
  }
  if ((a == TypeId::kDate || a == TypeId::kTimestamp) && b == TypeId::kInterval && additive) {
    return finish(kTimestamp, kTimestamp, kInterval);
  }
  if (a == TypeId::kInterval && (b == TypeId::kDate || b == TypeId::kTimestamp) && arithmetic == ArithmeticOp::kAdd) {
    return finish(kTimestamp, kInterval, kTimestamp);
  }
  if (a == TypeId::kTimestampTz && b == TypeId::kInterval && additive) {
    return finish(SqlType::of(TypeId::kTimestampTz), SqlType::of(TypeId::kTimestampTz), kInterval);
  }
  if (a == TypeId::kInterval && b == TypeId::kTimestampTz && arithmetic == ArithmeticOp::kAdd) {
    return finish(SqlType::of(TypeId::kTimestampTz), kInterval, SqlType::of(TypeId::kTimestampTz));
  }
  // timestamp - timestamp, timestamptz - timestamptz (a date or timestamp
  // beside a timestamptz is cast to it, as PostgreSQL's operators resolve).
  if (value::is_timestamp_or_date(a) && value::is_timestamp_or_date(b) && (a != TypeId::kDate || b != TypeId::kDate) &&
      arithmetic == ArithmeticOp::kSubtract) {
    const SqlType common = datetime_common_type(a, b);
    return finish(kInterval, common, common);
  }
  if (a == TypeId::kInterval && b == TypeId::kInterval && additive) return finish(kInterval, kInterval, kInterval);
  if (a == TypeId::kInterval && value::is_numeric_category(b) &&
      (arithmetic == ArithmeticOp::kMultiply || arithmetic == ArithmeticOp::kDivide)) {
    return finish(kInterval, kInterval, SqlType::of(TypeId::kDouble));
  }
  if (value::is_numeric_category(a) && b == TypeId::kInterval && arithmetic == ArithmeticOp::kMultiply) {
    return finish(kInterval, SqlType::of(TypeId::kDouble), kInterval);
  }
  no_operator(op, left, right, location);
}

}  // namespace ptreedb::planner
