// Where sequence values are logged ahead of being handed out. Sequences are
// not transactional: nextval's values are never given back, so they are
// logged on their own, outside any commit. The durability layer installs its
// log at start (txn/wal_commit_log); without one (unit tests, no data
// directory) nothing is logged.
#pragma once

#include <cstdint>
#include <mutex>

namespace ptreedb::storage {

class SequenceCounter;

class SequenceLog {
 public:
  virtual ~SequenceLog() = default;
  // Excludes world-change records while held, so a record of a sequence's
  // definition and a record of its values are never written out of order
  // with the values they saw. Take it before a counter's own lock.
  virtual std::unique_lock<std::mutex> hold() = 0;
  // Makes "sequence `oid` is at `last_value`" durable; called under hold().
  // `counter` is the one that moved: a sequence not committed yet (created
  // by an open block) needs no record, its commit records the value.
  // Throws SqlError when the log cannot be written.
  virtual void write(const SequenceCounter& counter, std::uint32_t oid, std::int64_t last_value, bool is_called) = 0;
};

void install_sequence_log(SequenceLog* log);
SequenceLog* installed_sequence_log();

}  // namespace ptreedb::storage
