// Kernels over typed one-dimensional arrays (their canonical text in the
// vectors' text slot): elements are read back as a vector of the element
// type (exec/array_cast's flatten_arrays) when values must be compared.
#include <algorithm>

#include "exec/array_cast.h"
#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "exec/functions/in_list.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/extra_float_digits.h"

namespace ptreedb::exec {
namespace {

using planner::ComparisonOp;
using value::ArrayElement;

// Above this many elements an array is refused (54000), as PostgreSQL's MaxArraySize.
constexpr std::size_t kMaxArrayElements = 134217727;

void check_size(std::size_t elements) {
  if (elements > kMaxArrayElements) {
    throw SqlError("54000", "array size exceeds the maximum allowed (" + std::to_string(kMaxArrayElements) + ")");
  }
}

Vector evaluate_array_construct(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  for (std::size_t row = 0; row < input.size; ++row) {
    std::string text = "{";
    for (std::size_t a = 0; a < args.size(); ++a) {
      if (a > 0) text += ',';
      append_array_value(text, args[a], row);
    }
    text += '}';
    storage->strings.push_back(std::move(text));
    out.texts[row] = storage->strings.back();
  }
  return out;
}

std::string explain_array_construct(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  return "ARRAY[" + printer.arguments(expr, 0) + "]";
}

// Element texts of a stored (canonical) array literal.
std::vector<ArrayElement> elements_of(std::string_view literal) { return value::parse_array_literal(literal); }

// One value as an element's text (nothing for NULL).
ArrayElement element_of(const Vector& values, std::size_t i) {
  if (values.nulls[i]) return std::nullopt;
  std::string text;
  value::RoundTripFloats exact;  // arrays are held as text: their elements must read back unchanged
  append_text(text, values, i);
  return text;
}

Vector evaluate_array_concat(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  const bool element_first = expr.negated, element_last = expr.case_insensitive;
  for (std::size_t row = 0; row < input.size; ++row) {
    const Vector& array = element_first ? args[1] : args[0];
    const Vector& other = element_first ? args[0] : args[1];
    std::vector<ArrayElement> elements;
    if (element_first || element_last) {
      // array_append(NULL, x) is {x}: a NULL array is an empty one here.
      if (!array.nulls[row]) elements = elements_of(array.texts[row]);
      ArrayElement value = element_of(other, row);
      if (element_first) {
        elements.insert(elements.begin(), std::move(value));
      } else {
        elements.push_back(std::move(value));
      }
    } else {
      // array_cat: NULL when both are, else the other one.
      if (array.nulls[row] && other.nulls[row]) {
        out.nulls[row] = 1;
        continue;
      }
      if (!array.nulls[row]) elements = elements_of(array.texts[row]);
      if (!other.nulls[row]) {
        std::vector<ArrayElement> more = elements_of(other.texts[row]);
        check_size(elements.size() + more.size());
        std::move(more.begin(), more.end(), std::back_inserter(elements));
      }
    }
    check_size(elements.size());
    storage->strings.push_back(value::format_array_literal(elements));
    out.texts[row] = storage->strings.back();
  }
  return out;
}

// a[i:j]: the elements from max(i, 1) to min(j, length); {} when none.
Vector evaluate_array_slice(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  const bool has_lower = !(expr.args[1].kind == planner::ExprKind::kConstant && expr.args[1].constant.is_null &&
                           expr.args[1].negated);
  const bool has_upper = !(expr.args[2].kind == planner::ExprKind::kConstant && expr.args[2].constant.is_null &&
                           expr.args[2].negated);
  for (std::size_t row = 0; row < input.size; ++row) {
    if (args[0].nulls[row] || (has_lower && args[1].nulls[row]) || (has_upper && args[2].nulls[row])) {
      out.nulls[row] = 1;
      continue;
    }
    std::vector<ArrayElement> elements = elements_of(args[0].texts[row]);
    const std::int64_t length = static_cast<std::int64_t>(elements.size());
    const std::int64_t lower = std::max<std::int64_t>(has_lower ? args[1].ints[row] : 1, 1);
    const std::int64_t upper = std::min<std::int64_t>(has_upper ? args[2].ints[row] : length, length);
    std::vector<ArrayElement> slice;
    for (std::int64_t i = lower; i <= upper; ++i) slice.push_back(std::move(elements[static_cast<std::size_t>(i - 1)]));
    storage->strings.push_back(value::format_array_literal(slice));
    out.texts[row] = storage->strings.back();
  }
  return out;
}

Vector evaluate_array_cardinality(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size,
                     [&](std::size_t i) { return static_cast<std::int64_t>(elements_of(args[0].texts[i]).size()); });
}

// Whether element e of `elements` and value v of `values` are not distinct
// (array_position and array_remove match NULL with NULL).
bool not_distinct(const Vector& elements, std::size_t e, const Vector& values, std::size_t v) {
  if (elements.nulls[e] || values.nulls[v]) return elements.nulls[e] && values.nulls[v];
  return compare_elements(elements, e, values, v) == 0;
}

Vector evaluate_array_search(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool remove = expr.function == planner::FunctionId::kArrayRemove;
  const bool replace = expr.function == planner::FunctionId::kArrayReplace;
  const bool positions = expr.function == planner::FunctionId::kArrayPositions;
  FlatElements flat = flatten_arrays(args[0]);
  Vector out = new_result(expr.type, input.size);
  auto storage = remove || replace || positions ? new_text_storage(out) : nullptr;
  for (std::size_t row = 0; row < input.size; ++row) {
    if (args[0].nulls[row] || (args.size() > 2 && args[2].nulls[row] && !replace)) {
      out.nulls[row] = 1;
      continue;
    }
    const std::size_t begin = flat.offsets[row], end = flat.offsets[row + 1];
    if (replace || positions) {
      std::string text = "{";
      bool first = true;
      for (std::size_t e = begin; e < end; ++e) {
        const bool match = not_distinct(flat.values, e, args[1], row);
        if (positions && !match) continue;
        if (!first) text += ',';
        first = false;
        if (positions) {
          text += std::to_string(e - begin + 1);
        } else {
          append_array_value(text, match ? args[2] : flat.values, match ? row : e);
        }
      }
      text += '}';
      storage->strings.push_back(std::move(text));
      out.texts[row] = storage->strings.back();
      continue;
    }
    if (remove) {
      std::string text = "{";
      bool first = true;
      for (std::size_t e = begin; e < end; ++e) {
        if (not_distinct(flat.values, e, args[1], row)) continue;
        if (!first) text += ',';
        first = false;
        append_array_value(text, flat.values, e);
      }
      text += '}';
      storage->strings.push_back(std::move(text));
      out.texts[row] = storage->strings.back();
      continue;
    }
    std::int64_t start = args.size() > 2 ? args[2].ints[row] : 1;
    out.nulls[row] = 1;
    for (std::size_t e = begin + static_cast<std::size_t>(std::max<std::int64_t>(start - 1, 0)); e < end; ++e) {
      if (not_distinct(flat.values, e, args[1], row)) {
        out.nulls[row] = 0;
        out.ints[row] = static_cast<std::int64_t>(e - begin + 1);
        break;
      }
    }
  }
  return out;
}

Vector evaluate_trim_array(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t row) {
    std::vector<ArrayElement> elements = elements_of(args[0].texts[row]);
    const std::int64_t n = args[1].ints[row];
    if (n < 0 || n > static_cast<std::int64_t>(elements.size())) {
      throw SqlError("2202E", "number of elements to trim must be between 0 and " + std::to_string(elements.size()));
    }
    elements.resize(elements.size() - static_cast<std::size_t>(n));
    return value::format_array_literal(elements);
  });
}

