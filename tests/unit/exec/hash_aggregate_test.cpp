#include "exec/hash_aggregate.h"
#include "exec/aggregate/group_keys.h"
#include "exec/aggregate/partitioned_merge.h"
#include "storage/sql_error.h"
#include "tests/unit/exec/expression_builders.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace ptreedb;
using exec::AggregationTable;
using exec::Chunk;
using exec::Vector;
using planner::AggregateCall;
using planner::AggregateKind;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kText = SqlType::of(TypeId::kText);
const SqlType kInt = SqlType::of(TypeId::kInteger);
const SqlType kBool = SqlType::of(TypeId::kBoolean);

// Rows (group, word, number, flag); string literals outlive the tables.
struct Row {
  const char* group;
  const char* word;  // nullptr: NULL
  std::optional<std::int64_t> number;
  std::optional<bool> flag;
};

Chunk chunk_of(const std::vector<Row>& rows) {
  Chunk chunk;
  chunk.size = rows.size();
  chunk.columns = {Vector(kText), Vector(kText), Vector(kInt), Vector(kBool)};
  for (auto& column : chunk.columns) column.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    chunk.columns[0].texts[i] = rows[i].group;
    chunk.columns[1].nulls[i] = rows[i].word == nullptr;
    if (rows[i].word != nullptr) chunk.columns[1].texts[i] = rows[i].word;
    chunk.columns[2].nulls[i] = !rows[i].number;
    chunk.columns[2].ints[i] = rows[i].number.value_or(0);
    chunk.columns[3].nulls[i] = !rows[i].flag;
    chunk.columns[3].ints[i] = rows[i].flag.value_or(false);
  }
  return chunk;
}

AggregateCall call(AggregateKind kind, std::size_t column, SqlType argument, SqlType result) {
  AggregateCall out;
  out.kind = kind;
  out.argument = planner::column_reference(column, argument);
  out.type = result;
  return out;
}

planner::BoundExpression text_constant(const char* text) { return exec::testing::text_constant(text, kText); }

struct Aggregates {
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kText)};
  std::vector<AggregateCall> calls;

  Aggregates() {
    AggregateCall plain = call(AggregateKind::kStringAgg, 1, kText, kText);
    plain.separator = text_constant(",");
    AggregateCall ordered = plain;
    ordered.order.push_back({planner::column_reference(2, kInt), true, true});  // ORDER BY number DESC
    AggregateCall distinct_words = plain;
    distinct_words.distinct = true;
    AggregateCall count_distinct = call(AggregateKind::kCount, 2, kInt, SqlType::of(TypeId::kBigint));
    count_distinct.distinct = true;
    AggregateCall sum_distinct = call(AggregateKind::kSum, 2, kInt, SqlType::of(TypeId::kBigint));
    sum_distinct.distinct = true;
    AggregateCall filtered = call(AggregateKind::kCountStar, 0, kText, SqlType::of(TypeId::kBigint));
    filtered.argument.reset();
    filtered.filter = planner::column_reference(3, kBool);  // count(*) FILTER (WHERE flag)
    calls = {plain,
             ordered,
             distinct_words,
             count_distinct,
             sum_distinct,
             call(AggregateKind::kBoolAnd, 3, kBool, kBool),
             call(AggregateKind::kBoolOr, 3, kBool, kBool),
             filtered};
  }
};

std::string text_at(const Chunk& result, std::size_t column, std::size_t row) {
  const Vector& vector = result.columns[column];
  return vector.is_null(row) ? "NULL" : std::string(vector.texts[row]);
}

const std::vector<Row> kFirst = {{"a", "x", 3, true}, {"b", "p", 1, false}, {"a", "y", 1, false}, {"a", nullptr, 7, true}};
const std::vector<Row> kSecond = {{"a", "x", 2, std::nullopt}, {"c", nullptr, std::nullopt, std::nullopt},
                                  {"a", "z", 3, true}, {"b", "p", 5, false}};

void check(const Chunk& result) {
  REQUIRE(result.size == 3);
  // Groups in first-seen order: a, b, c.
  CHECK(text_at(result, 0, 0) == "a");
  CHECK(text_at(result, 0, 1) == "b");
  CHECK(text_at(result, 0, 2) == "c");
  CHECK(text_at(result, 1, 0) == "x,y,x,z");        // input order, across the merge
  CHECK(text_at(result, 1, 2) == "NULL");           // only NULL inputs
  CHECK(text_at(result, 2, 0) == "x,z,x,y");        // ORDER BY number DESC (3, 3, 2, 1; ties in input order)
  CHECK(text_at(result, 2, 1) == "p,p");
  CHECK(text_at(result, 3, 0) == "x,y,z");          // DISTINCT: each once, ascending
  CHECK(text_at(result, 3, 1) == "p");
  CHECK(result.columns[4].ints[0] == 4);            // count(DISTINCT number) in a: 3, 1, 7, 2
  CHECK(result.columns[5].ints[0] == 13);           // sum(DISTINCT number) in a
  CHECK(result.columns[5].ints[1] == 6);
  CHECK(result.columns[5].is_null(2));
  CHECK(result.columns[6].ints[0] == 0);            // bool_and over true, false, true, true
  CHECK(result.columns[6].ints[1] == 0);
  CHECK(result.columns[6].is_null(2));
  CHECK(result.columns[7].ints[0] == 1);            // bool_or
  CHECK(result.columns[7].ints[1] == 0);
  CHECK(result.columns[8].ints[0] == 3);            // count(*) FILTER (WHERE flag)
  CHECK(result.columns[8].ints[1] == 0);
  CHECK(result.columns[8].ints[2] == 0);
}

}  // namespace

