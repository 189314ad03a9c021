// A WITH RECURSIVE query that reads itself, already checked for its form
// (planner/recursive_with.h): the non-recursive term fixes the columns' types
// (its unknown literals become text), the recursive term is planned with its
// self-reference reading the work table, and the two meet in a
// RecursiveUnionNode, as PostgreSQL's analyzeCTE and RecursiveUnion do.
#include "planner/query_block_planner.h"

#include <atomic>

#include "storage/sql_error.h"

namespace ptreedb::planner::block_planning {

namespace {

// Work tables are told apart within one executor; a process-wide count
// keeps every reference's distinct even when plans are copied or nested.
std::uint64_t next_work_table_id() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

// The block's rows with each column cast as `casts` says (no node when all are plain columns).
PlanPtr cast_columns(const QueryBlock& block, std::vector<BoundExpression> casts, const std::vector<SqlType>& types) {
  bool identity = true;
  for (const auto& cast : casts) identity = identity && cast.kind == ExprKind::kColumn;
  if (identity) return block.root;
  return make_node(ProjectNode{block.root, std::move(casts)}, types, block.root->estimated_rows);
}

}  // namespace

QueryBlock plan_recursive_query(const PgQuery__CommonTableExpr& common, const PlanningContext& context) {
  const std::string name = common.ctename;
  const auto& select = *common.ctequery->select_stmt;
  CommonTableScope own;
  PlanningContext terms = context;
  if (select.with_clause != nullptr) {
    own.parent = context.common_tables;
    enter_with_clause(*select.with_clause, own);
    terms.common_tables = &own;
  }

  // The non-recursive term: the work table's columns.
  QueryBlock left = plan_query_block(*select.larg, terms);
  if (common.n_aliascolnames > left.columns.size()) {
    throw SqlError("42P10",
                   "WITH query \"" + name + "\" has " + std::to_string(left.columns.size()) +
                       " columns available but " + std::to_string(common.n_aliascolnames) + " columns specified",
                   {}, {}, common.location + 1);
  }
  std::vector<BoundExpression> left_casts;
  std::vector<SqlType> types;
  WorkTableReference work;
  work.id = next_work_table_id();
  for (std::size_t c = 0; c < left.columns.size(); ++c) {
    const OutputColumn& column = left.columns[c];
    SqlType type = column.unknown_literal ? SqlType::of(TypeId::kText) : column.type;
    left_casts.push_back(coerce(column_reference(c, column.type), type, column.unknown_literal));
    types.push_back(type);
    OutputColumn out = column;
    out.type = type;
    out.unknown_literal = false;
    if (c < common.n_aliascolnames) out.name = string_of(common.aliascolnames[c]);
    work.columns.push_back(out);
  }

  // The recursive term, its self-reference reading the work table.
  CommonTableScope reading;
  reading.parent = terms.common_tables;
  reading.work_table_of = &common;
  reading.work_table = &work;
  PlanningContext recursive_context{terms.world, &reading, terms.expanding_views};
  QueryBlock right = plan_query_block(*select.rarg, recursive_context);
  if (right.columns.size() != types.size()) {
    throw SqlError(sqlstate::kSyntaxError, "each UNION query must have the same number of columns");
  }
  std::vector<BoundExpression> right_casts;
  for (std::size_t c = 0; c < types.size(); ++c) {
    BoundExpression a = column_reference(c, types[c]);
    BoundExpression b = column_reference(c, right.columns[c].type);
    bool right_unknown = right.columns[c].unknown_literal;
    SqlType overall = types[c] == b.type || right_unknown ? types[c] : common_type({a, b}, "UNION");
    if (!(overall == types[c])) {
      throw SqlError(sqlstate::kDatatypeMismatch,
                     "recursive query \"" + name + "\" column " + std::to_string(c + 1) + " has type " +
                         value::format_type(types[c]) + " in non-recursive term but type " +
                         value::format_type(overall) + " overall",
                     {}, "Cast the output of the non-recursive term to the correct type.");
    }
    right_casts.push_back(coerce(b, overall, right_unknown));
  }

  RecursiveUnionNode node;
  node.left = cast_columns(left, std::move(left_casts), types);
  node.right = cast_columns(right, std::move(right_casts), types);
  node.all = select.all;
  node.work_table = work.id;
  node.name = name;
  for (const auto& column : work.columns) node.columns.push_back(column.name);
  double rows = node.left->estimated_rows * 10 + node.right->estimated_rows;
  QueryBlock block;
  block.root = make_node(std::move(node), types, rows);
  block.columns = work.columns;
  return block;
}

}  // namespace ptreedb::planner::block_planning
