#include "exec/hash_aggregate.h"
#include "storage/sql_error.h"

#include <catch2/catch.hpp>

#include <optional>
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

planner::BoundExpression text_constant(const char* text) {
  planner::BoundExpression out;
  out.kind = planner::ExprKind::kConstant;
  out.type = kText;
  out.constant.is_null = false;
  out.constant.text_value = text;
  return out;
}

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