TEST_CASE("aggregates over one table", "[hash_aggregate]") {
  Aggregates aggregates;
  AggregationTable table(aggregates.keys, aggregates.calls);
  table.consume(chunk_of(kFirst));
  table.consume(chunk_of(kSecond));
  check(table.finish());
}

TEST_CASE("aggregates of per-thread tables merge to the same result", "[hash_aggregate]") {
  Aggregates aggregates;
  AggregationTable first(aggregates.keys, aggregates.calls);
  AggregationTable second(aggregates.keys, aggregates.calls);
  first.consume(chunk_of(kFirst));
  second.consume(chunk_of(kSecond));
  first.merge(second);
  check(first.finish());
}

TEST_CASE("string_agg drops only the first value's delimiter, whichever table it came from", "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys;
  AggregateCall agg = call(AggregateKind::kStringAgg, 1, kText, kText);
  agg.separator = planner::column_reference(0, kText);  // each row's own delimiter
  std::vector<AggregateCall> calls{agg};
  AggregationTable empty(keys, calls);
  AggregationTable first(keys, calls);
  AggregationTable second(keys, calls);
  first.consume(chunk_of({{"--", "a", 1, true}, {"+", "b", 1, true}}));
  second.consume(chunk_of({{";", "c", 1, true}}));
  empty.merge(first);   // the empty table starts with nothing: first's leading "--" goes
  empty.merge(second);
  Chunk result = empty.finish();
  REQUIRE(result.size == 1);
  CHECK(text_at(result, 0, 0) == "a+b;c");
}

TEST_CASE("first_value keeps NULL rows and follows its order; single_value fails on a second row",
          "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kText)};
  AggregateCall first = call(AggregateKind::kFirstValue, 1, kText, kText);
  first.order.push_back({planner::column_reference(2, kInt), true, true});  // ORDER BY number DESC NULLS FIRST
  AggregateCall single = call(AggregateKind::kSingleValue, 1, kText, kText);
  // The table keeps references to its keys and calls.
  std::vector<AggregateCall> firsts{first}, singles{single};
  {
    AggregationTable table(keys, firsts);
    table.consume(chunk_of(kFirst));   // a: x(3), y(1), NULL(7); b: p(1)
    table.consume(chunk_of(kSecond));  // a: x(2), z(3); c: NULL(NULL); b: p(5)
    Chunk result = table.finish();
    REQUIRE(result.size == 3);
    CHECK(text_at(result, 1, 0) == "NULL");  // a: the row with number 7 has a NULL word
    CHECK(text_at(result, 1, 1) == "p");
    CHECK(text_at(result, 1, 2) == "NULL");
  }
  {
    AggregationTable table(keys, singles);
    table.consume(chunk_of({{"a", nullptr, 1, true}, {"b", "q", 2, true}}));
    Chunk result = table.finish();
    CHECK(text_at(result, 1, 0) == "NULL");
    CHECK(text_at(result, 1, 1) == "q");
  }
  AggregationTable table(keys, singles);
  table.consume(chunk_of({{"a", "x", 1, true}, {"a", nullptr, 2, true}}));
  CHECK_THROWS_AS(table.finish(), SqlError);
}

// ---- Group keys: packed, direct, byte keys; typed sums; partitioned merge ----

namespace {

using value::Decimal;

const SqlType kBigint = SqlType::of(TypeId::kBigint);
const SqlType kNumeric = SqlType::of(TypeId::kNumeric);
const SqlType kDouble = SqlType::of(TypeId::kDouble);

// One nullable column of `type` with values set by `set(vector, row)`.
template <class Set>
Vector column_of(SqlType type, std::size_t rows, Set set) {
  Vector out(type);
  out.resize(rows);
  for (std::size_t i = 0; i < rows; ++i) set(out, i);
  return out;
}

Chunk chunk_with(std::vector<Vector> columns) {
  Chunk chunk;
  chunk.size = columns.empty() ? 0 : columns[0].size();
  chunk.columns = std::move(columns);
  return chunk;
}

AggregateCall count_star() {
  AggregateCall out;
  out.kind = AggregateKind::kCountStar;
  out.type = kBigint;
  return out;
}

// count(*) by group key, from a result whose key column 0 is read by `key_of`.
template <class KeyOf>
std::map<std::string, std::int64_t> counts_by_key(const Chunk& result, KeyOf key_of) {
  std::map<std::string, std::int64_t> counts;
  for (std::size_t g = 0; g < result.size; ++g) {
    std::string key = result.columns[0].is_null(g) ? "NULL" : key_of(result.columns[0], g);
    CHECK(counts.count(key) == 0);  // each key once
    counts[key] = result.columns[1].ints[g];
  }
  return counts;
}

std::string int_key(const Vector& v, std::size_t g) { return std::to_string(v.ints[g]); }

}  // namespace

