// RowOrder against a plain stable sort comparing values one by one: random
// rows of every key form (ints of each width, doubles with NaN and -0,
// numeric units and mixed-scale Decimals, text sharing long prefixes,
// char(n) with trailing blanks, jsonb), NULLs, ASC/DESC and NULLS
// FIRST/LAST, whole sorts, top-N cuts and the arrival tiebreak.
#include "exec/row_order.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <random>
#include <string>

using namespace ptreedb;
using namespace ptreedb::exec;
using value::SqlType;
using value::TypeId;

namespace {

struct Rows {
  Chunk chunk;
  std::deque<std::string> strings;
};

Vector random_column(SqlType type, std::size_t n, std::mt19937_64& random, std::deque<std::string>& strings,
                     bool units) {
  Vector out(type);
  out.resize(n);
  std::uniform_int_distribution<int> small(-3, 3);
  for (std::size_t i = 0; i < n; ++i) {
    out.nulls[i] = random() % 7 == 0;
    switch (out.physical()) {
      case Physical::kInt: {
        std::int64_t v = small(random);
        if (type.id == TypeId::kBoolean) v = random() % 2;
        if (type.id == TypeId::kBigint && random() % 3 == 0) v = static_cast<std::int64_t>(random());
        if (type.id == TypeId::kInteger && random() % 3 == 0) v = static_cast<std::int32_t>(random());
        if (type.id == TypeId::kSmallint && random() % 3 == 0) v = static_cast<std::int16_t>(random());
        out.ints[i] = v;
        break;
      }
      case Physical::kDouble: {
        static const double kSpecial[] = {0.0, -0.0, 1.5, -1.5, 1e300, -1e300, __builtin_nan(""),
                                          __builtin_inf(), -__builtin_inf(), 2.0};
        out.doubles[i] = kSpecial[random() % 10];
        break;
      }
      case Physical::kDecimal:
        if (units) {
          out.ints.resize(n);
          out.ints[i] = small(random) * 25;
        } else {
          // The same values at several scales: 1.5 = 1.50 = 1.500.
          int scale = 1 + static_cast<int>(random() % 3);
          __int128 units_value = small(random) * 15;
          for (int s = 1; s < scale; ++s) units_value *= 10;
          out.decimals[i] = value::Decimal{units_value, scale};
        }
        break;
      case Physical::kText: {
        static const char* const kTexts[] = {"", "a", "ab", "abc", "b", "a\x7f", "\xc3\xa9"};
        std::string text;
        // Past the 24-byte prefix (and, a few, past the 56-byte one).
        if (random() % 2 == 0) text = std::string(random() % 8 == 0 ? 60 : 30, 'p');
        text += kTexts[random() % 7];
        if (type.id == TypeId::kChar) text.append(random() % 3, ' ');
        if (type.id == TypeId::kJsonb) text = std::to_string(small(random));
        strings.push_back(text);
        out.texts[i] = strings.back();
        break;
      }
      case Physical::kInterval: break;
    }
  }
  if (units) {
    out.units_scale = 2;
    out.decimals.clear();
  }
  return out;
}

// The reference: a stable sort comparing values one by one.
std::vector<std::uint32_t> reference(const Chunk& rows, const std::vector<planner::SortKey>& keys) {
  std::vector<std::uint32_t> order(rows.size);
  for (std::uint32_t i = 0; i < rows.size; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
    for (const auto& key : keys) {
      const Vector& column = rows.columns[key.output];
      bool a = column.is_null(x), b = column.is_null(y);
      if (a || b) {
        if (a == b) continue;
        return a == key.nulls_first;
      }
      int order_value = compare_elements(column, x, column, y);
      if (order_value != 0) return key.descending ? order_value > 0 : order_value < 0;
    }
    return false;
  });
  return order;
}

const SqlType kTypes[] = {SqlType::of(TypeId::kBoolean), SqlType::of(TypeId::kSmallint),
                          SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kBigint),
                          SqlType::of(TypeId::kDate),    SqlType::of(TypeId::kDouble),
                          SqlType::of(TypeId::kNumeric), SqlType::of(TypeId::kNumeric),
                          SqlType::of(TypeId::kText),    SqlType::character(4),
                          SqlType::of(TypeId::kJsonb)};
constexpr std::size_t kUnitsColumn = 7;

Rows random_rows(std::size_t n, std::mt19937_64& random) {
  Rows rows;
  rows.chunk.size = n;
  for (std::size_t c = 0; c < std::size(kTypes); ++c) {
    rows.chunk.columns.push_back(random_column(kTypes[c], n, random, rows.strings, c == kUnitsColumn));
  }
  return rows;
}

std::vector<planner::SortKey> random_keys(std::mt19937_64& random) {
  std::vector<planner::SortKey> keys(1 + random() % 4);
  for (auto& key : keys) {
    key.output = random() % std::size(kTypes);
    key.descending = random() % 2;
    key.nulls_first = random() % 2;
  }
  return keys;
}

}  // namespace

