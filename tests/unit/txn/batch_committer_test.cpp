// Write sets, first-committer-wins validation, transactions' private worlds
// and the batch committer, driven through the planner and executors.
#include "txn/batch_committer.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "exec/statement_executor.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"
#include "txn/database.h"
#include "txn/statement_world.h"
#include "tests/unit/txn/sql_test_support.h"
#include "txn/transaction.h"
#include "txn/write_set.h"

using namespace ptreedb;

namespace {

using txn::test::run;
using txn::test::scalar;

// One write statement run on `base`, not committed: (base, the world it makes).
std::pair<txn::WorldPtr, txn::WorldPtr> statement_on(const txn::WorldPtr& base, const std::string& sql) {
  txn::StatementWorld target(base);
  run(target, sql);
  return {base, target.snapshot()};
}

std::string sqlstate_of_commit(txn::Transaction& transaction) {
  try {
    transaction.commit();
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace

TEST_CASE("a write set lists exactly the rows a transaction changed", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key, v bigint)");
  run(db, "insert into t values (1, 0), (2, 0)");
  for (int i = 0; i < 13; ++i) run(db, "insert into t select id + (select max(id) from t), v from t");
  txn::Transaction transaction(db, txn::IsolationLevel::kRepeatableRead, false);
  run(transaction, "update t set v = 1 where id = 5");
  run(transaction, "delete from t where id = 7");
  run(transaction, "insert into t values (20000, 2)");
  txn::WriteSet writes = txn::write_set_of(*db.snapshot(), *transaction.snapshot());
  CHECK_FALSE(writes.catalog_changed);
  REQUIRE(writes.tables.size() == 1);
  CHECK(writes.tables[0].name == "t");
  CHECK(writes.tables[0].replaced_keys.size() == 2);  // 5 (updated) and 7 (deleted)
  CHECK(writes.tables[0].new_rows.size() == 2);       // 5's new version and 20000

  txn::Transaction ddl(db, txn::IsolationLevel::kRepeatableRead, false);
  run(ddl, "create table u (x bigint)");
  CHECK(txn::write_set_of(*db.snapshot(), *ddl.snapshot()).catalog_changed);
}

TEST_CASE("a transaction reads its own writes and publishes nothing before commit", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key, v bigint)");
  run(db, "insert into t values (1, 10)");
  txn::Transaction transaction(db, txn::IsolationLevel::kRepeatableRead, false);
  run(transaction, "update t set v = v + 5 where id = 1");
  CHECK(scalar(transaction, "select v from t") == 15);
  CHECK(scalar(db, "select v from t") == 10);
  transaction.commit();
  CHECK(scalar(db, "select v from t") == 15);
}

TEST_CASE("first committer wins on a row; disjoint rows merge", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key, v bigint)");
  run(db, "insert into t values (1, 0), (2, 0)");
  txn::Transaction first(db, txn::IsolationLevel::kRepeatableRead, false);
  txn::Transaction second(db, txn::IsolationLevel::kRepeatableRead, false);
  txn::Transaction third(db, txn::IsolationLevel::kRepeatableRead, false);
  run(first, "update t set v = 1 where id = 1");
  run(second, "update t set v = 2 where id = 1");
  run(third, "update t set v = 3 where id = 2");
  CHECK(sqlstate_of_commit(first).empty());
  CHECK(sqlstate_of_commit(second) == "40001");
  CHECK(sqlstate_of_commit(third).empty());
  CHECK(scalar(db, "select v from t where id = 1") == 1);
  CHECK(scalar(db, "select v from t where id = 2") == 3);
  CHECK(db.commit_stats().read().serialization_aborts == 1);
}

