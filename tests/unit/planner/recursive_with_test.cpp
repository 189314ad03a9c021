#include "planner/recursive_with.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "planner/parse/parse_sql.h"
#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::planner::check_recursive_with;
using ptreedb::planner::parse_sql;

namespace {

// The names of the queries of the statement's WITH list that read themselves.
std::vector<std::string> self_referring(const std::string& sql) {
  auto tree = parse_sql(sql);
  const auto* with = tree.statement(0).stmt->select_stmt->with_clause;
  std::vector<std::string> names;
  for (const auto* common : check_recursive_with(*with)) names.push_back(common->ctename);
  return names;
}

// The SQLSTATE and message check_recursive_with throws for the statement.
std::pair<std::string, std::string> error_of(const std::string& sql) {
  try {
    self_referring(sql);
  } catch (const SqlError& error) {
    return {error.sqlstate(), error.what()};
  }
  return {"", ""};
}

}  // namespace

TEST_CASE("only queries that read themselves are recursive, shadowing included") {
  CHECK(self_referring("WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT * FROM t") ==
        std::vector<std::string>{"t"});
  CHECK(self_referring("WITH RECURSIVE a AS (SELECT 1), b AS (SELECT * FROM a) SELECT * FROM b").empty());
  // An inner WITH of the same name hides the outer query.
  CHECK(self_referring("WITH RECURSIVE t AS (WITH t AS (SELECT 1) SELECT * FROM t) SELECT * FROM t").empty());
  // A later query may be read by an earlier one.
  CHECK(self_referring("WITH RECURSIVE x AS (SELECT * FROM y), y(n) AS (SELECT 1 UNION SELECT n FROM y) "
                       "SELECT * FROM x") == std::vector<std::string>{"y"});
}

TEST_CASE("a self-reference is allowed once, in the recursive term, outside subqueries and outer joins") {
  const std::string head = "WITH RECURSIVE t(n) AS (";
  const std::string tail = ") SELECT * FROM t";
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT n FROM t JOIN u ON true" + tail).first.empty());
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT n FROM t LEFT JOIN u ON true" + tail).first.empty());
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT n FROM (SELECT * FROM t) s" + tail).first.empty());
  CHECK(error_of(head + "SELECT n FROM t UNION ALL SELECT 1" + tail) ==
        std::pair<std::string, std::string>{"42P19",
                                            "recursive reference to query \"t\" must not appear within its "
                                            "non-recursive term"});
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT 1 FROM u WHERE EXISTS (SELECT FROM t)" + tail).second ==
        "recursive reference to query \"t\" must not appear within a subquery");
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT n FROM u LEFT JOIN t ON true" + tail).second ==
        "recursive reference to query \"t\" must not appear within an outer join");
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT n FROM t RIGHT JOIN u ON true" + tail).second ==
        "recursive reference to query \"t\" must not appear within an outer join");
  CHECK(error_of(head + "SELECT 1 UNION ALL SELECT x.n FROM t x, t y" + tail).second ==
        "recursive reference to query \"t\" must not appear more than once");
  CHECK(error_of(head + "SELECT 1 UNION ALL (SELECT 2 EXCEPT SELECT n FROM t)" + tail).second ==
        "recursive reference to query \"t\" must not appear within EXCEPT");
  CHECK(error_of(head + "SELECT 1 UNION ALL (SELECT n FROM t INTERSECT ALL SELECT 2)" + tail).second ==
        "recursive reference to query \"t\" must not appear within INTERSECT");
  CHECK(error_of(head + "SELECT n FROM t" + tail).second ==
        "recursive query \"t\" does not have the form non-recursive-term UNION [ALL] recursive-term");
}

TEST_CASE("decorations around the UNION, mutual recursion and repeated names are refused") {
  CHECK(error_of("WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n FROM t ORDER BY 1) SELECT * FROM t") ==
        std::pair<std::string, std::string>{"0A000", "ORDER BY in a recursive query is not implemented"});
  CHECK(error_of("WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n FROM t LIMIT 1) SELECT * FROM t").second ==
        "LIMIT in a recursive query is not implemented");
  CHECK(error_of("WITH RECURSIVE a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM a") ==
        std::pair<std::string, std::string>{"0A000", "mutual recursion between WITH items is not implemented"});
  CHECK(error_of("WITH RECURSIVE a AS (SELECT 1), a AS (SELECT 2) SELECT * FROM a") ==
        std::pair<std::string, std::string>{"42712", "WITH query name \"a\" specified more than once"});
}

TEST_CASE("SEARCH and CYCLE report PostgreSQL's errors, then are refused") {
  auto refusal = [](const std::string& sql) -> std::pair<std::string, std::string> {
    auto tree = parse_sql(sql);
    const auto* with = tree.statement(0).stmt->select_stmt->with_clause;
    auto recursive = check_recursive_with(*with);
    try {
      ptreedb::planner::refuse_search_and_cycle(*with->ctes[0]->common_table_expr, !recursive.empty());
    } catch (const SqlError& error) {
      return {error.sqlstate(), error.what()};
    }
    return {"", ""};
  };
  const std::string head = "WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) ";
  CHECK(refusal(head + "SEARCH DEPTH FIRST BY n SET ord SELECT * FROM t") ==
        std::pair<std::string, std::string>{"0A000", "SEARCH clause of a WITH query is not supported yet"});
  CHECK(refusal(head + "CYCLE n SET c USING p SELECT * FROM t").first == "0A000");
  CHECK(refusal(head + "SEARCH DEPTH FIRST BY m SET ord SELECT * FROM t").second ==
        "search column \"m\" not in WITH query column list");
  CHECK(refusal(head + "CYCLE n, n SET c USING p SELECT * FROM t") ==
        std::pair<std::string, std::string>{"42701", "cycle column \"n\" specified more than once"});
  CHECK(refusal(head + "CYCLE n SET c TO true DEFAULT 0 USING p SELECT * FROM t") ==
        std::pair<std::string, std::string>{"42804", "CYCLE types boolean and integer cannot be matched"});
  CHECK(refusal(head + "SEARCH DEPTH FIRST BY n SET s CYCLE n SET c USING s SELECT * FROM t").second ==
        "search sequence column name and cycle path column name are the same");
}
