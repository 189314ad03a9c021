#include "server/maintenance_commands.h"

#include <string>

#include "planner/catalog/system_relation.h"
#include "planner/relation_names.h"
#include "server/protocol/backend_messages.h"
#include "server/transaction_control.h"
#include "storage/sql_error.h"

namespace ptreedb::server {
namespace {

std::string text_of(const char* text) { return text != nullptr ? text : ""; }

// VACUUM and ANALYZE have nothing to do for rows in memory, but what they
// name is checked as PostgreSQL checks it: options, relations, columns.
void check_vacuum_statement(const PgQuery__VacuumStmt& vacuum, const storage::World& world, std::string& out) {
  const std::string command = vacuum.is_vacuumcmd ? "VACUUM" : "ANALYZE";
  bool analyze = !vacuum.is_vacuumcmd;
  for (std::size_t i = 0; i < vacuum.n_options; ++i) {
    if (vacuum.options[i]->node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
    const auto& option = *vacuum.options[i]->def_elem;
    const std::string name = text_of(option.defname);
    bool known = name == "verbose" || name == "skip_locked";
    if (vacuum.is_vacuumcmd) {
      for (const char* vacuum_option : {"analyze", "freeze", "full", "disable_page_skipping", "truncate",
                                        "index_cleanup", "process_toast", "parallel"}) {
        known = known || name == vacuum_option;
      }
    }
    if (!known) {
      throw SqlError(sqlstate::kSyntaxError, "unrecognized " + command + " option \"" + name + "\"", {}, {},
                     option.location + 1);
    }
    analyze = analyze || name == "analyze";
  }
  for (std::size_t i = 0; i < vacuum.n_rels; ++i) {
    if (vacuum.rels[i]->node_case != PG_QUERY__NODE__NODE_VACUUM_RELATION) continue;
    const auto& target = *vacuum.rels[i]->vacuum_relation;
    if (target.relation == nullptr) continue;
    const std::string schema = text_of(target.relation->schemaname);
    const std::string name = text_of(target.relation->relname);
    if (target.n_va_cols > 0 && !analyze) {
      throw SqlError(sqlstate::kFeatureNotSupported, "ANALYZE option must be specified when a column list is provided");
    }
    if (planner::catalog::find_system_relation(schema, name) != nullptr) continue;
    // The relation's key: by its schema, or by the search path.
    std::string key = name;
    if (schema.empty()) {
      key = planner::resolve_unqualified_relation(world, name).value_or(name);
    } else if (schema != "public" && schema != "pg_catalog" && schema != "information_schema") {
      auto qualified = planner::relation_key_of(world, schema, name);
      if (!qualified) throw SqlError("3F000", "schema \"" + schema + "\" does not exist");
      key = *qualified;
    }
    const bool in_catalog = schema == "pg_catalog" || schema == "information_schema";
    auto table = in_catalog ? nullptr : world.find_table(key);
    if (table == nullptr) {
      if (!in_catalog && world.find_view(key)) {
        const std::string verb = vacuum.is_vacuumcmd ? "vacuum" : "analyze";
        protocol::encode_notice_response(
            out, SqlError("01000", "skipping \"" + name + "\" --- cannot " + verb + " non-tables or special system tables"),
            protocol::Severity::kWarning);
        continue;
      }
      throw SqlError(sqlstate::kUndefinedTable,
                     "relation \"" + (schema.empty() ? "" : schema + ".") + name + "\" does not exist");
    }
    for (std::size_t c = 0; c < target.n_va_cols; ++c) {
      const PgQuery__Node* column = target.va_cols[c];
      const std::string column_name = column->node_case == PG_QUERY__NODE__NODE_STRING ? column->string->sval : "";
      if (!table->schema().find_column(column_name)) {
        throw SqlError(sqlstate::kUndefinedColumn,
                       "column \"" + column_name + "\" of relation \"" + name + "\" does not exist");
      }
    }
  }
}

}  // namespace

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
  if (statement.node_case == PG_QUERY__NODE__NODE_VACUUM_STMT) {
    check_vacuum_statement(*statement.vacuum_stmt,
                           state.transaction ? *state.transaction->snapshot() : *database.snapshot(), out);
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
