// COMMIT of a READ COMMITTED block that meets a row changed by a transaction
// committed meanwhile. PostgreSQL's UPDATE would have waited for that
// transaction and re-evaluated itself on the newest row version; here the
// block's write statements are run again, in order, by the committer on the
// newest world its batch has reached (BatchCommitter::Reapply), so the re-run
// cannot conflict and is never retried. Effects are PostgreSQL's (SET n = n + 1
// never loses an increment); results already sent to the client stay those
// of the first run. Other isolation levels, and blocks that cannot be re-run
// (COPY FROM STDIN), get the 40001.
#pragma once

#include <memory>

#include "server/deferred_commit.h"
#include "server/session_state.h"
#include "txn/database.h"
#include "txn/transaction.h"

namespace ptreedb::server {

void commit_with_replay(txn::Transaction& transaction, txn::Database& database, SessionState& state);

// The same without waiting, when the session awaits commits in the
// background (state.commit_done): the submitted commit, owning the ending
// `transaction` until it is done (its steps still to be added); null when
// the block wrote nothing (`transaction` is then left as it was).
std::shared_ptr<DeferredCommit> submit_with_replay(std::unique_ptr<txn::Transaction>& transaction,
                                                   SessionState& state);

}  // namespace ptreedb::server
