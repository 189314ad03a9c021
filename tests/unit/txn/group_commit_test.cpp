// Group commit led by the sessions themselves: many threads commit at once
// straight through the BatchCommitter (no SQL layer, so the test also runs
// under TSan). Every commit is published exactly once, each waiter gets its
// own result, batches form while a batch is being made durable, and requests
// beyond the largest batch are led by the next waiter.
#include "txn/batch_committer.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "storage/sql_error.h"
#include "storage/table/table.h"
#include "storage/table/table_keys.h"

using namespace ptreedb;
using namespace ptreedb::storage;
using value::SqlType;
using value::TypeId;
using txn::WorldPtr;

namespace {

std::shared_ptr<const TableSchema> counters_schema() {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint), true},
                                       {"writer", SqlType::of(TypeId::kBigint), false}};
  return std::make_shared<TableSchema>(16384, "counters", columns, std::vector<std::size_t>{0},
                                       std::vector<IndexSchema>{});
}

RowRef row(const TableSchema& schema, std::int64_t id, std::int64_t writer) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  builder.set_int(1, writer);
  return builder.finish();
}

// A log whose persist takes a while, as a disk's does, and which checks that
// it is called by one thread at a time in publish order.
class SlowLog : public txn::CommitLog {
 public:
  // Catch's assertions are not thread-safe: violations are counted here and
  // checked by the test's thread.
  void make_durable(const World& before, const World& after) override {
    if (in_use_.exchange(true) || &before == &after) violations_.fetch_add(1);
    std::this_thread::sleep_for(std::chrono::microseconds(300));
    persists_.fetch_add(1);
    in_use_.store(false);
  }
  int persists() const { return persists_.load(); }
  int violations() const { return violations_.load(); }

 private:
  std::atomic<bool> in_use_{false};
  std::atomic<int> persists_{0};
  std::atomic<int> violations_{0};
};

// Inserts one row per commit; returns the number of commits refused.
int insert_rows(txn::BatchCommitter& committer, WorldHolder& worlds, const TableSchema& schema, int writer,
                int first_id, int count) {
  int refused = 0;
  for (int i = 0; i < count; ++i) {
    try {
      // A key already in the snapshot is refused here (23505), one that a
      // concurrent commit added first at commit.
      auto snapshot = worlds.current();
      auto table = snapshot->find_table("counters");
      auto next =
          snapshot->with_table(std::make_shared<Table>(table->insert_rows({row(schema, first_id + i, writer)})));
      committer.commit(snapshot, next, txn::IsolationLevel::kReadCommitted);
    } catch (const SqlError&) {
      ++refused;
    }
  }
  return refused;
}

}  // namespace

TEST_CASE("concurrent commits are all published, in batches, one persist per batch", "[txn][concurrency]") {
  auto schema = counters_schema();
  WorldHolder worlds;
  worlds.publish(worlds.current()->with_table(std::make_shared<Table>(schema)));
  SlowLog log;
  txn::BatchCommitter committer(worlds, txn::CommitterOptions{std::chrono::microseconds(0), 1024});
  committer.set_commit_log(&log);
  constexpr int kThreads = 12, kRows = 60;
  std::vector<std::thread> threads;
  std::atomic<int> refused{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] { refused += insert_rows(committer, worlds, *schema, t, t * 1000, kRows); });
  }
  for (auto& thread : threads) thread.join();
  CHECK(refused == 0);
  CHECK(worlds.current()->find_table("counters")->rows().size() == kThreads * kRows);
  auto stats = committer.stats().read();
  CHECK(stats.commits == kThreads * kRows);
  CHECK(stats.batched_requests == kThreads * kRows);
  CHECK(static_cast<int>(stats.batches) == log.persists());
  CHECK(log.violations() == 0);
  // While one batch persists (300 µs) the other threads queue behind it.
  CHECK(stats.batches < stats.batched_requests);
  CHECK(stats.max_batch_size > 1);
}

TEST_CASE("requests beyond the largest batch are led by the next waiter", "[txn][concurrency]") {
  auto schema = counters_schema();
  WorldHolder worlds;
  worlds.publish(worlds.current()->with_table(std::make_shared<Table>(schema)));
  SlowLog log;
  txn::BatchCommitter committer(worlds, txn::CommitterOptions{std::chrono::microseconds(0), 2});
  committer.set_commit_log(&log);
  constexpr int kThreads = 10, kRows = 30;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] { insert_rows(committer, worlds, *schema, t, t * 1000, kRows); });
  }
  for (auto& thread : threads) thread.join();
  CHECK(worlds.current()->find_table("counters")->rows().size() == kThreads * kRows);
  auto stats = committer.stats().read();
  CHECK(stats.max_batch_size <= 2);
  CHECK(stats.commits == kThreads * kRows);
}

