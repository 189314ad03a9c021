// Arrays ordered as PostgreSQL's array_cmp orders them, through their key encoding.
#include "storage/row/array_key.h"

#include <catch2/catch.hpp>

using namespace ptreedb;
using value::TypeId;

TEST_CASE("elements compare by their type's order") {
  CHECK(storage::array_compare("{9}", "{10}", TypeId::kInteger) < 0);
  CHECK(storage::array_compare("{9}", "{10}", TypeId::kText) > 0);
  CHECK(storage::array_compare("{1.0}", "{1.00}", TypeId::kNumeric) == 0);
  CHECK(storage::array_compare("{-1.5}", "{-1}", TypeId::kDouble) < 0);
  CHECK(storage::array_compare("{2024-01-02}", "{2023-12-31}", TypeId::kDate) > 0);
}

TEST_CASE("a prefix sorts first, {} lowest, NULL above values") {
  CHECK(storage::array_compare("{}", "{1}", TypeId::kInteger) < 0);
  CHECK(storage::array_compare("{1,2}", "{1,2,0}", TypeId::kInteger) < 0);
  CHECK(storage::array_compare("{2}", "{1,9}", TypeId::kInteger) > 0);
  CHECK(storage::array_compare("{1,NULL}", "{1,2}", TypeId::kInteger) > 0);
  CHECK(storage::array_compare("{NULL}", "{NULL}", TypeId::kInteger) == 0);
}

TEST_CASE("equal arrays encode to equal keys") {
  CHECK(storage::array_key("{1.50,2}", TypeId::kNumeric) == storage::array_key("{1.5,2.0}", TypeId::kNumeric));
  CHECK(storage::array_key("{a}", TypeId::kText) != storage::array_key("{b}", TypeId::kText));
}
