// WITH (...) storage parameters checked as PostgreSQL 15 checks them (the
// same statements are compared with a real server in
// tests/sql/cases/ddl_clauses.sql).
#include "planner/storage_parameters.h"

#include <catch2/catch.hpp>
#include <string>

#include "planner/parse/parse_sql.h"
#include "storage/sql_error.h"

using namespace ptreedb;
using namespace ptreedb::planner;

namespace {

// The SQLSTATE and message CREATE TABLE's options give, or "" when accepted.
std::string table_options(const std::string& options) {
  ParseTree tree = parse_sql("create table t (a int) with (" + options + ")");
  const auto& create = *tree.statement(0).stmt->create_stmt;
  try {
    check_storage_parameters(create.options, create.n_options, StorageParameterTarget::kTable);
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what();
  }
  return "";
}

std::string index_options(const std::string& method, const std::string& options) {
  ParseTree tree = parse_sql("create index on t using " + method + " (a) with (" + options + ")");
  const auto& index = *tree.statement(0).stmt->index_stmt;
  try {
    check_storage_parameters(index.options, index.n_options,
                             method == "hash" ? StorageParameterTarget::kHashIndex : StorageParameterTarget::kBtreeIndex);
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("known heap parameters with valid values are accepted") {
  CHECK(table_options("fillfactor = 50") == "");
  CHECK(table_options("fillfactor = '10', autovacuum_enabled = false, oids = false") == "");
  CHECK(table_options("autovacuum_enabled") == "");
  CHECK(table_options("toast.autovacuum_enabled = off, toast_tuple_target = 256") == "");
  CHECK(table_options("autovacuum_vacuum_scale_factor = 0.5, vacuum_index_cleanup = auto") == "");
  CHECK(table_options("parallel_workers = '0x10'") == "");
}

TEST_CASE("unknown names, namespaces and bad values are 22023 as in PostgreSQL") {
  CHECK(table_options("nest_under = 'o(ok)'") == "22023 unrecognized parameter \"nest_under\"");
  CHECK(table_options("toast.fillfactor = 50") == "22023 unrecognized parameter \"fillfactor\"");
  CHECK(table_options("foo.bar = 1") == "22023 unrecognized parameter namespace \"foo\"");
  CHECK(table_options("fillfactor = 5") == "22023 value 5 out of bounds for option \"fillfactor\"");
  CHECK(table_options("fillfactor = fifty") == "22023 invalid value for integer option \"fillfactor\": fifty");
  CHECK(table_options("autovacuum_enabled = maybe") ==
        "22023 invalid value for boolean option \"autovacuum_enabled\": maybe");
  CHECK(table_options("autovacuum_vacuum_scale_factor = 101") ==
        "22023 value 101 out of bounds for option \"autovacuum_vacuum_scale_factor\"");
  CHECK(table_options("vacuum_index_cleanup = sometimes") ==
        "22023 invalid value for enum option \"vacuum_index_cleanup\": sometimes");
  CHECK(table_options("fillfactor = 50, fillfactor = 60") == "22023 parameter \"fillfactor\" specified more than once");
  CHECK(table_options("oids = true") == "0A000 tables declared WITH OIDS are not supported");
}

TEST_CASE("index parameters depend on the access method") {
  CHECK(index_options("btree", "fillfactor = 70, deduplicate_items = off") == "");
  CHECK(index_options("hash", "fillfactor = 70") == "");
  CHECK(index_options("hash", "deduplicate_items = off") == "22023 unrecognized parameter \"deduplicate_items\"");
  CHECK(index_options("btree", "autovacuum_enabled = off") == "22023 unrecognized parameter \"autovacuum_enabled\"");
  CHECK(index_options("btree", "toast.x = 1") == "22023 unrecognized parameter namespace \"toast\"");
}