TEST_CASE("each waiter gets its own result when commits in one batch conflict", "[txn][concurrency]") {
  // Every thread inserts the same keys: for each key exactly one commit wins
  // and the others are refused, whichever batch they land in.
  auto schema = counters_schema();
  WorldHolder worlds;
  worlds.publish(worlds.current()->with_table(std::make_shared<Table>(schema)));
  SlowLog log;
  txn::BatchCommitter committer(worlds, txn::CommitterOptions{std::chrono::microseconds(100), 64});
  committer.set_commit_log(&log);
  constexpr int kThreads = 8, kRows = 40;
  std::vector<std::thread> threads;
  std::atomic<int> refused{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] { refused += insert_rows(committer, worlds, *schema, t, 0, kRows); });
  }
  for (auto& thread : threads) thread.join();
  auto table = worlds.current()->find_table("counters");
  CHECK(table->rows().size() == kRows);
  auto stats = committer.stats().read();
  CHECK(static_cast<int>(stats.commits) == kRows);
  CHECK(refused == kThreads * kRows - kRows);
  CHECK(static_cast<int>(stats.serialization_aborts + stats.unique_aborts + stats.other_aborts) <= refused.load());
}

namespace {

// One read-modify-write increment of row `id`'s second column, derived from `world`.
WorldPtr incremented(const WorldPtr& world, const TableSchema& schema, std::int64_t id) {
  auto table = world->find_table("counters");
  RowRef current = row(schema, id, 0);
  const RowRef* found = table->rows().find(primary_key_of(schema, current));
  if (found == nullptr) throw std::logic_error("counter row missing");
  std::int64_t n = found->get_int(schema.layout().offset(1));
  RowRef next = row(schema, id, n + 1);
  return world->with_table(
      std::make_shared<Table>(table->replace_rows({primary_key_of(schema, next)}, {next})));
}

}  // namespace

TEST_CASE("read committed conflicts are re-run by the committer on its newest world", "[txn][concurrency]") {
  // Every thread increments the same row: each commit's snapshot is stale
  // as soon as another commits first, and the committer re-runs the
  // increment on the world its batch has reached instead of failing it.
  auto schema = counters_schema();
  WorldHolder worlds;
  auto empty = worlds.current()->with_table(std::make_shared<Table>(schema));
  worlds.publish(empty->with_table(std::make_shared<Table>(empty->find_table("counters")->insert_rows({row(*schema, 1, 0)}))));
  SlowLog log;
  txn::BatchCommitter committer(worlds, txn::CommitterOptions{std::chrono::microseconds(0), 1024});
  committer.set_commit_log(&log);
  constexpr int kThreads = 8, kIncrements = 50;
  std::atomic<int> refused{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kIncrements; ++i) {
        auto snapshot = worlds.current();
        txn::BatchCommitter::Reapply reapply = [&](const WorldPtr& newest) { return incremented(newest, *schema, 1); };
        try {
          committer.commit(snapshot, incremented(snapshot, *schema, 1), txn::IsolationLevel::kReadCommitted, nullptr,
                           &reapply);
        } catch (const SqlError&) {
          ++refused;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(refused == 0);
  auto table = worlds.current()->find_table("counters");
  const RowRef* found = table->rows().find(primary_key_of(*schema, row(*schema, 1, 0)));
  REQUIRE(found != nullptr);
  CHECK(found->get_int(schema->layout().offset(1)) == kThreads * kIncrements);
  auto stats = committer.stats().read();
  CHECK(stats.commits == kThreads * kIncrements);
  CHECK(stats.reapplied > 0);  // batches of several increments of one row
  CHECK(stats.serialization_aborts == 0);
}

TEST_CASE("repeatable read conflicts are refused even with a re-run offered", "[txn][concurrency]") {
  auto schema = counters_schema();
  WorldHolder worlds;
  auto empty = worlds.current()->with_table(std::make_shared<Table>(schema));
  worlds.publish(empty->with_table(std::make_shared<Table>(empty->find_table("counters")->insert_rows({row(*schema, 1, 0)}))));
  txn::BatchCommitter committer(worlds, txn::CommitterOptions{});
  auto stale = worlds.current();
  committer.commit(stale, incremented(stale, *schema, 1), txn::IsolationLevel::kRepeatableRead);
  txn::BatchCommitter::Reapply reapply = [&](const WorldPtr& newest) { return incremented(newest, *schema, 1); };
  try {
    committer.commit(stale, incremented(stale, *schema, 1), txn::IsolationLevel::kRepeatableRead, nullptr, &reapply);
    FAIL("a second writer of the row from the same snapshot committed");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "40001");
  }
  CHECK(committer.stats().read().reapplied == 0);
}
