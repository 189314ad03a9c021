#include "exec/functions/in_list.h"

#include <algorithm>
#include <optional>
#include <string>

#include "exec/array_cast.h"
#include "exec/array_text.h"
#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "exec/sql_literal.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;

namespace {

// The integer items sorted and unique: a row's lookup is a short search.
void finish_integers(planner::InListSet& set) {
  std::sort(set.ints.begin(), set.ints.end());
  set.ints.erase(std::unique(set.ints.begin(), set.ints.end()), set.ints.end());
  set.integers = true;
}

bool contains(const std::vector<std::int64_t>& sorted, std::int64_t value) {
  if (sorted.size() <= 16) {  // a scan the compiler unrolls beats a search's branches
    bool found = false;
    for (std::int64_t item : sorted) found |= item == value;
    return found;
  }
  return std::binary_search(sorted.begin(), sorted.end(), value);
}

}  // namespace

std::shared_ptr<const planner::InListSet> build_in_list_set(const BoundExpression& expr) {
  auto set = std::make_shared<planner::InListSet>();
  if (expr.function == planner::FunctionId::kArrayContains) {
    // The array's text form, compared element by element as text (as kArrayContains does).
    Chunk one_row;
    one_row.size = 1;
    Vector array = evaluate(expr.args[1], one_row);
    if (array.nulls[0]) return nullptr;  // NULL array: the row-wise path answers NULL
    std::string_view text = array.texts[0];
    if (text.empty() || text.front() != '{') return nullptr;  // the row-wise path raises 22P02
    for (auto& element : array_elements(text)) {
      if (!element) {
        set->has_null = true;
      } else {
        set->keys.insert(std::move(*element));
      }
    }
    return set;
  }
  if (expr.function == planner::FunctionId::kArrayAny) {
    // x = ANY / x <> ALL over a typed array already in x's type: its elements' keys.
    Chunk one_row;
    one_row.size = 1;
    Vector array = evaluate(expr.args[1], one_row);
    if (array.nulls[0]) return nullptr;  // NULL array: the row-wise path answers NULL
    FlatElements flat = flatten_arrays(array);
    set->keys.reserve(flat.values.size());
    std::string key;
    for (std::size_t e = 0; e < flat.values.size(); ++e) {
      if (flat.values.nulls[e]) {
        set->has_null = true;
        continue;
      }
      key.clear();
      append_key_bytes(key, flat.values, e);
      set->keys.insert(key);
    }
    if (flat.values.physical() == Physical::kInt && flat.values.type.id == expr.args[0].type.id) {
      for (std::size_t e = 0; e < flat.values.size(); ++e) {
        if (!flat.values.nulls[e]) set->ints.push_back(flat.values.ints[e]);
      }
      finish_integers(*set);
    }
    return set;
  }
  set->keys.reserve(expr.args.size());
  Chunk one_row;
  one_row.size = 1;
  std::string key;
  // Folded items are constants: one reused one-element vector encodes them
  // all (100,000 items cost 100,000 encodings, not vectors).
  Vector constant(expr.args[0].type);
  constant.resize(1);
  for (std::size_t i = 1; i < expr.args.size(); ++i) {
    const BoundExpression& arg = expr.args[i];
    Vector evaluated;
    const Vector* item = &constant;
    if (arg.kind == ExprKind::kConstant && arg.type.id == constant.type.id) {
      const planner::Constant& value = arg.constant;
      constant.nulls[0] = value.is_null;
      if (!value.is_null) {
        switch (constant.physical()) {
          case Physical::kInt: constant.ints[0] = value.int_value; break;
          case Physical::kDouble: constant.doubles[0] = value.double_value; break;
          case Physical::kDecimal: constant.decimals[0] = value.decimal_value; break;
          case Physical::kText: constant.texts[0] = value.text_value; break;
          case Physical::kInterval: constant.intervals[0] = value.interval_value; break;
        }
      }
    } else {
      evaluated = evaluate(arg, one_row);
      item = &evaluated;
    }
    if (item->nulls[0]) {
      set->has_null = true;
      continue;
    }
    key.clear();
    append_key_bytes(key, *item, 0);
    set->keys.insert(key);
    if (item->physical() == Physical::kInt) set->ints.push_back(item->ints[0]);
  }
  if (constant.physical() == Physical::kInt) finish_integers(*set);
  return set;
}

