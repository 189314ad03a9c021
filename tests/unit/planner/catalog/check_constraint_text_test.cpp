#include "planner/catalog/check_constraint_text.h"

#include <catch2/catch.hpp>

#include "planner/check_constraint.h"
#include "planner/parse/parse_sql.h"
#include "storage/sql_error.h"

using namespace ptreedb;
using storage::CheckConstraintSchema;
using storage::ColumnSchema;
using storage::TableSchema;
using value::SqlType;
using value::TypeId;

namespace {

std::vector<ColumnSchema> columns() {
  return {{"a", SqlType::of(TypeId::kInteger)}, {"b", SqlType::of(TypeId::kBigint)},
          {"n", SqlType::of(TypeId::kNumeric)}, {"v", SqlType::varchar(10)},
          {"d", SqlType::of(TypeId::kDate)},    {"r", SqlType::of(TypeId::kReal)}};
}

CheckConstraintSchema made(const std::string& sql, const std::set<std::string>& taken = {}) {
  planner::ParseTree tree = planner::parse_sql("SELECT " + sql);
  return planner::make_check_constraint(columns(), "t", tree.statement(0).stmt->select_stmt->target_list[0]->res_target->val,
                                        "", taken, {});
}

// pg_get_constraintdef(oid, pretty) of CHECK (sql) on t.
std::string shown(const std::string& sql, bool pretty) {
  CheckConstraintSchema check = made(sql);
  TableSchema table(16384, "t", columns(), {}, {}, {}, {check});
  return planner::catalog::check_constraint_definition(table, table.checks()[0], pretty);
}

}  // namespace

TEST_CASE("generated names follow PostgreSQL's ChooseConstraintName") {
  CHECK(made("a > 0").name == "t_a_check");
  CHECK(made("a > 0 AND a < 10").name == "t_a_check");  // one column, read twice
  CHECK(made("a > b").name == "t_check");
  CHECK(made("true").name == "t_check");
  CHECK(made("a > 0", {"t_a_check"}).name == "t_a_check1");
  CHECK(made("a > 0", {"t_a_check", "t_a_check1"}).name == "t_a_check2");
  CHECK(made("b > a").columns == std::vector<std::size_t>{1, 0});  // conkey: first appearance
}

TEST_CASE("expressions are refused as PostgreSQL refuses them") {
  auto sqlstate_of = [](const std::string& sql) {
    try {
      made(sql);
    } catch (const SqlError& error) {
      return error.sqlstate();
    }
    return std::string("none");
  };
  CHECK(sqlstate_of("(SELECT 1) = 1") == "0A000");
  CHECK(sqlstate_of("count(*) > 0") == "42803");
  CHECK(sqlstate_of("nosuch > 0") == "42703");
  CHECK(sqlstate_of("a + 1") == "42804");
  CHECK(sqlstate_of("a > 0") == "none");
}

TEST_CASE("checks print as PostgreSQL's ruleutils prints them") {
  CHECK(shown("a > 0", true) == "CHECK (a > 0)");
  CHECK(shown("a > 0", false) == "CHECK ((a > 0))");
  CHECK(shown("b > 5", true) == "CHECK (b > 5)");  // int8 > int4 needs no cast
  CHECK(shown("n BETWEEN 1 AND 10", true) == "CHECK (n >= 1::numeric AND n <= 10::numeric)");
  CHECK(shown("n BETWEEN 1 AND 10", false) == "CHECK (((n >= (1)::numeric) AND (n <= (10)::numeric)))");
  CHECK(shown("v IN ('x', 'y')", true) == "CHECK (v::text = ANY (ARRAY['x'::text, 'y'::text]))");
  CHECK(shown("a NOT IN (4, 5)", true) == "CHECK (a <> ALL (ARRAY[4, 5]))");
  CHECK(shown("d > '2020-1-1'", true) == "CHECK (d > '2020-01-01'::date)");
  CHECK(shown("r > 1.5", true) == "CHECK (r > 1.5::double precision)");
  CHECK(shown("(a + 1) * 2 > a - 1", true) == "CHECK (((a + 1) * 2) > (a - 1))");
  CHECK(shown("(a > 0 OR b > 0) AND n > 0", true) == "CHECK ((a > 0 OR b > 0) AND n > 0::numeric)");
  CHECK(shown("NOT (a > 0 AND b > 0)", true) == "CHECK (NOT (a > 0 AND b > 0))");
  CHECK(shown("v LIKE 'a%' OR v IS NULL", true) == "CHECK (v::text ~~ 'a%'::text OR v IS NULL)");
  CHECK(shown("length(v) < 5", false) == "CHECK ((length((v)::text) < 5))");
}

TEST_CASE("renaming a column rewrites a check's references") {
  CHECK(planner::rename_column_in_check("a > 0 AND t.a < b", "t", "a", "z") == "z > 0 AND t.z < b");
  CHECK(planner::rename_column_in_check("b > 0", "t", "a", "z") == "b > 0");
}
