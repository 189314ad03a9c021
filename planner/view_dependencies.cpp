#include "planner/view_dependencies.h"

#include <functional>

#include "planner/parse/parse_sql.h"
#include "planner/parse/parse_tree_walk.h"
#include "planner/select_planner.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {
namespace {

// Calls visit for every table scan of a plan, whatever the node kinds between.
void visit_scans(PlanNode& node, const std::function<void(const ScanNode&)>& visit) {
  check_stack_depth();
  if (const auto* scan = std::get_if<ScanNode>(&node.op)) visit(*scan);
  for_each_input(node, [&](PlanNode& child) { visit_scans(child, visit); });
}

}  // namespace

std::set<std::string> relations_named_in(const std::string& query_sql) {
  ParseTree tree = parse_sql(query_sql);
  std::set<std::string> names;
  for (std::size_t i = 0; i < tree.statement_count(); ++i) {
    auto* root = reinterpret_cast<ProtobufCMessage*>(tree.statement(i).stmt);
    walk_messages(root, [&](ProtobufCMessage& message) {
      if (message.descriptor != &pg_query__range_var__descriptor) return true;
      const auto& range = reinterpret_cast<const PgQuery__RangeVar&>(message);
      if (range.relname != nullptr) names.insert(range.relname);
      return true;
    });
  }
  return names;
}

std::vector<std::shared_ptr<const storage::ViewDefinition>> views_naming(const storage::World& world,
                                                                         const std::string& relation) {
  std::vector<std::shared_ptr<const storage::ViewDefinition>> found;
  for (auto entry : world.views()) {
    if (relations_named_in(entry.value->query_sql).contains(relation)) found.push_back(entry.value);
  }
  return found;
}

std::set<std::string> table_columns_read(const storage::ViewDefinition& view, const storage::World& world,
                                         const std::string& table) {
  ParseTree tree = parse_sql(view.query_sql);
  SelectPlan plan = plan_select_statement(*tree.statement(0).stmt->select_stmt, world);
  std::set<std::string> columns;
  visit_scans(*plan.root, [&](const ScanNode& scan) {
    const auto& schema = scan.table->schema();
    if (schema.name() != table) return;
    for (std::size_t c : scan.loaded) columns.insert(schema.column(c).name);
  });
  return columns;
}

}  // namespace ptreedb::planner
