// Array literals as PostgreSQL's array_in reads and array_out writes them.
#include "storage/value/array_literal.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/sql_error.h"

using namespace ptreedb;
using namespace ptreedb::value;

namespace {

std::string round_trip(std::string_view text) { return format_array_literal(parse_array_literal(text)); }

std::string sqlstate_of(std::string_view text) {
  try {
    parse_array_literal(text);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "none";
}

}  // namespace

TEST_CASE("elements, NULL, quotes and whitespace") {
  auto elements = parse_array_literal(R"( { 1 , "b c", NULL, null, "NULL", "", x\,y, "q\"" } )");
  REQUIRE(elements.size() == 8);
  CHECK(*elements[0] == "1");
  CHECK(*elements[1] == "b c");
  CHECK_FALSE(elements[2]);
  CHECK_FALSE(elements[3]);
  CHECK(*elements[4] == "NULL");
  CHECK(*elements[5] == "");
  CHECK(*elements[6] == "x,y");
  CHECK(*elements[7] == "q\"");
  CHECK(parse_array_literal("{}").empty());
  CHECK(parse_array_literal(" { } ").empty());
}

TEST_CASE("output quotes what array_out quotes") {
  CHECK(round_trip(R"({a,"b c",NULL,"NULL","",x\,y,"q\"","back\\slash","{}"})") ==
        R"({a,"b c",NULL,"NULL","","x,y","q\"","back\\slash","{}"})");
  CHECK(round_trip("{}") == "{}");
  CHECK(round_trip("{nUlL}") == "{NULL}");
  CHECK(format_array_literal({std::string("null")}) == R"({"null"})");
}

TEST_CASE("malformed literals are 22P02, nested and bounded ones 0A000") {
  for (std::string_view bad : {"", "1,2", "{1,2", "{1,,2}", "{1,2}x", "{\"a}", "{,}", "{1\"a\"}", "{a}}"}) {
    INFO(bad);
    CHECK(sqlstate_of(bad) == "22P02");
  }
  CHECK(sqlstate_of("{{1,2},{3,4}}") == "0A000");
  CHECK(sqlstate_of("[0:1]={1,2}") == "0A000");
}

TEST_CASE("a deeply nested or huge literal is refused or read in one pass") {
  CHECK(sqlstate_of(std::string(100000, '{')) == "0A000");
  std::string many = "{";
  for (int i = 0; i < 200000; ++i) many += (i ? ",1" : "1");
  many += "}";
  CHECK(parse_array_literal(many).size() == 200000);
}