TEST_CASE("unique keys are checked against the newest world at commit", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key, code text unique)");
  txn::Transaction first(db, txn::IsolationLevel::kReadCommitted, false);
  txn::Transaction second(db, txn::IsolationLevel::kReadCommitted, false);
  txn::Transaction third(db, txn::IsolationLevel::kReadCommitted, false);
  run(first, "insert into t values (1, 'a')");
  run(second, "insert into t values (1, 'b')");
  run(third, "insert into t values (2, 'a')");
  CHECK(sqlstate_of_commit(first).empty());
  CHECK(sqlstate_of_commit(second) == "23505");
  CHECK(sqlstate_of_commit(third) == "23505");
  CHECK(scalar(db, "select count(*) from t") == 1);
}

TEST_CASE("a key an ON CONFLICT inserted, taken concurrently, is a serialization failure", "[txn]") {
  // The upsert looked the key up in its snapshot: a concurrent insert makes
  // that look-up stale (40001, so READ COMMITTED re-runs it), while a plain
  // INSERT of the same key stays a unique violation.
  txn::Database db;
  run(db, "create table c (k bigint primary key, n bigint)");
  run(db, "create table u (id bigint primary key, code text unique)");
  for (auto level : {txn::IsolationLevel::kRepeatableRead, txn::IsolationLevel::kSerializable}) {
    run(db, "delete from c");
    txn::Transaction first(db, level, false);
    txn::Transaction plain(db, level, false);
    run(first, "insert into c values (1, 1) on conflict (k) do update set n = c.n + 1");
    run(plain, "insert into c values (1, 5)");
    run(db, "insert into c values (1, 1) on conflict (k) do update set n = c.n + 1");
    CHECK(sqlstate_of_commit(first) == "40001");
    if (level == txn::IsolationLevel::kRepeatableRead) CHECK(sqlstate_of_commit(plain) == "23505");
  }
  // Through a unique index other than the primary key, in a block that
  // moved onto a newer world (READ COMMITTED) before committing.
  txn::Transaction block(db, txn::IsolationLevel::kReadCommitted, false);
  run(block, "insert into u values (1, 'a') on conflict (code) do nothing");
  run(db, "insert into c values (2, 1)");
  run(block, "select count(*) from u");
  run(db, "insert into u values (2, 'a')");
  CHECK(sqlstate_of_commit(block) == "40001");
  CHECK(scalar(db, "select id from u where code = 'a'") == 2);
}

TEST_CASE("rows of tables without a primary key from concurrent transactions all arrive", "[txn]") {
  txn::Database db;
  run(db, "create table h (v integer)");
  txn::Transaction first(db, txn::IsolationLevel::kReadCommitted, false);
  txn::Transaction second(db, txn::IsolationLevel::kReadCommitted, false);
  run(first, "insert into h values (1), (2)");
  run(second, "insert into h values (3)");
  first.commit();
  second.commit();
  CHECK(scalar(db, "select sum(v) from h") == 6);
  CHECK(scalar(db, "select count(*) from h") == 3);
}

TEST_CASE("DDL in a transaction merges by name with concurrent commits", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key)");
  txn::Transaction ddl(db, txn::IsolationLevel::kReadCommitted, false);
  run(ddl, "create table u (x bigint)");
  run(ddl, "insert into u values (1)");
  run(db, "insert into t values (1)");  // another table: merges
  CHECK(sqlstate_of_commit(ddl).empty());
  CHECK(scalar(db, "select count(*) from u") == 1);
  CHECK(scalar(db, "select count(*) from t") == 1);

  txn::Transaction alter(db, txn::IsolationLevel::kReadCommitted, false);
  run(alter, "alter table t add column v bigint");
  run(db, "insert into t values (2)");  // the altered table changed meanwhile
  CHECK(sqlstate_of_commit(alter) == "40001");

  txn::Transaction first(db, txn::IsolationLevel::kReadCommitted, false);
  txn::Transaction second(db, txn::IsolationLevel::kReadCommitted, false);
  run(first, "create table w (x bigint)");
  run(second, "create table w (y bigint)");
  CHECK(sqlstate_of_commit(first).empty());
  CHECK(sqlstate_of_commit(second) == "40001");
}