TEST_CASE("integer keys pack with their sign, and NULL keys form one group", "[hash_aggregate]") {
  const std::vector<std::optional<std::int64_t>> values = {-1, 1, std::nullopt, -1, std::nullopt, INT32_MIN,
                                                           INT32_MAX, 0, -2};
  for (SqlType type : {kInt, kBigint, SqlType::of(TypeId::kSmallint)}) {
    std::vector<planner::BoundExpression> keys{planner::column_reference(0, type)};
    std::vector<AggregateCall> calls{count_star()};
    AggregationTable table(keys, calls);
    std::vector<std::optional<std::int64_t>> used = values;
    if (type.id == TypeId::kSmallint) {
      used[5] = INT16_MIN;
      used[6] = INT16_MAX;
    }
    table.consume(chunk_with({column_of(type, used.size(), [&](Vector& v, std::size_t i) {
      v.nulls[i] = !used[i];
      v.ints[i] = used[i].value_or(0);
    })}));
    Chunk result = table.finish();
    auto counts = counts_by_key(result, int_key);
    CHECK(result.size == 7);
    CHECK(counts["-1"] == 2);
    CHECK(counts["NULL"] == 2);
    CHECK(counts["1"] == 1);
    CHECK(counts["-2"] == 1);
    CHECK(counts[std::to_string(*used[5])] == 1);
    CHECK(counts[std::to_string(*used[6])] == 1);
    CHECK(result.columns[0].ints[0] == -1);  // first-seen order: -1, 1, NULL, ...
    CHECK(result.columns[0].is_null(2));
  }
}

TEST_CASE("bigint keys at the extremes and two-column keys stay distinct", "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kBigint), planner::column_reference(1, kInt)};
  std::vector<AggregateCall> calls{count_star()};
  AggregationTable table(keys, calls);
  const std::vector<std::int64_t> first = {INT64_MIN, INT64_MAX, -1, -1, 0, 0};
  const std::vector<std::int64_t> second = {0, 0, -1, -1, 0, 1};
  table.consume(chunk_with({column_of(kBigint, 6, [&](Vector& v, std::size_t i) { v.ints[i] = first[i]; }),
                            column_of(kInt, 6, [&](Vector& v, std::size_t i) {
                              v.ints[i] = second[i];
                              v.nulls[i] = i == 4;  // (0, NULL) differs from (0, 0)
                            })}));
  Chunk result = table.finish();
  REQUIRE(result.size == 5);
  CHECK(result.columns[0].ints[0] == INT64_MIN);
  CHECK(result.columns[0].ints[1] == INT64_MAX);
  CHECK(result.columns[2].ints[2] == 2);  // (-1, -1) twice
  CHECK(result.columns[1].is_null(3));
  CHECK(result.columns[1].ints[4] == 1);
}

TEST_CASE("numeric keys group 1.5 with 1.50 and show the first-seen value", "[hash_aggregate]") {
  const std::vector<Decimal> values = {{15, 1}, {150, 2}, {-15, 1}, {0, 0}, {0, 3}, {1500, 3}, {2, 0}};
  for (SqlType type : {kNumeric, SqlType::numeric(10, 3)}) {
    std::vector<planner::BoundExpression> keys{planner::column_reference(0, type)};
    std::vector<AggregateCall> calls{count_star()};
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(type, values.size(), [&](Vector& v, std::size_t i) {
      v.decimals[i] = values[i];
    })}));
    Chunk result = table.finish();
    REQUIRE(result.size == 4);
    CHECK(value::format_decimal(result.columns[0].decimal(0)) == "1.5");
    CHECK(result.columns[1].ints[0] == 3);
    CHECK(value::format_decimal(result.columns[0].decimal(1)) == "-1.5");
    CHECK(value::format_decimal(result.columns[0].decimal(2)) == "0");
    CHECK(result.columns[1].ints[2] == 2);
    CHECK(result.columns[1].ints[3] == 1);
  }
}

TEST_CASE("numeric keys too wide for 64-bit units fall back to byte keys and still group by value",
          "[hash_aggregate]") {
  __int128 big = 1;
  for (int i = 0; i < 30; ++i) big *= 10;
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kNumeric)};
  std::vector<AggregateCall> calls{count_star()};
  AggregationTable table(keys, calls);
  table.consume(chunk_with({column_of(kNumeric, 2, [&](Vector& v, std::size_t i) {
    v.decimals[i] = Decimal{i == 0 ? __int128{25} : __int128{250}, static_cast<std::int32_t>(1 + i)};
  })}));
  table.consume(chunk_with({column_of(kNumeric, 3, [&](Vector& v, std::size_t i) {
    v.decimals[i] = i == 0 ? Decimal{big, 0} : i == 1 ? Decimal{big * 10, 1} : Decimal{25, 1};
  })}));
  Chunk result = table.finish();
  REQUIRE(result.size == 2);
  CHECK(value::format_decimal(result.columns[0].decimal(0)) == "2.5");
  CHECK(result.columns[1].ints[0] == 3);
  CHECK(result.columns[1].ints[1] == 2);
}

