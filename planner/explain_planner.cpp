#include "planner/explain_planner.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <string>

#include "planner/statement_planner.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// defGetBoolean: no argument, 0/1, or true/false/on/off.
bool option_boolean(const PgQuery__DefElem& option) {
  const PgQuery__Node* arg = option.arg;
  if (arg == nullptr) return true;
  if (arg->node_case == PG_QUERY__NODE__NODE_BOOLEAN) return arg->boolean->boolval;
  if (arg->node_case == PG_QUERY__NODE__NODE_INTEGER) {
    if (arg->integer->ival == 0 || arg->integer->ival == 1) return arg->integer->ival == 1;
  } else if (arg->node_case == PG_QUERY__NODE__NODE_STRING) {
    std::string text = lower(arg->string->sval);
    if (text == "true" || text == "on") return true;
    if (text == "false" || text == "off") return false;
  }
  throw SqlError(sqlstate::kSyntaxError, std::string(option.defname) + " requires a Boolean value");
}

}  // namespace

ExplainPlan plan_explain(const PgQuery__ExplainStmt& explain, const storage::World& world) {
  ExplainPlan plan;
  std::optional<bool> timing, summary;
  for (std::size_t i = 0; i < explain.n_options; ++i) {
    const PgQuery__DefElem& option = *explain.options[i]->def_elem;
    std::string name = option.defname;
    if (name == "analyze") {
      plan.analyze = option_boolean(option);
    } else if (name == "costs") {
      plan.costs = option_boolean(option);
    } else if (name == "timing") {
      timing = option_boolean(option);
    } else if (name == "summary") {
      summary = option_boolean(option);
    } else if (name == "verbose" || name == "buffers" || name == "wal" || name == "settings") {
      option_boolean(option);  // accepted; they add nothing to ptreedb's plans
    } else if (name == "format") {
      std::string format = option.arg != nullptr && option.arg->node_case == PG_QUERY__NODE__NODE_STRING
                               ? lower(option.arg->string->sval)
                               : "";
      if (format == "json" || format == "xml" || format == "yaml") {
        throw SqlError(sqlstate::kFeatureNotSupported, "EXPLAIN (FORMAT " + format + ") is not supported yet");
      }
      if (format != "text") {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "unrecognized value for EXPLAIN option \"format\": \"" + format + "\"", {}, {},
                       option.location + 1);
      }
    } else {
      throw SqlError(sqlstate::kSyntaxError, "unrecognized EXPLAIN option \"" + name + "\"", {}, {},
                     option.location + 1);
    }
  }
  if (timing && *timing && !plan.analyze) {
    throw SqlError(sqlstate::kInvalidParameterValue, "EXPLAIN option TIMING requires ANALYZE");
  }
  plan.timing = timing.value_or(plan.analyze);
  plan.summary = summary.value_or(plan.analyze);

  auto start = std::chrono::steady_clock::now();
  auto target = std::make_shared<ExplainTarget>(ExplainTarget{plan_statement(*explain.query, world)});
  plan.planning_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (std::holds_alternative<ExplainPlan>(target->plan)) {
    throw SqlError(sqlstate::kSyntaxError, "EXPLAIN cannot explain EXPLAIN");
  }
  if (std::holds_alternative<ModifyingWithPlan>(target->plan)) {
    throw SqlError(sqlstate::kFeatureNotSupported, "EXPLAIN of a statement with data-modifying WITH queries is not supported yet");
  }
  plan.target = std::move(target);
  return plan;
}

}  // namespace ptreedb::planner
