// The functions over catalog arrays, which ptreedb keeps as their text form
// ('{1,2}'): array_to_string, = ANY, array_lower/upper/length, array[i],
// and the quoting of one element for array text built from rows.
#include "planner/catalog/catalog_functions.h"
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

const SqlType kText = SqlType::of(TypeId::kText);
const SqlType kInt = SqlType::of(TypeId::kInteger);

BoundExpression bind_array_to_string(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() < 2 || args.size() > 3) throw_wrong_arguments(name, location);
  std::vector<BoundExpression> bound = {coerce(resolve_unknown(std::move(args[0]), kText), kText, true),
                                        coerce(resolve_unknown(std::move(args[1]), kText), kText, false)};
  // The third argument, when given, stands for NULL elements.
  if (args.size() == 3) bound.push_back(coerce(resolve_unknown(std::move(args[2]), kText), kText, false));
  return function_node(FunctionId::kArrayToString, kText, std::move(bound));
}

// element = ANY(array), comparing the element's text form.
BoundExpression bind_array_contains(const std::string&, std::vector<BoundExpression>& args, int) {
  return function_node(FunctionId::kArrayContains, SqlType::of(TypeId::kBoolean),
                       {coerce(resolve_unknown(std::move(args[0]), kText), kText, true),
                        catalog::bind_array_text_cast(std::move(args[1]))});
}

BoundExpression bind_array_bound(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_wrong_arguments(name, location);
  BoundExpression bound = function_node(FunctionId::kArrayBound, kInt,
                                        {catalog::bind_array_text_cast(std::move(args[0])),
                                         coerce(resolve_unknown(std::move(args[1]), kInt), kInt, false)});
  bound.negated = name == "array_lower";
  return bound;
}

// array[index]: the element's text, of a type still open (as an unknown
// literal's), since catalog arrays do not carry their element type.
BoundExpression bind_array_element(const std::string&, std::vector<BoundExpression>& args, int) {
  BoundExpression element = function_node(FunctionId::kArrayElement, kText,
                                          {catalog::bind_array_text_cast(std::move(args[0])),
                                           coerce(resolve_unknown(std::move(args[1]), kInt), kInt, false)});
  // Compared with attnum (psql's "attnum = prattrs[s]"), it takes attnum's type.
  element.unknown_literal = true;
  element.constant.is_null = false;  // resolved by a cast, not by retyping
  return element;
}

// A value as one element of an array's text form (string_agg builds the
// rest), in its type's output form (char(n) padded, booleans t/f).
BoundExpression bind_array_quote(const std::string&, std::vector<BoundExpression>& args, int) {
  return function_node(FunctionId::kArrayQuote, kText, {resolve_unknown(std::move(args[0]), kText)});
}

}  // namespace

const FunctionBinding kArrayToStringBinding{
    FunctionId::kArrayToString, "array_to_string", {"array_to_string"}, bind_array_to_string};
const FunctionBinding kArrayContainsBinding{FunctionId::kArrayContains, "array_contains", {}, bind_array_contains};
const FunctionBinding kArrayBoundBinding{
    FunctionId::kArrayBound, "array_upper", {"array_upper", "array_lower", "array_length"}, bind_array_bound};
const FunctionBinding kArrayElementBinding{FunctionId::kArrayElement, "array_element", {}, bind_array_element};
const FunctionBinding kArrayQuoteBinding{FunctionId::kArrayQuote, "array_quote", {}, bind_array_quote};

}  // namespace ptreedb::planner
