// The parse cache: a tree made from a cached tree of the same shape must be
// exactly the tree libpg_query makes of the text (compared as packed
// protobuf bytes), and shapes whose literals the grammar folds or consumes
// are never made from the cache.
#include "planner/parse/parse_cache.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "planner/parse/literal_shape.h"
#include "planner/parse/parse_sql.h"

using namespace ptreedb::planner;

namespace {

std::string packed(const ParseTree& tree) {
  const PgQuery__ParseResult& result = *tree.storage()->result;
  std::string bytes(pg_query__parse_result__get_packed_size(&result), '\0');
  pg_query__parse_result__pack(&result, reinterpret_cast<uint8_t*>(bytes.data()));
  return bytes;
}

// Parses `first` (which fills the cache), then `second`: true when the
// second came from the cache. Either way it must equal a fresh parse.
bool second_from_cache(const std::string& first, const std::string& second) {
  ParseCache::instance().clear();
  parse_sql(first);
  auto before = ParseCache::instance().counters();
  ParseTree tree = parse_sql(second);
  auto after = ParseCache::instance().counters();
  ParseTree fresh = parse_sql_uncached(second);
  CHECK(packed(tree) == packed(fresh));
  REQUIRE(tree.statement_count() == fresh.statement_count());
  for (std::size_t i = 0; i < tree.statement_count(); ++i) CHECK(tree.statement_text(i) == fresh.statement_text(i));
  return after.hits > before.hits;
}

}  // namespace

TEST_CASE("integer literals are found outside strings, names, comments and parameters") {
  auto shape = literal_shape("select 12, 'a 3', \"c\"\"4\", 'it''s 5', t5.x, $6, 7.5, .8, 9e2, 10 /* 11 */ -- 12\n, E'\\' 13', $q$ 14 $q$, 15");
  REQUIRE(shape);
  std::vector<std::int32_t> values;
  for (const auto& literal : shape->literals) values.push_back(literal.value);
  CHECK(values == std::vector<std::int32_t>{12, 10, 15});
  CHECK(shape->key.rfind("select \x01, 'a 3'", 0) == 0);
  CHECK(shape->key.find("'a 3'") != std::string::npos);
  // Too big for int4: part of the shape.
  auto big = literal_shape("select 3000000000");
  REQUIRE(big);
  CHECK(big->literals.empty());
  CHECK_FALSE(literal_shape("select 'unterminated"));
  CHECK_FALSE(literal_shape("select 1 /* unterminated"));
  CHECK_FALSE(literal_shape(std::string("select '\x01'")));
}

TEST_CASE("a text of a cached shape gets exactly its own parse tree") {
  CHECK(second_from_cache("update counters set n = n + 1 where id = 5",
                          "update counters set n = n + 1 where id = 123456"));
  CHECK(second_from_cache("select a, b from t where a in (1, 22, 333) order by 2 limit 10 offset 5",
                          "select a, b from t where a in (4444, 5, 66) order by 1 limit 7 offset 12345"));
  CHECK(second_from_cache("insert into t values (1, 'x 2', 3), (4, 'y', 5) returning *",
                          "insert into t values (10, 'x 2', 300), (4000, 'y', 5) returning *"));
  CHECK(second_from_cache("delete from t where id = 7; select count(*) from t where id > 100",
                          "delete from t where id = 70000; select count(*) from t where id > 1"));
  CHECK(second_from_cache("select x::varchar(10), y::numeric(12, 2) from t where z = 'a' -- 99\n",
                          "select x::varchar(200), y::numeric(9, 3) from t where z = 'a' -- 99\n"));
  CHECK(second_from_cache("begin", "begin"));
  CHECK(second_from_cache("select * from t where s = $1 and n = 3", "select * from t where s = $1 and n = 44"));
}

TEST_CASE("shapes whose literals the grammar folds or consumes are parsed each time") {
  CHECK_FALSE(second_from_cache("select * from t where id = -5", "select * from t where id = -6"));
  CHECK_FALSE(second_from_cache("select 1::float(24)", "select 1::float(53)"));
  CHECK_FALSE(second_from_cache("select '{1}'::int[3]", "select '{1}'::int[4]"));
  // Statements other than queries, DML and transaction control are not kept.
  CHECK_FALSE(second_from_cache("create table t1 (a varchar(5))", "create table t1 (a varchar(6))"));
}

TEST_CASE("errors keep their positions in texts made from the cache") {
  ParseCache::instance().clear();
  parse_sql("select 1 from t where a = 2");
  ParseTree tree = parse_sql("select 100000 from t where a = 2");
  ParseTree fresh = parse_sql_uncached("select 100000 from t where a = 2");
  CHECK(packed(tree) == packed(fresh));
  CHECK(tree.statement(0).stmt->select_stmt->where_clause->a_expr->location ==
        fresh.statement(0).stmt->select_stmt->where_clause->a_expr->location);
}
