// A compiled LIKE pattern answers as like_match does, for every pattern it
// accepts, on texts built to hit and miss its pieces.
#include "exec/like_pattern.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "exec/like_match.h"

using ptreedb::exec::like_match;
using ptreedb::exec::LikePattern;

TEST_CASE("a compiled LIKE pattern agrees with like_match", "[like]") {
  const std::vector<std::string> patterns = {"",       "%",       "%%",      "a",       "a%",      "%a",
                                             "%a%",    "ab%ba",   "%ab%ba%", "a%a",     "aa%aa",   "%special%requests%",
                                             "PROMO%", "a\\%b%",  "\\\\%",   "%b%%a",   "%aba%ab", "ab%b%ab"};
  std::mt19937 random(7);
  std::vector<std::string> texts = {"", "a", "aa", "aba", "abba", "ab%ba", "a%b", "\\x", "special requests",
                                    "specialrequests", "requests special", "PROMO BRUSHED", "PROM"};
  const std::string alphabet = "ab%\\";
  for (int n = 0; n < 2000; ++n) {
    std::string text;
    const int length = static_cast<int>(random() % 9);
    for (int i = 0; i < length; ++i) text += alphabet[random() % alphabet.size()];
    texts.push_back(text);
  }
  for (const std::string& pattern : patterns) {
    const auto compiled = LikePattern::compile(pattern, false);
    REQUIRE(compiled.has_value());
    for (const std::string& text : texts) {
      INFO("'" << text << "' LIKE '" << pattern << "'");
      CHECK(compiled->matches(text) == like_match(text, pattern, false));
    }
  }
}

TEST_CASE("patterns a compiled LIKE does not take are left to like_match", "[like]") {
  CHECK_FALSE(LikePattern::compile("a_c", false).has_value());
  CHECK_FALSE(LikePattern::compile("abc\\", false).has_value());  // the escape error is like_match's to raise
  CHECK_FALSE(LikePattern::compile("abc", true).has_value());     // ILIKE
}
