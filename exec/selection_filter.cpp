#include "exec/selection_filter.h"

#include <algorithm>
#include <array>
#include <deque>

#include "exec/evaluate.h"
#include "exec/operand.h"
#include "storage/stack_depth.h"
#include "storage/value/character.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;

namespace {

// Row lists and flag arrays reused call after call on each thread, leased in
// stack order, so filters in their steady state allocate nothing.
struct ScratchPools {
  std::deque<RowList> lists;
  std::size_t lists_used = 0;
  std::deque<std::vector<std::uint8_t>> flags;
  std::size_t flags_used = 0;
};

ScratchPools& scratch_pools() {
  thread_local ScratchPools pools;
  return pools;
}

template <class Item, std::deque<Item> ScratchPools::*kItems, std::size_t ScratchPools::*kUsed>
class Lease {
 public:
  Lease() : pools_(scratch_pools()) {
    std::deque<Item>& items = pools_.*kItems;
    std::size_t index = (pools_.*kUsed)++;
    if (index == items.size()) items.emplace_back().reserve(kChunkSize);
    item_ = &items[index];
    item_->clear();
  }
  ~Lease() {
    // A list that grew for a whole join side is not kept by the thread.
    if (item_->capacity() > 16 * kChunkSize) Item().swap(*item_);
    --(pools_.*kUsed);
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  Item& operator*() { return *item_; }
  Item* operator->() { return item_; }

 private:
  ScratchPools& pools_;
  Item* item_;
};

using ListLease = Lease<RowList, &ScratchPools::lists, &ScratchPools::lists_used>;
using FlagLease = Lease<std::vector<std::uint8_t>, &ScratchPools::flags, &ScratchPools::flags_used>;

void identity_rows(RowList& rows, std::size_t count) {
  rows.resize(count);
  for (std::size_t i = 0; i < count; ++i) rows[i] = static_cast<std::uint32_t>(i);
}

bool direct_operand(const BoundExpression& expr) {
  return expr.kind == ExprKind::kColumn || expr.kind == ExprKind::kConstant;
}

// Parts classify_rows answers over the selection without evaluating a vector.
bool direct(const BoundExpression& expr) {
  check_stack_depth();
  switch (expr.kind) {
    case ExprKind::kComparison:
      return direct_operand(expr.args[0]) && direct_operand(expr.args[1]);
    case ExprKind::kColumn:
    case ExprKind::kConstant:
      return true;
    case ExprKind::kIsNull:
    case ExprKind::kIsNotNull:
      return expr.args[0].kind == ExprKind::kColumn;
    case ExprKind::kAnd:
    case ExprKind::kOr:
    case ExprKind::kNot:
      return std::all_of(expr.args.begin(), expr.args.end(), [](const BoundExpression& arg) { return direct(arg); });
    default:
      return false;
  }
}

// Appends rows by their value in a boolean vector (element k for row rows[k]
// when `by_position`, else element rows[k]).
void split_by_values(const Vector& values, const RowList& rows, bool by_position, RowList& trues, RowList* unknowns) {
  for (std::size_t k = 0; k < rows.size(); ++k) {
    std::size_t i = by_position ? k : rows[k];
    if (values.nulls[i]) {
      if (unknowns != nullptr) unknowns->push_back(rows[k]);
    } else if (values.ints[i] != 0) {
      trues.push_back(rows[k]);
    }
  }
}

// Any other expression: evaluated on the selected rows only.
void classify_by_evaluation(const BoundExpression& expr, const Chunk& input, const RowList& rows, RowList& trues,
                            RowList* unknowns) {
  if (rows.size() == input.size) {  // ascending and as many as the chunk: every row
    split_by_values(evaluate(expr, input), rows, false, trues, unknowns);
    return;
  }
  split_by_values(evaluate(expr, rows_for(expr, input, rows)), rows, true, trues, unknowns);
}



void classify_and(const BoundExpression& expr, const Chunk& input, const RowList& rows, RowList& trues,
                  RowList* unknowns) {
  ListLease live, part_true, part_unknown, merged;
  FlagLease unknown_flags;
  *live = rows;
  bool any_unknown = false;
  for (const auto& arg : expr.args) {
    classify_rows(arg, input, *live, *part_true, &*part_unknown);
    if (part_unknown->empty()) {
      live->swap(*part_true);
    } else {
      // Unknown so far: the row goes on to the next conjunct, as in PostgreSQL.
      if (!any_unknown) unknown_flags->assign(input.size, 0);
      any_unknown = true;
      for (std::uint32_t row : *part_unknown) (*unknown_flags)[row] = 1;
      merged->resize(part_true->size() + part_unknown->size());
      std::merge(part_true->begin(), part_true->end(), part_unknown->begin(), part_unknown->end(), merged->begin());
      live->swap(*merged);
    }
    if (live->empty()) return;
  }
  for (std::uint32_t row : *live) {
    if (any_unknown && (*unknown_flags)[row]) {
      if (unknowns != nullptr) unknowns->push_back(row);
    } else {
      trues.push_back(row);
    }
  }
}

void classify_or(const BoundExpression& expr, const Chunk& input, const RowList& rows, RowList& trues,
                 RowList* unknowns) {
  ListLease pending, part_true, part_unknown, rest;
  FlagLease states;  // per row: 1 true, 2 unknown so far
  states->assign(input.size, 0);
  *pending = rows;
  for (const auto& arg : expr.args) {
    classify_rows(arg, input, *pending, *part_true, &*part_unknown);
    for (std::uint32_t row : *part_unknown) (*states)[row] = 2;
    if (part_true->empty()) continue;
    for (std::uint32_t row : *part_true) (*states)[row] = 1;
    // A true disjunct decides the row: later ones do not see it.
    rest->clear();
    for (std::uint32_t row : *pending) {
      if ((*states)[row] != 1) rest->push_back(row);
    }
    pending->swap(*rest);
    if (pending->empty()) break;
  }
  for (std::uint32_t row : rows) {
    if ((*states)[row] == 1) {
      trues.push_back(row);
    } else if ((*states)[row] == 2 && unknowns != nullptr) {
      unknowns->push_back(row);
    }
  }
}

void classify_not(const BoundExpression& expr, const Chunk& input, const RowList& rows, RowList& trues,
                  RowList* unknowns) {
  ListLease part_true, part_unknown;
  classify_rows(expr.args[0], input, rows, *part_true, &*part_unknown);
  std::size_t t = 0, u = 0;
  for (std::uint32_t row : rows) {
    if (t < part_true->size() && (*part_true)[t] == row) {
      ++t;
    } else if (u < part_unknown->size() && (*part_unknown)[u] == row) {
      ++u;
      if (unknowns != nullptr) unknowns->push_back(row);
    } else {
      trues.push_back(row);
    }
  }
}

// PostgreSQL's per-row estimate of a qual (cost_qual_eval, in units of
// cpu_operator_cost): one per operator, function or non-trivial cast, nothing
// for columns, constants and the boolean glue; x IN (a, b, ...) as half its
// items, or one hash probe and one comparison from 9 items on.
double qual_cost(const BoundExpression& expr) {
  check_stack_depth();
  double own = 0;
  switch (expr.kind) {
    case ExprKind::kColumn:
    case ExprKind::kConstant:
    case ExprKind::kOuterColumn:
    case ExprKind::kSubquery:  // run once before the query: a constant here
    case ExprKind::kAggregate:
    case ExprKind::kWindow:
    case ExprKind::kGrouping:
      return 0;
    case ExprKind::kCast:
      own = value::is_character_type(expr.args[0].type.id) && value::is_character_type(expr.type.id) &&
                    expr.type.id != value::TypeId::kChar && !expr.type.has_typmod()
                ? 0
                : 1;
      break;
    case ExprKind::kArithmetic:
    case ExprKind::kComparison:
    case ExprKind::kConcat:
    case ExprKind::kNegate:
    case ExprKind::kLike:
      own = 1;
      break;
    case ExprKind::kOr: {
      // A short IN list is an OR of equalities here, a ScalarArrayOpExpr there.
      bool in_list = expr.args.size() > 1;
      for (const auto& arg : expr.args) {
        in_list = in_list && arg.kind == ExprKind::kComparison && arg.comparison == planner::ComparisonOp::kEqual &&
                  arg.args[1].kind == ExprKind::kConstant && arg.args[0].kind == ExprKind::kColumn &&
                  arg.args[0].column == expr.args[0].args[0].column;
      }
      if (in_list) return 0.5 * static_cast<double>(expr.args.size());
      break;
    }
    case ExprKind::kFunction:
      if (expr.function == planner::FunctionId::kInList ||
          (expr.function == planner::FunctionId::kArrayContains && expr.in_list)) {
        return 2 + qual_cost(expr.args[0]);
      }
      own = expr.function == planner::FunctionId::kCoalesce ? 0 : 1;
      break;
    default:
      break;
  }
  for (const auto& arg : expr.args) own += qual_cost(arg);
  return own;
}

template <class T>
void compact_values(std::vector<T>& values, const std::uint32_t* rows, std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) values[k] = values[rows[k]];
}

}  // namespace

