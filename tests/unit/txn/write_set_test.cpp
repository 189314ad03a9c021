// Relation identity at commit: writes planned against a table are never
// applied to another relation that has its name now (dropped and created
// again, altered, truncated), whether the commit merges the write set or
// READ COMMITTED re-runs the block's statements.
#include "txn/write_set.h"

#include <catch2/catch.hpp>

#include <string>

#include "exec/statement_executor.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"
#include "txn/database.h"
#include "txn/statement_world.h"
#include "tests/unit/txn/sql_test_support.h"
#include "txn/transaction.h"

using namespace ptreedb;

namespace {

using txn::test::run;
using txn::test::scalar;

// Runs `sqls` again on the newest world, as server/read_committed_replay does;
// counts its calls.
txn::BatchCommitter::Reapply rerun(std::vector<std::string> sqls, int& calls) {
  return [sqls, &calls](const txn::WorldPtr& newest) {
    ++calls;
    txn::StatementWorld again(newest);
    for (const auto& sql : sqls) run(again, sql);
    return again.snapshot();
  };
}

std::string sqlstate_of_commit(txn::Transaction& transaction, const txn::BatchCommitter::Reapply* reapply = nullptr) {
  try {
    transaction.commit(reapply);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

const txn::IsolationLevel kLevels[] = {txn::IsolationLevel::kReadCommitted, txn::IsolationLevel::kRepeatableRead,
                                       txn::IsolationLevel::kSerializable};

}  // namespace

TEST_CASE("a table dropped and created again is another relation", "[txn]") {
  txn::Database db;
  run(db, "create table w (x bigint)");
  auto old_w = db.snapshot()->find_table("w");
  run(db, "drop table w");
  run(db, "create table w (x bigint)");
  auto new_w = db.snapshot()->find_table("w");
  CHECK_FALSE(txn::same_relation(old_w.get(), new_w.get()));
  CHECK(txn::same_relation(new_w.get(), new_w.get()));
  run(db, "insert into w values (1)");  // rows change, the relation stays
  CHECK(txn::same_relation(new_w.get(), db.snapshot()->find_table("w").get()));
  CHECK_FALSE(txn::same_relation(new_w.get(), nullptr));
  CHECK(txn::same_relation(nullptr, nullptr));
}

TEST_CASE("written_relation_replaced names a written table that changed identity", "[txn]") {
  txn::Database db;
  run(db, "create table w (x bigint)");
  run(db, "create table other (x bigint)");
  txn::Transaction block(db, txn::IsolationLevel::kRepeatableRead, false);
  run(block, "insert into w values (1)");
  const auto snapshot = db.snapshot();
  const auto private_world = block.snapshot();

  run(db, "insert into w values (2)");  // same relation, new rows
  run(db, "drop table other");          // not written by the block
  CHECK_FALSE(txn::written_relation_replaced(*snapshot, *private_world, *db.snapshot()));

  SECTION("dropped") {
    run(db, "drop table w");
  }
  SECTION("dropped and created again") {
    run(db, "drop table w");
    run(db, "create table w (x bigint)");
  }
  SECTION("a column added") {
    run(db, "alter table w add column y bigint");
  }
  SECTION("truncated") {
    run(db, "truncate w");
  }
  CHECK(txn::written_relation_replaced(*snapshot, *private_world, *db.snapshot()) == "w");
}

TEST_CASE("a block's insert into a table dropped and created meanwhile fails at every level", "[txn]") {
  for (auto level : kLevels) {
    txn::Database db;
    run(db, "create table w (x bigint)");
    txn::Transaction block(db, level, false);
    run(block, "insert into w values (1)");
    run(db, "drop table w");
    run(db, "create table w (x bigint)");
    int calls = 0;
    auto reapply = rerun({"insert into w values (1)"}, calls);
    CHECK(sqlstate_of_commit(block, &reapply) == "40001");
    CHECK(calls == 0);  // never re-planned against the new w
    CHECK(scalar(db, "select count(*) from w") == 0);
  }
}

TEST_CASE("writes racing ALTER TABLE are not applied to the new row layout", "[txn]") {
  for (auto level : kLevels) {
    for (const std::string alter : {"alter table w add column z bigint", "alter table w drop column y"}) {
      txn::Database db;
      run(db, "create table w (id bigint primary key, y bigint)");
      run(db, "insert into w values (1, 10)");
      txn::Transaction inserter(db, level, false);
      txn::Transaction updater(db, level, false);
      run(inserter, "insert into w values (2, 20)");
      run(updater, "update w set id = id + 100 where id = 1");
      run(db, alter);
      int calls = 0;
      auto reapply = rerun({"insert into w values (2, 20)"}, calls);
      CHECK(sqlstate_of_commit(inserter, &reapply) == "40001");
      auto reupdate = rerun({"update w set id = id + 100 where id = 1"}, calls);
      CHECK(sqlstate_of_commit(updater, &reupdate) == "40001");
      CHECK(calls == 0);
      CHECK(scalar(db, "select count(*) from w") == 1);
      CHECK(scalar(db, "select id from w") == 1);
    }
  }
}

TEST_CASE("TRUNCATE and a concurrent write: the first committer wins", "[txn]") {
  for (auto level : kLevels) {
    txn::Database db;
    run(db, "create table w (id bigint primary key)");
    run(db, "insert into w values (1)");

    // The truncate commits first: the block's insert and delete fail.
    txn::Transaction inserter(db, level, false);
    txn::Transaction deleter(db, level, false);
    run(inserter, "insert into w values (2)");
    run(deleter, "delete from w where id = 1");
    run(db, "truncate w");
    int calls = 0;
    auto reinsert = rerun({"insert into w values (2)"}, calls);
    CHECK(sqlstate_of_commit(inserter, &reinsert) == "40001");
    auto redelete = rerun({"delete from w where id = 1"}, calls);
    CHECK(sqlstate_of_commit(deleter, &redelete) == "40001");
    CHECK(calls == 0);
    CHECK(scalar(db, "select count(*) from w") == 0);

    // The insert commits first: a block's TRUNCATE removes the rows it saw
    // and the insert's row stays, as PostgreSQL's insert waiting for the
    // TRUNCATE's lock would land after it; a write planned before that
    // TRUNCATE then fails, the table's storage being new.
    run(db, "insert into w values (4)");
    txn::Transaction late_writer(db, level, false);
    run(late_writer, "insert into w values (5)");
    txn::Transaction truncater(db, level, false);
    run(truncater, "truncate w");
    run(db, "insert into w values (3)");
    CHECK(sqlstate_of_commit(truncater).empty());
    CHECK(scalar(db, "select count(*) from w") == 1);
    CHECK(scalar(db, "select id from w") == 3);
    CHECK(sqlstate_of_commit(late_writer) == "40001");
    CHECK(scalar(db, "select count(*) from w") == 1);
  }
}

TEST_CASE("read committed still re-runs a block's writes onto the same relation", "[txn]") {
  txn::Database db;
  run(db, "create table c (id bigint primary key, n bigint)");
  run(db, "insert into c values (1, 0)");
  txn::Transaction block(db, txn::IsolationLevel::kReadCommitted, false);
  run(block, "update c set n = n + 1 where id = 1");
  run(db, "update c set n = n + 1 where id = 1");  // a conflicting row change, same relation
  int calls = 0;
  auto reapply = rerun({"update c set n = n + 1 where id = 1"}, calls);
  CHECK(sqlstate_of_commit(block, &reapply).empty());
  CHECK(calls == 1);
  CHECK(scalar(db, "select n from c") == 2);
}

TEST_CASE("an autocommit statement's re-run may be planned against the new table", "[txn]") {
  // Outside a block nothing was answered yet: the committer re-plans the
  // statement on the newest world, as PostgreSQL's INSERT that waited for
  // the DROP's lock looks the name up again.
  txn::Database db;
  run(db, "create table w (x bigint)");
  auto [base, written] = [&] {
    txn::StatementWorld target(db.snapshot());
    run(target, "insert into w values (1)");
    return std::pair{target.base(), target.snapshot()};
  }();
  run(db, "drop table w");
  run(db, "create table w (x bigint, y bigint)");
  int calls = 0;
  auto reapply = rerun({"insert into w values (1)"}, calls);
  db.committer().commit(base, written, txn::IsolationLevel::kReadCommitted, nullptr, &reapply);
  CHECK(calls == 1);
  CHECK(scalar(db, "select count(*) from w") == 1);
}

TEST_CASE("SET TRANSACTION applies until the first query; a savepoint is no query", "[txn]") {
  txn::Database db;
  run(db, "create table t (id bigint primary key)");
  txn::Transaction block(db, txn::IsolationLevel::kReadCommitted, false);
  CHECK_FALSE(block.started());
  block.define_savepoint("s");
  CHECK_FALSE(block.started());
  CHECK(block.in_savepoint());
  run(db, "insert into t values (1)");  // committed after the savepoint, before the first query
  block.set_read_only(true);
  CHECK(block.rollback_to_savepoint("s"));
  CHECK_FALSE(block.read_only());  // ROLLBACK TO undoes SET TRANSACTION READ ONLY after it
  CHECK(block.release_savepoint("s"));
  block.set_isolation(txn::IsolationLevel::kRepeatableRead);
  block.begin_statement();
  CHECK(block.started());
  CHECK(scalar(block, "select count(*) from t") == 1);  // the snapshot is the first query's
}
