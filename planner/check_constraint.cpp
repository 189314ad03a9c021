#include "planner/check_constraint.h"

#include <algorithm>

#include "planner/catalog/catalog_objects.h"
#include "planner/expression_binder.h"
#include "planner/parse/deparse.h"
#include "planner/parse/parse_sql.h"
#include "planner/view_rewrite.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/table/table_keys.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {
namespace {

// A subquery in a CHECK is refused as PostgreSQL refuses it.
class NoSubqueries : public SubqueryHook {
 public:
  BoundExpression bind_sublink(const PgQuery__SubLink& sublink, const ExpressionBinder&) override {
    throw SqlError(sqlstate::kFeatureNotSupported, "cannot use subquery in check constraint", {}, {},
                   sublink.location + 1);
  }
};

// Columns read, in order of first appearance (pg_constraint.conkey).
void collect_columns(const BoundExpression& expression, std::vector<std::size_t>& columns) {
  check_stack_depth();
  if (expression.kind == ExprKind::kColumn &&
      std::find(columns.begin(), columns.end(), expression.column) == columns.end()) {
    columns.push_back(expression.column);
  }
  for (const auto& arg : expression.args) collect_columns(arg, columns);
}

const PgQuery__Node* selected_expression(const ParseTree& tree) {
  return tree.statement(0).stmt->select_stmt->target_list[0]->res_target->val;
}

}  // namespace

BoundExpression bind_check_expression(const std::vector<storage::ColumnSchema>& columns, const std::string& table,
                                      const PgQuery__Node* expression) {
  Scope scope;
  for (const auto& column : columns) scope.columns.push_back({table, column.name, column.type});
  NoSubqueries no_subqueries;
  BoundExpression bound = ExpressionBinder(scope, &no_subqueries).bind(expression);
  if (bound.contains_aggregate()) {
    throw SqlError("42803", "aggregate functions are not allowed in check constraints");
  }
  if (bound.contains(ExprKind::kWindow)) {
    throw SqlError("42P20", "window functions are not allowed in check constraints");
  }
  if (bound.type.id != value::TypeId::kBoolean && !bound.unknown_literal) {
    throw SqlError(sqlstate::kDatatypeMismatch,
                   "argument of CHECK must be type boolean, not type " + value::format_type(bound.type));
  }
  bound = coerce(std::move(bound), value::SqlType::of(value::TypeId::kBoolean), false);
  if (bound.type.id != value::TypeId::kBoolean) {
    throw SqlError(sqlstate::kDatatypeMismatch,
                   "argument of CHECK must be type boolean, not type " + value::format_type(bound.type));
  }
  return bound;
}

std::set<std::string> constraint_names(const storage::World& world) {
  std::set<std::string> names;
  for (auto entry : world.tables()) names.merge(table_constraint_names(entry.value->schema()));
  return names;
}

void check_check_constraint_clauses(const PgQuery__Constraint& constraint) {
  if (constraint.skip_validation) {
    throw SqlError(sqlstate::kFeatureNotSupported, "NOT VALID is not supported", {}, {}, constraint.location + 1);
  }
  if (constraint.is_no_inherit) {
    throw SqlError(sqlstate::kFeatureNotSupported, "NO INHERIT is not supported", {}, {}, constraint.location + 1);
  }
}

storage::CheckConstraintSchema make_check_constraint(const std::vector<storage::ColumnSchema>& columns,
                                                     const std::string& table, const PgQuery__Node* expression,
                                                     const std::string& given, const std::set<std::string>& taken,
                                                     const std::set<std::string>& existing) {
  storage::CheckConstraintSchema check;
  const BoundExpression bound = bind_check_expression(columns, table, expression);
  collect_columns(bound, check.columns);
  check.expression_sql = deparse_expression(expression);
  if (!given.empty()) {
    check.name = given;
    if (existing.contains(check.name)) {
      throw SqlError("42710", "constraint \"" + check.name + "\" for relation \"" + table + "\" already exists");
    }
    return check;
  }
  // ChooseConstraintName: "check", then "check1", "check2", ... until unused.
  const std::string column = check.columns.size() == 1 ? columns[check.columns[0]].name : "";
  for (int pass = 0;; ++pass) {
    check.name = storage::make_object_name(storage::split_relation_key(table).relation, column, pass == 0 ? "check" : "check" + std::to_string(pass));
    if (!taken.contains(check.name)) return check;
  }
}

storage::CheckConstraintSchema make_check_constraint(const storage::TableSchema& table,
                                                     const std::string& expression_sql, const std::string& given,
                                                     const std::set<std::string>& taken) {
  ParseTree tree = parse_sql("SELECT " + expression_sql);
  return make_check_constraint(table.columns(), table.name(), selected_expression(tree), given, taken,
                               table_constraint_names(table));
}

std::set<std::string> table_constraint_names(const storage::TableSchema& schema) {
  std::set<std::string> names;
  if (schema.has_primary_key()) names.insert(storage::primary_key_index_name(schema));
  for (const auto& index : schema.indexes()) {
    if (!index.standalone) names.insert(index.name);
  }
  for (const auto& key : schema.foreign_keys()) names.insert(key.name);
  for (const auto& check : schema.checks()) names.insert(check.name);
  return names;
}

std::vector<BoundCheck> bind_table_checks(const storage::TableSchema& schema) {
  std::vector<BoundCheck> checks;
  for (const auto& check : schema.checks()) {
    ParseTree tree = parse_sql("SELECT " + check.expression_sql);
    checks.push_back({check.name, bind_check_expression(schema.columns(), schema.name(), selected_expression(tree))});
  }
  return checks;
}

std::string rename_column_in_check(const std::string& expression_sql, const std::string& table, const std::string& from,
                                   const std::string& to) {
  // The expression as the only item of a query over the table, renamed as a
  // view's query is, then taken out of it again.
  auto renamed = rename_column_in_query("SELECT " + expression_sql + " FROM " + catalog::quote_identifier(table), table,
                                        from, to);
  if (!renamed) return expression_sql;
  ParseTree tree = parse_sql(*renamed);
  return deparse_expression(selected_expression(tree));
}

}  // namespace ptreedb::planner