void classify_rows(const BoundExpression& expr, const Chunk& input, const RowList& rows, RowList& trues,
                   RowList* unknowns) {
  check_stack_depth();
  trues.clear();
  if (unknowns != nullptr) unknowns->clear();
  if (rows.empty()) return;
  switch (expr.kind) {
    case ExprKind::kComparison:
      if (direct_operand(expr.args[0]) && direct_operand(expr.args[1])) {
        Operand a(expr.args[0], input), b(expr.args[1], input);
        if (a.is_scalar() != b.is_scalar()) (a.is_scalar() ? a : b).align_scale_to(a.is_scalar() ? b : a);
        compare_operands(expr.comparison, a, b, rows.data(), rows.size(), [&](std::size_t row, Truth truth) {
          if (truth == kTrue) {
            trues.push_back(static_cast<std::uint32_t>(row));
          } else if (truth == kUnknown && unknowns != nullptr) {
            unknowns->push_back(static_cast<std::uint32_t>(row));
          }
        });
        return;
      }
      break;
    case ExprKind::kAnd:
      classify_and(expr, input, rows, trues, unknowns);
      return;
    case ExprKind::kOr:
      classify_or(expr, input, rows, trues, unknowns);
      return;
    case ExprKind::kNot:
      classify_not(expr, input, rows, trues, unknowns);
      return;
    case ExprKind::kColumn:
      split_by_values(input.columns[expr.column], rows, false, trues, unknowns);
      return;
    case ExprKind::kConstant:
      if (expr.constant.is_null) {
        if (unknowns != nullptr) *unknowns = rows;
      } else if (expr.constant.int_value != 0) {
        trues = rows;
      }
      return;
    case ExprKind::kIsNull:
    case ExprKind::kIsNotNull:
      if (expr.args[0].kind == ExprKind::kColumn) {
        const Vector& column = input.columns[expr.args[0].column];
        bool want_null = expr.kind == ExprKind::kIsNull;
        for (std::uint32_t row : rows) {
          if ((column.nulls[row] != 0) == want_null) trues.push_back(row);
        }
        return;
      }
      break;
    default:
      break;
  }
  classify_by_evaluation(expr, input, rows, trues, unknowns);
}

