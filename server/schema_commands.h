// CREATE SCHEMA, DROP SCHEMA and ALTER SCHEMA ... RENAME TO, with PostgreSQL's
// rules and messages: who may create a schema and for whom (AUTHORIZATION),
// reserved "pg_" names, 2BP01 for a schema that still holds relations unless
// CASCADE (which drops them, as DROP ... CASCADE does). A schema's relations
// are the world's keys "schema.relation" (storage/world/relation_name.h).
// ALTER SCHEMA ... OWNER TO is a privilege command (privilege_commands);
// ALTER ... SET SCHEMA is refused with 0A000.
#pragma once

#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "txn/write_target.h"

namespace ptreedb::server {

// Runs `statement` when it is one of the statements above, appending notices
// to `out`; returns the command tag, or nullopt for any other statement.
std::optional<std::string> run_schema_command(const PgQuery__Node& statement, txn::WriteTarget& database,
                                              std::string& out);

}  // namespace ptreedb::server
