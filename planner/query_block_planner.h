// The planner of one query block, shared by the files that plan each of its
// concerns (select_planner.h is the interface the rest of the planner uses):
//   query_block_planner.cpp    the block: WHERE, select list, ORDER BY, DISTINCT,
//                              LIMIT, and its input (relations joined, subqueries applied)
//   from_item_planner.cpp      FROM items: tables, views, CTEs, derived tables
//   from_function_planner.cpp  set-returning functions in FROM (implicitly LATERAL)
//   join_planner.cpp           outer joins, USING/NATURAL, joining the relations
//   sublink_planner.cpp        subqueries in expressions: EXISTS, IN, ANY/ALL, scalar, ARRAY
//   grouping_planner.cpp       GROUP BY, aggregates, HAVING and its subqueries
//   set_operation_planner.cpp  UNION/INTERSECT/EXCEPT and VALUES, their ORDER BY/LIMIT
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "planner/select_planner.h"
#include "planner/table_function.h"

namespace ptreedb::planner::block_planning {

using value::SqlType;
using value::TypeId;

// The text of a String node ("" for anything else).
std::string string_of(const PgQuery__Node* node);
// 0A000 "<what> is not supported yet", at `location` when it is known.
[[noreturn]] void not_supported(const std::string& what, int location = -1);

// A derived table's columns in the scope: `alias`, with the column aliases
// given (42P10 for more than it has).
std::vector<ScopeColumn> block_columns(const QueryBlock& block, const std::string& alias,
                                       const PgQuery__Alias* column_aliases, int location);

// An outer join's ON condition over the joined columns: boolean (42804),
// no aggregate (42803), no reference to the enclosing query (0A000).
BoundExpression bind_outer_join_condition(const PgQuery__Node* quals, const Scope& joined);
std::vector<SqlType> types_of(const std::vector<BoundExpression>& exprs);
std::vector<SqlType> concat_types(const std::vector<SqlType>& a, const std::vector<SqlType>& b);
// LIMIT's or OFFSET's constant row count (`clause` names it in errors).
std::int64_t constant_count(const PgQuery__Node* node, const char* clause);
// LIMIT / FETCH FIRST [WITH TIES] and OFFSET into `sort`.
void read_limit_clause(const PgQuery__SelectStmt& select, SortNode& sort);

// Aggregation as it is planned: group keys, then aggregate calls; with more
// than one grouping set, the sets (positions in keys) and the GROUPING()
// calls (key positions of their arguments), whose columns come last.
struct Grouping {
  std::vector<BoundExpression> keys;
  std::vector<AggregateCall> aggregates;
  std::vector<std::vector<std::size_t>> sets;
  std::vector<std::vector<std::size_t>> grouping_calls;
};

// Where over_groups puts a GROUPING() column until the aggregates are all
// known (finish_grouping_columns moves it after them).
constexpr std::size_t kGroupingColumn = std::size_t{1} << 41;

// Rewrites an expression over input rows into one over group rows: group key
// expressions become key columns, aggregate calls become aggregate columns, and
// any other input column is an error, as in PostgreSQL.
BoundExpression over_groups(const BoundExpression& expr, const Scope& scope, Grouping& grouping);
// The group rows' column types: keys, then aggregate results, then GROUPING() calls.
std::vector<SqlType> grouping_types(const Grouping& grouping);
// The GROUPING() columns over_groups left in `expr` at their final place.
BoundExpression finish_grouping_columns(BoundExpression expr, const Grouping& grouping);

// A subquery joined to the FROM result: EXISTS/IN as semi, anti or mark joins,
// correlated scalar subqueries as left joins to their grouped result.
struct Apply {
  JoinKind kind = JoinKind::kSemi;
  bool null_aware = false;
  PlanPtr build;
  std::vector<BoundExpression> probe_keys;   // over the scope (and earlier hidden columns)
  std::vector<BoundExpression> build_keys;   // over the build rows
  std::optional<BoundExpression> condition;  // over probe_width probe columns, then build columns
  std::size_t probe_width = 0;
  std::vector<SqlType> added_types;          // hidden columns it adds to the probe rows
  // A general correlated subquery: its build side needs D, the distinct
  // values of `outer_values` (over the probe) in the rows it joins.
  std::vector<BoundExpression> outer_values;
  std::function<PlanPtr(PlanPtr distinct_outer)> make_build;
};

// A WITH RECURSIVE query that reads itself (recursive_query_planner.cpp):
// its non-recursive term, then its recursive term over the work table, as a
// RecursiveUnionNode; `context` is what the query sees.
QueryBlock plan_recursive_query(const PgQuery__CommonTableExpr& common, const PlanningContext& context);

// 42P20 "window functions are not allowed in <where>" when `expr` has a window call.
void reject_window_calls(const BoundExpression& expr, const char* where);
// 42803 for GROUPING() or an aggregate call where PostgreSQL allows neither.
void reject_aggregates(const BoundExpression& expr, const char* where);

// HAVING's subquery columns while its expression is rewritten over groups.
constexpr std::size_t kParkedColumn = std::size_t{1} << 40;

// How a SubLink sits in the WHERE clause: a top-level conjunct (maybe under
// NOT) can filter by a semi or anti join directly.
enum class SublinkPosition : std::uint8_t { kConjunct, kNegatedConjunct };

class QueryBlockPlanner : public SubqueryHook {
 public:
  QueryBlockPlanner(const PlanningContext& context, const Scope* outer) : context_(context) {
    scope_.outer = outer;
  }