void mark_columns(const BoundExpression& expr, std::vector<std::uint8_t>& used) {
  check_stack_depth();
  if (expr.kind == ExprKind::kColumn && expr.column < used.size()) used[expr.column] = 1;
  for (const auto& arg : expr.args) mark_columns(arg, used);
}

Chunk rows_for(const BoundExpression& expr, const Chunk& input, const RowList& rows) {
  FlagLease used;
  used->assign(input.columns.size(), 0);
  mark_columns(expr, *used);
  Chunk out;
  out.size = rows.size();
  out.columns.reserve(input.columns.size());
  for (std::size_t c = 0; c < input.columns.size(); ++c) {
    const Vector& column = input.columns[c];
    out.columns.push_back((*used)[c] ? gather(column, input.size, rows) : Vector(column.type));
  }
  return out;
}

void compact_rows(Chunk& chunk, const std::uint32_t* rows, std::size_t count) {
  for (Vector& column : chunk.columns) {
    if (column.size() != chunk.size) continue;  // unloaded
    compact_values(column.nulls, rows, count);
    switch (column.physical()) {
      case Physical::kInt: compact_values(column.ints, rows, count); break;
      case Physical::kDouble: compact_values(column.doubles, rows, count); break;
      case Physical::kDecimal:
        if (column.holds_units()) {
          compact_values(column.ints, rows, count);
        } else {
          compact_values(column.decimals, rows, count);
        }
        break;
      case Physical::kText: compact_values(column.texts, rows, count); break;
      case Physical::kInterval: compact_values(column.intervals, rows, count); break;
    }
    column.resize(count);
  }
  chunk.size = count;
}

