// The operator tree a query is planned into. Each node produces rows of
// `types`; expressions in a node read its input's columns by position (a join's
// condition reads the probe columns, then the build columns).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/planner_methods.h"
#include "planner/table_function.h"
#include "planner/table_sample.h"
#include "storage/table/table.h"

namespace ptreedb::planner {

struct PlanNode;
using PlanPtr = std::shared_ptr<PlanNode>;

struct SortKey {
  std::size_t output = 0;  // column of the sorted input
  bool descending = false;
  bool nulls_first = false;
};

// An ORDER BY key inside an aggregate call, over the input rows.
struct AggregateOrderKey {
  BoundExpression expression;
  bool descending = false;
  bool nulls_first = false;
};

// One aggregate of a grouped query, computed over the input rows.
struct AggregateCall {
  AggregateKind kind = AggregateKind::kCountStar;
  bool distinct = false;
  std::optional<BoundExpression> argument;  // none for count(*)
  std::optional<BoundExpression> separator; // the second argument: string_agg's delimiter, corr's X
  value::SqlType type;                      // the result type
  std::vector<AggregateOrderKey> order;     // ORDER BY inside the call
  std::optional<BoundExpression> filter;    // FILTER (WHERE ...): only rows where it is true count
};

// The call a bound kAggregate expression stands for.
AggregateCall aggregate_call_of(const BoundExpression& aggregate);
// Same computation, so a query computes it once.
bool same_aggregate_call(const AggregateCall& a, const AggregateCall& b);

// All columns of a table, in table order; only `loaded` ones are read (the
// others stay empty vectors), and `filter` runs inside the scan.
struct ScanNode {
  std::shared_ptr<const storage::Table> table;
  std::vector<std::size_t> loaded;
  std::optional<BoundExpression> filter;
  std::string alias;  // the FROM item's name (for EXPLAIN); empty: the table's
  // UPDATE and DELETE: one more bigint column after the table's, each row's
  // position in `table`'s row tree, so the statement can find the rows it read
  // (an 8-byte column rather than the row's key, which may be long).
  bool row_positions = false;
  // ORDER BY the primary key, or a secondary index's key, ... LIMIT: the
  // rows, in that key's order, stop after this many pass the filter
  // (planner/key_order_limit.h).
  std::optional<std::size_t> key_order_limit;
  static constexpr std::size_t kPrimaryKeyOrder = static_cast<std::size_t>(-1);
  std::size_t key_order_index = kPrimaryKeyOrder;  // or a position among the indexes
  bool key_order_descending = false;
  // TABLESAMPLE: only a random sample of the rows is read (exec/table_sample.h);
  // the filter applies to the rows drawn.
  std::optional<TableSample> sample;
  // enable_indexscan / enable_seqscan when the statement was planned.
  IndexUse index_use = IndexUse::kWhenSelective;
};

// Constant rows (VALUES, or the single empty row of a FROM-less SELECT).
struct ValuesNode {
  std::vector<std::vector<BoundExpression>> rows;
};

struct FilterNode {
  PlanPtr input;
  BoundExpression predicate;
};

struct ProjectNode {
  PlanPtr input;
  std::vector<BoundExpression> expressions;
};

// kInner/kLeft/kFull/kRight output the probe columns then the build columns
// (NULLs where a side has no match); kRight preserves the build side (an
// outer join whose preserved side is much the smaller is hashed on it).
// kSemi/kAnti output the probe rows that have (do not have) a match. kMark
// outputs every probe row plus a boolean column: true
// when a match exists, else false, or NULL when `null_aware` (IN semantics) and
// a NULL key or condition left the answer unknown. kAnti with `null_aware` keeps
// only rows whose mark is false (NOT IN).
enum class JoinKind : std::uint8_t { kInner, kLeft, kFull, kSemi, kAnti, kMark, kRight };

struct JoinNode {
  PlanPtr probe;
  PlanPtr build;  // hashed on build_keys; no keys: every build row is a candidate
  JoinKind kind = JoinKind::kInner;
  std::vector<BoundExpression> probe_keys;  // over probe columns
  std::vector<BoundExpression> build_keys;  // over build columns
  std::optional<BoundExpression> condition; // over probe ++ build columns
  bool null_aware = false;
  // kBuild / kProbe: that side is a table scan whose primary key starts with
  // its join keys, read by looking up the other side's keys instead of
  // hashed or streamed whole (planner/primary_key_lookup.h).
  enum class Lookup : std::uint8_t { kNone, kBuild, kProbe };
  Lookup lookup = Lookup::kNone;
  // The key looked up: the primary key, or the table's secondary index at
  // this position, whose first columns are the join keys.
  static constexpr std::size_t kPrimaryKey = static_cast<std::size_t>(-1);
  std::size_t lookup_index = kPrimaryKey;
};

// Output: the key values, then one column per aggregate. No keys: exactly one row.
struct AggregateNode {
  PlanPtr input;
  std::vector<BoundExpression> keys;
  std::vector<AggregateCall> aggregates;
  // GROUPING SETS, ROLLUP, CUBE (planner/grouping_sets.h): when not empty,
  // the groups of each set in turn (positions in `keys`; the others read
  // NULL), an empty set giving one row even over no input; then after the
  // aggregates one int4 column per GROUPING() call (the key positions of its
  // arguments): bit set for each argument its row's set does not group by,
  // the first argument highest.
  std::vector<std::vector<std::size_t>> grouping_sets = {};
  std::vector<std::vector<std::size_t>> grouping_calls = {};
  // Empty, or per key: a column of a table whose whole primary key is among
  // the keys (so it determines the column, as PostgreSQL's
  // remove_useless_groupby_columns finds): kept per group, not hashed.
  std::vector<bool> carried_keys = {};
};

// Sorts (when keys are given), then skips `offset` rows and keeps `limit`.
struct SortNode {
  PlanPtr input;
  std::vector<SortKey> keys;
  std::optional<std::int64_t> limit;
  std::int64_t offset = 0;
  // FETCH FIRST n ROWS WITH TIES: also the rows after the n-th that equal it
  // on every key.
  bool with_ties = false;
};

// Window functions: every input row, then one column per call, each a
// kWindow expression whose args read the input columns (planner/window_call.h).
// Output rows come in the order of the last window's partition and order keys.
struct WindowNode {
  PlanPtr input;
  std::vector<BoundExpression> calls;
};

enum class SetOperation : std::uint8_t { kUnion, kIntersect, kExcept };

struct SetOperationNode {
  PlanPtr left;
  PlanPtr right;
  SetOperation operation = SetOperation::kUnion;
  bool all = false;
};

// WITH RECURSIVE: the non-recursive term's rows (`left`), then the
// recursive term (`right`) run again and again over the rows the previous
// round added (its WorkTableScanNode reads them) until a round adds none.
// UNION (not `all`) drops every row equal to one already produced.
struct RecursiveUnionNode {
  PlanPtr left;   // the non-recursive term
  PlanPtr right;  // the recursive term
  bool all = false;
  std::uint64_t work_table = 0;  // what the recursive term's WorkTableScanNode names
  std::string name;              // the WITH query's name (for EXPLAIN)
  std::vector<std::string> columns;  // its column names (for EXPLAIN)
};

// The rows the enclosing RecursiveUnionNode's previous round added.
struct WorkTableScanNode {
  std::uint64_t work_table = 0;
  std::string name;   // the WITH query's name
  std::string alias;  // the FROM item's name
  std::vector<std::string> columns;  // the WITH query's column names (for EXPLAIN)
};

// The rows a data-modifying WITH query returned (INSERT/UPDATE/DELETE ...
// RETURNING), which the statement runs before anything reads them. The
// executor owns the row format, so the slot holds them opaquely; it is
// filled once per execution of the statement (exec/modifying_with.h).
struct ReturnedRowsSlot {
  std::shared_ptr<const void> rows;
};

// CTE Scan: the returned rows of a data-modifying WITH query.
struct CteScanNode {
  std::shared_ptr<ReturnedRowsSlot> slot;
  std::string name;   // the WITH query's name
  std::string alias;  // the FROM item's name
  std::vector<std::string> columns;  // the WITH query's column names (for EXPLAIN)
};

// A set-returning function in FROM: for each input row, that row's columns
// followed by each value the function returns for arguments evaluated over
// the row (then its ordinal, from 1, WITH ORDINALITY). The input is one empty
// row unless the arguments read earlier FROM items (LATERAL) or the
// enclosing query.
struct FunctionScanNode {
  PlanPtr input;
  TableFunctionCall call;  // arguments over the input columns
  bool with_ordinality = false;
  std::string alias;
};

// Stands for D, the distinct values of the enclosing query's columns
// `outer_columns` that a correlated subquery's FROM functions read; the
// subquery's decorrelation puts D's plan in its place before execution.
struct OuterValuesNode {
  std::vector<std::size_t> outer_columns;
};

// FROM ... LATERAL (subquery): `right`, the subquery's plan, runs once for
// each distinct value of the `left` columns it reads, with its references
// to them (kOuterColumn `parameters[i].first`) bound to the values of left
// column `parameters[i].second`; each left row is joined with the rows its
// values gave. kInner, or kLeft (LEFT JOIN LATERAL) with `condition` over the
// left columns then the right ones.
struct LateralJoinNode {
  PlanPtr left;
  PlanPtr right;
  std::vector<std::pair<std::size_t, std::size_t>> parameters;
  JoinKind kind = JoinKind::kInner;
  std::optional<BoundExpression> condition;
  std::string alias;
  std::vector<std::string> column_names;  // the subquery's output columns, as named under the alias
};

struct PlanNode {
  std::variant<ScanNode, ValuesNode, FilterNode, ProjectNode, JoinNode, AggregateNode, SortNode,
               SetOperationNode, FunctionScanNode, OuterValuesNode, WindowNode, RecursiveUnionNode,
               WorkTableScanNode, LateralJoinNode, CteScanNode>
      op;
  std::vector<value::SqlType> types;  // of the output columns
  double estimated_rows = 1;          // for join ordering

