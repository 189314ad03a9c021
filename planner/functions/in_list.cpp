#include "planner/functions/in_list.h"

#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/value/type_id.h"

namespace ptreedb::planner {

namespace {

using value::SqlType;
using value::TypeId;

int numeric_rank(TypeId id) {
  switch (id) {
    case TypeId::kSmallint: return 1;
    case TypeId::kInteger: return 2;
    case TypeId::kBigint: return 3;
    case TypeId::kNumeric: return 4;
    case TypeId::kReal: return 5;
    case TypeId::kDouble: return 6;
    default: return 0;
  }
}

// The one type every comparison can be made in: theirs when they agree; for
// numbers, the widest (each pair's type already holds x's, so promoting
// further only widens exactly, as PostgreSQL's common type for IN does).
std::optional<SqlType> common_comparison_type(const std::vector<BoundExpression>& comparisons) {
  SqlType common = comparisons.front().args[0].type;
  bool same = true;
  for (const auto& comparison : comparisons) same = same && comparison.args[0].type == common;
  if (same) return common;
  TypeId widest = TypeId::kSmallint;
  bool any_real = false, any_wider_than_real = false;
  for (const auto& comparison : comparisons) {
    TypeId id = comparison.args[0].type.id;
    if (numeric_rank(id) == 0) return std::nullopt;
    if (numeric_rank(id) > numeric_rank(widest)) widest = id;
    any_real = any_real || id == TypeId::kReal;
    any_wider_than_real = any_wider_than_real || id == TypeId::kDouble || id == TypeId::kNumeric ||
                          id == TypeId::kBigint || id == TypeId::kInteger || id == TypeId::kSmallint;
  }
  // real with anything but real compares as double precision.
  if (any_real && any_wider_than_real) widest = TypeId::kDouble;
  return SqlType::of(widest);
}

// Integers are looked up in a short sorted array (exec's in_list), cheaper
// than comparing each row with each item; other short lists stay
// comparisons, which text dictionaries answer by code.
bool is_integer_lookup(const SqlType& type) {
  switch (type.id) {
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint:
    case TypeId::kDate: return true;
    default: return false;
  }
}

}  // namespace

std::optional<BoundExpression> hashed_in_list(std::vector<BoundExpression>& comparisons, bool negated) {
  if (comparisons.size() < 2) return std::nullopt;
  // A volatile x (x = random() OR x = ...) would draw once per item: one lookup draws it once.
  bool volatile_x = !comparisons.front().args.empty() && contains_volatile_call(comparisons.front().args[0]);
  ComparisonOp wanted = negated ? ComparisonOp::kNotEqual : ComparisonOp::kEqual;
  for (const auto& comparison : comparisons) {
    if (comparison.kind != ExprKind::kComparison || comparison.comparison != wanted || comparison.args.size() != 2 ||
        !comparison.args[1].is_constant_tree()) {
      return std::nullopt;
    }
  }
  std::optional<SqlType> common = common_comparison_type(comparisons);
  if (!common) return std::nullopt;
  if (comparisons.size() < kHashedInListItems && !volatile_x && !is_integer_lookup(*common)) return std::nullopt;
  std::vector<BoundExpression> args;
  args.reserve(comparisons.size() + 1);
  args.push_back(coerce(std::move(comparisons.front().args[0]), *common, false));
  for (auto& comparison : comparisons) args.push_back(coerce(std::move(comparison.args[1]), *common, false));
  return bind_function_call(FunctionId::kInList, negated ? "NOT IN" : "IN", std::move(args), -1);
}

namespace {

// x and the items arrive in their common comparison type (hashed_in_list).
BoundExpression bind_in_list(const std::string& name, std::vector<BoundExpression>& args, int) {
  BoundExpression out = function_node(FunctionId::kInList, SqlType::of(TypeId::kBoolean), std::move(args));
  out.negated = name == "NOT IN";
  return out;
}

}  // namespace

const FunctionBinding kInListBinding{FunctionId::kInList, "IN", {}, bind_in_list};

}  // namespace ptreedb::planner
