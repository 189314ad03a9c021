#include "storage/row/key_encoding.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>

#include "storage/row/row_key.h"

using namespace ptreedb::storage;
using ptreedb::value::Decimal;

namespace {

template <class T, class Encode>
RowKey encoded(const T& value, Encode encode) {
  std::string bytes;
  encode(bytes, value);
  return RowKey(bytes);
}

int sign(int x) { return (x > 0) - (x < 0); }

}  // namespace

TEST_CASE("integer keys order like the integers") {
  std::vector<std::int64_t> values = {std::numeric_limits<std::int64_t>::min(), -1000000, -1, 0, 1,
                                      255, 256, std::numeric_limits<std::int64_t>::max()};
  std::mt19937_64 random(1);
  for (int i = 0; i < 2000; ++i) values.push_back(static_cast<std::int64_t>(random()));
  for (auto a : values) {
    for (int j = 0; j < 20; ++j) {
      auto b = values[random() % values.size()];
      auto ka = encoded(a, key_encoding::append_int), kb = encoded(b, key_encoding::append_int);
      REQUIRE(sign(compare(ka, kb)) == (a < b ? -1 : a > b ? 1 : 0));
    }
  }
}

TEST_CASE("double keys order like PostgreSQL floats: -0 equals 0, NaN is largest") {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> ordered = {-inf, -1e300, -2.5, -1e-300, 0.0, 1e-300, 3.0, 1e300, inf, std::nan("")};
  for (std::size_t i = 0; i + 1 < ordered.size(); ++i) {
    CHECK(encoded(ordered[i], key_encoding::append_double) <
          encoded(ordered[i + 1], key_encoding::append_double));
  }
  CHECK(encoded(-0.0, key_encoding::append_double) == encoded(0.0, key_encoding::append_double));
  CHECK(encoded(std::nan("1"), key_encoding::append_double) ==
        encoded(-std::nan("2"), key_encoding::append_double));
}

TEST_CASE("decimal keys order by value whatever the scale") {
  std::mt19937_64 random(2);
  std::vector<Decimal> values = {{0, 0}, {0, 5}, {15, 1}, {150, 2}, {-15, 1}, {-1500, 3}, {1, 30}, {-1, 30}};
  for (int i = 0; i < 3000; ++i) {
    __int128 units = static_cast<std::int64_t>(random() % 2000001) - 1000000;
    if (random() % 4 == 0) units *= static_cast<__int128>(random() % 100000000000ULL);
    values.push_back(Decimal{units, static_cast<std::int32_t>(random() % 12)});
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (int j = 0; j < 10; ++j) {
      const Decimal& a = values[i];
      const Decimal& b = values[random() % values.size()];
      auto ka = encoded(a, key_encoding::append_decimal), kb = encoded(b, key_encoding::append_decimal);
      INFO("a = " << ptreedb::value::format_decimal(a) << ", b = " << ptreedb::value::format_decimal(b));
      REQUIRE(sign(compare(ka, kb)) == sign(ptreedb::value::decimal_compare(a, b)));
    }
  }
}

TEST_CASE("text keys order bytewise (C collation), embedded NULs included") {
  std::mt19937_64 random(3);
  std::vector<std::string> values = {"", "a", "ab", "b", std::string("a\0b", 3), std::string("a\0", 2), "\xff", "z"};
  for (int i = 0; i < 1000; ++i) {
    std::string text(random() % 6, ' ');
    for (char& c : text) c = static_cast<char>("a\0b\xff"[random() % 4]);
    values.push_back(text);
  }
  for (const auto& a : values) {
    for (int j = 0; j < 10; ++j) {
      const auto& b = values[random() % values.size()];
      auto ka = encoded(std::string_view(a), key_encoding::append_text);
      auto kb = encoded(std::string_view(b), key_encoding::append_text);
      REQUIRE(sign(compare(ka, kb)) == sign(a.compare(b)));
    }
  }
}

TEST_CASE("composite keys sort column by column") {
  auto key = [](std::string_view text, std::int64_t number) {
    std::string bytes;
    key_encoding::append_text(bytes, text);
    key_encoding::append_int(bytes, number);
    return RowKey(bytes);
  };
  CHECK(key("a", 5) < key("a", 6));
  CHECK(key("a", 100) < key("ab", 0));
  CHECK(key("", 9) < key("a", -9));
}

TEST_CASE("dates, timestamps and intervals order by value; NULL sorts last") {
  auto date = [](std::int32_t days) {
    std::string bytes;
    key_encoding::append_date(bytes, days);
    return RowKey(bytes);
  };
  CHECK(date(-5) < date(0));
  CHECK(date(0) < date(7));
  auto interval = [](std::int32_t months, std::int32_t days, std::int64_t micros) {
    std::string bytes;
    key_encoding::append_interval(bytes, months, days, micros);
    return RowKey(bytes);
  };
  CHECK(interval(1, 0, 0) == interval(0, 30, 0));  // PostgreSQL: '1 mon' = '30 days'
  CHECK(interval(0, 1, 0) < interval(0, 0, 86400000001LL));
  CHECK(interval(-1, 0, 0) < interval(0, 0, 0));
  std::string null_key, value_key;
  key_encoding::append_null(null_key);
  key_encoding::append_not_null(value_key);
  key_encoding::append_int(value_key, std::numeric_limits<std::int64_t>::max());
  CHECK(RowKey(value_key) < RowKey(null_key));
}

TEST_CASE("RowKey copies and moves keep the bytes, inline and on the heap") {
  for (std::size_t size : {0, 1, 16, 17, 100}) {
    std::string bytes(size, 'x');
    RowKey original(bytes);
    RowKey copy = original;
    RowKey moved = std::move(copy);
    CHECK(moved.view() == bytes);
    CHECK(original == moved);
    copy = moved;
    CHECK(copy.view() == bytes);
  }
}

TEST_CASE("text keys escape each 0 byte as 0 0xFF and end with 0 0 (the stored form)") {
  std::string bytes;
  key_encoding::append_text(bytes, std::string_view("a\0\0b", 4));
  CHECK(bytes == std::string("a\0\xff\0\xff" "b\0\0", 8));
  bytes.clear();
  key_encoding::append_text(bytes, "plain");
  CHECK(bytes == std::string("plain\0\0", 7));
}
