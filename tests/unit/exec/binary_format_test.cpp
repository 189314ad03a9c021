#include "exec/binary_format.h"

#include <catch2/catch.hpp>

#include <string>

#include "storage/sql_error.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"

using ptreedb::SqlError;
using ptreedb::exec::Vector;
using ptreedb::exec::append_binary;
using ptreedb::exec::binary_parameter_to_text;
using ptreedb::exec::check_text_value;
using ptreedb::exec::numeric_binary_to_text;
using ptreedb::exec::numeric_to_binary;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values) out.push_back(static_cast<char>(v));
  return out;
}

Vector one(TypeId type) {
  Vector v(SqlType::of(type));
  v.resize(1);
  return v;
}

std::string encoded(const Vector& v) {
  std::string out;
  append_binary(out, v, 0);
  return out;
}

}  // namespace

// Expected bytes are what PostgreSQL 15's typsend functions produce, e.g.
// SELECT numeric_send(123.456) = \x0002 0000 0000 0003 007b 11d0.
TEST_CASE("numeric uses PostgreSQL's base-10000 digits") {
  CHECK(numeric_to_binary("123.456") == bytes({0, 2, 0, 0, 0, 0, 0, 3, 0, 123, 0x11, 0xd0}));
  CHECK(numeric_to_binary("-0.001") == bytes({0, 1, 0xff, 0xff, 0x40, 0, 0, 3, 0, 10}));
  CHECK(numeric_to_binary("0.00001") == bytes({0, 1, 0xff, 0xfe, 0, 0, 0, 5, 0x03, 0xe8}));
  CHECK(numeric_to_binary("10000") == bytes({0, 1, 0, 1, 0, 0, 0, 0, 0, 1}));
  CHECK(numeric_to_binary("0.00") == bytes({0, 0, 0, 0, 0, 0, 0, 2}));
  CHECK(numeric_to_binary("12345678.9") == bytes({0, 3, 0, 1, 0, 0, 0, 1, 0x04, 0xd2, 0x16, 0x2e, 0x23, 0x28}));
}

TEST_CASE("numeric binary reads back to the same text") {
  for (const char* text : {"123.456", "-0.001", "0.00001", "10000", "0.00", "12345678.9", "-98765432109876543210.5",
                           "1", "0", "-7.10"}) {
    CHECK(numeric_binary_to_text(numeric_to_binary(text)) == text);
  }
  CHECK_THROWS_AS(numeric_binary_to_text(bytes({0, 1, 0, 0})), SqlError);
  CHECK_THROWS_AS(numeric_binary_to_text(bytes({0, 1, 0, 0, 0, 0, 0, 0, 0x27, 0x10})), SqlError);  // digit 10000
}

TEST_CASE("fixed-width types are big-endian") {
  Vector b = one(TypeId::kBoolean);
  b.ints[0] = 1;
  CHECK(encoded(b) == bytes({1}));
  Vector s = one(TypeId::kSmallint);
  s.ints[0] = -2;
  CHECK(encoded(s) == bytes({0xff, 0xfe}));
  Vector i = one(TypeId::kInteger);
  i.ints[0] = 0x01020304;
  CHECK(encoded(i) == bytes({1, 2, 3, 4}));
  Vector l = one(TypeId::kBigint);
  l.ints[0] = -1;
  CHECK(encoded(l) == std::string(8, '\xff'));
  Vector f = one(TypeId::kReal);
  f.doubles[0] = 1.5;
  CHECK(encoded(f) == bytes({0x3f, 0xc0, 0, 0}));
  Vector d = one(TypeId::kDouble);
  d.doubles[0] = 1.5;
  CHECK(encoded(d) == bytes({0x3f, 0xf8, 0, 0, 0, 0, 0, 0}));
  Vector day = one(TypeId::kDate);
  day.ints[0] = 1;  // 2000-01-02
  CHECK(encoded(day) == bytes({0, 0, 0, 1}));
  Vector ts = one(TypeId::kTimestamp);
  ts.ints[0] = 1'000'000;  // 2000-01-01 00:00:01
  CHECK(encoded(ts) == bytes({0, 0, 0, 0, 0, 0x0f, 0x42, 0x40}));
  Vector span = one(TypeId::kInterval);
  span.intervals[0] = ptreedb::value::Interval{1, 2, 3'000'000};  // 1 mon 2 days 00:00:03
  CHECK(encoded(span) == bytes({0, 0, 0, 0, 0, 0x2d, 0xc6, 0xc0, 0, 0, 0, 2, 0, 0, 0, 1}));
  Vector n = one(TypeId::kNumeric);
  n.decimals[0] = ptreedb::value::parse_decimal("123.456");
  CHECK(encoded(n) == numeric_to_binary("123.456"));
  Vector t = one(TypeId::kText);
  t.texts[0] = "héllo";
  CHECK(encoded(t) == "héllo");
}

