// COMMIT of a READ COMMITTED block that meets a row changed by a transaction
// committed meanwhile. PostgreSQL's UPDATE would have waited for that
// transaction and re-evaluated itself on the newest row version; here the
// block's write statements are run again, in order, by the committer on the
// newest world its batch has reached (BatchCommitter::Reapply), so the re-run
// cannot conflict and is never retried. Effects are PostgreSQL's (SET n = n + 1
// never loses an increment); results already sent to the client stay those
// of the first run (unless an AnswerRewrite below can still replace them).
// Other isolation levels, and blocks that cannot be re-run
// (COPY FROM STDIN), get the 40001.
#pragma once

#include <functional>
#include <memory>

#include "exec/statement_executor.h"
#include "server/deferred_commit.h"
#include "server/session_state.h"
#include "txn/database.h"
#include "txn/transaction.h"

namespace ptreedb::server {

// The extended protocol's implicit transaction with one write statement whose
// response is still in the session's output buffer: given the re-run's
// result, it takes that as the statement's answer (true), as the simple
// protocol's autocommit re-run does; false when the first answer is gone.
using AnswerRewrite = std::function<bool(const exec::QueryResult& rerun)>;

void commit_with_replay(txn::Transaction& transaction, txn::Database& database, SessionState& state,
                        AnswerRewrite rewrite = {});

// The same without waiting, when the session awaits commits in the
// background (state.commit_done): the submitted commit, owning the ending
// `transaction` until it is done (its steps still to be added); null when
// the block wrote nothing (`transaction` is then left as it was).
std::shared_ptr<DeferredCommit> submit_with_replay(std::unique_ptr<txn::Transaction>& transaction,
                                                   SessionState& state, AnswerRewrite rewrite = {});

}  // namespace ptreedb::server
