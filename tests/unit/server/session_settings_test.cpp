#include "server/session_settings.h"

#include <catch2/catch.hpp>

#include "planner/parse/parse_sql.h"
#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::server::SessionState;

namespace {

SessionState fresh(std::vector<std::pair<std::string, std::string>> startup = {}) {
  SessionState state;
  state.user = "postgres";
  ptreedb::server::initialize_settings(state, startup);
  return state;
}

std::optional<ptreedb::exec::QueryResult> run(SessionState& state, std::string sql) {
  auto tree = ptreedb::planner::parse_sql(std::move(sql));
  return ptreedb::server::run_settings_statement(*tree.statement(0).stmt, state);
}

std::string sqlstate_of(SessionState& state, std::string sql) {
  try {
    run(state, std::move(sql));
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

std::string shown(SessionState& state, std::string sql) {
  auto result = run(state, std::move(sql));
  REQUIRE(result);
  REQUIRE(result->returns_rows);
  return std::string(result->chunks.at(0).columns.at(0).texts.at(0));
}

}  // namespace

TEST_CASE("startup options become the session's defaults") {
  SessionState state = fresh({{"application_name", "app"}, {"DateStyle", "ISO"}, {"extra_float_digits", "2"}});
  CHECK(state.settings.at("application_name") == "app");
  CHECK(state.settings.at("DateStyle") == "ISO, MDY");
  CHECK(state.settings.at("extra_float_digits") == "2");
  CHECK(state.changed_reported_settings.empty());
  run(state, "SET application_name = 'other'");
  run(state, "RESET application_name");
  CHECK(state.settings.at("application_name") == "app");
  CHECK_THROWS_AS(fresh({{"no_such", "1"}}), SqlError);
}

TEST_CASE("SET, SHOW and RESET normalise values as PostgreSQL does") {
  SessionState state = fresh();
  CHECK(run(state, "SET statement_timeout = 5000")->command_tag == "SET");
  CHECK(shown(state, "SHOW statement_timeout") == "5s");
  run(state, "SET statement_timeout = '90min'");
  CHECK(shown(state, "SHOW statement_timeout") == "90min");
  run(state, "SET statement_timeout = '1500ms'");
  CHECK(shown(state, "SHOW statement_timeout") == "1500ms");
  run(state, "SET search_path = a, b");
  CHECK(shown(state, "show SEARCH_PATH") == "a, b");
  run(state, "SET datestyle = 'ISO, DMY'");
  CHECK(shown(state, "SHOW DateStyle") == "ISO, DMY");
  run(state, "SET client_encoding = 'utf-8'");
  CHECK(shown(state, "SHOW client_encoding") == "UTF8");
  run(state, "SET TIME ZONE 'UTC'");
  CHECK(shown(state, "SHOW timezone") == "UTC");
  run(state, "SET my.custom = 'x'");
  CHECK(shown(state, "SHOW my.custom") == "x");
  CHECK(run(state, "RESET ALL")->command_tag == "RESET");
  CHECK(shown(state, "SHOW statement_timeout") == "0");
  CHECK(shown(state, "SHOW DateStyle") == "ISO, MDY");
  CHECK(sqlstate_of(state, "SHOW my.custom") == "42704");
  auto all = run(state, "SHOW ALL");
  CHECK(all->columns.size() == 3);
  CHECK(all->chunks.at(0).size > 20);
}

TEST_CASE("errors carry PostgreSQL's SQLSTATEs") {
  SessionState state = fresh();
  CHECK(sqlstate_of(state, "SET no_such_thing = 1") == "42704");
  CHECK(sqlstate_of(state, "SHOW no_such_thing") == "42704");
  CHECK(sqlstate_of(state, "SET extra_float_digits = 4") == "22023");
  CHECK(sqlstate_of(state, "SET extra_float_digits = 'x'") == "22023");
  CHECK(sqlstate_of(state, "SET client_encoding = 'nonsense'") == "22023");
  CHECK(sqlstate_of(state, "SET client_encoding = 'LATIN1'") == "0A000");
  CHECK(sqlstate_of(state, "SET server_version = '16'") == "55P02");
  CHECK(sqlstate_of(state, "SET statement_timeout = '5 parsecs'") == "22023");
  CHECK(sqlstate_of(state, "DEALLOCATE nothing_here") == "26000");
}

TEST_CASE("reported settings are queued for ParameterStatus only when they change") {
  SessionState state = fresh();
  run(state, "SET application_name = 'x'");
  run(state, "SET application_name = 'x'");
  run(state, "SET statement_timeout = 10");  // not reported
  CHECK(state.changed_reported_settings == std::vector<std::string>{"application_name"});
  std::string out;
  ptreedb::server::encode_changed_settings(out, state);
  CHECK(out.find("application_name") != std::string::npos);
  CHECK(state.changed_reported_settings.empty());
  run(state, "SET LOCAL application_name = 'y'");  // outside a transaction block: no effect
  CHECK(state.settings.at("application_name") == "x");
  CHECK(run(state, "SELECT 1") == std::nullopt);
}

TEST_CASE("the startup packet's options apply -c and -- switches") {
  SessionState state = fresh({{"options", "-c statement_timeout=250 --idle-session-timeout=2s -capplication_name=a\\ b"}});
  CHECK(state.settings.at("statement_timeout") == "250ms");
  CHECK(state.settings.at("idle_session_timeout") == "2s");
  CHECK(state.settings.at("application_name") == "a b");
  CHECK(ptreedb::server::setting_milliseconds(state, "statement_timeout") == 250);
  CHECK(ptreedb::server::setting_milliseconds(state, "idle_session_timeout") == 2000);
  CHECK_THROWS_AS(fresh({{"options", "-c statement_timeout"}}), SqlError);
  CHECK_THROWS_AS(fresh({{"options", "stray"}}), SqlError);
  CHECK_THROWS_AS(fresh({{"options", "-c statement_timeout=soon"}}), SqlError);
}

TEST_CASE("duration settings read back in milliseconds") {
  SessionState state = fresh();
  CHECK(ptreedb::server::setting_milliseconds(state, "statement_timeout") == 0);
  run(state, "SET statement_timeout = '90min'");
  CHECK(ptreedb::server::setting_milliseconds(state, "statement_timeout") == 5'400'000);
  run(state, "SET statement_timeout = 1500");
  CHECK(ptreedb::server::setting_milliseconds(state, "statement_timeout") == 1500);
}
