#include "server/read_committed_replay.h"

#include "exec/statement_executor.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

void commit_with_replay(txn::Transaction& transaction, txn::Database& database) {
  try {
    transaction.commit();
    return;
  } catch (const SqlError& error) {
    if (error.sqlstate() != sqlstate::kSerializationFailure ||
        transaction.isolation() != txn::IsolationLevel::kReadCommitted || !transaction.replayable()) {
      throw;
    }
  }
  constexpr int kAttempts = 100;
  for (int attempt = 1;; ++attempt) {
    txn::Transaction again(database, txn::IsolationLevel::kReadCommitted, transaction.read_only());
    try {
      for (const auto& write : transaction.write_statements()) {
        planner::ParseTree tree = planner::parse_sql(write.sql);
        // A statement of the extended protocol is re-planned with the values
        // its parameters were bound to.
        planner::StatementParameters parameters;
        parameters.types = write.parameter_types;
        parameters.open.assign(write.parameter_types.size(), false);
        parameters.values = write.parameter_values;
        parameters.bound = true;
        planner::ParameterScope scope(parameters.count() > 0 ? &parameters : nullptr);
        for (std::size_t i = 0; i < tree.statement_count(); ++i) {
          again.begin_statement();
          auto world = again.snapshot();
          exec::execute_statement(planner::plan_statement(*tree.statement(i).stmt, *world), again);
        }
      }
      again.commit();
      return;
    } catch (const SqlError& error) {
      if (error.sqlstate() != sqlstate::kSerializationFailure || attempt == kAttempts) throw;
    }
  }
}

}  // namespace ptreedb::server
