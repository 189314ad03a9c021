#include "planner/view_rewrite.h"

#include <catch2/catch.hpp>

using ptreedb::planner::rename_column_in_query;
using ptreedb::planner::rename_relation_in_query;

TEST_CASE("renaming a relation keeps qualified references working through an alias") {
  CHECK(rename_relation_in_query("SELECT t.a, b FROM t JOIN u x ON x.id = t.id", "t", "t2") ==
        "SELECT t.a, b FROM t2 t JOIN u x ON x.id = t.id");
  CHECK(rename_relation_in_query("SELECT a FROM t AS s WHERE EXISTS (SELECT 1 FROM t)", "t", "t2") ==
        "SELECT a FROM t2 s WHERE EXISTS (SELECT 1 FROM t2 t)");
  CHECK(rename_relation_in_query("SELECT a FROM other", "t", "t2") == "SELECT a FROM other");
  // A WITH query of that name could be confused with the relation.
  CHECK_FALSE(rename_relation_in_query("WITH t AS (SELECT 1 AS a) SELECT a FROM t", "t", "t2"));
}

TEST_CASE("renaming a column rewrites its references and keeps output names") {
  CHECK(rename_column_in_query("SELECT a, t.b, s.a AS x FROM t JOIN t s ON s.a = t.a ORDER BY a", "t", "a", "z") ==
        "SELECT z AS a, t.b, s.z AS x FROM t JOIN t s ON s.z = t.z ORDER BY z");
  // Only blocks reading the relation change; an ORDER BY output name stays.
  CHECK(rename_column_in_query("SELECT b AS a FROM t ORDER BY a", "t", "a", "z") == "SELECT b AS a FROM t ORDER BY a");
  CHECK(rename_column_in_query("SELECT a FROM u WHERE a IN (SELECT a FROM t)", "t", "a", "z") ==
        "SELECT a FROM u WHERE a IN (SELECT z AS a FROM t)");
}