void filter_chunk(Chunk& chunk, const BoundExpression& predicate, RowList* survivors) {
  ListLease rows, kept, origin;
  identity_rows(*rows, chunk.size);
  if (survivors != nullptr) identity_rows(*origin, chunk.size);
  // Top-level conjuncts, nested ANDs flattened, cheapest first as
  // PostgreSQL's order_qual_clauses orders a qual list (an insertion sort,
  // stable among equal costs); beyond kMaxOrdered they keep their order.
  constexpr std::size_t kMaxOrdered = 32;
  std::array<std::pair<double, const BoundExpression*>, kMaxOrdered> conjuncts;
  std::size_t count = 0;
  bool ordered = true;
  auto flatten = [&](auto& self, const BoundExpression& expr) -> void {
    check_stack_depth();
    if (expr.kind == ExprKind::kAnd) {
      for (const auto& arg : expr.args) self(self, arg);
    } else if (count < kMaxOrdered) {
      conjuncts[count++] = {qual_cost(expr), &expr};
    } else {
      ordered = false;
    }
  };
  flatten(flatten, predicate);
  auto apply = [&](const BoundExpression& conjunct) {
    if (rows->empty()) return;
    if (rows->size() < chunk.size && !direct(conjunct)) {
      // What evaluates vectors sees only the rows still in: compact them first.
      if (survivors != nullptr) {
        for (std::size_t k = 0; k < rows->size(); ++k) (*origin)[k] = (*origin)[(*rows)[k]];
        origin->resize(rows->size());
      }
      compact_rows(chunk, rows->data(), rows->size());
      identity_rows(*rows, chunk.size);
    }
    classify_rows(conjunct, chunk, *rows, *kept, nullptr);
    rows->swap(*kept);
  };
  if (ordered) {
    for (std::size_t i = 1; i < count; ++i) {
      for (std::size_t j = i; j > 0 && conjuncts[j].first < conjuncts[j - 1].first; --j) {
        std::swap(conjuncts[j], conjuncts[j - 1]);
      }
    }
    for (std::size_t i = 0; i < count; ++i) apply(*conjuncts[i].second);
  } else {
    auto in_order = [&](auto& self, const BoundExpression& expr) -> void {
      check_stack_depth();
      if (expr.kind != ExprKind::kAnd) return apply(expr);
      for (const auto& arg : expr.args) self(self, arg);
    };
    in_order(in_order, predicate);
  }
  if (survivors != nullptr) {
    survivors->resize(rows->size());
    for (std::size_t k = 0; k < rows->size(); ++k) (*survivors)[k] = (*origin)[(*rows)[k]];
  }
  if (rows->size() < chunk.size) compact_rows(chunk, rows->data(), rows->size());
}

Vector evaluate_truth(const BoundExpression& expr, const Chunk& input) {
  ListLease rows, trues, unknowns;
  identity_rows(*rows, input.size);
  classify_rows(expr, input, *rows, *trues, &*unknowns);
  Vector out(expr.type);
  out.resize(input.size);
  for (std::uint32_t row : *trues) out.ints[row] = 1;
  for (std::uint32_t row : *unknowns) out.nulls[row] = 1;
  return out;
}

}  // namespace ptreedb::exec
