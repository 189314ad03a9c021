#include "exec/memory_budget.h"

#include <atomic>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <tbb/parallel_for.h>

#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::exec::MemoryBudget;
using ptreedb::exec::OperatorMemory;
using ptreedb::exec::QueryMemory;
using ptreedb::exec::QueryMemoryScope;
using ptreedb::exec::current_query_memory;
using ptreedb::exec::format_memory_size;
using ptreedb::exec::parse_memory_size;

namespace {

// The SqlError `add` throws, or an empty sqlstate when it does not throw.
SqlError failure_of(OperatorMemory& memory, std::int64_t bytes) {
  try {
    memory.add(bytes);
  } catch (const SqlError& error) {
    return error;
  }
  return SqlError("", "");
}

}  // namespace

TEST_CASE("charges from many threads add up exactly and are all released") {
  MemoryBudget budget;
  budget.set_limit(std::int64_t{1} << 40);
  {
    QueryMemory query(budget);
    OperatorMemory sort(&query, "Sort");
    OperatorMemory hash(&query, "HashJoin");
    tbb::parallel_for(0, 10000, [&](int i) { (i % 2 == 0 ? sort : hash).add(1000 + i % 7); });
    std::int64_t expected = 0;
    for (int i = 0; i < 10000; ++i) expected += 1000 + i % 7;
    CHECK(sort.held() + hash.held() == expected);
    CHECK(query.charged() == expected);
    CHECK(budget.used() == expected);
    sort.reset();
    CHECK(query.charged() == hash.held());
    CHECK(budget.used() == hash.held());
  }
  CHECK(budget.used() == 0);
}

TEST_CASE("a charge past the process budget fails with 53200, charges nothing, and others go on") {
  MemoryBudget budget;
  budget.set_limit(1 << 20);  // big statements get 896 kB of it; the last 128 kB is for small ones
  QueryMemory other(budget);
  OperatorMemory other_sort(&other, "Sort");
  other_sort.add(300 << 10);
  {
    QueryMemory query(budget);
    OperatorMemory sort(&query, "Sort");
    sort.add(500 << 10);
    SqlError error = failure_of(sort, 200 << 10);
    CHECK(error.sqlstate() == "53200");
    CHECK(std::string(error.what()) == "out of memory");
    CHECK(error.detail() ==
          "Failed on request of size 204800 in memory context \"Sort\": the statement holds 500 kB and all "
          "statements 800 kB of the server's memory limit of 1MB.");
    CHECK(sort.held() == (500 << 10));
    CHECK(budget.used() == (800 << 10));
  }
  // The failed statement's memory is back: the other one can take it.
  CHECK(budget.used() == (300 << 10));
  CHECK_NOTHROW(other_sort.add(596 << 10));  // exactly what big statements may hold
  CHECK(failure_of(other_sort, 1).sqlstate() == "53200");
  // A small statement still gets an answer from the reserve.
  QueryMemory small(budget);
  OperatorMemory result(&small, "ExecutorState", false);
  CHECK(budget.small_statement_bytes() == (16 << 10));
  CHECK_NOTHROW(result.add(16 << 10));
  CHECK(budget.used() == (912 << 10));
  // Once it holds more, it is a big one too.
  CHECK(failure_of(result, 1).sqlstate() == "53200");
}

TEST_CASE("racing charges never pass the limit together") {
  MemoryBudget budget;
  constexpr std::int64_t kLimit = 1 << 20, kCharge = 4096;
  budget.set_limit(kLimit);
  QueryMemory query(budget);
  OperatorMemory memory(&query, "HashAggregate");
  std::atomic<int> refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        try {
          memory.add(kCharge);
        } catch (const SqlError& error) {
          CHECK(error.sqlstate() == "53200");
          ++refused;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  constexpr std::int64_t kBigStatementLimit = kLimit - kLimit / 8;
  CHECK(memory.held() == kBigStatementLimit);
  CHECK(budget.used() == kBigStatementLimit);
  CHECK(refused == 8 * 200 - kBigStatementLimit / kCharge);
}

TEST_CASE("work_mem bounds one operator; results are bound by the budget only") {
  MemoryBudget budget;
  budget.set_limit(std::int64_t{1} << 30);
  QueryMemory query(budget, 64 << 10);
  OperatorMemory sort(&query, "Sort");
  sort.add(60 << 10);
  SqlError error = failure_of(sort, 8 << 10);
  CHECK(error.sqlstate() == "53200");
  CHECK(error.detail().find("one operator may hold 64kB") != std::string::npos);
  OperatorMemory result(&query, "ExecutorState", false);
  CHECK_NOTHROW(result.add(1 << 20));
  CHECK(query.charged() == (60 << 10) + (1 << 20));
}

TEST_CASE("without a tracker nothing is charged") {
  OperatorMemory untracked(nullptr, "Sort");
  CHECK_NOTHROW(untracked.add(std::int64_t{1} << 50));
  CHECK(untracked.held() == 0);
}

TEST_CASE("the statement's tracker is this thread's inside its scope") {
  MemoryBudget budget;
  QueryMemory outer(budget), inner(budget);
  CHECK(current_query_memory() == nullptr);
  {
    QueryMemoryScope scope(&outer);
    CHECK(current_query_memory() == &outer);
    {
      QueryMemoryScope nested(&inner);  // a statement inside a statement keeps the outer one
      CHECK(current_query_memory() == &outer);
    }
    CHECK(current_query_memory() == &outer);
  }
  CHECK(current_query_memory() == nullptr);
}

TEST_CASE("memory sizes parse and print as the flag and PostgreSQL write them") {
  CHECK(parse_memory_size("268435456", 1, false) == 268435456);
  CHECK(parse_memory_size("256M", 1, false) == 268435456);
  CHECK(parse_memory_size("512k", 1, false) == 524288);
  CHECK(parse_memory_size("2G", 1, false) == (std::int64_t{2} << 30));
  CHECK(parse_memory_size("4MB", 1024, true) == (4 << 20));
  CHECK(parse_memory_size("1024", 1024, true) == (1 << 20));
  CHECK(parse_memory_size(" 64kB ", 1024, true) == (64 << 10));
  CHECK(parse_memory_size("4mb", 1024, true) == -1);  // PostgreSQL's units are case-sensitive
  CHECK(parse_memory_size("4 MB x", 1024, true) == -1);
  CHECK(parse_memory_size("MB", 1024, true) == -1);
  CHECK(parse_memory_size("99999999999999999999", 1, false) == -1);
  CHECK(format_memory_size(4 << 20) == "4MB");
  CHECK(format_memory_size(1025 << 10) == "1025kB");
  CHECK(format_memory_size(std::int64_t{3} << 30) == "3GB");
  CHECK(format_memory_size(1000) == "1000 bytes");
}