// string_to_array(text, delimiter [, null string]): a NULL delimiter splits
// into characters, an empty one gives the whole text; '' gives {}.
Vector evaluate_string_to_array(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  for (std::size_t row = 0; row < input.size; ++row) {
    if (args[0].nulls[row]) {
      out.nulls[row] = 1;
      continue;
    }
    std::string_view text = args[0].texts[row];
    std::vector<ArrayElement> elements;
    auto add = [&](std::string_view piece) {
      if (args.size() > 2 && !args[2].nulls[row] && piece == args[2].texts[row]) {
        elements.emplace_back(std::nullopt);
      } else {
        elements.emplace_back(std::string(piece));
      }
    };
    if (!text.empty()) {
      if (args[1].nulls[row]) {
        for (std::size_t i = 0; i < text.size();) {
          std::size_t length = 1;
          const auto lead = static_cast<unsigned char>(text[i]);
          if (lead >= 0xf0) length = 4;
          else if (lead >= 0xe0) length = 3;
          else if (lead >= 0xc0) length = 2;
          add(text.substr(i, length));
          i += length;
        }
      } else if (args[1].texts[row].empty()) {
        add(text);
      } else {
        std::string_view delimiter = args[1].texts[row];
        std::size_t from = 0;
        while (true) {
          std::size_t at = text.find(delimiter, from);
          if (at == std::string_view::npos) {
            add(text.substr(from));
            break;
          }
          add(text.substr(from, at - from));
          from = at + delimiter.size();
        }
      }
    }
    storage->strings.push_back(value::format_array_literal(elements));
    out.texts[row] = storage->strings.back();
  }
  return out;
}

bool holds(ComparisonOp op, int order) {
  switch (op) {
    case ComparisonOp::kEqual: return order == 0;
    case ComparisonOp::kNotEqual: return order != 0;
    case ComparisonOp::kLess: return order < 0;
    case ComparisonOp::kLessEqual: return order <= 0;
    case ComparisonOp::kGreater: return order > 0;
    case ComparisonOp::kGreaterEqual: return order >= 0;
  }
  return false;
}