TEST_CASE("role changes commit, merge with row writes, and conflict by name", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key)");
  auto add_role = [](const std::string& name, std::uint32_t oid) {
    return [name, oid](const storage::World& world) {
      return world.with_role(std::make_shared<storage::Role>(storage::Role{name, oid, false, true, ""}));
    };
  };
  db.write(add_role("alice", 20000));  // autocommit
  REQUIRE(db.snapshot()->find_role("alice") != nullptr);

  txn::Transaction block(db, txn::IsolationLevel::kReadCommitted, false);
  run(block, "insert into t values (1)");
  block.write(add_role("bob", 20001));
  run(db, "insert into t values (2)");  // a concurrent commit: the role still merges
  CHECK(sqlstate_of_commit(block).empty());
  CHECK(db.snapshot()->find_role("bob") != nullptr);
  CHECK(scalar(db, "select count(*) from t") == 2);

  txn::Transaction first(db, txn::IsolationLevel::kReadCommitted, false);
  txn::Transaction second(db, txn::IsolationLevel::kReadCommitted, false);
  run(first, "select count(*) from t");
  run(second, "select count(*) from t");
  first.write([](const storage::World& world) { return world.without_role("alice"); });
  second.write([](const storage::World& world) {
    auto changed = std::make_shared<storage::Role>(*world.find_role("alice"));
    changed->superuser = true;
    return world.with_role(changed);
  });
  CHECK(sqlstate_of_commit(first).empty());
  CHECK(sqlstate_of_commit(second) == "40001");
  CHECK(db.snapshot()->find_role("alice") == nullptr);
}

TEST_CASE("read committed statements see newer commits with their own writes re-applied", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key, v integer)");
  run(db, "insert into t values (1, 0), (2, 0)");
  txn::Transaction transaction(db, txn::IsolationLevel::kReadCommitted, false);
  transaction.begin_statement();
  run(transaction, "update t set v = 5 where id = 1");
  run(db, "update t set v = 7 where id = 2");
  transaction.begin_statement();
  CHECK(scalar(transaction, "select sum(v) from t") == 12);
  transaction.commit();
  CHECK(scalar(db, "select sum(v) from t") == 12);
}

TEST_CASE("savepoints restore the private world", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key)");
  txn::Transaction transaction(db, txn::IsolationLevel::kRepeatableRead, false);
  run(transaction, "insert into t values (1)");
  transaction.define_savepoint("a");
  run(transaction, "insert into t values (2)");
  CHECK(scalar(transaction, "select count(*) from t") == 2);
  CHECK(transaction.rollback_to_savepoint("a"));
  CHECK(scalar(transaction, "select count(*) from t") == 1);
  CHECK_FALSE(transaction.rollback_to_savepoint("b"));
  CHECK(transaction.release_savepoint("a"));
  CHECK_FALSE(transaction.release_savepoint("a"));
  transaction.commit();
  CHECK(scalar(db, "select count(*) from t") == 1);
}

