// Bindings of the json and jsonb operators and functions: argument types as
// PostgreSQL resolves them (an untyped literal beside a jsonb is jsonb, a key
// is text, a path is text[] in its text form).
#include "planner/aggregate_binder.h"
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "planner/functions/json_operators.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

const SqlType kText = SqlType::of(TypeId::kText);
const SqlType kInt = SqlType::of(TypeId::kInteger);
const SqlType kBool = SqlType::of(TypeId::kBoolean);
const SqlType kJson = SqlType::of(TypeId::kJson);
const SqlType kJsonb = SqlType::of(TypeId::kJsonb);

std::string type_name(const BoundExpression& expr) {
  return expr.unknown_literal ? "unknown" : value::format_type(SqlType::of(expr.type.id));
}

[[noreturn]] void no_operator(const std::string& op, const BoundExpression& left, const BoundExpression& right,
                              int location) {
  throw SqlError("42883", "operator does not exist: " + type_name(left) + " " + op + " " + type_name(right), {},
                 "No operator matches the given name and argument types. You might need to add explicit type casts.",
                 location + 1);
}

// A text[] (a path or key list) is passed as its text form '{a,b}'.
BoundExpression text_argument(BoundExpression arg) {
  const bool array = arg.type.is_array();
  return coerce(resolve_unknown(std::move(arg), kText), kText, array);
}

bool is_text_like(const BoundExpression& arg) {
  return arg.unknown_literal || value::is_character_type(arg.type.id) ||
         (arg.type.is_array() && value::is_character_type(arg.type.element));
}

// -> and ->>: a key (text) or an index (integer).
BoundExpression bind_json_field(const std::string& op, std::vector<BoundExpression>& args, int location) {
  if (args[0].unknown_literal) {
    throw SqlError("42725", "operator is not unique: unknown " + op + " " + type_name(args[1]), {},
                   "Could not choose a best candidate operator. You might need to add explicit type casts.",
                   location + 1);
  }
  BoundExpression value = std::move(args[0]);
  if (!value::is_json_type(value.type.id)) no_operator(op, value, args[1], location);
  BoundExpression key = std::move(args[1]);
  if (value::is_integer_type(key.type.id)) {
    key = coerce(std::move(key), kInt, false);
  } else if (is_text_like(key)) {
    key = text_argument(std::move(key));
  } else {
    no_operator(op, value, key, location);
  }
  const bool as_text = op == "->>";
  SqlType result = as_text ? kText : SqlType::of(value.type.id);
  BoundExpression out = function_node(FunctionId::kJsonField, result, {std::move(value), std::move(key)});
  out.negated = as_text;
  return out;
}

// #> and #>> (a text[] path), and json[b]_extract_path[_text](value, VARIADIC keys).
BoundExpression bind_json_path(const std::string& name, std::vector<BoundExpression>& args, int location) {
  const bool is_operator = name == "#>" || name == "#>>";
  if (args.empty() || (is_operator && args.size() != 2)) throw_no_such_function(name, args, location);
  SqlType json_type = is_operator ? kJsonb : name.starts_with("jsonb") ? kJsonb : kJson;
  if (is_operator && args[0].unknown_literal) {
    throw SqlError("42725", "operator is not unique: unknown " + name + " " + type_name(args[1]), {},
                   "Could not choose a best candidate operator. You might need to add explicit type casts.",
                   location + 1);
  }
  BoundExpression value = resolve_unknown(std::move(args[0]), json_type);
  if (is_operator) json_type = SqlType::of(value.type.id);
  if (!value::is_json_type(value.type.id)) {
    if (is_operator) no_operator(name, value, args[1], location);
    throw_no_such_function(name, args, location);
  }
  if (!is_operator) value = coerce(std::move(value), json_type, false);
  std::vector<BoundExpression> bound{std::move(value)};
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (!is_text_like(args[i])) {
      if (is_operator) no_operator(name, bound[0], args[i], location);
      throw_no_such_function(name, args, location);
    }
    bound.push_back(text_argument(std::move(args[i])));
  }
  const bool as_text = name == "#>>" || name.ends_with("_text");
  BoundExpression out = function_node(FunctionId::kJsonPath, as_text ? kText : json_type, std::move(bound));
  out.negated = as_text;
  out.case_insensitive = is_operator;
  return out;
}

// Both operands jsonb (an untyped literal is jsonb).
std::vector<BoundExpression> two_jsonb(const std::string& op, std::vector<BoundExpression>& args, int location) {
  BoundExpression left = resolve_unknown(std::move(args[0]), kJsonb);
  BoundExpression right = resolve_unknown(std::move(args[1]), kJsonb);
  if (left.type.id != TypeId::kJsonb || right.type.id != TypeId::kJsonb) no_operator(op, left, right, location);
  std::vector<BoundExpression> out;
  out.push_back(std::move(left));
  out.push_back(std::move(right));
  return out;
}

