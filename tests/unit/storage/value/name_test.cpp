// name's input clipping and binary input limit, as PostgreSQL 15's namein and namerecv.
#include "storage/value/name.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/sql_error.h"

using namespace ptreedb::value;

TEST_CASE("name input keeps strings of up to 63 bytes whole") {
  CHECK(clip_to_name("") == "");
  CHECK(clip_to_name("pg_class") == "pg_class");
  const std::string exact(63, 'x');
  CHECK(clip_to_name(exact) == exact);
}

TEST_CASE("name input cuts longer strings at 63 bytes") {
  const std::string long_ascii(100, 'a');
  CHECK(clip_to_name(long_ascii) == std::string(63, 'a'));
  CHECK(clip_to_name(std::string(64, 'b')) == std::string(63, 'b'));
}

TEST_CASE("name input never cuts a multi-byte character in two") {
  // 31 two-byte characters are 62 bytes; a 32nd would end at byte 64.
  std::string two_byte;
  for (int i = 0; i < 40; ++i) two_byte += "\xc3\xa9";  // é
  CHECK(clip_to_name(two_byte).size() == 62);
  // 62 ASCII bytes then a three-byte character: only the ASCII fits.
  const std::string mixed = std::string(62, 'a') + "\xe2\x82\xac";  // €
  CHECK(clip_to_name(mixed) == std::string(62, 'a'));
  // 60 ASCII bytes then a three-byte character ends exactly at 63.
  const std::string fits = std::string(60, 'a') + "\xe2\x82\xac" + "zz";
  CHECK(clip_to_name(fits) == std::string(60, 'a') + "\xe2\x82\xac");
  // A four-byte character straddling the limit is dropped whole.
  const std::string four = std::string(61, 'a') + "\xf0\x9f\x98\x80";  // 😀
  CHECK(clip_to_name(four) == std::string(61, 'a'));
}

TEST_CASE("name binary input refuses 64 bytes or more") {
  CHECK_NOTHROW(check_name_receive_length(std::string(63, 'a')));
  try {
    check_name_receive_length(std::string(64, 'a'));
    FAIL("64 bytes were accepted");
  } catch (const ptreedb::SqlError& error) {
    CHECK(std::string(error.sqlstate()) == "42622");
    CHECK(std::string(error.what()) == "identifier too long");
  }
}
