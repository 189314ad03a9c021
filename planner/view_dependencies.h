// What a view depends on, worked out from its stored query when DDL needs it:
// the relations it names, and the columns of a table its plan reads. DDL
// consults these before dropping or changing what a view uses, as
// PostgreSQL's dependency records make it do (2BP01).
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "storage/world/world.h"

namespace ptreedb::planner {

// Names of the relations (tables and views) a query names in FROM anywhere.
std::set<std::string> relations_named_in(const std::string& query_sql);

// The views of `world` whose queries name `relation`.
std::vector<std::shared_ptr<const storage::ViewDefinition>> views_naming(const storage::World& world,
                                                                         const std::string& relation);

// Names of the columns of table `table` that `view`'s plan reads in `world`
// (through other views too). A view selecting * reads every column.
std::set<std::string> table_columns_read(const storage::ViewDefinition& view, const storage::World& world,
                                         const std::string& table);

}  // namespace ptreedb::planner