BoundExpression bind_jsonb_contains(const std::string& op, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_no_such_function(op, args, location);
  std::vector<BoundExpression> both = two_jsonb(op, args, location);
  if (op == "<@" || op == "jsonb_contained") std::swap(both[0], both[1]);
  return function_node(FunctionId::kJsonbContains, kBool, std::move(both));
}

BoundExpression jsonb_and_text(FunctionId id, const std::string& op, std::vector<BoundExpression>& args,
                               int location) {
  if (args.size() != 2) throw_no_such_function(op, args, location);
  BoundExpression value = resolve_unknown(std::move(args[0]), kJsonb);
  if (value.type.id != TypeId::kJsonb || !is_text_like(args[1])) no_operator(op, value, args[1], location);
  return function_node(id, kBool, {std::move(value), text_argument(std::move(args[1]))});
}

BoundExpression bind_jsonb_exists(const std::string& op, std::vector<BoundExpression>& args, int location) {
  return jsonb_and_text(FunctionId::kJsonbExists, op, args, location);
}

BoundExpression bind_jsonb_exists_any(const std::string& op, std::vector<BoundExpression>& args, int location) {
  BoundExpression out = jsonb_and_text(FunctionId::kJsonbExistsAny, op, args, location);
  out.negated = op == "?&" || op == "jsonb_exists_all";
  return out;
}

BoundExpression bind_jsonb_concat(const std::string& op, std::vector<BoundExpression>& args, int location) {
  return function_node(FunctionId::kJsonbConcat, kJsonb, two_jsonb(op, args, location));
}

// jsonb - text, jsonb - integer, jsonb - text[] (an array literal's text '{a,b}').
BoundExpression bind_jsonb_delete(const std::string& op, std::vector<BoundExpression>& args, int location) {
  BoundExpression value = resolve_unknown(std::move(args[0]), kJsonb);
  if (value.type.id != TypeId::kJsonb) no_operator(op, value, args[1], location);
  BoundExpression key = std::move(args[1]);
  // jsonb - text[]; an untyped literal is a text key, as in PostgreSQL.
  const bool array = key.array_text || key.type.is_array();
  if (value::is_integer_type(key.type.id)) {
    key = coerce(std::move(key), kInt, false);
  } else if (is_text_like(key)) {
    key = text_argument(std::move(key));
  } else {
    no_operator(op, value, key, location);
  }
  BoundExpression out = function_node(FunctionId::kJsonbDelete, kJsonb, {std::move(value), std::move(key)});
  out.case_insensitive = array;
  return out;
}

BoundExpression bind_jsonb_delete_path(const std::string& op, std::vector<BoundExpression>& args, int location) {
  BoundExpression value = resolve_unknown(std::move(args[0]), kJsonb);
  if (value.type.id != TypeId::kJsonb || !is_text_like(args[1])) no_operator(op, value, args[1], location);
  return function_node(FunctionId::kJsonbDeletePath, kJsonb, {std::move(value), text_argument(std::move(args[1]))});
}

// f(json) for json_*, f(jsonb) for jsonb_*.
BoundExpression one_json(FunctionId id, SqlType result, const std::string& name, std::vector<BoundExpression>& args,
                         int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  SqlType json_type = name.starts_with("jsonb") ? kJsonb : kJson;
  BoundExpression value = resolve_unknown(std::move(args[0]), json_type);
  if (!value::is_json_type(value.type.id)) throw_no_such_function(name, args, location);
  if (value.type.id != json_type.id) {
    std::vector<BoundExpression> shown;
    shown.push_back(value);
    throw_no_such_function(name, shown, location);
  }
  return function_node(id, result, {std::move(value)});
}

BoundExpression bind_json_typeof(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return one_json(FunctionId::kJsonTypeof, kText, name, args, location);
}

BoundExpression bind_json_array_length(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return one_json(FunctionId::kJsonArrayLength, kInt, name, args, location);
}

BoundExpression bind_jsonb_pretty(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return one_json(FunctionId::kJsonbPretty, kText, name, args, location);
}

BoundExpression bind_json_strip_nulls(const std::string& name, std::vector<BoundExpression>& args, int location) {
  SqlType result = name.starts_with("jsonb") ? kJsonb : kJson;
  return one_json(FunctionId::kJsonStripNulls, result, name, args, location);
}

