// SQL regular expressions translated as PostgreSQL 15.18's similar_to_escape
// translates them (the expected texts are its answers), except for the
// separator form, which is written for PCRE2.
#include "storage/value/similar_to_pattern.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::outcome;

TEST_CASE("SIMILAR TO patterns become anchored POSIX ones", "[similar_to_pattern]") {
  CHECK(similar_to_regex("_bcd%", std::nullopt) == "^(?:.bcd.*)$");
  CHECK(similar_to_regex("[]%][^]%][^%]%", std::nullopt) == "^(?:[]%][^]%][^%].*)$");
  CHECK(similar_to_regex("a#%b", "#") == "^(?:a\\%b)$");
  CHECK(similar_to_regex("a\\b", "") == "^(?:a\\\\b)$");
  CHECK(similar_to_regex("[a\\b]", std::nullopt) == "^(?:[a\\b])$");
  CHECK(similar_to_regex("(a|b).$^", "") == "^(?:(?:a|b)\\.\\$\\^)$");
  CHECK(similar_to_regex("ü_", "ü") == "^(?:\\_)$");
  CHECK(similar_to_regex("aü", "#") == "^(?:aü)$");
  CHECK(similar_to_regex("_[é]%", std::nullopt) == "^(?:.[é].*)$");
}

TEST_CASE("escape-double-quotes split out the part SUBSTRING returns", "[similar_to_pattern]") {
  CHECK(similar_to_regex("a#\"%#\"g", "#") == "^(?U:a)(.*){1,1}(?:g)$");
  CHECK(similar_to_regex("a#\"%g", "#") == "^(?U:a)(.*g)$");
  CHECK(outcome([] { return similar_to_regex("a#\"b#\"c#\"d", "#"); }) ==
        "ERROR 2200C: SQL regular expression may not contain more than two escape-double-quote separators");
  CHECK(outcome([] { return similar_to_regex("a", "##"); }) ==
        "ERROR 22025: invalid escape string HINT: Escape string must be empty or one character.");
}