TEST_CASE("char(n) keys ignore trailing blanks, text keys do not", "[hash_aggregate]") {
  const std::vector<const char*> words = {"a", "a  ", "a ", "b", "", "   ", "ab"};
  for (SqlType type : {SqlType::character(3), SqlType::character(1), SqlType::of(TypeId::kChar), kText,
                       SqlType::varchar(3)}) {
    std::vector<planner::BoundExpression> keys{planner::column_reference(0, type)};
    std::vector<AggregateCall> calls{count_star()};
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(type, words.size(), [&](Vector& v, std::size_t i) { v.texts[i] = words[i]; })}));
    Chunk result = table.finish();
    if (type.id == TypeId::kChar) {
      REQUIRE(result.size == 4);
      CHECK(result.columns[1].ints[0] == 3);  // a, 'a  ', 'a '
      CHECK(result.columns[1].ints[2] == 2);  // '', '   '
    } else {
      CHECK(result.size == words.size());
    }
  }
}

TEST_CASE("float keys: -0 equals 0 and NaN equals NaN", "[hash_aggregate]") {
  const std::vector<double> values = {0.0, -0.0, std::nan(""), -std::nan(""), 1.5, std::nan("7")};
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kDouble)};
  std::vector<AggregateCall> calls{count_star()};
  AggregationTable table(keys, calls);
  table.consume(chunk_with({column_of(kDouble, values.size(), [&](Vector& v, std::size_t i) { v.doubles[i] = values[i]; })}));
  Chunk result = table.finish();
  REQUIRE(result.size == 3);
  CHECK(result.columns[1].ints[0] == 2);
  CHECK(std::isnan(result.columns[0].doubles[1]));
  CHECK(result.columns[1].ints[1] == 3);
  CHECK(result.columns[1].ints[2] == 1);
}

TEST_CASE("key forms: booleans use a direct array, long text falls back to byte keys mid-stream", "[hash_aggregate]") {
  {
    exec::GroupKeys groups({kBool});
    CHECK(groups.uses_direct_array());
    Vector flags = column_of(kBool, 5, [](Vector& v, std::size_t i) {
      v.ints[i] = i % 2;
      v.nulls[i] = i == 4;
    });
    std::vector<std::uint32_t> assigned(5);
    groups.assign(exec::KeyColumns{&flags}, 5, assigned.data());
    CHECK(groups.size() == 3);
    CHECK(assigned == std::vector<std::uint32_t>{0, 1, 0, 1, 2});
  }
  CHECK(exec::GroupKeys({SqlType::character(1), SqlType::varchar(1)}).uses_direct_array());  // Q1's flags
  CHECK(!exec::GroupKeys({SqlType::character(2)}).uses_direct_array());
  CHECK(!exec::GroupKeys({kText}).uses_direct_array());
  CHECK(!exec::GroupKeys({SqlType::character(1), SqlType::character(1), SqlType::character(1)}).uses_direct_array());
  CHECK(!exec::GroupKeys({SqlType::of(TypeId::kInterval)}).uses_direct_array());
  CHECK(exec::GroupKeys({SqlType::of(TypeId::kInterval)}).uses_bytes());
  CHECK(!exec::GroupKeys({kText, kBigint}).uses_bytes());  // 61 + 65 bits
  CHECK(exec::GroupKeys({kText, kBigint, kInt}).uses_bytes());

  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kText), planner::column_reference(1, kInt)};
  std::vector<AggregateCall> calls{count_star(), call(AggregateKind::kSum, 1, kInt, kBigint)};
  AggregationTable packed(keys, calls), bytes(keys, calls);
  auto rows = [](std::vector<const char*> words) {
    return chunk_with({column_of(kText, words.size(), [&](Vector& v, std::size_t i) { v.texts[i] = words[i]; }),
                       column_of(kInt, words.size(), [&](Vector& v, std::size_t i) { v.ints[i] = 1; })});
  };
  packed.consume(rows({"short", "abcdefg", "short"}));
  bytes.consume(rows({"short", "abcdefg"}));
  bytes.consume(rows({"a longer text key", "short"}));  // now byte keys: earlier groups re-keyed
  bytes.consume(rows({"abcdefg", "a longer text key"}));
  packed.merge(bytes);
  Chunk result = packed.finish();
  REQUIRE(result.size == 3);
  CHECK(text_at(result, 0, 0) == "short");
  CHECK(result.columns[2].ints[0] == 4);
  CHECK(text_at(result, 0, 1) == "abcdefg");
  CHECK(result.columns[2].ints[1] == 3);
  CHECK(text_at(result, 0, 2) == "a longer text key");
  CHECK(result.columns[3].ints[2] == 2);
}

