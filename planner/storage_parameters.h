// WITH (...) storage parameters of CREATE TABLE, CREATE INDEX and ALTER ...
// SET (...). Rows live in memory, so none of PostgreSQL's heap or index
// parameters changes anything here; each is still checked as PostgreSQL
// checks it (unknown names and bad values are 22023), so a statement that
// PostgreSQL refuses is refused here too, and one it takes is taken.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

enum class StorageParameterTarget { kTable, kBtreeIndex, kHashIndex };

// `options` are DefElem nodes. Throws 22023 for unknown parameters or
// namespaces and values out of range, 0A000 for WITH (oids = true).
// Returns the relation's own parameters as pg_class.reloptions keeps them
// ("fillfactor=10"; toast.* ones belong to its TOAST table, which is not kept).
std::vector<std::string> check_storage_parameters(PgQuery__Node* const* options, std::size_t count,
                                                  StorageParameterTarget target);

// The reloptions `current` after ALTER ... SET (`set`, as returned above)
// or RESET (`reset`, parameter names): a name set again takes its place.
std::vector<std::string> merged_storage_parameters(std::vector<std::string> current,
                                                   const std::vector<std::string>& set,
                                                   const std::vector<std::string>& reset);

}  // namespace ptreedb::planner
