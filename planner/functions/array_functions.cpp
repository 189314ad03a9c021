// Functions over typed one-dimensional arrays (value::TypeId::kArray, held
// as their canonical text): ARRAY[...], a[i:j], ||, array_append/prepend/cat,
// cardinality, array_position, array_remove, string_to_array, x op ANY/ALL
// (array) and @>, <@, &&.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

const SqlType kText = SqlType::of(TypeId::kText);
const SqlType kInt = SqlType::of(TypeId::kInteger);

[[noreturn]] void multidimensional() {
  throw SqlError(sqlstate::kFeatureNotSupported, "multidimensional arrays are not supported yet");
}

// An argument that must be an array: an untyped literal is read as `like`.
BoundExpression array_argument(BoundExpression arg, const std::string& name, const std::vector<BoundExpression>& all,
                               int location, std::optional<SqlType> like = std::nullopt) {
  if (arg.unknown_literal) return resolve_unknown(std::move(arg), like.value_or(SqlType::array_of(kText)));
  if (!arg.type.is_array()) throw_no_such_function(name, all, location);
  return arg;
}

// ARRAY[a, b, ...]: the elements' common type, as PostgreSQL's transformArrayExpr.
BoundExpression bind_array_construct(const std::string&, std::vector<BoundExpression>& args, int) {
  if (args.empty()) {
    throw SqlError("42P18", "cannot determine type of empty array", {},
                   "Explicitly cast to the desired type, for example ARRAY[]::integer[].");
  }
  for (const BoundExpression& arg : args) {
    if (arg.type.is_array() && !arg.unknown_literal) multidimensional();
  }
  SqlType element = common_type(args, "ARRAY");
  // Elements all of one type keep it (ARRAY['a'::varchar] is character varying[]).
  std::optional<TypeId> shared;
  bool one_type = true;
  for (const BoundExpression& arg : args) {
    if (arg.unknown_literal) continue;
    if (shared && *shared != arg.type.id) one_type = false;
    shared = arg.type.id;
  }
  if (shared && one_type) element = SqlType::of(*shared);
  if (element.id == TypeId::kArray) multidimensional();
  for (auto& arg : args) arg = coerce(resolve_unknown(std::move(arg), element), element, false);
  return function_node(FunctionId::kArrayConstruct, SqlType::array_of(element), std::move(args));
}

// array_cat(a, b), array_append(a, x), array_prepend(x, a), and || over arrays:
// `negated` marks an element before the array, `case_insensitive` one after.
BoundExpression bind_array_concat(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_wrong_arguments(name, location);
  const std::vector<BoundExpression> all = args;
  bool element_first = name == "array_prepend" || (name == "||" && !args[0].type.is_array() && args[1].type.is_array());
  bool element_last = name == "array_append" || (name == "||" && args[0].type.is_array() && !args[1].type.is_array());
  if (name == "||" && args[0].type.is_array() && args[1].unknown_literal) element_last = false;
  if (name == "||" && args[1].type.is_array() && args[0].unknown_literal) element_first = false;
  BoundExpression& array = element_first ? args[1] : args[0];
  BoundExpression& other = element_first ? args[0] : args[1];
  if (array.unknown_literal && !other.unknown_literal && (element_first || element_last)) {
    array = resolve_unknown(std::move(array), SqlType::array_of(other.type));
  }
  array = array_argument(std::move(array), name, all, location,
                         other.type.is_array() ? std::optional<SqlType>(other.type) : std::nullopt);
  const SqlType result = array.type;
  if (element_first || element_last) {
    if (other.type.is_array() && !other.unknown_literal) multidimensional();
    other = coerce(resolve_unknown(std::move(other), result.element_type()), result.element_type(), false);
  } else {
    other = array_argument(std::move(other), name, all, location, result);
    other = coerce(std::move(other), result, false);
  }
  BoundExpression out = function_node(FunctionId::kArrayConcat, result, std::move(args));
  out.negated = element_first;
  out.case_insensitive = element_last;
  return out;
}

// array[i:j] (either bound may be missing: a NULL constant of type integer).
BoundExpression bind_array_slice(const std::string&, std::vector<BoundExpression>& args, int) {
  const SqlType type = args[0].type;
  for (std::size_t i = 1; i < args.size(); ++i) args[i] = coerce(resolve_unknown(std::move(args[i]), kInt), kInt, false);
  return function_node(FunctionId::kArraySlice, type, std::move(args));
}

