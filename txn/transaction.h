// A transaction block (BEGIN ... COMMIT). It reads its snapshot plus its own
// writes: statements plan and run against a private world derived from the
// snapshot by path copying, and executors write into it instead of
// publishing. COMMIT hands the pair (snapshot, private world) to the batch
// committer, which applies the difference to the newest world or refuses it.
//
// READ COMMITTED: before each statement the transaction moves to the newest
// committed world with its own changes re-applied (if they conflict, the
// statement stays on the older world and COMMIT settles it).
// REPEATABLE READ: one snapshot, taken at the first statement (snapshot
// isolation). SERIALIZABLE: snapshot isolation, and a transaction that writes
// commits only if no table it read changed after its snapshot, so every
// committed writer read the state it commits onto; the commit order is then a
// serial order (table-grained, but it never admits write skew).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "storage/value/type_id.h"
#include "txn/database.h"
#include "txn/isolation_level.h"
#include "txn/read_set.h"
#include "txn/write_target.h"

namespace ptreedb::txn {

class Transaction : public WriteTarget {
 public:
  Transaction(Database& database, IsolationLevel isolation, bool read_only)
      : database_(database), isolation_(isolation), read_only_(read_only) {}

  // The private world (taking the snapshot if no statement has yet).
  WorldPtr snapshot() const override {
    if (snapshot_ == nullptr) {
      snapshot_ = private_world_ = database_.snapshot();
      queried_ = true;
    }
    return private_world_;
  }

  IsolationLevel isolation() const { return isolation_; }
  bool read_only() const { return read_only_; }
  // Until the first query takes the snapshot, SET TRANSACTION (or a BEGIN
  // inside the block) may still change the isolation level, as in PostgreSQL;
  // SAVEPOINT is no query.
  bool started() const { return queried_; }
  bool in_savepoint() const { return !savepoints_.empty(); }
  void set_isolation(IsolationLevel isolation) { isolation_ = isolation; }
  void set_read_only(bool read_only) { read_only_ = read_only; }

  // After an error every statement is refused until ROLLBACK (25P02).
  bool failed() const { return failed_; }
  void mark_failed() { failed_ = true; }

  // Called before each statement: takes the snapshot (first statement), or
  // under READ COMMITTED moves onto the newest committed world (staying
  // where it is when its own writes conflict with that world: the conflict
  // is then settled at commit).
  void begin_statement();
  // Publishes the transaction's writes through the committer (throws 40001,
  // 23505, ... when refused; the transaction is over either way). READ
  // COMMITTED: `reapply` re-runs the block's writes when they conflict.
  void commit(const BatchCommitter::Reapply* reapply = nullptr);
  // The same without waiting (BatchCommitter::submit); null when nothing was
  // written (and `on_done` is not called). The transaction stays until done.
  std::shared_ptr<CommitTicket> submit_commit(BatchCommitter::Reapply reapply, std::function<void()> on_done);

  // READ COMMITTED re-runs a block's writes when its commit meets a row
  // changed concurrently (the server does the re-running; see
  // server/read_committed_replay.h). The block records each write statement
  // that succeeded, with the values bound to its parameters (extended
  // protocol); a COPY FROM STDIN cannot be re-run.
  struct RecordedWrite {
    std::string sql;
    std::vector<value::SqlType> parameter_types;
    std::vector<std::optional<std::string>> parameter_values;  // text form; nullopt = NULL
    // What the client was told (command tag and RETURNING rows, encoded): a
    // re-run that would tell it something else cannot stand in for it.
    std::string answer;
  };
  void record_write_statement(RecordedWrite write) { write_statements_.push_back(std::move(write)); }
  void mark_not_replayable() { replayable_ = false; }
  bool replayable() const { return replayable_; }
  const std::vector<RecordedWrite>& write_statements() const { return write_statements_; }

  // SERIALIZABLE: the key ranges statements read (the executor records them
  // while a statement runs). When unknown, any concurrent commit fails this
  // transaction's commit.
  ReadSet& reads() { return reads_; }
  void note_unknown_reads() { reads_unknown_ = true; }

  void define_savepoint(const std::string& name);
  // False when no savepoint has that name (the caller reports 3B001).
  bool rollback_to_savepoint(const std::string& name);
  bool release_savepoint(const std::string& name);

 protected:
  void apply(MakeNextFunction make_next, void* context) override;

 private:
  struct Savepoint {
    std::string name;
    WorldPtr snapshot;
    WorldPtr private_world;
    std::size_t write_statements;
    bool read_only;  // SET TRANSACTION READ ONLY after it is undone by ROLLBACK TO
  };
  // READ COMMITTED re-runs statements by table name: `reapply`, refused
  // (40001) when a table the block wrote is no longer the relation its
  // statements were planned against (write_set.h: same_relation).
  BatchCommitter::Reapply only_onto_same_relations(BatchCommitter::Reapply reapply) const;
  // The newest savepoint with this name, or -1.
  std::ptrdiff_t find_savepoint(const std::string& name) const;

  Database& database_;
  IsolationLevel isolation_;
  bool read_only_;
  bool failed_ = false;
  // Taken lazily, at the first statement, as PostgreSQL takes it.
  mutable WorldPtr snapshot_;       // the committed world the transaction reads
  mutable WorldPtr private_world_;  // snapshot_ plus the transaction's own writes
  mutable bool queried_ = false;    // a query took the snapshot (a SAVEPOINT alone does not)
  std::vector<Savepoint> savepoints_;
  std::vector<RecordedWrite> write_statements_;
  bool replayable_ = true;
  ReadSet reads_;
  bool reads_unknown_ = false;
};

}  // namespace ptreedb::txn