TEST_CASE("numeric sums: mixed scales, values near 10^18, 38 digits, and 22003 past them", "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys;
  std::vector<AggregateCall> calls{call(AggregateKind::kSum, 0, kNumeric, kNumeric),
                                   call(AggregateKind::kAvg, 0, kNumeric, kNumeric)};
  {
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 3, [](Vector& v, std::size_t i) {
      v.decimals[i] = i == 0 ? Decimal{15, 1} : i == 1 ? Decimal{225, 2} : Decimal{1, 0};
    })}));
    Chunk result = table.finish();
    CHECK(value::format_decimal(result.columns[0].decimal(0)) == "4.75");
    CHECK(value::format_decimal(result.columns[1].decimal(0)) == "1.5833333333333333");
  }
  {
    // 2000 values of 999999999999999999.99 (units beyond 64 bits), in two tables merged.
    AggregationTable first(keys, calls), second(keys, calls);
    for (AggregationTable* table : {&first, &second}) {
      table->consume(chunk_with({column_of(kNumeric, 1000, [](Vector& v, std::size_t i) {
        v.decimals[i] = Decimal{__int128{999999999999999999LL} * 100 + 99, 2};
      })}));
    }
    first.merge(second);
    Chunk result = first.finish();
    CHECK(value::format_decimal(result.columns[0].decimal(0)) == "1999999999999999999980.00");
  }
  {
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 2000, [](Vector& v, std::size_t i) {
      v.decimals[i] = Decimal{__int128{999999999999999999LL} * 100 + 99, 2};
    })}));
    Chunk result = table.finish();
    CHECK(value::format_decimal(result.columns[0].decimal(0)) == "1999999999999999999980.00");
    CHECK(value::format_decimal(result.columns[1].decimal(0)) == "999999999999999999.99");
  }
  __int128 max38 = value::decimal_detail::kMaxUnits;
  {
    // Partial sums may pass 38 digits (while 128 bits hold them) if the total comes back within them.
    const __int128 big = max38 / 10 * 6;
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 3, [&](Vector& v, std::size_t i) {
      v.decimals[i] = Decimal{i == 2 ? -big : big, 0};
    })}));
    Chunk result = table.finish();
    CHECK(result.columns[0].decimal(0).units == big);
  }
  auto sqlstate_of = [&](auto&& run) {
    try {
      run();
    } catch (const SqlError& error) {
      return error.sqlstate();
    }
    return std::string("none");
  };
  CHECK(sqlstate_of([&] {  // a total past 38 digits
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 2, [&](Vector& v, std::size_t i) { v.decimals[i] = Decimal{max38, 0}; })}));
    table.finish();
  }) == "22003");
  // Past 128 bits while adding, or rescaling past 38 digits: reported when
  // the sums finish (a NaN or infinity in the group would decide the sum).
  CHECK(sqlstate_of([&] {
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 3, [&](Vector& v, std::size_t i) { v.decimals[i] = Decimal{max38, 0}; })}));
    table.finish();
  }) == "22003");
  CHECK(sqlstate_of([&] {
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 2, [&](Vector& v, std::size_t i) {
      v.decimals[i] = i == 0 ? Decimal{max38 / 10, 0} : Decimal{1, 5};
    })}));
    table.finish();
  }) == "22003");
  CHECK(sqlstate_of([&] {  // ... unless an infinity decides it
    AggregationTable table(keys, calls);
    table.consume(chunk_with({column_of(kNumeric, 4, [&](Vector& v, std::size_t i) {
      v.decimals[i] = i == 3 ? value::kDecimalInfinity : Decimal{max38, 0};
    })}));
    Chunk result = table.finish();
    CHECK(value::format_decimal(result.columns[0].decimal(0)) == "Infinity");
  }) == "none");
}

TEST_CASE("integer sums: bigint results near 2^63, numeric for bigint inputs, 22003 past bigint", "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys;
  std::vector<AggregateCall> bigint_sum{call(AggregateKind::kSum, 0, kBigint, kNumeric)};
  AggregationTable table(keys, bigint_sum);
  for (int repeat = 0; repeat < 2; ++repeat) {
    table.consume(chunk_with({column_of(kBigint, 4, [](Vector& v, std::size_t i) { v.ints[i] = INT64_MAX; })}));
  }
  CHECK(value::format_decimal(table.finish().columns[0].decimal(0)) == "73786976294838206456");
  std::vector<AggregateCall> int_sum{call(AggregateKind::kSum, 0, kInt, kBigint)};
  AggregationTable near(keys, int_sum);
  near.consume(chunk_with({column_of(kInt, 2, [](Vector& v, std::size_t i) { v.ints[i] = i == 0 ? INT32_MAX : -1; })}));
  CHECK(near.finish().columns[0].ints[0] == INT32_MAX - 1);
}