  QueryBlock plan(const PgQuery__SelectStmt& select);
  // INSERT, UPDATE and DELETE: see plan_dml_rows and bind_standalone_expression.
  PlanPtr plan_dml_rows(PlannedRelation relation, std::span<PgQuery__Node* const> from_items,
                        const PgQuery__Node* where, const BindOutputs& bind_outputs);
  BoundExpression bind_standalone(const PgQuery__Node* node);
  // The same over `scope`'s columns (bind_scoped_expression).
  BoundExpression bind_standalone(const PgQuery__Node* node, const Scope& scope);

  BoundExpression bind_sublink(const PgQuery__SubLink& sublink, const ExpressionBinder& binder) override;
  const TableSample* sampled_table() const override;

  // After plan(): conjuncts of WHERE that read the enclosing query, over this
  // block's scope (kColumn) and the enclosing one (kOuterColumn), and what the
  // subquery looks like before its select list.
  const std::vector<BoundExpression>& correlated() const { return correlated_; }
  const PlanPtr& filtered_input() const { return filtered_input_; }
  const std::vector<BoundExpression>& select_list() const { return select_list_; }
  const Scope& scope() const { return scope_; }
  bool simple_block() const { return simple_block_; }
  // No GROUP BY, aggregates, DISTINCT or window functions: one output row per input row.
  bool plain_rows() const { return plain_rows_; }
  bool outer_in_output() const { return outer_in_output_; }
  // The select list or ORDER BY calls window functions.
  bool has_windows() const { return has_windows_; }
  // A correlated scalar subquery without aggregates as one aggregate call
  // over its rows: the first row by its ORDER BY (LIMIT 1), or its only row.
  BoundExpression row_value_as_aggregate(int location) const;

  // Adds a FROM item; inner joins' ON conditions wait in pending_on_.
  void add_from_item(const PgQuery__Node* item);
  // A LATERAL subquery's block: the enclosing scope's values are bound when
  // it runs, so what reads them stays in its plan (Scope::parameters).
  bool outer_is_parameters() const { return scope_.outer != nullptr && scope_.outer->parameters != nullptr; }
  // The enclosing query's columns that this block's FROM functions read
  // (through OuterValuesNode placeholders its decorrelation must bind).
  const std::vector<std::size_t>& outer_value_columns() const { return outer_value_columns_; }
  // Joins every relation added so far under `conjuncts` (over the scope).
  PlanPtr join_relations(std::vector<BoundExpression> conjuncts);

 private:
  struct Relation {
    PlanPtr plan;
    std::size_t offset = 0;
    std::size_t width = 0;
    double base_rows = 1;
  };

