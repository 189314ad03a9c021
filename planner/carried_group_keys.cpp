#include "planner/carried_group_keys.h"

#include <map>
#include <set>
#include <string>
#include <utility>

namespace ptreedb::planner {

std::vector<bool> carried_group_keys(const std::vector<BoundExpression>& keys, const Scope& scope,
                                     const storage::World& world) {
  // A table instance of the FROM list: its name or alias, and the table's oid.
  using Instance = std::pair<std::string, std::uint32_t>;
  // Instances whose columns appear twice in the scope (one table twice under
  // one join alias) cannot be told apart: none of their keys is carried.
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
  std::set<Instance> determined;
  for (const auto& [instance, columns] : grouped) {
    if (ambiguous.count(instance) != 0) continue;
    for (auto entry : world.tables()) {
      const storage::TableSchema& schema = entry.value->schema();
      if (schema.oid() != instance.second || !schema.has_primary_key()) continue;
      bool whole_key = true;
      for (std::size_t position : schema.primary_key()) {
        whole_key = whole_key && columns.count(static_cast<std::int16_t>(position + 1)) != 0;
      }
      if (whole_key) determined.insert(instance);
    }
  }
  if (determined.empty()) return {};
  std::vector<bool> carried(keys.size(), false);
  bool any = false;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const BoundExpression& key = keys[k];
    if (key.kind != ExprKind::kColumn || key.column >= scope.columns.size()) continue;
    const ScopeColumn& column = scope.columns[key.column];
    Instance instance{column.table, column.table_oid};
    if (column.table_oid == 0 || determined.count(instance) == 0) continue;
    bool in_primary_key = false;
    for (auto entry : world.tables()) {
      const storage::TableSchema& schema = entry.value->schema();
      if (schema.oid() != column.table_oid) continue;
      for (std::size_t position : schema.primary_key()) {
        in_primary_key = in_primary_key || static_cast<std::int16_t>(position + 1) == column.column_number;
      }
    }
    carried[k] = !in_primary_key;
    any = any || carried[k];
  }
  if (!any) return {};
  return carried;
}

}  // namespace ptreedb::planner