TEST_CASE("binary parameters become their text form") {
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kBoolean), bytes({1}), 1) == "t");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kSmallint), bytes({0xff, 0xfe}), 1) == "-2");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kInteger), bytes({0, 0, 1, 0}), 1) == "256");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kBigint), std::string(8, '\xff'), 1) == "-1");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kReal), bytes({0x3f, 0xc0, 0, 0}), 1) == "1.5");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kDouble), bytes({0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a}), 1) ==
        "0.1");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kNumeric), numeric_to_binary("-0.001"), 1) == "-0.001");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kDate), bytes({0xff, 0xff, 0xff, 0xff}), 1) == "1999-12-31");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kTimestamp), bytes({0, 0, 0, 0, 0, 0x0f, 0x42, 0x40}), 1) ==
        "2000-01-01 00:00:01");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kInterval),
                                 bytes({0, 0, 0, 0, 0, 0x2d, 0xc6, 0xc0, 0, 0, 0, 2, 0, 0, 0, 1}), 1) ==
        "1 mon 2 days 00:00:03");
  CHECK(binary_parameter_to_text(SqlType::of(TypeId::kVarchar), "abc", 1) == "abc");
  try {
    binary_parameter_to_text(SqlType::of(TypeId::kInteger), bytes({0, 1}), 3);
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "22P03");
    CHECK(std::string(error.what()) == "incorrect binary data format in bind parameter 3");
  }
}

TEST_CASE("date and timestamp parameters lose a client's time zone offset") {
  const SqlType date = SqlType::of(TypeId::kDate), timestamp = SqlType::of(TypeId::kTimestamp);
  CHECK(ptreedb::exec::without_time_zone_offset(date, "2024-02-29 +00") == "2024-02-29");
  CHECK(ptreedb::exec::without_time_zone_offset(date, "2024-02-29") == "2024-02-29");
  CHECK(ptreedb::exec::without_time_zone_offset(timestamp, "2024-02-29 13:45:07.12+01:30") == "2024-02-29 13:45:07.12");
  CHECK(ptreedb::exec::without_time_zone_offset(timestamp, "2024-02-29 13:45:07-05") == "2024-02-29 13:45:07");
  CHECK(ptreedb::exec::without_time_zone_offset(timestamp, "2024-02-29 13:45:07") == "2024-02-29 13:45:07");
  CHECK(ptreedb::exec::without_time_zone_offset(SqlType::of(TypeId::kText), "a +00") == "a +00");
}

TEST_CASE("text parameters are checked against their type") {
  CHECK_NOTHROW(check_text_value(SqlType::of(TypeId::kInteger), " 42 "));
  CHECK_NOTHROW(check_text_value(SqlType::of(TypeId::kDate), "2024-02-29"));
  CHECK_NOTHROW(check_text_value(SqlType::of(TypeId::kText), "anything"));
  try {
    check_text_value(SqlType::of(TypeId::kInteger), "abc");
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "22P02");
    CHECK(std::string(error.what()) == "invalid input syntax for type integer: \"abc\"");
  }
  CHECK_THROWS_AS(check_text_value(SqlType::of(TypeId::kSmallint), "40000"), SqlError);
  CHECK_THROWS_AS(check_text_value(SqlType::of(TypeId::kDate), "2023-02-29"), SqlError);
  CHECK_THROWS_AS(check_text_value(SqlType::of(TypeId::kBoolean), "maybe"), SqlError);
}