TEST_CASE("the committer batches concurrent commits and loses no increment", "[txn]") {
  txn::Database db(txn::CommitterOptions{std::chrono::microseconds(200), 64});
  run(db, "create table c (id bigint primary key, n integer)");
  run(db, "insert into c values (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0)");
  constexpr int kThreads = 8, kIncrements = 200;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&db, t] {
      for (int i = 0; i < kIncrements; ++i) {
        // Each thread its own row: no conflicts, so batches merge disjoint writes.
        run(db, "update c set n = n + 1 where id = " + std::to_string(t + 1));
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(scalar(db, "select sum(n) from c") == kThreads * kIncrements);
  auto stats = db.commit_stats().read();
  CHECK(stats.commits >= kThreads * kIncrements);
  CHECK(stats.batches < stats.batched_requests);  // some batch held more than one commit
  CHECK(stats.max_batch_size > 1);
}

TEST_CASE("serializable writers fail only when something they read changed", "[txn]") {
  txn::Database db;
  run(db, "create table a (id bigint primary key, v bigint)");
  run(db, "create table b (id bigint primary key, v bigint)");
  run(db, "insert into a values (1, 0), (5, 0), (9, 0)");
  run(db, "insert into b values (1, 0)");
  // The primary keys of a's rows 1, 5 and 9, in key order.
  auto key = [&](std::size_t position) {
    return storage::RowKey((*db.snapshot()->find_table("a")->rows().seek_index(position)).key);
  };
  const storage::RowKey key5 = key(1), key9 = key(2);
  txn::Transaction reader_of_a(db, txn::IsolationLevel::kSerializable, false);
  txn::Transaction unknown_reads(db, txn::IsolationLevel::kSerializable, false);
  reader_of_a.reads().note_table("a");
  unknown_reads.note_unknown_reads();
  run(reader_of_a, "insert into a values (2, 0)");
  run(unknown_reads, "insert into a values (3, 0)");
  run(db, "update b set v = 1");  // a table neither read
  CHECK(sqlstate_of_commit(reader_of_a).empty());
  CHECK(sqlstate_of_commit(unknown_reads) == "40001");

  txn::Transaction late(db, txn::IsolationLevel::kSerializable, false);
  late.reads().note_table("a");
  run(late, "insert into b values (2, 0)");
  run(db, "update a set v = 9 where id = 1");
  CHECK(sqlstate_of_commit(late) == "40001");

  // Key ranges: a change outside the range read is no conflict; inside it
  // (a replaced row, or a new row in a range searched) it is.
  txn::Transaction range_reader(db, txn::IsolationLevel::kSerializable, false);
  range_reader.reads().note_range("a", key5, key5);
  run(range_reader, "insert into b values (3, 0)");
  run(db, "update a set v = 7 where id = 9");
  CHECK(sqlstate_of_commit(range_reader).empty());

  txn::Transaction replaced(db, txn::IsolationLevel::kSerializable, false);
  replaced.reads().note_range("a", key5, key5);
  run(replaced, "insert into b values (4, 0)");
  run(db, "update a set v = 7 where id = 5");
  CHECK(sqlstate_of_commit(replaced) == "40001");

  txn::Transaction phantom(db, txn::IsolationLevel::kSerializable, false);
  phantom.reads().note_range("a", key5, key9);  // rows 5 and 9, and nothing between
  run(phantom, "insert into b values (5, 0)");
  run(db, "insert into a values (7, 0)");
  CHECK(sqlstate_of_commit(phantom) == "40001");
}

TEST_CASE("submitted commits complete through their callbacks; queued batches go to the dispatcher", "[txn]") {
  txn::Database db;
  run(db, "create table s (id bigint primary key, n integer)");
  run(db, "insert into s values (1, 0), (2, 0)");
  // A dispatcher that only queues: what it is handed runs when the test says.
  std::vector<std::function<void()>> dispatched;
  db.committer().set_dispatcher([&](std::function<void()> task) { dispatched.push_back(std::move(task)); });

  auto write = [&](const std::string& sql) { return statement_on(db.snapshot(), sql); };
  int done = 0;
  auto [base1, next1] = write("update s set n = 1 where id = 1");
  auto ticket1 = db.committer().submit(base1, next1, txn::IsolationLevel::kReadCommitted, nullptr, {}, [&] { ++done; });
  // Nobody was committing: the submitter committed its own batch at once.
  CHECK(done == 1);
  CHECK_FALSE(ticket1->failed());
  CHECK(scalar(db, "select n from s where id = 1") == 1);
  CHECK(dispatched.empty());

  // Both derived from the same world and writing the same row: the second is
  // refused (first committer wins, no re-run given) through its ticket.
  auto [base2, next2] = write("update s set n = 2 where id = 2");
  auto [base3, next3] = write("update s set n = 3 where id = 2");
  auto ticket2 = db.committer().submit(base2, next2, txn::IsolationLevel::kRepeatableRead, nullptr, {}, [&] { ++done; });
  auto ticket3 = db.committer().submit(base3, next3, txn::IsolationLevel::kRepeatableRead, nullptr, {}, [&] { ++done; });
  CHECK(done == 3);
  CHECK_FALSE(ticket2->failed());
  REQUIRE(ticket3->failed());
  CHECK_THROWS_AS(ticket3->rethrow_if_failed(), SqlError);
  CHECK(scalar(db, "select n from s where id = 2") == 2);

  // Nothing written: done at once.
  auto unchanged = db.snapshot();
  auto empty = db.committer().submit(unchanged, unchanged, txn::IsolationLevel::kReadCommitted, nullptr, {}, [&] { ++done; });
  CHECK(done == 4);
  CHECK_FALSE(empty->failed());
}

TEST_CASE("a blocked committer hands the batch queued behind it to the dispatcher", "[txn]") {
  txn::Database db;
  run(db, "create table q (id bigint primary key, n integer)");
  run(db, "insert into q values (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)");
  std::mutex mutex;
  std::vector<std::function<void()>> dispatched;
  db.committer().set_dispatcher([&](std::function<void()> task) {
    std::lock_guard lock(mutex);
    dispatched.push_back(std::move(task));
  });
  // Many threads commit at once; whenever a batch ends with requests queued,
  // the next batch is handed over instead of committed by the same thread.
  std::atomic<bool> stop{false};
  std::thread runner([&] {
    while (!stop) {
      std::vector<std::function<void()>> tasks;
      {
        std::lock_guard lock(mutex);
        tasks.swap(dispatched);
      }
      for (auto& task : tasks) task();
      std::this_thread::yield();
    }
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&db, t] {
      for (int i = 0; i < 100; ++i) run(db, "update q set n = n + 1 where id = " + std::to_string(t + 1));
    });
  }
  for (auto& thread : threads) thread.join();
  stop = true;
  runner.join();
  CHECK(scalar(db, "select sum(n) from q") == 600);
}