Vector evaluate_in_list(const BoundExpression& expr, const Chunk& input) {
  std::shared_ptr<const planner::InListSet> set = expr.in_list ? expr.in_list : build_in_list_set(expr);
  // A column is read where it lies; anything else is computed.
  Vector computed;
  if (expr.args[0].kind != ExprKind::kColumn) computed = evaluate(expr.args[0], input);
  const Vector& probe = expr.args[0].kind == ExprKind::kColumn ? input.columns[expr.args[0].column] : computed;
  Vector out = new_result(expr.type, input.size);
  bool text_elements = expr.function == planner::FunctionId::kArrayContains;
  const bool integers = set->integers && !text_elements && probe.physical() == Physical::kInt;
  std::string key;
  // Against no items at all x = ANY is false and x <> ALL true, x NULL or not.
  const bool no_items = set->keys.empty() && !set->has_null;
  for (std::size_t i = 0; i < input.size; ++i) {
    if (probe.nulls[i]) {
      if (no_items) {
        out.ints[i] = expr.negated ? 1 : 0;
      } else {
        out.nulls[i] = 1;
      }
      continue;
    }
    bool found;
    if (integers) {
      found = contains(set->ints, probe.ints[i]);
    } else if (text_elements) {
      found = set->keys.find(std::string(probe.texts[i])) != set->keys.end();
    } else {
      key.clear();
      append_key_bytes(key, probe, i);
      found = set->keys.find(key) != set->keys.end();
    }
    if (found) {
      out.ints[i] = expr.negated ? 0 : 1;
    } else if (set->has_null) {
      out.nulls[i] = 1;
    } else {
      out.ints[i] = expr.negated ? 1 : 0;
    }
  }
  return out;
}

bool is_hashed_membership(const BoundExpression& expr) {
  if (expr.kind != ExprKind::kFunction) return false;
  if (expr.function == planner::FunctionId::kInList) return true;
  if (expr.args.size() != 2 || expr.args[1].kind != ExprKind::kConstant) return false;
  if (expr.function == planner::FunctionId::kArrayContains) return true;
  // x = ANY(array) and x <> ALL(array): membership; other operators compare element by element.
  return expr.function == planner::FunctionId::kArrayAny &&
         expr.comparison == (expr.negated ? planner::ComparisonOp::kNotEqual : planner::ComparisonOp::kEqual);
}

namespace {

// As PostgreSQL shows an IN list: x = ANY ('{...}'::type[]), NOT IN as <> ALL.
std::string explain_in_list(const BoundExpression& expr, const ExpressionPrinter& printer) {
  std::vector<std::optional<std::string>> items;
  items.reserve(expr.args.size() - 1);
  for (std::size_t i = 1; i < expr.args.size(); ++i) {
    const BoundExpression& item = expr.args[i];
    if (item.kind != ExprKind::kConstant) {
      std::string out = "(";
      out += printer.text(expr.args[0]);
      out += " IN (";
      out += printer.arguments(expr, 1);
      return out + "))";
    }
    if (item.constant.is_null) {
      items.emplace_back();
      continue;
    }
    std::string text;
    append_text(text, constant_vector(item.constant, item.type), 0);
    items.emplace_back(std::move(text));
  }
  std::string type = value::format_type(expr.args[0].type);
  if (expr.args[0].type.id == value::TypeId::kChar) type = "bpchar";
  std::string out = "(";
  out += printer.text(expr.args[0]);
  out += expr.negated ? " <> ALL (" : " = ANY (";
  out += quote_literal(array_text(items));
  out += "::";
  out += type;
  return out + "[]))";
}

}  // namespace

const FunctionKernel kInListKernel{planner::FunctionId::kInList, evaluate_in_list, explain_in_list};

}  // namespace ptreedb::exec