BoundExpression bind_cardinality(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_wrong_arguments(name, location);
  args[0] = array_argument(std::move(args[0]), name, args, location);
  return function_node(FunctionId::kArrayCardinality, kInt, std::move(args));
}

// array_position(a, x [, start]), array_positions(a, x), array_remove(a, x)
// and array_replace(a, x, y): x (and y) compared with the elements' type.
BoundExpression bind_array_search(const std::string& name, std::vector<BoundExpression>& args, int location) {
  const bool remove = name == "array_remove", replace = name == "array_replace", positions = name == "array_positions";
  const std::size_t most = remove || positions ? 2 : 3, least = replace ? 3 : 2;
  if (args.size() < least || args.size() > most) throw_wrong_arguments(name, location);
  const std::vector<BoundExpression> all = args;
  if (args[0].unknown_literal && !args[1].unknown_literal) {
    args[0] = resolve_unknown(std::move(args[0]), SqlType::array_of(args[1].type));
  }
  args[0] = array_argument(std::move(args[0]), name, all, location);
  const SqlType element = args[0].type.element_type();
  args[1] = coerce(resolve_unknown(std::move(args[1]), element), element, false);
  if (args.size() == 3) {
    const SqlType third = replace ? element : kInt;
    args[2] = coerce(resolve_unknown(std::move(args[2]), third), third, false);
  }
  const SqlType result = remove || replace ? args[0].type : positions ? SqlType::array_of(kInt) : kInt;
  const FunctionId id = remove      ? FunctionId::kArrayRemove
                        : replace   ? FunctionId::kArrayReplace
                        : positions ? FunctionId::kArrayPositions
                                    : FunctionId::kArrayPosition;
  return function_node(id, result, std::move(args));
}

// trim_array(a, n): a without its last n elements.
BoundExpression bind_trim_array(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_wrong_arguments(name, location);
  const std::vector<BoundExpression> all = args;
  args[0] = array_argument(std::move(args[0]), name, all, location);
  args[1] = coerce(resolve_unknown(std::move(args[1]), kInt), kInt, false);
  const SqlType result = args[0].type;
  return function_node(FunctionId::kTrimArray, result, std::move(args));
}

// string_to_array(text, delimiter [, null string]) -> text[].
BoundExpression bind_string_to_array(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() < 2 || args.size() > 3) throw_wrong_arguments(name, location);
  for (auto& arg : args) arg = coerce(resolve_unknown(std::move(arg), kText), kText, false);
  return function_node(FunctionId::kStringToArray, SqlType::array_of(kText), std::move(args));
}

// x op ANY(array) / x op ALL(array) (`negated` = ALL); `comparison` holds op.
BoundExpression bind_array_any(const std::string&, std::vector<BoundExpression>& args, int) {
  return function_node(FunctionId::kArrayAny, SqlType::of(TypeId::kBoolean), std::move(args));
}

// a @> b, a <@ b, a && b: the arrays in the order of @>; `negated` = &&.
BoundExpression bind_array_containment(const std::string& name, std::vector<BoundExpression>& args, int location) {
  const std::vector<BoundExpression> all = args;
  if (args[0].unknown_literal && !args[1].unknown_literal) args[0] = resolve_unknown(std::move(args[0]), args[1].type);
  if (args[1].unknown_literal && !args[0].unknown_literal) args[1] = resolve_unknown(std::move(args[1]), args[0].type);
  args[0] = array_argument(std::move(args[0]), name, all, location);
  args[1] = array_argument(std::move(args[1]), name, all, location, args[0].type);
  if (args[0].type.element != args[1].type.element) {
    if (!value::is_numeric_category(args[0].type.element) || !value::is_numeric_category(args[1].type.element)) {
      if (!(value::is_character_type(args[0].type.element) && value::is_character_type(args[1].type.element))) {
        throw_no_such_function(name, all, location);
      }
    }
    std::vector<BoundExpression> elements = {make_constant_text(""), make_constant_text("")};
    elements[0].type = args[0].type.element_type();
    elements[0].unknown_literal = false;
    elements[1].type = args[1].type.element_type();
    elements[1].unknown_literal = false;
    const SqlType common = SqlType::array_of(common_type(elements, name.c_str()));
    args[0] = coerce(std::move(args[0]), common, false);
    args[1] = coerce(std::move(args[1]), common, false);
  }
  if (name == "<@") std::swap(args[0], args[1]);
  BoundExpression out = function_node(FunctionId::kArrayContainment, SqlType::of(TypeId::kBoolean), std::move(args));
  out.negated = name == "&&";
  out.case_insensitive = name == "<@";  // printed as written
  return out;
}

}  // namespace