// x op ANY(a): true if some element satisfies it, else NULL if x or an
// element is NULL, else false; ALL (`negated`): false if some element fails,
// else NULL on NULLs, else true ({} gives false for ANY, true for ALL).
Vector evaluate_array_any(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.in_list) return evaluate_in_list(expr, input);  // = ANY / <> ALL over a constant array, hashed once
  // A constant array is read once per chunk, not once per row.
  const bool constant_array = expr.args[1].kind == planner::ExprKind::kConstant;
  Chunk one_row;
  one_row.size = 1;
  std::vector<Vector> args;
  args.push_back(evaluate(expr.args[0], input));
  args.push_back(evaluate(expr.args[1], constant_array ? one_row : input));
  FlatElements flat = flatten_arrays(args[1]);
  Vector out = new_result(expr.type, input.size);
  const bool all = expr.negated;
  for (std::size_t row = 0; row < input.size; ++row) {
    const std::size_t array_row = constant_array ? 0 : row;
    if (args[1].nulls[array_row]) {
      out.nulls[row] = 1;
      continue;
    }
    const std::size_t begin = flat.offsets[array_row], end = flat.offsets[array_row + 1];
    bool decided = false, saw_null = false;
    for (std::size_t e = begin; e < end && !decided; ++e) {
      if (args[0].nulls[row] || flat.values.nulls[e]) {
        saw_null = true;
        continue;
      }
      const bool match = holds(expr.comparison, compare_elements(args[0], row, flat.values, e));
      if (match != all) decided = true;
    }
    if (decided) {
      out.ints[row] = all ? 0 : 1;
    } else if (saw_null) {
      out.nulls[row] = 1;
    } else {
      out.ints[row] = all ? 1 : 0;
    }
  }
  return out;
}

std::string explain_array_any(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  static const char* const kOperators[] = {"=", "<>", "<", "<=", ">", ">="};
  return "(" + printer.text(expr.args[0]) + " " + kOperators[static_cast<int>(expr.comparison)] +
         (expr.negated ? " ALL (" : " ANY (") + printer.text(expr.args[1]) + "))";
}

// a @> b: every element of b equals one of a (a NULL element equals nothing);
// `negated`: a && b, some element in both.
Vector evaluate_array_containment(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  FlatElements a = flatten_arrays(args[0]), b = flatten_arrays(args[1]);
  const bool overlap = expr.negated;
  return int_per_row(expr, args, input.size, [&](std::size_t row) -> std::int64_t {
    for (std::size_t j = b.offsets[row]; j < b.offsets[row + 1]; ++j) {
      bool found = false;
      if (!b.values.nulls[j]) {
        for (std::size_t i = a.offsets[row]; i < a.offsets[row + 1] && !found; ++i) {
          found = !a.values.nulls[i] && compare_elements(a.values, i, b.values, j) == 0;
        }
      }
      if (overlap && found) return 1;
      if (!overlap && !found) return 0;
    }
    return overlap ? 0 : 1;
  });
}

std::string explain_array_containment(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  if (expr.case_insensitive) return "(" + printer.text(expr.args[1]) + " <@ " + printer.text(expr.args[0]) + ")";
  return "(" + printer.text(expr.args[0]) + (expr.negated ? " && " : " @> ") + printer.text(expr.args[1]) + ")";
}

}  // namespace

const FunctionKernel kArrayConstructKernel{planner::FunctionId::kArrayConstruct, evaluate_array_construct,
                                           explain_array_construct};
const FunctionKernel kArrayConcatKernel{planner::FunctionId::kArrayConcat, evaluate_array_concat};
const FunctionKernel kArraySliceKernel{planner::FunctionId::kArraySlice, evaluate_array_slice};
const FunctionKernel kArrayCardinalityKernel{planner::FunctionId::kArrayCardinality, evaluate_array_cardinality};
const FunctionKernel kArrayPositionKernel{planner::FunctionId::kArrayPosition, evaluate_array_search};
const FunctionKernel kArrayRemoveKernel{planner::FunctionId::kArrayRemove, evaluate_array_search};
const FunctionKernel kArrayReplaceKernel{planner::FunctionId::kArrayReplace, evaluate_array_search};
const FunctionKernel kArrayPositionsKernel{planner::FunctionId::kArrayPositions, evaluate_array_search};
const FunctionKernel kTrimArrayKernel{planner::FunctionId::kTrimArray, evaluate_trim_array};
const FunctionKernel kStringToArrayKernel{planner::FunctionId::kStringToArray, evaluate_string_to_array};
const FunctionKernel kArrayAnyKernel{planner::FunctionId::kArrayAny, evaluate_array_any, explain_array_any};
const FunctionKernel kArrayContainmentKernel{planner::FunctionId::kArrayContainment, evaluate_array_containment,
                                             explain_array_containment};

}  // namespace ptreedb::exec
