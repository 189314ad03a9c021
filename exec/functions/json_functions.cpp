// Kernels of the json and jsonb operators and functions: each row's value is
// parsed (jsonb: its normalized text; json: the text as written, whose parts
// json's operators return verbatim), worked on as a tree
// (storage/value/json_operations.h) and printed.
#include <optional>
#include <string>

#include "exec/array_text.h"
#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "exec/vector_parts.h"
#include "storage/sql_error.h"
#include "storage/value/json_operations.h"
#include "storage/value/json_parse.h"
#include "storage/value/jsonb_text.h"

namespace ptreedb::exec {
namespace {

using planner::BoundExpression;
using value::JsonValue;
using value::TypeId;

// One row's json or jsonb value with the text it came from.
struct Document {
  std::string_view source;
  JsonValue root;
  bool jsonb;
};

Document document(const Vector& column, std::size_t i) {
  const bool jsonb = column.type.id == TypeId::kJsonb;
  return Document{column.texts[i], jsonb ? value::parse_jsonb(column.texts[i]) : value::parse_json(column.texts[i]),
                  jsonb};
}

// A part of a document as its type prints it: jsonb normalized, json verbatim.
std::string part_text(const Document& doc, const JsonValue& part) {
  if (doc.jsonb) return value::jsonb_to_text(part);
  return std::string(doc.source.substr(part.begin, part.end - part.begin));
}

// ->>'s text: a string unescaped, null as SQL NULL.
std::optional<std::string> part_as_text(const Document& doc, const JsonValue& part) {
  if (part.kind == JsonValue::Kind::kNull) return std::nullopt;
  if (part.kind == JsonValue::Kind::kString) return part.text;
  return part_text(doc, part);
}

bool any_null(const std::vector<Vector>& args, std::size_t i) {
  for (const Vector& arg : args) {
    if (arg.nulls[i]) return true;
  }
  return false;
}

// Text (or json) results, NULL where an argument is NULL or `row_text` gives none.
template <class RowText>
Vector optional_text_per_row(const BoundExpression& expr, const std::vector<Vector>& args, std::size_t count,
                             const RowText& row_text) {
  Vector out = new_result(expr.type, count);
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < count; ++i) {
    std::optional<std::string> text;
    if (!any_null(args, i)) text = row_text(i);
    out.nulls[i] = text ? 0 : 1;
    if (!text) continue;
    storage->strings.push_back(std::move(*text));
    out.texts[i] = storage->strings.back();
  }
  return out;
}

template <class RowTruth>
Vector bool_per_row(const BoundExpression& expr, const std::vector<Vector>& args, std::size_t count,
                    const RowTruth& row_truth) {
  Vector out = new_result(expr.type, count);
  for (std::size_t i = 0; i < count; ++i) {
    out.nulls[i] = any_null(args, i) ? 1 : 0;
    if (!out.nulls[i]) out.ints[i] = row_truth(i) ? 1 : 0;
  }
  return out;
}

// A text[] argument (its text form) as its elements; NULL elements are nullopt.
std::vector<std::optional<std::string>> path_of(const Vector& column, std::size_t i) {
  return array_elements(column.texts[i]);
}

// Path elements for lookups; nullopt when one is NULL.
std::optional<std::vector<std::string>> lookup_path(const std::vector<std::optional<std::string>>& elements) {
  std::vector<std::string> path;
  for (const auto& element : elements) {
    if (!element) return std::nullopt;
    path.push_back(*element);
  }
  return path;
}

std::vector<std::string> required_path(const std::vector<std::optional<std::string>>& elements) {
  std::vector<std::string> path;
  for (std::size_t k = 0; k < elements.size(); ++k) {
    if (!elements[k]) {
      throw SqlError("22004", "path element at position " + std::to_string(k + 1) + " is null");
    }
    path.push_back(*elements[k]);
  }
  return path;
}

Vector evaluate_json_field(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool by_index = args[1].physical() == Physical::kInt;
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    Document doc = document(args[0], i);
    // A jsonb scalar is a one-element array to -> index, as PostgreSQL stores it.
    const JsonValue* part = !by_index ? value::json_field(doc.root, args[1].texts[i])
                            : doc.jsonb && !doc.root.is_container() && (args[1].ints[i] == 0 || args[1].ints[i] == -1)
                                ? &doc.root
                                : value::json_element(doc.root, args[1].ints[i]);
    if (part == nullptr) return std::nullopt;
    if (expr.negated) return part_as_text(doc, *part);
    return part_text(doc, *part);
  });
}

