// char(n) and varchar(n) coercion over UTF-8. Expected texts were printed by
// PostgreSQL 15.18: an INSERT into a char(n)/varchar(n) column for the implicit
// (assignment) coercion, 'value'::char(n) for the explicit cast; "|" marks
// where the value ends.
#include "storage/value/character.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::outcome;

namespace {

struct CoercionCase {
  const char* input;
  int length;
  const char* assigned;  // INSERT into the column
  const char* cast;      // explicit ::type(n)
};

}  // namespace

TEST_CASE("char(n) pads with blanks and only drops excess blanks on assignment", "[character]") {
  const CoercionCase cases[] = {
      {"abc", 5, "abc  |", "abc  |"},
      {"abc  ", 3, "abc|", "abc|"},
      {"ab", 1, "ERROR 22001: value too long for type character(1)", "a|"},
      {"ab   ", 2, "ab|", "ab|"},
      {"é", 3, "é  |", "é  |"},
      {"ééé ", 3, "ééé|", "ééé|"},
      {"ééé", 2, "ERROR 22001: value too long for type character(2)", "éé|"},
      {"", 3, "   |", "   |"},
      {"abcd", 3, "ERROR 22001: value too long for type character(3)", "abc|"},
      {"a b", 2, "ERROR 22001: value too long for type character(2)", "a |"},
      {"日本語", 2, "ERROR 22001: value too long for type character(2)", "日本|"},
      {"日本語  ", 3, "日本語|", "日本語|"},
  };
  for (const CoercionCase& c : cases) {
    INFO("'" << c.input << "'::char(" << c.length << ")");
    CHECK(outcome([&] { return coerce_to_char(c.input, c.length) + "|"; }) == c.assigned);
    CHECK(outcome([&] { return coerce_to_char(c.input, c.length, true) + "|"; }) == c.cast);
  }
}

TEST_CASE("varchar(n) keeps the value and only drops excess blanks on assignment", "[character]") {
  const CoercionCase cases[] = {
      {"abc", 5, "abc|", "abc|"},
      {"abc  ", 3, "abc|", "abc|"},
      {"ab", 1, "ERROR 22001: value too long for type character varying(1)", "a|"},
      {"ab   ", 2, "ab|", "ab|"},
      {"é", 3, "é|", "é|"},
      {"ééé ", 3, "ééé|", "ééé|"},
      {"ééé", 2, "ERROR 22001: value too long for type character varying(2)", "éé|"},
      {"", 3, "|", "|"},
      {"abcd", 3, "ERROR 22001: value too long for type character varying(3)", "abc|"},
      {"a b", 2, "ERROR 22001: value too long for type character varying(2)", "a |"},
      {"日本語", 2, "ERROR 22001: value too long for type character varying(2)", "日本|"},
      {"日本語  ", 3, "日本語|", "日本語|"},
  };
  for (const CoercionCase& c : cases) {
    INFO("'" << c.input << "'::varchar(" << c.length << ")");
    CHECK(outcome([&] { return std::string(coerce_to_varchar(c.input, c.length)) + "|"; }) ==
          c.assigned);
    CHECK(outcome([&] { return std::string(coerce_to_varchar(c.input, c.length, true)) + "|"; }) ==
          c.cast);
  }
}

TEST_CASE("char(n) trailing blanks do not count", "[character]") {
  // PostgreSQL: length('abc'::char(5)) = 3, 'ab '::char(5) = 'ab'::char(5),
  // ''::char(3) || '|' = '|' (the cast to text drops the blanks).
  CHECK(bpchar_length(coerce_to_char("abc", 5)) == 3);
  CHECK(bpchar_length(coerce_to_char("ééé ", 3)) == 3);
  CHECK(bpchar_compare(coerce_to_char("ab ", 5), coerce_to_char("ab", 5)) == 0);
  CHECK(bpchar_compare("ab", "ab\t") < 0);
  CHECK(bpchar_compare("b", "ab") > 0);
  CHECK(bpchar_significant(coerce_to_char("", 3)).empty());
  CHECK(bpchar_significant("a b  ") == "a b");
  CHECK(utf8_length("日本語") == 3);
  CHECK(utf8_length("") == 0);
}
