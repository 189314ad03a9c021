#include "server/sql_prepared_statements.h"

#include <optional>
#include <vector>

#include "exec/binary_format.h"
#include "exec/evaluate.h"
#include "planner/assignment_coercion.h"
#include "planner/expression_binder.h"
#include "planner/parse/deparse.h"
#include "planner/select_planner.h"
#include "planner/statement_planner.h"
#include "server/session_settings.h"
#include "storage/sql_error.h"
#include "storage/value/extra_float_digits.h"

namespace ptreedb::server {

void run_prepare(const PgQuery__PrepareStmt& prepare, SessionState& state, txn::Database& database) {
  const std::string name = prepare.name;
  if (state.prepared_statements.contains(name)) {
    throw SqlError("42P05", "prepared statement \"" + name + "\" already exists");
  }
  std::vector<std::optional<value::SqlType>> declared;
  for (std::size_t i = 0; i < prepare.n_argtypes; ++i) {
    const PgQuery__Node* type = prepare.argtypes[i];
    if (type->node_case != PG_QUERY__NODE__NODE_TYPE_NAME) {
      throw SqlError(sqlstate::kSyntaxError, "a parameter type of PREPARE must be a type name");
    }
    // A parameter has a type, not a modifier: varchar(3) takes any varchar.
    value::SqlType resolved = planner::resolve_column_type(*type->type_name);
    resolved.typmod = -1;
    declared.emplace_back(resolved);
  }
  state.prepared_statements[name] =
      prepare_statement(planner::deparse_statement(prepare.query), declared, state, database);
}

std::shared_ptr<const PreparedStatement> find_prepared_statement(const std::string& name, const SessionState& state) {
  auto found = state.prepared_statements.find(name);
  if (found == state.prepared_statements.end() || name.empty()) {
    throw SqlError("26000", "prepared statement \"" + name + "\" does not exist");
  }
  return found->second;
}

planner::StatementParameters execute_arguments(const PgQuery__ExecuteStmt& execute, const PreparedStatement& prepared,
                                               SessionState& state, txn::Database& database) {
  planner::StatementParameters parameters = prepared.parameters;
  const std::size_t expected = parameters.count();
  if (execute.n_params != expected) {
    throw SqlError(sqlstate::kSyntaxError,
                   "wrong number of parameters for prepared statement \"" + std::string(execute.name) + "\"",
                   "Expected " + std::to_string(expected) + " parameters but got " +
                       std::to_string(execute.n_params) + ".");
  }
  SettingsScope settings(state);
  txn::WorldPtr world = state.transaction ? state.transaction->snapshot() : database.snapshot();
  planner::PlanningContext context{*world};
  parameters.bound = true;
  parameters.values.assign(expected, std::nullopt);
  exec::Chunk one_row;
  one_row.size = 1;
  for (std::size_t i = 0; i < expected; ++i) {
    const value::SqlType type = parameters.types[i];
    planner::BoundExpression argument = planner::bind_standalone_expression(execute.params[i], context);
    if (argument.unknown_literal) {
      argument = planner::resolve_unknown(std::move(argument), type);
    } else if (argument.type != type) {
      if (!planner::assignment_castable(argument.type.id, type.id)) {
        throw SqlError(sqlstate::kDatatypeMismatch,
                       "parameter $" + std::to_string(i + 1) + " of type " + value::format_type(argument.type) +
                           " cannot be coerced to the expected type " + value::format_type(type),
                       {}, "You will need to rewrite or cast the expression.");
      }
      planner::BoundExpression cast;
      cast.kind = planner::ExprKind::kCast;
      cast.type = type;
      cast.args.push_back(std::move(argument));
      argument = std::move(cast);
    }
    exec::Vector value = exec::evaluate(exec::fold_constants(std::move(argument)), one_row);
    if (value.is_null(0)) continue;
    std::string text;
    value::RoundTripFloats exact;  // the parameter is read back from this text
    exec::append_text(text, value, 0);
    parameters.values[i] = exec::without_time_zone_offset(type, std::move(text));
  }
  return parameters;
}

}  // namespace ptreedb::server
