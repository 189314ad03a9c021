// A statement whose commit was submitted, not waited for: the session goes on
// serving nothing else of its own (its worker serves other sessions), and
// once the batch is done it answers the statement with what was waiting here.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "exec/statement_executor.h"
#include "txn/batch_committer.h"
#include "txn/transaction.h"

namespace ptreedb::server {

struct DeferredCommit {
  std::shared_ptr<txn::CommitTicket> ticket;
  // A block's commit: the transaction (its recorded writes may be re-run) stays until done.
  std::unique_ptr<txn::Transaction> transaction;
  // A row write's answer; a READ COMMITTED re-run by the committer replaces it.
  exec::QueryResult result;
  // True when the steps below write the statement's whole response.
  bool answered = false;
  // What follows the commit, in order, told whether it was published.
  std::vector<std::function<void(bool committed, std::string& out)>> then;

  // Once the ticket is done: runs the steps, then throws the refusal (SqlError) if any.
  void finish(std::string& out) {
    const bool committed = !ticket->failed();
    for (auto& step : then) step(committed, out);
    ticket->rethrow_if_failed();
  }
};

}  // namespace ptreedb::server