// jsonb_set(target, path text[], new jsonb [, create_missing bool]),
// jsonb_insert(target, path text[], new jsonb [, insert_after bool]).
BoundExpression bind_jsonb_set(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() < 3 || args.size() > 4) throw_no_such_function(name, args, location);
  std::vector<BoundExpression> bound;
  bound.push_back(resolve_unknown(std::move(args[0]), kJsonb));
  if (bound[0].type.id != TypeId::kJsonb || !is_text_like(args[1])) throw_no_such_function(name, args, location);
  bound.push_back(text_argument(std::move(args[1])));
  bound.push_back(resolve_unknown(std::move(args[2]), kJsonb));
  if (bound[2].type.id != TypeId::kJsonb) throw_no_such_function(name, args, location);
  if (args.size() == 4) {
    BoundExpression flag = resolve_unknown(std::move(args[3]), kBool);
    if (flag.type.id != TypeId::kBoolean) throw_no_such_function(name, args, location);
    bound.push_back(std::move(flag));
  }
  BoundExpression out = function_node(FunctionId::kJsonbSet, kJsonb, std::move(bound));
  out.negated = name == "jsonb_insert";
  return out;
}

// to_json / to_jsonb of a scalar value (an untyped literal is text).
BoundExpression bind_to_json(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  if (args[0].unknown_literal && !args[0].constant.is_null) {
    throw SqlError("42P18", "could not determine polymorphic type because input has type unknown");
  }
  BoundExpression value = resolve_unknown(std::move(args[0]), kText);
  return function_node(FunctionId::kToJson, name == "to_jsonb" ? kJsonb : kJson, {std::move(value)});
}

// json[b]_build_array(VARIADIC "any"), json[b]_build_object(VARIADIC "any").
BoundExpression bind_json_build(const std::string& name, std::vector<BoundExpression>& args, int location) {
  const bool object = name.ends_with("_object");
  if (object && args.size() % 2 != 0) {
    throw SqlError(sqlstate::kInvalidParameterValue, "argument list must have even number of elements", {},
                   std::string("The arguments of ") + name +
                       "() must consist of alternating keys and values.");
  }
  (void)location;
  std::vector<BoundExpression> bound;
  for (BoundExpression& arg : args) bound.push_back(resolve_unknown(std::move(arg), kText));
  BoundExpression out = function_node(FunctionId::kJsonBuild, name.starts_with("jsonb") ? kJsonb : kJson,
                                      std::move(bound));
  out.negated = object;
  return out;
}

}  // namespace

std::optional<BoundExpression> bind_json_aggregate(const ExpressionBinder& binder, const std::string& name,
                                                   const PgQuery__FuncCall& call) {
  const bool array = name == "json_agg" || name == "jsonb_agg";
  const bool object = name == "json_object_agg" || name == "jsonb_object_agg";
  if (!array && !object) return std::nullopt;
  const bool jsonb = name.starts_with("jsonb");
  const std::size_t wanted = object ? 2 : 1;
  if (call.agg_star || call.n_args != wanted) {
    std::vector<BoundExpression> args;
    for (std::size_t i = 0; i < call.n_args; ++i) args.push_back(binder.bind(call.args[i]));
    throw_no_such_function(name, args, call.location);
  }
  // The call's clauses (DISTINCT, ORDER BY, FILTER) as a one-argument
  // aggregate binds them; then its argument becomes the row's JSON text.
  PgQuery__FuncCall first_argument = call;
  first_argument.n_args = 1;
  BoundExpression aggregate = bind_aggregate_call(binder, AggregateKind::kCount, name, first_argument);
  std::vector<BoundExpression> element_args;
  element_args.push_back(resolve_unknown(std::move(aggregate.args[0]), kText));
  if (object) element_args.push_back(resolve_unknown(binder.bind(call.args[1]), kText));
  BoundExpression element = function_node(FunctionId::kToJson, kText, std::move(element_args));
  element.negated = true;  // an aggregate's element: NULL is JSON null
  aggregate.args[0] = std::move(element);
  aggregate.args.insert(aggregate.args.begin() + 1, make_constant_text(", "));
  aggregate.aggregate = AggregateKind::kStringAgg;
  aggregate.type = kText;
  // '[' || string_agg(...) || ']' is NULL for a group without rows, as json_agg is.
  auto concat = [](BoundExpression left, BoundExpression right) {
    BoundExpression out;
    out.kind = ExprKind::kConcat;
    out.type = kText;
    out.args.push_back(std::move(left));
    out.args.push_back(std::move(right));
    return out;
  };
  const char* open = array ? "[" : jsonb ? "{" : "{ ";
  const char* close = array ? "]" : jsonb ? "}" : " }";
  BoundExpression text = concat(concat(make_constant_text(open), std::move(aggregate)), make_constant_text(close));
  return coerce(std::move(text), jsonb ? kJsonb : kJson, true);
}

