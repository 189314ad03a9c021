// to_char's number templates. Expected texts are PostgreSQL 15's for the
// same value and format (C locale).
#include "storage/value/to_char_number.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"

using namespace ptreedb::value;

TEST_CASE("to_char of numbers: digits, zeros, points and groups", "[to_char_number]") {
  CHECK(to_char_integer(5, "0999") == " 0005");
  CHECK(to_char_decimal(parse_decimal("0.5"), "9.99") == "  .50");
  CHECK(to_char_integer(1234567, "9,999,999") == " 1,234,567");
  CHECK(to_char_integer(123, "99") == " ##");
  CHECK(to_char_integer(0, "FM9.99") == "0.");
  CHECK(to_char_double(3.14159, "9.999") == " 3.142");
  CHECK(to_char_decimal(parse_decimal("-12.5"), "FM999.99") == "-12.5");
}

TEST_CASE("to_char of numbers: signs, brackets, suffixes, notations", "[to_char_number]") {
  CHECK(to_char_integer(-485, "999PR") == "<485>");
  CHECK(to_char_integer(485, "S999") == "+485");
  CHECK(to_char_integer(485, "999MI") == "485 ");
  CHECK(to_char_integer(12, "99th") == " 12th");
  CHECK(to_char_integer(21, "FM99TH") == "21ST");
  CHECK(to_char_integer(12345, "9.99EEEE") == " 1.23e+04");
  CHECK(to_char_integer(1994, "FMRN") == "MCMXCIV");
  CHECK(to_char_integer(4, "rn") == "             iv");
}

TEST_CASE("to_char number templates PostgreSQL refuses", "[to_char_number]") {
  CHECK_THROWS_AS(to_char_integer(1, "9.9.9"), ptreedb::SqlError);
  CHECK_THROWS_AS(to_char_integer(1, "S9S"), ptreedb::SqlError);
  CHECK_THROWS_AS(to_char_integer(1, "PR9"), ptreedb::SqlError);
}