TEST_CASE("a submitter that may not lead hands its batch to the dispatcher", "[txn]") {
  txn::Database db;
  run(db, "create table h (id bigint primary key, n integer)");
  run(db, "insert into h values (1, 0)");
  std::vector<std::function<void()>> dispatched;
  bool may_lead = false;
  db.committer().set_dispatcher([&](std::function<void()> task) { dispatched.push_back(std::move(task)); },
                                [&] { return may_lead; });
  auto write = [&](const std::string& sql) { return statement_on(db.snapshot(), sql); };
  int done = 0;
  auto [base1, next1] = write("update h set n = 1 where id = 1");
  auto ticket1 = db.committer().submit(base1, next1, txn::IsolationLevel::kReadCommitted, nullptr, {}, [&] { ++done; });
  // Not committed by the submitter: the dispatcher got the batch.
  CHECK(done == 0);
  REQUIRE(dispatched.size() == 1);
  CHECK(scalar(db, "select n from h where id = 1") == 0);
  // A second submit while that batch is pending joins the queue.
  auto [base2, next2] = write("update h set n = n + 1 where id = 1");
  auto reapply = [&](const txn::WorldPtr& newest) {
    return statement_on(newest, "update h set n = n + 1 where id = 1").second;
  };
  auto ticket2 = db.committer().submit(base2, next2, txn::IsolationLevel::kReadCommitted, nullptr, reapply, [&] { ++done; });
  CHECK(dispatched.size() == 1);
  auto task = std::move(dispatched.front());
  dispatched.clear();
  task();
  CHECK(done == 2);
  CHECK_FALSE(ticket1->failed());
  CHECK_FALSE(ticket2->failed());
  CHECK(scalar(db, "select n from h where id = 1") == 2);
  // Allowed to lead: committed at once, nothing dispatched.
  may_lead = true;
  auto [base3, next3] = write("update h set n = 5 where id = 1");
  auto ticket3 = db.committer().submit(base3, next3, txn::IsolationLevel::kReadCommitted, nullptr, {}, [&] { ++done; });
  CHECK(done == 3);
  CHECK(dispatched.empty());
}
