#include "server/tables_read.h"

#include <vector>

#include "planner/view_dependencies.h"

namespace ptreedb::server {

std::set<std::string> tables_read_by(std::string_view statement_text, const storage::World& world) {
  std::set<std::string> tables;
  std::set<std::string> views_seen;
  std::vector<std::set<std::string>> pending{planner::relations_named_in(std::string(statement_text))};
  while (!pending.empty()) {
    std::set<std::string> names = std::move(pending.back());
    pending.pop_back();
    for (const std::string& name : names) {
      if (auto view = world.find_view(name)) {
        if (views_seen.insert(name).second) pending.push_back(planner::relations_named_in(view->query_sql));
      } else {
        tables.insert(name);  // a table (or a WITH query name: at worst a needless check)
      }
    }
  }
  return tables;
}

}  // namespace ptreedb::server
