// Plans a system relation as constant rows made from the statement's world.
#pragma once

#include "planner/catalog/system_relation.h"
#include "planner/select_planner.h"

namespace ptreedb::planner::catalog {

// The relation `schema.name` (schema empty: unqualified) as a query block, or
// nothing when no system relation has that name.
std::optional<QueryBlock> plan_system_relation(const std::string& schema, const std::string& name,
                                               const storage::World& world);

// SELECT * FROM a sequence: one row of last_value, log_cnt, is_called, as
// the counter stands now (sequences are not transactional).
QueryBlock plan_sequence_relation(const storage::SequenceDefinition& sequence);

}  // namespace ptreedb::planner::catalog
