// A sequence's current value: shared by every world that holds the sequence's
// definition, since values are handed out outside transactions. One short
// lock per call; a log record (txn/wal_commit_log) every 32 calls.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "storage/sequence/sequence_fetch.h"
#include "storage/sequence/sequence_options.h"

namespace ptreedb::storage {

class SequenceCounter {
 public:
  SequenceCounter(std::uint32_t oid, std::int64_t last_value, bool is_called);

  // The next value (nextval); throws 2200H at the bound of a sequence that does not cycle.
  std::int64_t next_value(const SequenceOptions& options, const std::string& name);
  // setval: throws 22003 outside the bounds.
  void set_value(const SequenceOptions& options, const std::string& name, std::int64_t value, bool is_called);
  // Recovery: the state a log record holds.
  void restore(SequenceState logged);
  // The next call logs again (after ALTER SEQUENCE changed how values step).
  void log_on_next_call();

  SequenceState state() const;
  // What recovery restores: the last logged value, past every value handed out.
  SequenceState logged_state() const;

 private:
  const std::uint32_t oid_;
  mutable std::mutex mutex_;
  SequenceState state_;
  SequenceState logged_;
};

}  // namespace ptreedb::storage
