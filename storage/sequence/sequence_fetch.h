// One nextval's step through a sequence, as PostgreSQL's nextval_internal
// takes it: the value returned, the state left behind, and whether the log
// must first record a value further ahead (it records 32 values ahead, so
// one log record covers 32 calls, and after a crash the sequence resumes
// past every value it may have handed out).
#pragma once

#include <cstdint>
#include <string>

#include "storage/sequence/sequence_options.h"

namespace ptreedb::storage {

// How many values one log record covers beyond the one fetched (SEQ_LOG_VALS).
inline constexpr std::int64_t kSequenceLogAhead = 32;

// What SELECT * FROM a sequence shows.
struct SequenceState {
  std::int64_t last_value = 1;
  std::int64_t log_cnt = 0;  // values still covered by the last log record
  bool is_called = false;
};

struct SequenceFetch {
  std::int64_t result = 0;
  SequenceState next;          // the state once the value is handed out
  bool log = false;            // a log record must precede handing it out
  std::int64_t logged_value = 0;  // that record's last_value (is_called true)
};

// Throws 2200H when the sequence is exhausted and does not cycle; `name` is
// for the message.
SequenceFetch fetch_next_value(const SequenceState& state, const SequenceOptions& options, const std::string& name);

}  // namespace ptreedb::storage
