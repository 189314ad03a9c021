// The functions over catalog arrays kept as their text form ('{a,b}'):
// array_to_string, element = ANY(array), array_lower/upper/length, array[i],
// and one value quoted as an array element.
#include "exec/array_text.h"
#include "exec/evaluate.h"
#include "exec/functions/in_list.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/extra_float_digits.h"

namespace ptreedb::exec {
namespace {

// '{a,b,NULL}' joined by the separator (elements NULL are skipped, as PostgreSQL does).
std::string array_to_string(std::string_view array, std::string_view separator, const std::string_view* null_text) {
  std::string out;
  bool first = true;
  for (const auto& element : array_elements(array)) {
    if (!element && null_text == nullptr) continue;
    if (!first) out += separator;
    out += element ? std::string_view(*element) : *null_text;
    first = false;
  }
  return out;
}

Vector evaluate_array_to_string(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, {args[0], args[1]}, input.size, [&](std::size_t i) {
    const bool null_given = args.size() > 2 && !args[2].nulls[i];
    return array_to_string(args[0].texts[i], args[1].texts[i], null_given ? &args[2].texts[i] : nullptr);
  });
}

// x = ANY(array): true on a match, else NULL if an element is NULL, else false.
Vector evaluate_array_contains(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.in_list) return evaluate_in_list(expr, input);  // a constant array, hashed once
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i];
    if (out.nulls[i]) continue;
    bool found = false, saw_null = false;
    std::string_view array = args[1].texts[i];
    if (array.empty() || array.front() != '{') {
      throw SqlError("22P02", "malformed array literal: \"" + std::string(array) + "\"",
                     "Array value must start with \"{\" or dimension information.");
    }
    for (const auto& element : array_elements(array)) {
      if (!element) {
        saw_null = true;
      } else if (*element == args[0].texts[i]) {
        found = true;
        break;
      }
    }
    out.ints[i] = found ? 1 : 0;
    if (!found && saw_null) out.nulls[i] = 1;
  }
  return out;
}

std::string explain_array_contains(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  std::string out = "(";
  out += printer.text(expr.args[0]);
  out += " = ANY (";
  out += printer.text(expr.args[1]);
  return out + "))";
}

// One-dimensional arrays from 1: lower 1, upper and length the count; NULL
// for an empty array or another dimension.
Vector evaluate_array_bound(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i];
    if (out.nulls[i]) continue;
    std::size_t elements = args[0].texts[i] == "{}" ? 0 : array_elements(args[0].texts[i]).size();
    if (elements == 0 || args[1].ints[i] != 1) {
      out.nulls[i] = 1;
    } else {
      out.ints[i] = expr.negated ? 1 : static_cast<std::int64_t>(elements);
    }
  }
  return out;
}

std::string explain_array_bound(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  return std::string(expr.negated ? "array_lower(" : "array_upper(") + printer.arguments(expr, 0) + ")";
}

// array[index], 1-based: NULL outside the array or for a NULL element.
Vector evaluate_array_element(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i];
    if (out.nulls[i]) continue;
    auto elements = array_elements(args[0].texts[i]);
    std::int64_t index = args[1].ints[i];
    if (index < 1 || index > static_cast<std::int64_t>(elements.size()) || !elements[index - 1]) {
      out.nulls[i] = 1;
    } else {
      storage->strings.push_back(*elements[index - 1]);
      out.texts[i] = storage->strings.back();
    }
  }
  return out;
}

std::string explain_array_element(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  std::string out = "(";
  out += printer.text(expr.args[0]);
  out += ")[";
  out += printer.text(expr.args[1]);
  return out + "]";
}

// Never NULL: a NULL value is the element NULL. Floats read back
// unchanged whatever extra_float_digits says (arrays are held as text).
Vector evaluate_array_quote(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  value::RoundTripFloats exact;
  return text_per_row(expr, {}, input.size, [&](std::size_t i) {
    if (args[0].nulls[i]) return array_element_text(std::nullopt);
    std::string text;
    append_text(text, args[0], i);
    return array_element_text(std::move(text));
  });
}

}  // namespace

const FunctionKernel kArrayToStringKernel{planner::FunctionId::kArrayToString, evaluate_array_to_string};
const FunctionKernel kArrayContainsKernel{planner::FunctionId::kArrayContains, evaluate_array_contains,
                                          explain_array_contains};
const FunctionKernel kArrayBoundKernel{planner::FunctionId::kArrayBound, evaluate_array_bound, explain_array_bound};
const FunctionKernel kArrayElementKernel{planner::FunctionId::kArrayElement, evaluate_array_element,
                                         explain_array_element};
const FunctionKernel kArrayQuoteKernel{planner::FunctionId::kArrayQuote, evaluate_array_quote};

}  // namespace ptreedb::exec
