#include "server/protocol/byte_reader.h"

#include <string>

#include <catch2/catch.hpp>

#include "storage/sql_error.h"
#include "tests/unit/server/protocol/protocol_test_support.h"

using ptreedb::SqlError;
using ptreedb::server::protocol::ByteReader;
using ptreedb::server::protocol::test::sqlstate_of;

namespace {
std::string bytes(std::initializer_list<int> values) {
  std::string s;
  for (int v : values) s.push_back(static_cast<char>(v));
  return s;
}
}  // namespace

TEST_CASE("ByteReader reads big-endian integers", "[protocol][byte_reader]") {
  const std::string body = bytes({0xFF, 0x80, 0x00, 0x12, 0x34, 0xFF, 0xFF, 0xFF, 0xFE, 0x80, 0x00, 0x00, 0x01});
  ByteReader reader(body);
  CHECK(reader.read_int8() == -1);
  CHECK(reader.read_int16() == -32768);
  CHECK(reader.read_uint16() == 0x1234);
  CHECK(reader.read_int32() == -2);
  CHECK(reader.read_uint32() == 0x80000001u);
  CHECK(reader.at_end());
  CHECK_NOTHROW(reader.expect_end());
}

TEST_CASE("ByteReader unsigned reads keep the high bit", "[protocol][byte_reader]") {
  const std::string body = bytes({0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF});
  ByteReader reader(body);
  CHECK(reader.read_uint8() == 0xFF);
  CHECK(reader.read_uint16() == 0xFFFE);
  CHECK(reader.read_uint32() == 0xFFFFFFFFu);
}

TEST_CASE("ByteReader throws 08P01 instead of reading past the end", "[protocol][byte_reader]") {
  const std::string body = bytes({1, 2, 3});
  ByteReader reader(body);
  CHECK(sqlstate_of([&] { reader.read_int32(); }) == "08P01");
  CHECK(reader.position() == 0);  // a failed read consumes nothing
  CHECK(reader.read_int16() == 0x0102);
  CHECK(sqlstate_of([&] { reader.read_int16(); }) == "08P01");
  CHECK(reader.read_int8() == 3);
  CHECK(sqlstate_of([&] { reader.read_int8(); }) == "08P01");
  CHECK(sqlstate_of([&] { reader.read_bytes(1); }) == "08P01");
  CHECK(reader.read_bytes(0).empty());
  CHECK(reader.read_rest().empty());
}

TEST_CASE("ByteReader on an empty body", "[protocol][byte_reader]") {
  ByteReader reader{std::string_view{}};
  CHECK(reader.at_end());
  CHECK(sqlstate_of([&] { reader.read_int8(); }) == "08P01");
  CHECK(sqlstate_of([&] { reader.read_cstring(); }) == "08P01");
  CHECK(sqlstate_of([&] { reader.read_nullable_bytes(); }) == "08P01");
  CHECK(reader.read_rest().empty());
}

TEST_CASE("ByteReader C strings need their NUL inside the body", "[protocol][byte_reader]") {
  const std::string body = std::string("abc\0\0xyz", 8);
  ByteReader reader(body);
  CHECK(reader.read_cstring() == "abc");
  CHECK(reader.read_cstring().empty());
  const auto before = reader.position();
  CHECK(sqlstate_of([&] { reader.read_cstring(); }) == "08P01");
  CHECK(reader.position() == before);
  CHECK(reader.read_rest() == "xyz");

  try {
    ByteReader unterminated(std::string_view("no terminator"));
    unterminated.read_cstring();
    FAIL("expected an exception");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "08P01");
    CHECK(std::string(error.what()) == "invalid string in message");
  }
}

TEST_CASE("ByteReader nullable byte counts", "[protocol][byte_reader]") {
  SECTION("-1 is NULL") {
    const std::string body = bytes({0xFF, 0xFF, 0xFF, 0xFF});
    ByteReader reader(body);
    CHECK_FALSE(reader.read_nullable_bytes().has_value());
    CHECK(reader.at_end());
  }
  SECTION("0 is an empty value, not NULL") {
    const std::string body = bytes({0, 0, 0, 0});
    ByteReader reader(body);
    const auto value = reader.read_nullable_bytes();
    REQUIRE(value.has_value());
    CHECK(value->empty());
  }
  SECTION("a counted value") {
    const std::string body = bytes({0, 0, 0, 2, 'h', 'i', '!'});
    ByteReader reader(body);
    CHECK(reader.read_nullable_bytes() == std::optional<std::string_view>("hi"));
    CHECK(reader.remaining() == 1);
  }
  SECTION("other negative counts are malformed") {
    const std::string body = bytes({0xFF, 0xFF, 0xFF, 0xFE, 0, 0});
    ByteReader reader(body);
    CHECK(sqlstate_of([&] { reader.read_nullable_bytes(); }) == "08P01");
  }
  SECTION("the most negative count is malformed") {
    const std::string body = bytes({0x80, 0, 0, 0});
    ByteReader reader(body);
    CHECK(sqlstate_of([&] { reader.read_nullable_bytes(); }) == "08P01");
  }
  SECTION("a count past the end is malformed") {
    const std::string body = bytes({0x7F, 0xFF, 0xFF, 0xFF, 'x'});
    ByteReader reader(body);
    CHECK(sqlstate_of([&] { reader.read_nullable_bytes(); }) == "08P01");
  }
}

TEST_CASE("ByteReader expect_end rejects trailing bytes", "[protocol][byte_reader]") {
  const std::string body = bytes({0, 1, 9});
  ByteReader reader(body);
  reader.read_int16();
  try {
    reader.expect_end();
    FAIL("expected an exception");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "08P01");
    CHECK(std::string(error.what()) == "invalid message format");
  }
}