TEST_CASE("more than a million groups from two tables merge by partition", "[hash_aggregate]") {
  constexpr std::int64_t kFirstEnd = 700000, kSecondBegin = 500000, kSecondEnd = 1200000;
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kBigint)};
  std::vector<AggregateCall> calls{count_star(), call(AggregateKind::kSum, 0, kBigint, kNumeric),
                                   call(AggregateKind::kMax, 0, kBigint, kBigint)};
  std::vector<std::unique_ptr<AggregationTable>> tables;
  tables.push_back(std::make_unique<AggregationTable>(keys, calls));
  tables.push_back(std::make_unique<AggregationTable>(keys, calls));
  auto feed = [&](AggregationTable& table, std::int64_t begin, std::int64_t end) {
    for (std::int64_t at = begin; at < end; at += 1024) {
      std::size_t rows = static_cast<std::size_t>(std::min<std::int64_t>(1024, end - at));
      table.consume(chunk_with({column_of(kBigint, rows, [&](Vector& v, std::size_t i) {
        v.ints[i] = -(at + static_cast<std::int64_t>(i));
      })}));
    }
  };
  feed(*tables[0], 0, kFirstEnd);
  feed(*tables[1], kSecondBegin, kSecondEnd);
  std::vector<SqlType> types{kBigint, kBigint, kNumeric, kBigint};
  exec::OperatorMemory memory(nullptr, "HashAggregate");
  Chunk result = exec::concatenate(exec::merge_partitioned(std::move(tables), keys, calls, memory, [] {}), types);
  REQUIRE(result.size == static_cast<std::size_t>(kSecondEnd));
  std::vector<std::uint8_t> seen(kSecondEnd, 0);
  bool all_right = true;
  for (std::size_t g = 0; g < result.size; ++g) {
    std::int64_t key = -result.columns[0].ints[g];
    std::int64_t times = key >= kSecondBegin && key < kFirstEnd ? 2 : 1;
    all_right &= key >= 0 && key < kSecondEnd && !seen[key] && result.columns[1].ints[g] == times &&
                 result.columns[2].decimal(g).units == -key * times && result.columns[3].ints[g] == -key;
    if (key >= 0 && key < kSecondEnd) seen[key] = 1;
  }
  CHECK(all_right);
}

TEST_CASE("a partitioned merge of byte keys keeps DISTINCT and ordered string_agg", "[hash_aggregate]") {
  constexpr int kGroups = 40000;
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kText)};
  AggregateCall distinct_count = call(AggregateKind::kCount, 1, kInt, kBigint);
  distinct_count.distinct = true;
  AggregateCall ordered = call(AggregateKind::kStringAgg, 2, kText, kText);
  ordered.separator = text_constant(",");
  ordered.order.push_back({planner::column_reference(1, kInt), true, false});  // ORDER BY number DESC
  std::vector<AggregateCall> calls{distinct_count, ordered};
  std::vector<std::string> names(kGroups);
  for (int g = 0; g < kGroups; ++g) names[g] = "group number " + std::to_string(g);
  const char* words[] = {"x", "y", "z"};
  std::vector<std::unique_ptr<AggregationTable>> tables;
  for (int t = 0; t < 3; ++t) {
    // Table t sees every group once with number t % 2 and word words[t].
    tables.push_back(std::make_unique<AggregationTable>(keys, calls));
    for (int at = 0; at < kGroups; at += 1000) {
      tables.back()->consume(chunk_with(
          {column_of(kText, 1000, [&](Vector& v, std::size_t i) { v.texts[i] = names[at + i]; }),
           column_of(kInt, 1000, [&](Vector& v, std::size_t i) { v.ints[i] = t % 2 == 0 ? t : 1; }),
           column_of(kText, 1000, [&](Vector& v, std::size_t i) { v.texts[i] = words[t]; })}));
    }
  }
  exec::OperatorMemory memory(nullptr, "HashAggregate");
  Chunk result = exec::concatenate(exec::merge_partitioned(std::move(tables), keys, calls, memory, [] {}),
                                  {kText, kBigint, kText});
  REQUIRE(result.size == kGroups);
  bool all_right = true;
  std::set<std::string> keys_seen;
  for (std::size_t g = 0; g < result.size; ++g) {
    keys_seen.insert(text_at(result, 0, g));
    // numbers 0, 1, 2: three distinct; string_agg by number descending: z (2), y (1), x (0)
    all_right &= result.columns[1].ints[g] == 3 && text_at(result, 2, g) == "z,y,x";
  }
  CHECK(all_right);
  CHECK(keys_seen.size() == kGroups);
}

TEST_CASE("min/max and keys of text keep the input's text alive after its chunk is gone", "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kText)};
  std::vector<AggregateCall> calls{call(AggregateKind::kMin, 1, kText, kText), call(AggregateKind::kMax, 1, kText, kText)};
  AggregationTable table(keys, calls);
  for (int round = 0; round < 2; ++round) {
    // Texts owned by the chunk alone, as a computed expression's are.
    auto storage = std::make_shared<exec::TextStorage>();
    Chunk chunk;
    chunk.size = 3;
    chunk.columns = {Vector(kText), Vector(kText)};
    for (auto& column : chunk.columns) {
      column.resize(3);
      column.text_owners = {storage};
    }
    for (std::size_t i = 0; i < 3; ++i) {
      chunk.columns[0].texts[i] = storage->strings.emplace_back("a group key longer than the packed form" + std::to_string(i % 2));
      chunk.columns[1].texts[i] = storage->strings.emplace_back("value " + std::to_string(round * 10 + static_cast<int>(i)));
    }
    table.consume(chunk);
  }
  Chunk result = table.finish();
  REQUIRE(result.size == 2);
  CHECK(text_at(result, 0, 0) == "a group key longer than the packed form0");
  CHECK(text_at(result, 1, 0) == "value 0");
  CHECK(text_at(result, 2, 0) == "value 2");  // bytewise: "value 2" > "value 12"
  CHECK(text_at(result, 1, 1) == "value 1");
  CHECK(text_at(result, 2, 1) == "value 11");
}

