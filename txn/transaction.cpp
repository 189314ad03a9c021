#include "txn/transaction.h"

#include "storage/sql_error.h"
#include "txn/write_set.h"

namespace ptreedb::txn {

void Transaction::begin_statement() {
  if (!queried_) {
    // The first query takes the snapshot. Savepoints defined before it hold
    // a placeholder with no writes in it; they move to the real snapshot.
    queried_ = true;
    snapshot_ = private_world_ = database_.snapshot();
    for (Savepoint& savepoint : savepoints_) savepoint.snapshot = savepoint.private_world = snapshot_;
    return;
  }
  if (isolation_ != IsolationLevel::kReadCommitted) return;
  WorldPtr newest = database_.snapshot();
  if (newest == snapshot_) return;
  if (private_world_ == snapshot_) {
    snapshot_ = private_world_ = std::move(newest);
    return;
  }
  WriteSet writes = write_set_of(*snapshot_, *private_world_);
  // A transaction that changed the catalog keeps its snapshot: its DDL is
  // committed only onto an unchanged catalog anyway.
  if (writes.catalog_changed) return;
  try {
    private_world_ = apply_write_set(newest, snapshot_, private_world_, writes, isolation_);
    snapshot_ = std::move(newest);
  } catch (const SqlError&) {
    // A row this transaction wrote changed since: keep reading the older
    // world; COMMIT meets the conflict and READ COMMITTED re-runs the writes.
  }
}

BatchCommitter::Reapply Transaction::only_onto_same_relations(BatchCommitter::Reapply reapply) const {
  if (!reapply) return reapply;
  // PostgreSQL's DROP, ALTER or TRUNCATE would have waited for this block's
  // lock; here it committed first, so the block's writes go nowhere: the
  // rows it inserted must not land in a new table of the same name, nor
  // its statements be re-planned against another row layout.
  return [this, reapply = std::move(reapply)](const WorldPtr& newest) {
    if (auto name = written_relation_replaced(*snapshot_, *private_world_, *newest)) {
      throw SqlError(sqlstate::kSerializationFailure, "could not serialize access due to concurrent update",
                     "Relation \"" + *name + "\" was dropped, altered or truncated by a concurrent transaction " +
                         "after this one wrote to it.");
    }
    return reapply(newest);
  };
}

void Transaction::commit(const BatchCommitter::Reapply* reapply) {
  if (snapshot_ == nullptr || private_world_ == snapshot_) return;  // nothing written
  BatchCommitter::Reapply guarded =
      replayable_ && reapply != nullptr ? only_onto_same_relations(*reapply) : BatchCommitter::Reapply();
  database_.committer().commit(snapshot_, private_world_, isolation_, reads_unknown_ ? nullptr : &reads_,
                               guarded ? &guarded : nullptr);
}

std::shared_ptr<CommitTicket> Transaction::submit_commit(BatchCommitter::Reapply reapply,
                                                        std::function<void()> on_done) {
  if (snapshot_ == nullptr || private_world_ == snapshot_) return nullptr;
  BatchCommitter::Reapply guarded =
      replayable_ ? only_onto_same_relations(std::move(reapply)) : BatchCommitter::Reapply();
  return database_.committer().submit(snapshot_, private_world_, isolation_, reads_unknown_ ? nullptr : &reads_,
                                      std::move(guarded), std::move(on_done));
}

void Transaction::apply(MakeNextFunction make_next, void* context) {
  if (!queried_) begin_statement();
  WorldPtr next = make_next(context, *private_world_);
  if (next) private_world_ = std::move(next);
}

std::ptrdiff_t Transaction::find_savepoint(const std::string& name) const {
  for (auto i = static_cast<std::ptrdiff_t>(savepoints_.size()) - 1; i >= 0; --i) {
    if (savepoints_[static_cast<std::size_t>(i)].name == name) return i;
  }
  return -1;
}

void Transaction::define_savepoint(const std::string& name) {
  // Not a query: without one yet, the savepoint holds the newest world until
  // the first query takes the snapshot (begin_statement).
  if (snapshot_ == nullptr) snapshot_ = private_world_ = database_.snapshot();
  savepoints_.push_back({name, snapshot_, private_world_, write_statements_.size(), read_only_});
}

bool Transaction::rollback_to_savepoint(const std::string& name) {
  std::ptrdiff_t position = find_savepoint(name);
  if (position < 0) return false;
  // The savepoint stays; later ones go. Its (snapshot, private) pair is
  // restored together so the difference between them is still its writes.
  savepoints_.resize(static_cast<std::size_t>(position) + 1);
  snapshot_ = savepoints_.back().snapshot;
  private_world_ = savepoints_.back().private_world;
  write_statements_.resize(savepoints_.back().write_statements);
  read_only_ = savepoints_.back().read_only;
  failed_ = false;
  return true;
}

bool Transaction::release_savepoint(const std::string& name) {
  std::ptrdiff_t position = find_savepoint(name);
  if (position < 0) return false;
  savepoints_.resize(static_cast<std::size_t>(position));
  return true;
}

}  // namespace ptreedb::txn
