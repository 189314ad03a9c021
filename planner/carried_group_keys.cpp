#include "planner/carried_group_keys.h"

namespace ptreedb::planner {

GroupedPrimaryKeys::GroupedPrimaryKeys(const std::vector<BoundExpression>& keys, const Scope& scope,
                                       const storage::World& world)
    : scope_(scope) {
  // Instances whose columns appear twice in the scope (one table twice under
  // one join alias) cannot be told apart: none of them determines anything.
  std::map<Instance, std::set<std::int16_t>> seen;
  std::set<Instance> ambiguous;
  for (const ScopeColumn& column : scope.columns) {
    if (column.table_oid == 0) continue;
    if (!seen[{column.table, column.table_oid}].insert(column.column_number).second) {
      ambiguous.insert({column.table, column.table_oid});
    }
  }
  // The base-table columns among the keys, by instance.
  std::map<Instance, std::set<std::int16_t>> grouped;
  for (const BoundExpression& key : keys) {
    if (key.kind != ExprKind::kColumn || key.column >= scope.columns.size()) continue;
    const ScopeColumn& column = scope.columns[key.column];
    if (column.table_oid != 0) grouped[{column.table, column.table_oid}].insert(column.column_number);
  }
  for (const auto& [instance, columns] : grouped) {
    if (ambiguous.count(instance) != 0) continue;
    for (auto entry : world.tables()) {
      const storage::TableSchema& schema = entry.value->schema();
      if (schema.oid() != instance.second || !schema.has_primary_key()) continue;
      std::set<std::int16_t> primary_key;
      for (std::size_t position : schema.primary_key()) primary_key.insert(static_cast<std::int16_t>(position + 1));
      bool whole_key = true;
      for (std::int16_t number : primary_key) whole_key = whole_key && columns.count(number) != 0;
      if (whole_key) determined_[instance] = std::move(primary_key);
    }
  }
}

bool GroupedPrimaryKeys::determines(std::size_t column) const {
  if (column >= scope_.columns.size() || scope_.columns[column].table_oid == 0) return false;
  const ScopeColumn& scope_column = scope_.columns[column];
  return determined_.count({scope_column.table, scope_column.table_oid}) != 0;
}

bool GroupedPrimaryKeys::in_primary_key(std::size_t column) const {
  if (!determines(column)) return false;
  const ScopeColumn& scope_column = scope_.columns[column];
  return determined_.at({scope_column.table, scope_column.table_oid}).count(scope_column.column_number) != 0;
}

std::vector<bool> carried_group_keys(const std::vector<BoundExpression>& keys, const Scope& scope,
                                     const storage::World& world) {
  GroupedPrimaryKeys primary_keys(keys, scope, world);
  std::vector<bool> carried(keys.size(), false);
  bool any = false;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (keys[k].kind != ExprKind::kColumn) continue;
    carried[k] = primary_keys.determines(keys[k].column) && !primary_keys.in_primary_key(keys[k].column);
    any = any || carried[k];
  }
  if (!any) return {};
  return carried;
}

}  // namespace ptreedb::planner