  PlanNode() = default;
  PlanNode(const PlanNode&) = default;
  PlanNode(PlanNode&&) = default;
  PlanNode& operator=(const PlanNode&) = default;
  PlanNode& operator=(PlanNode&&) = default;
  // Frees the inputs it alone holds in a loop, not by recursion, so a chain
  // of thousands of operators (a long UNION ALL) cannot exhaust the stack.
  ~PlanNode();
};

PlanPtr make_node(auto op, std::vector<value::SqlType> types, double estimated_rows = 1) {
  auto node = std::make_shared<PlanNode>();
  node->op = std::move(op);
  node->types = std::move(types);
  node->estimated_rows = estimated_rows;
  return node;
}

// Columns `offset`.. of a row as column references (for projections).
BoundExpression column_reference(std::size_t column, value::SqlType type);

// Calls visit(child) for each input of `node` (probe then build, left then right).
void for_each_input(PlanNode& node, const std::function<void(PlanNode&)>& visit);

// A deep copy of the operator tree (scans share their table), so one plan can
// feed two consumers that prune it differently.
PlanPtr clone_plan(const PlanPtr& node);

// Reads only the columns the plan's consumers need: trims every scan's `loaded`
// list from the root down. `needed` are the root's columns its user reads.
void prune_columns(PlanNode& root, const std::vector<bool>& needed);

}  // namespace ptreedb::planner
