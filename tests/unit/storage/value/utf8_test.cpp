// The UTF-8 check every text input passes; messages as PostgreSQL 15's
// report_invalid_encoding prints them (checked against a real server in
// tests/clients/test_client_text.py).
#include "storage/value/utf8.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::value::is_valid_utf8;
using ptreedb::value::verify_utf8;

namespace {

std::string error_of(std::string_view text) {
  try {
    verify_utf8(text);
  } catch (const SqlError& error) {
    REQUIRE(error.sqlstate() == "22021");
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("valid UTF-8 passes, ASCII fast path included") {
  for (std::string text : {"", "plain ascii text longer than eight bytes", "caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac",
                           "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf", "\xed\x9f\xbf"}) {
    CHECK(is_valid_utf8(text));
    CHECK(error_of(text).empty());
  }
}

TEST_CASE("invalid sequences name their bytes as PostgreSQL does") {
  const std::string prefix = "invalid byte sequence for encoding \"UTF8\": ";
  CHECK(error_of("a\xc3\x28") == prefix + "0xc3 0x28");
  CHECK(error_of(std::string("01234567\0", 9)) == prefix + "0x00");
  CHECK(error_of("\xff") == prefix + "0xff");
  CHECK(error_of("\x80") == prefix + "0x80");
  CHECK(error_of("\xc0\x80") == prefix + "0xc0 0x80");             // overlong
  CHECK(error_of("\xed\xa0\x80") == prefix + "0xed 0xa0 0x80");     // surrogate
  CHECK(error_of("\xf4\x90\x80\x80") == prefix + "0xf4 0x90 0x80 0x80");  // above U+10FFFF
  CHECK(error_of("x\xe2\x82") == prefix + "0xe2 0x82");             // cut short
  CHECK_FALSE(is_valid_utf8(std::string("a\0b", 3)));
}
