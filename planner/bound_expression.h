// Expressions after name resolution and type checking: every node knows its
// result type, column references are positions in the input row, and every
// implicit coercion PostgreSQL would apply is an explicit Cast node.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "planner/functions/scalar_function_list.h"
#include "planner/window_call.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"
#include "storage/value/type_id.h"

namespace ptreedb::storage {
class SessionRandom;  // storage/random/session_random.h
}  // namespace ptreedb::storage

namespace ptreedb::planner {

struct SelectPlan;
struct SequenceCall;  // planner/sequence_functions.h

// A literal value (NULL when is_null), held in the field its type uses.
struct Constant {
  bool is_null = true;
  std::int64_t int_value = 0;  // boolean, integers, date, timestamp
  double double_value = 0;
  value::Decimal decimal_value;
  std::string text_value;
  value::Interval interval_value;
};

enum class ExprKind : std::uint8_t {
  kColumn,    // input column `column`
  kConstant,  // `constant`
  kCast,      // args[0] converted to `type`
  kArithmetic,
  kComparison,
  kConcat,    // text || text
  kNegate,
  kAnd,
  kOr,
  kNot,
  kIsNull,
  kIsNotNull,
  kAggregate,  // an aggregate call over the input (only before grouping rewrites it)
  kCase,       // args: condition, result, condition, result, ..., else result
  kLike,       // args: text, pattern; `negated`, `case_insensitive`
  kFunction,   // `function` over args
  kOuterColumn,  // column `column` of the enclosing query's scope (a correlated reference)
  kSubquery,     // an uncorrelated scalar subquery, run once before the query
  kWindow,       // a window function call (`window`); only until the planner puts it in a WindowNode
  kGrouping,     // GROUPING(args): int4; only until grouping rewrites it (counts as an aggregate)
};

// The scalar functions, one id each (planner/functions/scalar_function_list.h).
enum class FunctionId : std::uint8_t {
#define PTREEDB_FUNCTION_ID(name) k##name,
  PTREEDB_SCALAR_FUNCTIONS(PTREEDB_FUNCTION_ID)
#undef PTREEDB_FUNCTION_ID
};

inline constexpr std::size_t kFunctionIdCount = 0
#define PTREEDB_COUNT_FUNCTION(name) +1
    PTREEDB_SCALAR_FUNCTIONS(PTREEDB_COUNT_FUNCTION)
#undef PTREEDB_COUNT_FUNCTION
    ;

// Volatile functions draw a new value at each evaluation: never folded.
inline bool is_volatile_function(FunctionId id) {
  return id == FunctionId::kSequenceCall || id == FunctionId::kGenRandomUuid || id == FunctionId::kRandom ||
         id == FunctionId::kSetSeed;
}
struct BoundExpression;
// True when `expr` calls a volatile function anywhere (it must be evaluated once).
bool contains_volatile_call(const BoundExpression& expr);

// The constant items of a kInList as a hash set of their key encodings
// (exec's append_key_bytes, equal exactly when the values are SQL-equal),
// built once per statement when constants are folded.
struct InListSet {
  std::unordered_set<std::string> keys;
  bool has_null = false;
  // When x and the items are integers (int2/4/8, date, boolean): the items
  // sorted, looked up without encoding each row's key.
  std::vector<std::int64_t> ints;
  bool integers = false;
};

// kFirstValue and kSingleValue have no SQL name: they answer a correlated
// scalar subquery without aggregates per outer value (its first row in the
// call's ORDER BY, or its only row: a second one is error 21000).
enum class AggregateKind : std::uint8_t {
  kCountStar, kCount, kSum, kAvg, kMin, kMax, kStringAgg, kBoolAnd, kBoolOr, kFirstValue, kSingleValue,
  // Moments of one argument (variance and stddev = the sample forms) ...
  kVarPop, kVarSamp, kStddevPop, kStddevSamp,
  // ... and of two, (Y, X) in double precision (exec/aggregate/moments_state.h).
  kCovarPop, kCovarSamp, kCorr, kRegrCount, kRegrSxx, kRegrSyy, kRegrSxy, kRegrAvgX, kRegrAvgY, kRegrR2,
  kRegrSlope, kRegrIntercept,
  // Ordered-set aggregates, WITHIN GROUP (ORDER BY x): args are x, the
  // direct argument (the percentile's fraction, the hypothetical row's
  // value), then x again as the ORDER BY key.
  kPercentileCont, kPercentileDisc, kMode,
  kHypotheticalRank, kHypotheticalDenseRank, kHypotheticalPercentRank, kHypotheticalCumeDist,
  // Estimates for the whole table from a BERNOULLI sample, and the half-widths
  // of their 95% confidence intervals (planner/approximate_aggregate.h).
  kApproxCount, kApproxSum, kApproxAvg, kApproxCountError, kApproxSumError, kApproxAvgError
};

constexpr bool is_ordered_set_aggregate(AggregateKind kind) {
  return kind >= AggregateKind::kPercentileCont && kind <= AggregateKind::kHypotheticalCumeDist;
}
constexpr bool is_hypothetical_aggregate(AggregateKind kind) {
  return kind >= AggregateKind::kHypotheticalRank && kind <= AggregateKind::kHypotheticalCumeDist;
}

// One ORDER BY key inside an aggregate call (string_agg(x, ',' ORDER BY y DESC)).
struct AggregateOrder {
  bool descending = false;
  bool nulls_first = false;
};

enum class ArithmeticOp : std::uint8_t { kAdd, kSubtract, kMultiply, kDivide, kModulo };
enum class ComparisonOp : std::uint8_t { kEqual, kNotEqual, kLess, kLessEqual, kGreater, kGreaterEqual };

// The operator with its operands swapped: a < b is b > a.
constexpr ComparisonOp mirrored(ComparisonOp op) {
  switch (op) {
    case ComparisonOp::kLess: return ComparisonOp::kGreater;
    case ComparisonOp::kLessEqual: return ComparisonOp::kGreaterEqual;
    case ComparisonOp::kGreater: return ComparisonOp::kLess;
    case ComparisonOp::kGreaterEqual: return ComparisonOp::kLessEqual;
    default: return op;
  }
}

struct BoundExpression {
  ExprKind kind = ExprKind::kConstant;
  value::SqlType type;
  std::size_t column = 0;
  Constant constant;
  ArithmeticOp arithmetic = ArithmeticOp::kAdd;
  ComparisonOp comparison = ComparisonOp::kEqual;
  std::vector<BoundExpression> args;
  // True for a string literal whose type is still open (PostgreSQL's "unknown").
  bool unknown_literal = false;
  // For an unknown that is a statement parameter while describing it: its $n,
  // so the type the context resolves it to is recorded (planner/parameters.h).
  std::uint32_t parameter = 0;
  // For kCast: written by the user (char/varchar lengths truncate silently).
  bool explicit_cast = false;
  // For kAggregate: which one, and DISTINCT. `args` holds the call's
  // arguments, then one expression per `aggregate_order` key, then the FILTER
  // condition when `aggregate_filter`.
  AggregateKind aggregate = AggregateKind::kCountStar;
  bool distinct = false;
  std::vector<AggregateOrder> aggregate_order;
  bool aggregate_filter = false;
  FunctionId function = FunctionId::kCoalesce;
  bool negated = false;           // NOT LIKE
  bool case_insensitive = false;  // ILIKE
  // A text[] cast's result: text holding an array's text form (arrays are text here).
  bool array_text = false;
  std::shared_ptr<const SelectPlan> subquery;  // for kSubquery
  std::shared_ptr<const InListSet> in_list;    // for kInList, once its items are folded
  std::shared_ptr<const WindowShape> window;   // for kWindow (planner/window_call.h)
  std::shared_ptr<const SequenceCall> sequence_call;  // for kSequenceCall
  std::shared_ptr<storage::SessionRandom> random_source;  // for kRandom and kSetSeed

  bool contains_aggregate() const;

  bool is_constant_tree() const;

  bool contains(ExprKind wanted) const;

  // For kAggregate: how many of `args` are the call's arguments.
  std::size_t aggregate_argument_count() const {
    return args.size() - aggregate_order.size() - (aggregate_filter ? 1 : 0);
  }
};

// Same computation: used to match SELECT expressions to GROUP BY keys.
bool same_expression(const BoundExpression& a, const BoundExpression& b);

}  // namespace ptreedb::planner