TEST_CASE("one-character keys use a direct array until a value has no code, then a packed table", "[hash_aggregate]") {
  const SqlType flag = SqlType::character(1);
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, flag), planner::column_reference(1, kBool)};
  std::vector<AggregateCall> calls{count_star()};
  auto rows = [&](std::vector<const char*> letters) {
    return chunk_with({column_of(flag, letters.size(), [&](Vector& v, std::size_t i) {
                         v.nulls[i] = letters[i] == nullptr;
                         if (letters[i] != nullptr) v.texts[i] = letters[i];
                       }),
                       column_of(kBool, letters.size(), [&](Vector& v, std::size_t i) {
                         v.ints[i] = 1;
                         v.nulls[i] = i == 0;
                       })});
  };
  AggregationTable direct(keys, calls), switched(keys, calls);
  direct.consume(rows({"A", "A", "N", " ", "", nullptr}));  // (A,NULL) (A,t) (N,t) ('',t) x2 (NULL,t)
  switched.consume(rows({"A", "N", "R"}));                  // (A,NULL) (N,t) (R,t)
  switched.consume(rows({"A", "é", "\x01", "N", nullptr}));  // (A,NULL) (é,t) (\x01,t) (N,t) (NULL,t)
  direct.merge(switched);
  Chunk result = direct.finish();
  std::map<std::string, std::int64_t> counts;
  for (std::size_t g = 0; g < result.size; ++g) {
    std::string key = text_at(result, 0, g) + "/" + (result.columns[1].is_null(g) ? "NULL" : "t");
    CHECK(counts.count(key) == 0);
    counts[key] = result.columns[2].ints[g];
  }
  CHECK(counts.size() == 8);
  CHECK(counts["A/NULL"] == 3);
  CHECK(counts["A/t"] == 1);
  CHECK(counts["N/t"] == 3);
  CHECK(counts[" /t"] + counts["/t"] == 2);  // 1 group: ' ' and '' are equal in char(1)
  CHECK(counts["NULL/t"] == 2);
  CHECK(counts["R/t"] == 1);
  CHECK(counts["é/t"] == 1);
  CHECK(counts["\x01/t"] == 1);
}

TEST_CASE("numeric sums over few groups: values near 10^18, NULLs, one value of another scale", "[hash_aggregate]") {
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kBigint)};
  std::vector<AggregateCall> calls{call(AggregateKind::kSum, 1, kNumeric, kNumeric),
                                   call(AggregateKind::kAvg, 1, kNumeric, kNumeric), count_star()};
  // Four groups, values near 10^18 at scale 2 (units beyond 64 bits), NULLs;
  // the third chunk has one value of another scale (row by row for it).
  AggregationTable table(keys, calls);
  std::map<std::int64_t, __int128> expected_units;
  std::map<std::int64_t, std::int64_t> expected_counts;
  for (int chunk = 0; chunk < 4; ++chunk) {
    const std::size_t rows = 1000;
    auto group_of = [&](std::size_t i) { return static_cast<std::int64_t>((i * 7 + chunk) % 4); };
    auto null_at = [&](std::size_t i) { return i % 9 == 4; };
    auto units_of = [&](std::size_t i) {
      __int128 base = __int128{999999999999999999LL} * 100 + 99;
      return (i % 3 == 0 ? -base : base) - static_cast<__int128>(i);
    };
    Chunk input = chunk_with({column_of(kBigint, rows, [&](Vector& v, std::size_t i) { v.ints[i] = group_of(i); }),
                              column_of(kNumeric, rows, [&](Vector& v, std::size_t i) {
                                v.nulls[i] = null_at(i);
                                v.decimals[i] = Decimal{units_of(i), 2};
                                if (chunk == 2 && i == 500) v.decimals[i] = Decimal{units_of(i) * 10, 3};
                              })});
    table.consume(input);
    for (std::size_t i = 0; i < rows; ++i) {
      if (null_at(i)) continue;
      expected_units[group_of(i)] += units_of(i);
      ++expected_counts[group_of(i)];
    }
  }
  Chunk result = table.finish();
  REQUIRE(result.size == 4);
  for (std::size_t g = 0; g < result.size; ++g) {
    std::int64_t key = result.columns[0].ints[g];
    // The one value at scale 3 (row 500 of the third chunk, group 2) makes its group's sum scale 3.
    Decimal sum = result.columns[1].decimal(g);
    const int scale = key == 2 ? 3 : 2;
    CHECK(sum.scale == scale);
    CHECK(sum.units == expected_units[key] * (scale == 3 ? 10 : 1));
    CHECK(value::format_decimal(result.columns[2].decimal(g)) ==
          value::format_decimal(value::decimal_div(sum, value::decimal_from_int(expected_counts[key]))));
    CHECK(result.columns[3].ints[g] == 1000);
  }
  // Sums leaving 128 bits raise 22003 when they finish.
  __int128 max38 = value::decimal_detail::kMaxUnits;
  AggregationTable overflowing(keys, calls);
  overflowing.consume(chunk_with({column_of(kBigint, 8, [](Vector& v, std::size_t i) { v.ints[i] = 0; }),
                                  column_of(kNumeric, 8, [&](Vector& v, std::size_t) {
                                    for (auto& d : v.decimals) d = Decimal{max38, 0};
                                  })}));
  CHECK_THROWS_AS(overflowing.finish(), SqlError);
}

