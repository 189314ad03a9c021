// Where a statement's result rows go while they are produced, instead of
// being collected whole: the session encodes them and writes them to the
// client, waiting while the client's socket is full, so a result of any size
// needs only a bounded buffer.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "exec/vector.h"
#include "planner/plan.h"

namespace ptreedb::exec {

class RowSink {
 public:
  virtual ~RowSink() = default;
  // What the rows are, before any: a query's columns (valid until end()),
  // and for COPY TO STDOUT its options.
  virtual void describe(const std::vector<planner::OutputColumn>& columns,
                        const std::optional<planner::CopyOptions>& copy_out) = 0;
  // The next rows of the result, in output order; called on the thread that
  // runs the statement, never inside a parallel task. May block (the client
  // is slow) and may throw (57014 while blocked, the client went away): the
  // statement then ends with that error.
  virtual void rows(const Chunk& chunk) = 0;
  // The result is complete (not called when the statement failed).
  virtual void end() = 0;
  // A NOTICE for the client now, while the statement runs (progress).
  virtual void notice(const std::string& message) = 0;
};

}  // namespace ptreedb::exec