  void add_relation(PlanPtr plan, const std::vector<ScopeColumn>& columns, double rows);
  void add_range_var(const PgQuery__RangeVar& range);
  // A recursive term's reference to its own WITH query: the work table.
  void add_cte_scan(const PgQuery__CommonTableExpr& common, const std::string& alias,
                    const PgQuery__Alias* column_aliases, int location);
  void add_work_table_scan(const PgQuery__CommonTableExpr& common, const WorkTableReference& work,
                           const std::string& alias, const PgQuery__Alias* column_aliases, int location);
  void add_range_function(const PgQuery__RangeFunction& range);
  // A table read through TABLESAMPLE (table_sample_planner.cpp).
  void add_table_sample(const PgQuery__RangeTableSample& sample);
  // Adds a set-returning function's rows as a relation; returns the scope
  // position of its value column.
  std::size_t add_function_relation(TableFunctionCall call, bool with_ordinality, const std::string& alias,
                                    const PgQuery__Alias* column_aliases, int location);
  TableFunctionCall bind_function_call(const PgQuery__FuncCall& call, const std::string& name);
  void add_block(const QueryBlock& block, const std::string& alias, const PgQuery__Alias* column_aliases,
                 int location);
  // FROM ... LATERAL (subquery), or JOIN LATERAL: the subquery planned over
  // the FROM items before it as parameters (lateral_planner.cpp).
  void add_lateral_subquery(const PgQuery__RangeSubselect& subselect);
  // The relations from the one holding scope column `column` to the last,
  // taken out of relations_ and cross joined (a FROM function's or LATERAL
  // subquery's input); their columns keep their scope places from `offset`.
  struct LateralInput {
    PlanPtr plan;
    std::size_t offset;
    double rows;
  };
  LateralInput take_relations_from(std::size_t column);
  // A LATERAL subquery planned over `visible` (the FROM items before it) as
  // parameters; `read` gets the ones it reads.
  QueryBlock plan_lateral_subquery(const PgQuery__RangeSubselect& subselect, const std::vector<ScopeColumn>& visible,
                                   std::set<std::size_t>& read);
  // `join` whose right side is a LATERAL subquery reading `left`'s columns
  // (LEFT JOIN LATERAL, or a join with an alias or USING): planned as one
  // relation; false when the subquery reads nothing of `left`.
  bool add_lateral_join(const PgQuery__JoinExpr& join, QueryBlockPlanner& left);
  void add_outer_join(const PgQuery__JoinExpr& join);
  void add_joined_relation(const PgQuery__JoinExpr& join, PlanPtr plan, const Scope& joined, std::size_t left_width,
                           const std::vector<std::pair<std::size_t, std::size_t>>& merged, double rows);
  QueryBlock plan_set_operation(const PgQuery__SelectStmt& select);
  QueryBlock combine_set_operation(QueryBlock left, QueryBlock right, const PgQuery__SelectStmt& select);
  QueryBlock plan_values(const PgQuery__SelectStmt& select);
  QueryBlock finish_output(QueryBlock block, const PgQuery__SelectStmt& select);
  PlanPtr build_input(std::vector<BoundExpression> conjuncts);
  void note_top_level_sublinks(const PgQuery__Node* where);
  std::size_t hidden_width() const;
  PlanPtr join_to_groups(PlanPtr groups, std::vector<Apply> applies, const std::vector<BoundExpression>& group_keys,
                         std::size_t input_width);
  // The window calls in `projections` computed by a WindowNode over `input`,
  // and `projections` rewritten to read its columns.
  PlanPtr plan_windows(const PlanPtr& input, std::vector<BoundExpression>& projections);
  PlanPtr plan_grouping(const PgQuery__SelectStmt& select, const PlanPtr& input, const Scope& input_scope,
                        const ExpressionBinder& binder, std::vector<BoundExpression>& projections,
                        const std::vector<OutputColumn>& columns, std::size_t visible);

  PlanningContext context_;
  CommonTableScope own_common_tables_;
  Scope scope_;
  std::vector<Relation> relations_;
  std::vector<const PgQuery__Node*> pending_on_;
  std::vector<Apply> applies_;
  std::vector<std::pair<const PgQuery__SubLink*, SublinkPosition>> top_level_sublinks_;
  bool binding_where_ = false;
  std::vector<BoundExpression> correlated_;
  std::vector<std::size_t> outer_value_columns_;
  std::vector<BoundExpression> outer_value_matches_;  // conjuncts tying FROM functions' outer values to the outer row
  PlanPtr filtered_input_;
  std::vector<BoundExpression> select_list_;
  bool simple_block_ = true;  // no GROUP BY, HAVING, DISTINCT, LIMIT, set operation
  std::size_t hidden_base_ = 0;  // hidden columns of subqueries already joined into the input
  bool outer_in_output_ = false;  // the select list or ORDER BY reads the enclosing query
  bool has_windows_ = false;
  bool reads_work_table_ = false;
  // UPDATE ... FROM / DELETE ... USING: the target's columns, first in the
  // scope, which a LATERAL item may not read (42P10, as PostgreSQL).
  std::size_t dml_target_width_ = 0;  // a FROM item of this block is a recursive term's work table
  bool plain_rows_ = false;   // no GROUP BY, aggregates, DISTINCT, set operation, VALUES
  std::vector<BoundExpression> row_projections_;  // select list and ORDER BY expressions, over the input
  std::vector<SortKey> row_order_;
  std::optional<std::int64_t> row_limit_;
  std::int64_t row_offset_ = 0;
};

}  // namespace ptreedb::planner::block_planning
