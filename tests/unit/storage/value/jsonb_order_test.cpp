// jsonb's btree order (PostgreSQL's compareJsonbContainers) through its key
// encoding: type order, counts before contents, raw scalars, numbers by value.
#include "storage/value/jsonb_order.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/value/jsonb_text.h"

using namespace ptreedb::value;

namespace {

int order(std::string_view a, std::string_view b) { return jsonb_compare(jsonb_from_text(a), jsonb_from_text(b)); }

}  // namespace

TEST_CASE("types order null < string < number < boolean < array < object") {
  CHECK(order("null", "\"\"") < 0);
  CHECK(order("\"z\"", "1") < 0);
  CHECK(order("1", "false") < 0);
  CHECK(order("true", "[true]") < 0);
  CHECK(order("[9, 9]", "{}") < 0);
}

TEST_CASE("a top-level scalar is a one-element array before a real one") {
  CHECK(order("[]", "1") < 0);     // fewer elements first
  CHECK(order("1", "[1]") < 0);    // same count: the raw scalar first
  CHECK(order("1", "[0, 0]") < 0);
}

TEST_CASE("containers compare by count, then contents in stored key order") {
  CHECK(order("[9]", "[1, 2]") < 0);
  CHECK(order("{\"c\": 5}", "{\"a\": 1, \"b\": 1}") < 0);
  CHECK(order("{\"b\": 1}", "{\"aa\": 1}") > 0);  // keys compare bytewise
  CHECK(order("{\"a\": 1}", "{\"a\": 2}") < 0);
  CHECK(order("[1, \"a\"]", "[1, 2]") < 0);
}

TEST_CASE("numbers compare and encode by value, whatever their scale") {
  CHECK(order("1.0", "1.00") == 0);
  CHECK(jsonb_key(jsonb_from_text("[1.0]")) == jsonb_key(jsonb_from_text("[1]")));
  CHECK(order("-1", "-0.5") < 0);
  CHECK(order("9.5", "10") < 0);
  CHECK(order("-10", "-9") < 0);
  CHECK(order("0", "-0.0") == 0);
  CHECK(order("0.001", "0.01") < 0);
  CHECK(order("12345678901234567890123456789012345678901", "12345678901234567890123456789012345678902") < 0);
}

TEST_CASE("strings with NUL-free bytes keep bytewise order and stay prefix-free") {
  CHECK(order("\"a\"", "\"ab\"") < 0);
  CHECK(order("[\"a\", 2]", "[\"ab\", 1]") < 0);
}