Vector evaluate_json_path(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    std::optional<std::vector<std::string>> path;
    if (expr.case_insensitive) {
      path = lookup_path(path_of(args[1], i));
    } else {
      path.emplace();
      for (std::size_t k = 1; k < args.size(); ++k) path->emplace_back(args[k].texts[i]);
    }
    if (!path) return std::nullopt;
    Document doc = document(args[0], i);
    const JsonValue* part = value::json_path(doc.root, *path);
    if (part == nullptr) return std::nullopt;
    if (expr.negated) return part_as_text(doc, *part);
    return part_text(doc, *part);
  });
}

Vector evaluate_jsonb_contains(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return bool_per_row(expr, args, input.size, [&](std::size_t i) {
    return value::jsonb_contains(value::parse_jsonb(args[0].texts[i]), value::parse_jsonb(args[1].texts[i]));
  });
}

Vector evaluate_jsonb_exists(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return bool_per_row(expr, args, input.size,
                      [&](std::size_t i) { return value::jsonb_exists(value::parse_jsonb(args[0].texts[i]), args[1].texts[i]); });
}

Vector evaluate_jsonb_exists_any(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool all = expr.negated;
  return bool_per_row(expr, args, input.size, [&](std::size_t i) {
    JsonValue root = value::parse_jsonb(args[0].texts[i]);
    for (const auto& key : path_of(args[1], i)) {
      if (!key) continue;  // NULL keys are ignored
      if (value::jsonb_exists(root, *key) != all) return !all;
    }
    return all;
  });
}

Vector evaluate_jsonb_concat(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    return value::jsonb_to_text(
        value::jsonb_concat(value::parse_jsonb(args[0].texts[i]), value::parse_jsonb(args[1].texts[i])));
  });
}

Vector evaluate_jsonb_delete(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool by_index = args[1].physical() == Physical::kInt;
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    JsonValue root = value::parse_jsonb(args[0].texts[i]);
    if (by_index) return value::jsonb_to_text(value::jsonb_delete_index(std::move(root), args[1].ints[i]));
    if (!expr.case_insensitive) return value::jsonb_to_text(value::jsonb_delete_key(std::move(root), args[1].texts[i]));
    for (const auto& key : path_of(args[1], i)) {
      if (key) root = value::jsonb_delete_key(std::move(root), *key);
    }
    if (!root.is_container()) throw SqlError(sqlstate::kInvalidParameterValue, "cannot delete from scalar");
    return value::jsonb_to_text(root);
  });
}

Vector evaluate_jsonb_delete_path(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    return value::jsonb_to_text(
        value::jsonb_delete_path(value::parse_jsonb(args[0].texts[i]), required_path(path_of(args[1], i))));
  });
}

Vector evaluate_json_typeof(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    return value::json_kind_name(document(args[0], i).root.kind);
  });
}

Vector evaluate_json_array_length(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i];
    if (out.nulls[i]) continue;
    Document doc = document(args[0], i);
    if (doc.root.kind != JsonValue::Kind::kArray) {
      throw SqlError(sqlstate::kInvalidParameterValue, doc.root.is_container()
                                                           ? "cannot get array length of a non-array"
                                                           : "cannot get array length of a scalar");
    }
    out.ints[i] = static_cast<std::int64_t>(doc.root.elements.size());
  }
  return out;
}

Vector evaluate_jsonb_pretty(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    return value::jsonb_pretty_text(value::parse_jsonb(args[0].texts[i]));
  });
}

// json's compact text, as json_strip_nulls emits its tokens.
void append_compact_json(std::string& out, const JsonValue& node) {
  switch (node.kind) {
    case JsonValue::Kind::kArray: {
      out += '[';
      for (std::size_t k = 0; k < node.elements.size(); ++k) {
        if (k) out += ',';
        append_compact_json(out, node.elements[k]);
      }
      out += ']';
      return;
    }
    case JsonValue::Kind::kObject: {
      out += '{';
      for (std::size_t k = 0; k < node.members.size(); ++k) {
        if (k) out += ',';
        value::append_json_string(out, node.members[k].first);
        out += ':';
        append_compact_json(out, node.members[k].second);
      }
      out += '}';
      return;
    }
    default: value::append_jsonb_text(out, node); return;
  }
}

