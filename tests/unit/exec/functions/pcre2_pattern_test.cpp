#include "exec/functions/pcre2_pattern.h"

#include <catch2/catch.hpp>

#include <string>

#include "storage/sql_error.h"

using namespace ptreedb;

namespace {

bool matches(std::string_view pattern, std::string_view text, const char* flags = "") {
  exec::Pcre2Patterns patterns;
  return patterns.find(patterns.compiled(pattern, exec::parse_regex_flags(flags), false), text, 0);
}

}  // namespace

TEST_CASE("PostgreSQL's word and backspace escapes are spelled as PCRE2 spells them", "[pcre2_pattern]") {
  CHECK(exec::pcre2_pattern_of("\\mfoo\\M") == "\\b(?=\\w)foo\\b(?<=\\w)");
  CHECK(exec::pcre2_pattern_of("\\yfoo\\Y") == "\\bfoo\\B");
  CHECK(exec::pcre2_pattern_of("a\\bc") == "a\\x{08}c");
  // Inside brackets, and escaped backslashes, stay as written.
  CHECK(exec::pcre2_pattern_of("[\\m]\\\\m") == "[\\m]\\\\m");
  CHECK(exec::pcre2_pattern_of("[]\\y][[:alpha:]]\\y") == "[]\\y][[:alpha:]]\\b");
  CHECK(exec::pcre2_pattern_of("[^]x]\\m") == "[^]x]\\b(?=\\w)");
  CHECK(exec::pcre2_pattern_of("plain(a|b)*") == "plain(a|b)*");
}

TEST_CASE("word boundaries, backspaces and the flags match as PostgreSQL's do", "[pcre2_pattern]") {
  CHECK(matches("\\mfoo", "a foo"));
  CHECK_FALSE(matches("\\mfoo", "afoo"));
  CHECK(matches("foo\\M", "foo bar"));
  CHECK_FALSE(matches("foo\\M", "food"));
  CHECK(matches("\\yfoo\\y", "(foo)"));
  CHECK(matches("o\\Yo", "foo"));
  CHECK(matches("a\\bc", "a\bc"));
  CHECK_FALSE(matches("a\\bc", "a c"));
  // Newline-sensitive: lines for ^ and $, no newline for '.'.
  CHECK(matches("^b$", "a\nb\nc", "n"));
  CHECK_FALSE(matches("^b$", "a\nb\nc"));
  CHECK(matches("a.b", "a\nb"));
  CHECK_FALSE(matches("a.b", "a\nb", "m"));
  CHECK(matches("a.b", "a\nb", "ms"));  // s undoes n/m
  // Expanded: white space and comments ignored.
  CHECK(matches(" a b # the rest", "ab", "x"));
  CHECK_FALSE(matches(" a b", "ab", "xt"));  // t undoes x
  CHECK_THROWS_AS(exec::parse_regex_flags("p"), SqlError);
}
