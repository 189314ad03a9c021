#include "server/maintenance_commands.h"

#include "server/protocol/backend_messages.h"
#include "server/transaction_control.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

bool run_maintenance_command(const PgQuery__Node& statement, const SessionState& state, txn::Database& database,
                             std::string& out) {
  std::string tag;
  bool forbidden_in_block = false;
  if (statement.node_case == PG_QUERY__NODE__NODE_VACUUM_STMT) {
    bool vacuum = statement.vacuum_stmt->is_vacuumcmd;
    tag = vacuum ? "VACUUM" : "ANALYZE";
    forbidden_in_block = vacuum;
  } else if (statement.node_case == PG_QUERY__NODE__NODE_CHECK_POINT_STMT) {
    tag = "CHECKPOINT";
  } else {
    return false;
  }
  if (state.transaction) {
    if (state.transaction->failed()) throw_in_failed_transaction();
    if (forbidden_in_block) throw SqlError("25001", tag + " cannot run inside a transaction block");
  }
  if (tag == "CHECKPOINT") {
    auto role = database.snapshot()->find_role(state.user);
    if (role == nullptr || !role->superuser) {
      throw SqlError("42501", "must be superuser or have privileges of pg_checkpoint to do CHECKPOINT");
    }
    database.checkpoint();
  }
  protocol::encode_command_complete(out, tag);
  return true;
}

}  // namespace ptreedb::server