TEST_CASE("sum and avg of one numeric share their sums and give what each gives alone", "[hash_aggregate]") {
  const SqlType numeric = SqlType::numeric(15, 2);
  const SqlType result = SqlType::of(TypeId::kNumeric);
  // Rows (group text, x numeric(15, 2) as units at scale 2, NULL every fifth).
  auto numbers = [&](std::size_t first, std::size_t count) {
    Chunk chunk;
    chunk.size = count;
    chunk.columns = {Vector(kText), Vector(numeric)};
    chunk.columns[1].units_scale = 2;
    for (auto& column : chunk.columns) column.resize(count);
    static const char* const kGroups[] = {"a", "b", "c"};
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t row = first + i;
      chunk.columns[0].texts[i] = kGroups[row % 3];
      chunk.columns[1].nulls[i] = row % 5 == 4;
      chunk.columns[1].ints[i] = static_cast<std::int64_t>(row * 137 % 1000) - 300;
    }
    return chunk;
  };
  const std::vector<planner::BoundExpression> keys{planner::column_reference(0, kText)};
  const AggregateCall sum = call(AggregateKind::kSum, 1, numeric, result);
  const AggregateCall avg = call(AggregateKind::kAvg, 1, numeric, result);
  AggregateCall filtered = avg;  // FILTER sees other rows: it keeps its own sums
  filtered.filter = exec::testing::comparison(planner::ComparisonOp::kGreater, planner::column_reference(1, numeric),
                                               exec::testing::numeric_constant("0"));
  auto run = [&](const std::vector<AggregateCall>& calls) {
    AggregationTable first(keys, calls), second(keys, calls);
    first.consume(numbers(0, 700));
    second.consume(numbers(700, 900));
    first.merge(second);
    return first.finish();
  };
  const std::vector<AggregateCall> together{sum, avg, filtered, sum};
  const Chunk both = run(together);
  const Chunk sums = run({sum}), averages = run({avg}), filtered_averages = run({filtered});
  REQUIRE(both.size == 3);
  for (std::size_t g = 0; g < 3; ++g) {
    CHECK(both.columns[0].texts[g] == sums.columns[0].texts[g]);
    CHECK(value::decimal_compare(both.columns[1].decimal(g), sums.columns[1].decimal(g)) == 0);
    CHECK(value::decimal_compare(both.columns[2].decimal(g), averages.columns[1].decimal(g)) == 0);
    CHECK(both.columns[2].decimal(g).scale == averages.columns[1].decimal(g).scale);
    CHECK(value::decimal_compare(both.columns[3].decimal(g), filtered_averages.columns[1].decimal(g)) == 0);
    CHECK(value::decimal_compare(both.columns[4].decimal(g), sums.columns[1].decimal(g)) == 0);
  }
}

TEST_CASE("carried keys are kept per group as first seen, not hashed, in every key form and through merges",
          "[hash_aggregate]") {
  // Key 0 (an id) determines key 1 (its name): groups by id alone.
  std::vector<planner::BoundExpression> keys{planner::column_reference(0, kInt), planner::column_reference(1, kText)};
  std::vector<AggregateCall> calls{count_star()};
  const std::vector<bool> carried{false, true};
  auto rows = [](std::vector<std::int64_t> ids, std::vector<const char*> names) {
    return chunk_with({column_of(kInt, ids.size(), [&](Vector& v, std::size_t i) { v.ints[i] = ids[i]; }),
                       column_of(kText, names.size(), [&](Vector& v, std::size_t i) { v.texts[i] = names[i]; })});
  };
  AggregationTable first(keys, calls, carried), second(keys, calls, carried);
  // The names differ only to show which is kept: the first seen per id.
  first.consume(rows({1, 2, 1, 3}, {"one", "two", "uno", "three"}));
  second.consume(rows({3, 4, 4}, {"tres", "four", "vier"}));
  // A carried text too long to pack leaves the keys packed (only the id is hashed).
  second.consume(rows({5}, {"a key far longer than sixteen bytes"}));
  first.merge(second);
  Chunk result = first.finish();
  REQUIRE(result.size == 5);
  std::vector<std::string> names;
  std::vector<std::int64_t> counts;
  for (std::size_t g = 0; g < result.size; ++g) {
    names.emplace_back(result.columns[1].texts[g]);
    counts.push_back(result.columns[2].ints[g]);
  }
  CHECK(names == std::vector<std::string>{"one", "two", "three", "four", "a key far longer than sixteen bytes"});
  CHECK(counts == std::vector<std::int64_t>{2, 1, 2, 2, 1});
  CHECK(exec::GroupKeys({kInt, kText}, carried).uses_direct_array() == false);
  CHECK_FALSE(exec::GroupKeys({kInt, kText, kText, kText}, {false, true, true, true}).uses_bytes());
}
