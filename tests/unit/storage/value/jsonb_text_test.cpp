// jsonb normalization and output: spacing, key order and de-duplication,
// numbers as numeric keeps them, escapes, \u0000, and jsonb_pretty's layout
// (the expected texts are PostgreSQL 15's jsonb_out / jsonb_pretty output).
#include "storage/value/jsonb_text.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/sql_error.h"
#include "storage/value/json_number.h"
#include "storage/value/json_parse.h"

using ptreedb::SqlError;
using namespace ptreedb::value;

namespace {

std::string sqlstate_of(std::string_view text) {
  try {
    jsonb_from_text(text);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace

TEST_CASE("jsonb prints with PostgreSQL's spacing") {
  CHECK(jsonb_from_text("{\"a\":1,\"b\":[1,2]}") == "{\"a\": 1, \"b\": [1, 2]}");
  CHECK(jsonb_from_text("  [ ]  ") == "[]");
  CHECK(jsonb_from_text("{ }") == "{}");
  CHECK(jsonb_from_text(" \"x\" ") == "\"x\"");
  CHECK(jsonb_from_text("[null,true,false,{}]") == "[null, true, false, {}]");
}

TEST_CASE("jsonb object keys: shorter first, then bytewise, the last duplicate kept") {
  CHECK(jsonb_from_text("{\"b\":1,\"aa\":2,\"a\":3,\"a\":4}") == "{\"a\": 4, \"b\": 1, \"aa\": 2}");
  CHECK(jsonb_from_text("{\"x\":{\"zz\":1,\"y\":2}}") == "{\"x\": {\"y\": 2, \"zz\": 1}}");
}

TEST_CASE("jsonb numbers keep numeric's value and scale, exactly") {
  CHECK(canonical_json_number("1.0") == "1.0");
  CHECK(canonical_json_number("1e2") == "100");
  CHECK(canonical_json_number("1E+2") == "100");
  CHECK(canonical_json_number("1.5e-3") == "0.0015");
  CHECK(canonical_json_number("-0") == "0");
  CHECK(canonical_json_number("-0.00") == "0.00");
  CHECK(canonical_json_number("-1.250e1") == "-12.50");
  CHECK(canonical_json_number("0.00e5") == "0");
  CHECK(canonical_json_number("12345678901234567890123456789012345678901234567890") ==
        "12345678901234567890123456789012345678901234567890");
  CHECK(compare_json_numbers("1.0", "1.00") == 0);
  CHECK(compare_json_numbers("-1", "-0.5") == -1);
  CHECK(compare_json_numbers("10", "9.99") == 1);
  CHECK(compare_json_numbers("0", "-0.0") == 0);
  CHECK(canonical_json_number("1e1001").size() == 1002);  // numeric range, not double's
  CHECK(sqlstate_of("1e400") == "0A000");                // RapidJSON stops at 1e308
}

TEST_CASE("escapes are resolved and printed as escape_json prints them") {
  CHECK(jsonb_from_text("\"\\u00e9\\u0041\\n\\t\\\"\\/\"") == "\"\xc3\xa9" "A\\n\\t\\\"/\"");
  CHECK(jsonb_from_text("\"\\ud83d\\ude00\"") == "\"\xf0\x9f\x98\x80\"");
  CHECK(jsonb_from_text("\"\\u0001\"") == "\"\\u0001\"");
  CHECK(sqlstate_of("\"\\u0000\"") == "22P05");
  CHECK(sqlstate_of("{\"\\u0000\": 1}") == "22P05");
  CHECK_NOTHROW(check_json_text("\"\\u0000\""));  // json keeps the text
}

TEST_CASE("syntax errors are 22P02 with PostgreSQL's detail") {
  auto detail_of = [](std::string_view text) {
    try {
      parse_json(text);
    } catch (const SqlError& error) {
      CHECK(error.sqlstate() == "22P02");
      CHECK(std::string(error.what()) == "invalid input syntax for type json");
      return error.detail();
    }
    return std::string("no error");
  };
  CHECK(detail_of("{\"a\":1") == "The input string ended unexpectedly.");
  CHECK(detail_of("") == "The input string ended unexpectedly.");
  CHECK(detail_of("nul") == "Token \"nul\" is invalid.");
  CHECK(detail_of("{\"a\" 1}") == "Expected \":\", but found \"1\".");
  CHECK(detail_of("[1 2]") == "Expected \",\" or \"]\", but found \"2\".");
  CHECK(detail_of("{\"a\":1 \"b\"}") == "Expected \",\" or \"}\", but found \"\"b\"\".");
  CHECK(detail_of("{1:2}") == "Expected string or \"}\", but found \"1\".");
  CHECK(detail_of("[1] 2") == "Expected end of input, but found \"2\".");
  CHECK(detail_of("[1] x") == "Token \"x\" is invalid.");
  CHECK(detail_of("{bad}") == "Token \"bad\" is invalid.");
  CHECK(detail_of("\"abc") == "Token \"\"abc\" is invalid.");
}

TEST_CASE("json operators find the parts of the text as written") {
  std::string text = "{\"a\" : [1,  2], \"b\":\"q\\\"x\"}";
  JsonValue root = parse_json(text);
  REQUIRE(root.members.size() == 2);
  const JsonValue& a = root.members[0].second;
  CHECK(text.substr(a.begin, a.end - a.begin) == "[1,  2]");
  const JsonValue& b = root.members[1].second;
  CHECK(text.substr(b.begin, b.end - b.begin) == "\"q\\\"x\"");
}

TEST_CASE("jsonb_pretty indents four spaces per level, as PostgreSQL") {
  CHECK(jsonb_pretty_text(parse_jsonb("{\"a\": 1, \"b\": [1, {}], \"c\": []}")) ==
        "{\n    \"a\": 1,\n    \"b\": [\n        1,\n        {\n        }\n    ],\n    \"c\": [\n    ]\n}");
  CHECK(jsonb_pretty_text(parse_jsonb("[]")) == "[\n]");
  CHECK(jsonb_pretty_text(parse_jsonb("5")) == "5");
}