Vector evaluate_json_strip_nulls(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    Document doc = document(args[0], i);
    value::strip_nulls(doc.root);
    if (doc.jsonb) return value::jsonb_to_text(doc.root);
    std::string out;
    append_compact_json(out, doc.root);
    return out;
  });
}

Vector evaluate_jsonb_set(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool insert = expr.negated;
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    const bool flag = args.size() == 4 ? args[3].ints[i] != 0 : !insert;  // create_missing true, insert_after false
    JsonValue target = value::parse_jsonb(args[0].texts[i]);
    std::vector<std::string> path = required_path(path_of(args[1], i));
    JsonValue replacement = value::parse_jsonb(args[2].texts[i]);
    return value::jsonb_to_text(insert ? value::jsonb_insert(std::move(target), path, replacement, flag)
                                       : value::jsonb_set(std::move(target), path, replacement, flag));
  });
}

// A SQL value as JSON text, as to_json / to_jsonb convert it: numbers and
// booleans as themselves, json as itself, date/time in ISO 8601 with 'T',
// everything else as a JSON string of its text.
void append_sql_as_json(std::string& out, const Vector& column, std::size_t i) {
  if (column.nulls[i]) {
    out += "null";
    return;
  }
  const TypeId type = column.type.id;
  std::string text;
  append_text(text, column, i);
  if (type == TypeId::kBoolean) {
    out += column.ints[i] != 0 ? "true" : "false";
    return;
  }
  if (type == TypeId::kJson || type == TypeId::kJsonb) {
    out += text;
    return;
  }
  if (value::is_numeric_category(type)) {
    const bool finite = text.find_first_not_of("-+0123456789.e") == std::string::npos;
    if (finite) {
      out += text;
    } else {
      value::append_json_string(out, text);  // NaN, Infinity
    }
    return;
  }
  if (value::is_timestamp_or_date(type) && text.find("infinity") == std::string::npos) {
    if (auto space = text.find(' '); space != std::string::npos && type != TypeId::kDate) text[space] = 'T';
    if (type == TypeId::kTimestampTz) {
      // XSD offsets: +01 becomes +01:00.
      auto sign = text.find_last_of("+-");
      if (sign != std::string::npos && sign > 10 && text.size() - sign == 3) text += ":00";
    }
  }
  value::append_json_string(out, text);
}

// The element json[b]_agg and json[b]_object_agg collect: the value's JSON
// text (SQL NULL as null), for the object ones "key" : value.
Vector evaluate_aggregate_element(const BoundExpression& expr, const std::vector<Vector>& args, std::size_t count) {
  Vector out = new_result(expr.type, count);
  auto storage = new_text_storage(out);
  const bool member = args.size() == 2;
  for (std::size_t i = 0; i < count; ++i) {
    std::string text;
    if (member) {
      if (args[0].nulls[i]) throw SqlError(sqlstate::kInvalidParameterValue, "field name must not be null");
      std::string key;
      append_text(key, args[0], i);
      value::append_json_string(text, key);
      text += " : ";
    }
    append_sql_as_json(text, args[member ? 1 : 0], i);
    storage->strings.push_back(std::move(text));
    out.texts[i] = storage->strings.back();
  }
  return out;
}

Vector evaluate_to_json(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  if (expr.negated) return evaluate_aggregate_element(expr, args, input.size);
  const bool jsonb = expr.type.id == TypeId::kJsonb;
  return optional_text_per_row(expr, args, input.size, [&](std::size_t i) -> std::optional<std::string> {
    std::string out;
    append_sql_as_json(out, args[0], i);
    return jsonb ? value::jsonb_from_text(out) : out;
  });
}

