// bytea text input (hex and escape formats) and both bytea_output formats;
// expectations are PostgreSQL 15's text for the same input.
#include "storage/value/bytea.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

TEST_CASE("bytea input in hex and escape formats, shown in hex") {
  const Expectation cases[] = {
      {"\\x", "\\x"},
      {"\\x00ff10", "\\x00ff10"},
      {"\\xDEADbeef", "\\xdeadbeef"},
      {"\\x de ad\tbe\nef ", "\\xdeadbeef"},
      {"abc", "\\x616263"},
      {"a\\\\b", "\\x615c62"},
      {"a\\000b\\377", "\\x610062ff"},
      {"", "\\x"},
      {"\\x0", "ERROR 22023: invalid hexadecimal data: odd number of digits"},
      {"\\xgg", "ERROR 22023: invalid hexadecimal digit: \"g\""},
      {"\\x0\xc3\xa9", "ERROR 22023: invalid hexadecimal digit: \"\xc3\xa9\""},
      {"a\\b", "ERROR 22P02: invalid input syntax for type bytea"},
      {"a\\400", "ERROR 22P02: invalid input syntax for type bytea"},
      {"a\\", "ERROR 22P02: invalid input syntax for type bytea"},
      {"\\12", "ERROR 22P02: invalid input syntax for type bytea"},
  };
  for (const auto& c : cases) {
    INFO(c.input);
    CHECK(outcome([&] { return format_bytea(parse_bytea(c.input), ByteaOutput::kHex); }) == c.expected);
  }
}

TEST_CASE("bytea escape output: printable ASCII as itself, backslash doubled, others octal") {
  CHECK(format_bytea(parse_bytea("\\x00015c7f80ff2041"), ByteaOutput::kEscape) == "\\000\\001\\\\\\177\\200\\377 A");
  CHECK(format_bytea("", ByteaOutput::kEscape).empty());
}

TEST_CASE("the session's bytea_output is hex unless a scope installs another") {
  CHECK(session_bytea_output() == ByteaOutput::kHex);
  {
    ByteaOutputScope scope(ByteaOutput::kEscape);
    CHECK(session_bytea_output() == ByteaOutput::kEscape);
  }
  CHECK(session_bytea_output() == ByteaOutput::kHex);
}
