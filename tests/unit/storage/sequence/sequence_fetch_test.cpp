// Sequence arithmetic: bounds, cycling, steps near the int64 limits and the
// 32-value log-ahead, against what PostgreSQL 15's nextval does.
#include <catch2/catch.hpp>

#include <set>
#include <thread>
#include <vector>

#include "storage/sequence/sequence_counter.h"
#include "storage/sequence/sequence_fetch.h"
#include "storage/sequence/sequence_options.h"
#include "storage/sql_error.h"

using namespace ptreedb;
using storage::SequenceOptions;
using storage::SequenceState;

namespace {

std::string sqlstate_of(auto&& call) {
  try {
    call();
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace

TEST_CASE("step_within_bounds stops at the bound without overflowing") {
  SequenceOptions up;
  up.max_value = INT64_MAX;
  up.increment = 10;
  CHECK(storage::step_within_bounds(up, INT64_MAX - 10) == INT64_MAX);
  CHECK_FALSE(storage::step_within_bounds(up, INT64_MAX - 9));
  CHECK_FALSE(storage::step_within_bounds(up, INT64_MAX));

  SequenceOptions down;
  down.increment = -3;
  down.min_value = INT64_MIN;
  down.max_value = -1;
  CHECK(storage::step_within_bounds(down, INT64_MIN + 3) == INT64_MIN);
  CHECK_FALSE(storage::step_within_bounds(down, INT64_MIN + 2));

  SequenceOptions negative_max;  // max below zero going up
  negative_max.min_value = -10;
  negative_max.max_value = -5;
  negative_max.increment = 2;
  CHECK(storage::step_within_bounds(negative_max, -7) == -5);
  CHECK_FALSE(storage::step_within_bounds(negative_max, -6));

  SequenceOptions huge_step;  // an increment wider than the range
  huge_step.min_value = 0;
  huge_step.max_value = 5;
  huge_step.increment = INT64_MAX;
  CHECK_FALSE(storage::step_within_bounds(huge_step, 1));
  CHECK(storage::step_within_bounds(huge_step, -INT64_MAX + 3) == 3);
}

TEST_CASE("type bounds") {
  CHECK(storage::sequence_type_max(value::TypeId::kSmallint) == 32767);
  CHECK(storage::sequence_type_min(value::TypeId::kInteger) == INT32_MIN);
  CHECK(storage::sequence_type_max(value::TypeId::kBigint) == INT64_MAX);
}

TEST_CASE("the first call returns the start and logs 32 values ahead") {
  SequenceOptions options;
  SequenceState fresh{1, 0, false};
  auto first = storage::fetch_next_value(fresh, options, "s");
  CHECK(first.result == 1);
  CHECK(first.log);
  CHECK(first.logged_value == 33);
  CHECK(first.next.last_value == 1);
  CHECK(first.next.log_cnt == 32);
  CHECK(first.next.is_called);
  auto second = storage::fetch_next_value(first.next, options, "s");
  CHECK(second.result == 2);
  CHECK_FALSE(second.log);
  CHECK(second.next.log_cnt == 31);
}

TEST_CASE("a record is logged once every 33 values and covers every value handed out") {
  SequenceOptions options;
  SequenceState state{1, 0, false};
  std::int64_t logged = 0;
  int records = 0;
  for (int i = 1; i <= 1000; ++i) {
    auto fetch = storage::fetch_next_value(state, options, "s");
    if (fetch.log) {
      ++records;
      logged = fetch.logged_value;
    }
    CHECK(fetch.result == i);
    CHECK(fetch.result <= logged);
    state = fetch.next;
  }
  CHECK(records == (1000 + 32) / 33);
}

TEST_CASE("reaching the bound: 2200H without CYCLE, wrap with CYCLE") {
  SequenceOptions options;
  options.max_value = 3;
  SequenceState state{1, 0, false};
  for (int i = 1; i <= 3; ++i) {
    auto fetch = storage::fetch_next_value(state, options, "s");
    CHECK(fetch.result == i);
    if (i == 1) CHECK(fetch.logged_value == 3);  // logging ahead stops at the bound
    state = fetch.next;
  }
  CHECK(sqlstate_of([&] { storage::fetch_next_value(state, options, "s"); }) == "2200H");
  try {
    storage::fetch_next_value(state, options, "s");
  } catch (const SqlError& error) {
    CHECK(std::string(error.what()) == "nextval: reached maximum value of sequence \"s\" (3)");
  }
  options.cycle = true;
  options.min_value = -1;
  auto wrapped = storage::fetch_next_value(state, options, "s");
  CHECK(wrapped.result == -1);

  SequenceOptions down;
  down.increment = -2;
  down.min_value = -4;
  down.max_value = -1;
  SequenceState at{-1, 0, false};
  std::vector<std::int64_t> values;
  for (int i = 0; i < 2; ++i) {
    auto fetch = storage::fetch_next_value(at, down, "d");
    values.push_back(fetch.result);
    at = fetch.next;
  }
  CHECK(values == std::vector<std::int64_t>{-1, -3});
}

TEST_CASE("descending sequence exhausted") {
  SequenceOptions down;
  down.increment = -2;
  down.min_value = -4;
  down.max_value = -1;
  SequenceState at{-1, 0, false};
  at = storage::fetch_next_value(at, down, "d").next;
  at = storage::fetch_next_value(at, down, "d").next;
  CHECK(sqlstate_of([&] { storage::fetch_next_value(at, down, "d"); }) == "2200H");
  down.cycle = true;
  CHECK(storage::fetch_next_value(at, down, "d").result == -1);  // wraps to MAXVALUE
}

TEST_CASE("counter: setval bounds and is_called") {
  SequenceOptions options;
  options.max_value = 10;
  storage::SequenceCounter counter(16400, 1, false);
  CHECK(sqlstate_of([&] { counter.set_value(options, "s", 11, true); }) == "22003");
  CHECK(sqlstate_of([&] { counter.set_value(options, "s", 0, true); }) == "22003");
  counter.set_value(options, "s", 5, true);
  CHECK(counter.next_value(options, "s") == 6);
  counter.set_value(options, "s", 5, false);
  CHECK(counter.next_value(options, "s") == 5);
  CHECK(counter.logged_state().last_value >= 5);
}

TEST_CASE("counter: concurrent callers never share a value") {
  SequenceOptions options;
  storage::SequenceCounter counter(16400, 1, false);
  constexpr int kThreads = 4, kCalls = 5000;
  std::vector<std::vector<std::int64_t>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kCalls; ++i) got[t].push_back(counter.next_value(options, "s"));
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<std::int64_t> all;
  for (const auto& values : got) all.insert(values.begin(), values.end());
  CHECK(all.size() == static_cast<std::size_t>(kThreads * kCalls));
  CHECK(*all.rbegin() == kThreads * kCalls);
  CHECK(counter.logged_state().last_value >= kThreads * kCalls);
}