TEST_CASE("RowOrder sorts as a stable value-by-value sort, whole and cut to a top-N") {
  std::mt19937_64 random(7);
  for (int round = 0; round < 300; ++round) {
    std::size_t n = 1 + random() % 300;
    Rows rows = random_rows(n, random);
    auto keys = random_keys(random);
    auto expected = reference(rows.chunk, keys);
    RowOrder order(rows.chunk, keys);
    CHECK(order.sorted(n, {}, nullptr) == expected);
    std::size_t keep = random() % (n + 1);
    auto top = order.sorted(keep, {}, nullptr);
    CHECK(top == std::vector<std::uint32_t>(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(keep)));
  }
}

TEST_CASE("fixed-width keys that fit the prefix are decided by it alone") {
  std::mt19937_64 random(11);
  Rows rows = random_rows(10, random);
  CHECK(RowOrder(rows.chunk, {{2, false, false}, {3, true, true}}).prefix_decides());  // 5 + 9 bytes
  CHECK(RowOrder(rows.chunk, {{3, false, false}, {3, true, false}, {5, false, false}}).prefix_decides());  // 27: wide
  std::vector<planner::SortKey> seven_bigints(7, planner::SortKey{3, false, false});  // 63 bytes
  CHECK_FALSE(RowOrder(rows.chunk, seven_bigints).prefix_decides());
  CHECK_FALSE(RowOrder(rows.chunk, {{10, false, false}}).prefix_decides());  // jsonb
  CHECK_FALSE(RowOrder(rows.chunk, {{6, false, false}}).prefix_decides());  // Decimals of mixed scales
}

TEST_CASE("texts whose longest value fits the prefix are decided by it, and the keys after them too") {
  std::deque<std::string> strings{std::string(40, 'x'), "ab", "a", std::string(40, 'x') + "y"};
  auto text_column = [&](SqlType type, std::vector<std::size_t> which) {
    Vector column(type);
    column.resize(which.size());
    for (std::size_t i = 0; i < which.size(); ++i) column.texts[i] = strings[which[i]];
    return column;
  };
  Chunk chunk;
  chunk.size = 4;
  chunk.columns.push_back(text_column(SqlType::of(TypeId::kVarchar), {1, 2, 1, 2}));  // short
  chunk.columns.push_back(text_column(SqlType::of(TypeId::kText), {0, 3, 0, 3}));    // 40 and 41 bytes
  Vector numbers(SqlType::of(TypeId::kInteger));
  numbers.resize(4);
  numbers.ints = {4, 3, 2, 1};
  chunk.columns.push_back(numbers);
  // "ab" then 4 bytes: 1 + 3 + 1 + 4 = 9, in the narrow prefix.
  RowOrder short_text(chunk, {{0, false, false}, {2, false, false}});
  CHECK(short_text.prefix_decides());
  CHECK(short_text.sorted(4, {}, nullptr) == std::vector<std::uint32_t>{3, 1, 2, 0});  // "a" before "ab", then 1 < 3
  // 1 + 42 + 1 + 4 = 48: the wide prefix holds it.
  RowOrder long_text(chunk, {{1, true, false}, {2, false, false}});
  CHECK(long_text.prefix_decides());
  CHECK(long_text.entry_bytes() == 64);
  CHECK(long_text.sorted(4, {}, nullptr) == std::vector<std::uint32_t>{3, 1, 2, 0});  // DESC: the longer first
  // Two long texts do not fit: ties fall back to the values.
  RowOrder two_long(chunk, {{1, false, false}, {1, false, false}, {2, false, false}});
  CHECK_FALSE(two_long.prefix_decides());
  CHECK(two_long.sorted(4, {}, nullptr) == std::vector<std::uint32_t>{2, 0, 3, 1});
}

TEST_CASE("rows equal on the keys keep the tiebreak's order") {
  Chunk chunk;
  chunk.size = 4;
  Vector keys(SqlType::of(TypeId::kInteger));
  keys.resize(4);
  keys.ints = {2, 1, 2, 1};
  chunk.columns.push_back(keys);
  RowOrder order(chunk, {{0, false, false}});
  CHECK(order.sorted(4, {}, nullptr) == std::vector<std::uint32_t>{1, 3, 0, 2});
  CHECK(order.sorted(4, {40, 30, 20, 10}, nullptr) == std::vector<std::uint32_t>{3, 1, 2, 0});
  CHECK(order.sorted(1, {40, 30, 20, 10}, nullptr) == std::vector<std::uint32_t>{3});
}

TEST_CASE("a large input sorts in parallel to the same order") {
  std::mt19937_64 random(5);
  Rows rows = random_rows(200000, random);
  std::vector<planner::SortKey> keys{{8, true, false}, {1, false, true}};
  CHECK(RowOrder(rows.chunk, keys).sorted(200000, {}, nullptr) == reference(rows.chunk, keys));
}
