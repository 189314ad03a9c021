// to_number's number templates: what to_char writes reads back, and
// PostgreSQL 15's answers and errors for the same inputs.
#include "storage/value/number_from_template.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"
#include "storage/value/to_char_number.h"

using namespace ptreedb;
using namespace ptreedb::value;

namespace {

std::string read(std::string_view text, std::string_view format) {
  try {
    const std::optional<Decimal> number = to_number_from_template(text, format);
    return number ? format_decimal(*number) : "NULL";
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what();
  }
}

}  // namespace

TEST_CASE("what to_char writes reads back", "[to_number]") {
  for (const char* text : {"0", "1", "-1", "12.5", "-1234.56", "98765.4321", "0.05", "-0.5"}) {
    const Decimal value = parse_decimal(text);
    for (const char* format : {"99999.9999", "S99,999.9999", "FM99999.9999MI", "99G999D9999PR", "L99999.9999",
                               "SG00000.0000"}) {
      INFO(text << " through " << format);
      const std::optional<Decimal> back = to_number_from_template(to_char_decimal(value, format), format);
      REQUIRE(back.has_value());
      CHECK(decimal_compare(*back, value) == 0);
    }
  }
}

TEST_CASE("PostgreSQL's readings of loose input", "[to_number]") {
  CHECK(read("-34,338,492", "99G999G999") == "-34338492");
  CHECK(read("<564646.654564>", "999999.999999PR") == "-564646.654564");
  CHECK(read("5.01-", "FM9.999999MI") == "-5.01");
  CHECK(read(".-01", "S99.99") == "-0.01");
  CHECK(read("34,50", "999,99") == "3450");
  CHECK(read("123,000", "999G") == "123");
  CHECK(read("$1,234.56", "L99,999.99") == "1234.56");
  CHECK(read("42nd", "99th") == "42");
  CHECK(read("123.456", "999.99") == "123.45");
  CHECK(read("12", "") == "NULL");
  // Spaces in the template each pass over one character: the sign is lost, as in PostgreSQL.
  CHECK(read("        -1 . 0 0 0 0", "9 9 9 9 9 . 9 9 9 9") == "1.0000");
}

TEST_CASE("errors as PostgreSQL's", "[to_number]") {
  CHECK(read("x", "9") == "22P02 invalid input syntax for type numeric: \" \"");
  CHECK(read("12345", "999.9.9") == "42601 multiple decimal points");
  CHECK(read("1e3", "9EEEE") == "0A000 \"EEEE\" not supported for input");
  CHECK(read("XIV", "RN") == "0A000 \"RN\" not supported for input");
  CHECK(read("12", "9EEEEEEEE") == "42601 cannot use \"EEEE\" twice");
  CHECK(read("12", "S9S") == "42601 cannot use \"S\" twice");
}