const FunctionBinding kArrayConstructBinding{FunctionId::kArrayConstruct, "ARRAY", {}, bind_array_construct};
const FunctionBinding kArrayConcatBinding{
    FunctionId::kArrayConcat, "array_cat", {"array_cat", "array_append", "array_prepend"}, bind_array_concat};
const FunctionBinding kArraySliceBinding{FunctionId::kArraySlice, "array_slice", {}, bind_array_slice};
const FunctionBinding kArrayCardinalityBinding{
    FunctionId::kArrayCardinality, "cardinality", {"cardinality"}, bind_cardinality};
const FunctionBinding kArrayPositionBinding{
    FunctionId::kArrayPosition, "array_position", {"array_position"}, bind_array_search};
const FunctionBinding kArrayRemoveBinding{FunctionId::kArrayRemove, "array_remove", {"array_remove"}, bind_array_search};
const FunctionBinding kArrayReplaceBinding{
    FunctionId::kArrayReplace, "array_replace", {"array_replace"}, bind_array_search};
const FunctionBinding kArrayPositionsBinding{
    FunctionId::kArrayPositions, "array_positions", {"array_positions"}, bind_array_search};
const FunctionBinding kTrimArrayBinding{FunctionId::kTrimArray, "trim_array", {"trim_array"}, bind_trim_array};
const FunctionBinding kStringToArrayBinding{
    FunctionId::kStringToArray, "string_to_array", {"string_to_array"}, bind_string_to_array};
const FunctionBinding kArrayAnyBinding{FunctionId::kArrayAny, "any", {}, bind_array_any};
const FunctionBinding kArrayContainmentBinding{FunctionId::kArrayContainment, "@>", {}, bind_array_containment};

}  // namespace ptreedb::planner

#include "planner/aggregate_binder.h"
#include "planner/functions/array_operators.h"

namespace ptreedb::planner {

std::optional<BoundExpression> bind_array_aggregate(const ExpressionBinder& binder, const std::string& name,
                                                    const PgQuery__FuncCall& call) {
  if (name != "array_agg") return std::nullopt;
  const SqlType text = SqlType::of(TypeId::kText);
  if (call.agg_star || call.n_args != 1) {
    std::vector<BoundExpression> args;
    for (std::size_t i = 0; i < call.n_args; ++i) args.push_back(binder.bind(call.args[i]));
    throw_no_such_function(name, args, call.location);
  }
  BoundExpression aggregate = bind_aggregate_call(binder, AggregateKind::kCount, name, call);
  BoundExpression value = resolve_unknown(std::move(aggregate.args[0]), text);
  if (value.type.is_array()) {
    throw SqlError(sqlstate::kFeatureNotSupported, "array_agg over arrays (multidimensional arrays) is not supported yet",
                   {}, {}, call.location + 1);
  }
  const SqlType element = value.type.id == TypeId::kChar && !value.type.has_typmod() ? value.type : value.type;
  aggregate.args[0] = bind_function_call(FunctionId::kArrayQuote, "array_quote", {std::move(value)}, -1);
  aggregate.args.insert(aggregate.args.begin() + 1, make_constant_text(","));
  aggregate.aggregate = AggregateKind::kStringAgg;
  aggregate.type = text;
  auto concat = [&](BoundExpression left, BoundExpression right) {
    BoundExpression out;
    out.kind = ExprKind::kConcat;
    out.type = text;
    out.args.push_back(std::move(left));
    out.args.push_back(std::move(right));
    return out;
  };
  BoundExpression literal = concat(concat(make_constant_text("{"), std::move(aggregate)), make_constant_text("}"));
  return coerce(std::move(literal), SqlType::array_of(element), true);
}

}  // namespace ptreedb::planner