void refuse_unsupported_json_function(const std::string& name, int location) {
  static constexpr std::string_view kUnsupported[] = {
      "json_each", "jsonb_each", "json_each_text", "jsonb_each_text", "row_to_json", "json_populate_record",
      "jsonb_populate_record", "json_to_record", "jsonb_to_record", "jsonb_path_query", "jsonb_path_exists",
      "jsonb_path_match", "json_object", "jsonb_object", "jsonb_set_lax", "jsonb_concat", "array_to_json"};
  for (std::string_view unsupported : kUnsupported) {
    if (name == unsupported) {
      throw SqlError(sqlstate::kFeatureNotSupported, "function " + name + " is not supported yet", {}, {},
                     location + 1);
    }
  }
}

std::optional<FunctionId> json_operator_function(const std::string& op, const BoundExpression& left,
                                                 const BoundExpression& right) {
  if (op == "->" || op == "->>") return FunctionId::kJsonField;
  if (op == "#>" || op == "#>>") return FunctionId::kJsonPath;
  if (op == "@>" || op == "<@") return FunctionId::kJsonbContains;
  if (op == "?") return FunctionId::kJsonbExists;
  if (op == "?|" || op == "?&") return FunctionId::kJsonbExistsAny;
  if (op == "#-") return FunctionId::kJsonbDeletePath;
  const bool jsonb_operand = left.type.id == TypeId::kJsonb && !left.unknown_literal;
  if (op == "||" && (jsonb_operand || (right.type.id == TypeId::kJsonb && !right.unknown_literal))) {
    if (!(jsonb_operand || left.unknown_literal) || !(right.unknown_literal || right.type.id == TypeId::kJsonb)) {
      return std::nullopt;  // text || jsonb is text concatenation
    }
    return FunctionId::kJsonbConcat;
  }
  if (op == "-" && jsonb_operand) return FunctionId::kJsonbDelete;
  return std::nullopt;
}

const FunctionBinding kJsonFieldBinding{FunctionId::kJsonField, "->", {}, bind_json_field};
const FunctionBinding kJsonPathBinding{
    FunctionId::kJsonPath, "json_extract_path", {"json_extract_path", "jsonb_extract_path", "json_extract_path_text", "jsonb_extract_path_text"},
    bind_json_path};
// The operators' functions by name too: jsonb_contains(a, b), jsonb_exists(a, key), ...
const FunctionBinding kJsonbContainsBinding{
    FunctionId::kJsonbContains, "@>", {"jsonb_contains", "jsonb_contained"}, bind_jsonb_contains};
const FunctionBinding kJsonbExistsBinding{FunctionId::kJsonbExists, "?", {"jsonb_exists"}, bind_jsonb_exists};
const FunctionBinding kJsonbExistsAnyBinding{
    FunctionId::kJsonbExistsAny, "?|", {"jsonb_exists_any", "jsonb_exists_all"}, bind_jsonb_exists_any};
const FunctionBinding kJsonbConcatBinding{FunctionId::kJsonbConcat, "||", {}, bind_jsonb_concat};
const FunctionBinding kJsonbDeleteBinding{FunctionId::kJsonbDelete, "-", {}, bind_jsonb_delete};
const FunctionBinding kJsonbDeletePathBinding{FunctionId::kJsonbDeletePath, "#-", {}, bind_jsonb_delete_path};
const FunctionBinding kJsonTypeofBinding{
    FunctionId::kJsonTypeof, "jsonb_typeof", {"json_typeof", "jsonb_typeof"}, bind_json_typeof};
const FunctionBinding kJsonArrayLengthBinding{FunctionId::kJsonArrayLength,
                                              "jsonb_array_length",
                                              {"json_array_length", "jsonb_array_length"},
                                              bind_json_array_length};
const FunctionBinding kJsonbPrettyBinding{FunctionId::kJsonbPretty, "jsonb_pretty", {"jsonb_pretty"}, bind_jsonb_pretty};
const FunctionBinding kJsonStripNullsBinding{
    FunctionId::kJsonStripNulls, "jsonb_strip_nulls", {"json_strip_nulls", "jsonb_strip_nulls"}, bind_json_strip_nulls};
const FunctionBinding kJsonbSetBinding{FunctionId::kJsonbSet, "jsonb_set", {"jsonb_set", "jsonb_insert"}, bind_jsonb_set};
const FunctionBinding kToJsonBinding{FunctionId::kToJson, "to_jsonb", {"to_json", "to_jsonb"}, bind_to_json};
const FunctionBinding kJsonBuildBinding{
    FunctionId::kJsonBuild, "jsonb_build_object", {"json_build_array", "jsonb_build_array", "json_build_object", "jsonb_build_object"},
    bind_json_build};

}  // namespace ptreedb::planner
