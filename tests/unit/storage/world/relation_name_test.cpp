// Relation keys: schema public's relations bare, others' as "schema.relation";
// temporary schemas are pg_temp_N; derived names stay in the table's schema.
#include "storage/world/relation_name.h"

#include <catch2/catch.hpp>

#include "storage/world/relation_lookup.h"

using namespace ptreedb::storage;

TEST_CASE("keys of relations by schema") {
  CHECK(relation_key("public", "t") == "t");
  CHECK(relation_key("", "t") == "t");
  CHECK(relation_key("sales", "t") == "sales.t");
  CHECK(split_relation_key("t").schema == "public");
  CHECK(split_relation_key("t").relation == "t");
  CHECK(split_relation_key("sales.t").schema == "sales");
  CHECK(split_relation_key("sales.t").relation == "t");
  CHECK(sibling_key("sales.t", "t_idx") == "sales.t_idx");
  CHECK(sibling_key("t", "t_idx") == "t_idx");
}

TEST_CASE("temporary schemas") {
  CHECK(is_temp_schema("pg_temp_12"));
  CHECK_FALSE(is_temp_schema("pg_temp_"));
  CHECK_FALSE(is_temp_schema("pg_temp"));
  CHECK_FALSE(is_temp_schema("public"));
  CHECK(is_temp_relation_key("pg_temp_3.t"));
  CHECK_FALSE(is_temp_relation_key("t"));
  CHECK_FALSE(is_temp_relation_key("sales.t"));
}

TEST_CASE("names made from a table's key stay in its schema, cut on the name alone") {
  CHECK(make_object_name("sales.orders", "id", "seq") == "sales.orders_id_seq");
  CHECK(make_object_name("orders", "id", "seq") == "orders_id_seq");
  const std::string long_name(60, 'x');
  const std::string made = make_object_name("sales." + long_name, "id", "idx");
  CHECK(made.starts_with("sales."));
  CHECK(split_relation_key(made).relation.size() == 63);
}
