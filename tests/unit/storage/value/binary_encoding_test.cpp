// encode()/decode()'s formats; expectations are PostgreSQL 15's results and errors.
#include "storage/value/binary_encoding.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::outcome;

TEST_CASE("base64 pads to groups of four and breaks lines after 76 characters") {
  CHECK(encode_base64("") == "");
  CHECK(encode_base64("a") == "YQ==");
  CHECK(encode_base64("ab") == "YWI=");
  CHECK(encode_base64("hello world") == "aGVsbG8gd29ybGQ=");
  const std::string long_input(60, 'x');
  // 60 bytes are 80 characters: 76 on the first line, as PostgreSQL breaks them.
  std::string groups;
  for (int i = 0; i < 19; ++i) groups += "eHh4";
  CHECK(encode_base64(long_input) == groups + "\neHh4");
  CHECK(decode_base64(encode_base64(long_input)) == long_input);
  CHECK(decode_base64("YQ==") == "a");
  CHECK(decode_base64(" aGVs\nbG8= ") == "hello");
}

TEST_CASE("base64 decoding errors") {
  CHECK(outcome([] { return decode_base64("a"); }) ==
        "ERROR 22023: invalid base64 end sequence HINT: Input data is missing padding, is truncated, or is otherwise "
        "corrupted.");
  CHECK(outcome([] { return decode_base64("a==="); }) ==
        "ERROR 22023: unexpected \"=\" while decoding base64 sequence");
  CHECK(outcome([] { return decode_base64("a!bc"); }) ==
        "ERROR 22023: invalid symbol \"!\" found while decoding base64 sequence");
}

TEST_CASE("hex and escape encodings") {
  std::string hex;
  append_hex(hex, std::string("\x00\xff\x41", 3));
  CHECK(hex == "00ff41");
  CHECK(decode_hex("00 FF\t41") == std::string("\x00\xff\x41", 3));
  CHECK(outcome([] { return decode_hex("0"); }) == "ERROR 22023: invalid hexadecimal data: odd number of digits");
  CHECK(encode_escape(std::string("\x00\xff\x41\\", 4)) == "\\000\\377A\\\\");
  CHECK(decode_escape("a\\000b\\\\c") == std::string("a\0b\\c", 5));
  CHECK(outcome([] { return decode_escape("a\\9"); }) == "ERROR 22P02: invalid input syntax for type bytea");
}

TEST_CASE("encoding names are case-insensitive; others are refused") {
  CHECK(binary_encoding_named("BASE64") == BinaryEncoding::kBase64);
  CHECK(binary_encoding_named("Hex") == BinaryEncoding::kHex);
  CHECK(outcome([] {
          binary_encoding_named("base32");
          return "";
        }) == "ERROR 22023: unrecognized encoding: \"base32\"");
}
