// uuid text input and output; the errors are PostgreSQL 15's for the same input.
#include "storage/value/uuid.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

TEST_CASE("uuid input accepts PostgreSQL's forms and prints lower-case groups") {
  const Expectation cases[] = {
      {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"a0eebc999c0b4ef8bb6d6bb9bd380a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"a0ee-bc99-9c0b-4ef8-bb6d-6bb9-bd38-0a11", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"{a0eebc999c0b4ef8bb6d6bb9bd380a11}", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"},
      {"00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000000"},
      {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1\""},
      {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111\""},
      {"{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
       "ERROR 22P02: invalid input syntax for type uuid: \"{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11\""},
      {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}\""},
      {"a0eebc9-99c0b-4ef8-bb6d-6bb9bd380a11",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc9-99c0b-4ef8-bb6d-6bb9bd380a11\""},
      {"a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc99--9c0b-4ef8-bb6d-6bb9bd380a11\""},
      {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11-\""},
      {" a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
       "ERROR 22P02: invalid input syntax for type uuid: \" a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11\""},
      {"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g",
       "ERROR 22P02: invalid input syntax for type uuid: \"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g\""},
      {"", "ERROR 22P02: invalid input syntax for type uuid: \"\""},
  };
  for (const auto& c : cases) {
    INFO(c.input);
    CHECK(outcome([&] { return format_uuid(parse_uuid(c.input)); }) == c.expected);
  }
}

TEST_CASE("uuid values are their 16 bytes, so bytes order them as uuid_cmp does") {
  const std::string low = parse_uuid("0fffffff-ffff-ffff-ffff-ffffffffffff");
  const std::string high = parse_uuid("f0000000-0000-0000-0000-000000000000");
  CHECK(low.size() == kUuidBytes);
  CHECK(low < high);  // std::string compares bytes as unsigned, as memcmp
}

TEST_CASE("random uuids are version 4, variant 10xx, and differ") {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    const std::string bytes = random_uuid();
    REQUIRE(bytes.size() == kUuidBytes);
    CHECK((static_cast<unsigned char>(bytes[6]) >> 4) == 4);
    CHECK((static_cast<unsigned char>(bytes[8]) >> 6) == 2);
    seen.insert(bytes);
  }
  CHECK(seen.size() == 1000);
}