Vector evaluate_json_build(const BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool jsonb = expr.type.id == TypeId::kJsonb;
  const bool object = expr.negated;
  Vector out = new_result(expr.type, input.size);
  auto storage = new_text_storage(out);
  for (std::size_t i = 0; i < input.size; ++i) {
    std::string text(object ? "{" : "[");
    for (std::size_t k = 0; k < args.size(); ++k) {
      if (k) text += object && k % 2 == 1 ? (jsonb ? ": " : " : ") : ", ";
      if (object && k % 2 == 0) {
        if (args[k].nulls[i]) {
          throw SqlError(sqlstate::kInvalidParameterValue, "argument " + std::to_string(k + 1) + " cannot be null", {},
                         "Object keys should be text.");
        }
        const TypeId key_type = args[k].type.id;
        if (value::is_json_type(key_type)) {
          throw SqlError(sqlstate::kInvalidParameterValue, "key value must be scalar, not array, composite, or json");
        }
        std::string key;
        append_text(key, args[k], i);
        value::append_json_string(text, key);
      } else {
        append_sql_as_json(text, args[k], i);
      }
    }
    text += object ? "}" : "]";
    storage->strings.push_back(jsonb ? value::jsonb_from_text(text) : std::move(text));
    out.texts[i] = storage->strings.back();
  }
  return out;
}

std::string explain_operator(const BoundExpression& expr, const ExpressionPrinter& printer, const char* op) {
  return "(" + printer.text(expr.args[0]) + " " + op + " " + printer.text(expr.args[1]) + ")";
}

}  // namespace

const FunctionKernel kJsonFieldKernel{planner::FunctionId::kJsonField, evaluate_json_field,
                                      [](const BoundExpression& e, const ExpressionPrinter& p) {
                                        return explain_operator(e, p, e.negated ? "->>" : "->");
                                      }};
const FunctionKernel kJsonPathKernel{planner::FunctionId::kJsonPath, evaluate_json_path};
const FunctionKernel kJsonbContainsKernel{planner::FunctionId::kJsonbContains, evaluate_jsonb_contains,
                                          [](const BoundExpression& e, const ExpressionPrinter& p) {
                                            return explain_operator(e, p, "@>");
                                          }};
const FunctionKernel kJsonbExistsKernel{planner::FunctionId::kJsonbExists, evaluate_jsonb_exists,
                                        [](const BoundExpression& e, const ExpressionPrinter& p) {
                                          return explain_operator(e, p, "?");
                                        }};
const FunctionKernel kJsonbExistsAnyKernel{planner::FunctionId::kJsonbExistsAny, evaluate_jsonb_exists_any,
                                           [](const BoundExpression& e, const ExpressionPrinter& p) {
                                             return explain_operator(e, p, e.negated ? "?&" : "?|");
                                           }};
const FunctionKernel kJsonbConcatKernel{planner::FunctionId::kJsonbConcat, evaluate_jsonb_concat,
                                        [](const BoundExpression& e, const ExpressionPrinter& p) {
                                          return explain_operator(e, p, "||");
                                        }};
const FunctionKernel kJsonbDeleteKernel{planner::FunctionId::kJsonbDelete, evaluate_jsonb_delete,
                                        [](const BoundExpression& e, const ExpressionPrinter& p) {
                                          return explain_operator(e, p, "-");
                                        }};
const FunctionKernel kJsonbDeletePathKernel{planner::FunctionId::kJsonbDeletePath, evaluate_jsonb_delete_path,
                                            [](const BoundExpression& e, const ExpressionPrinter& p) {
                                              return explain_operator(e, p, "#-");
                                            }};
const FunctionKernel kJsonTypeofKernel{planner::FunctionId::kJsonTypeof, evaluate_json_typeof};
const FunctionKernel kJsonArrayLengthKernel{planner::FunctionId::kJsonArrayLength, evaluate_json_array_length};
const FunctionKernel kJsonbPrettyKernel{planner::FunctionId::kJsonbPretty, evaluate_jsonb_pretty};
const FunctionKernel kJsonStripNullsKernel{planner::FunctionId::kJsonStripNulls, evaluate_json_strip_nulls};
const FunctionKernel kJsonbSetKernel{planner::FunctionId::kJsonbSet, evaluate_jsonb_set};
const FunctionKernel kToJsonKernel{planner::FunctionId::kToJson, evaluate_to_json};
const FunctionKernel kJsonBuildKernel{planner::FunctionId::kJsonBuild, evaluate_json_build};

}  // namespace ptreedb::exec
