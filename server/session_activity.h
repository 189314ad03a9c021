// Keeps a session's pg_stat_activity row current: what runs now, since when,
// and whether it is idle, in a block, or in a failed block.
#pragma once

#include <cstdint>
#include <string_view>

#include "server/session_state.h"

namespace ptreedb::server {

// Now as a timestamp value (microseconds since 2000-01-01).
std::int64_t timestamp_now();

// Around each statement (a no-op for sessions without a registry entry).
void note_statement_start(SessionState& state, std::string_view query);
void note_statement_end(SessionState& state);

class StatementActivity {
 public:
  StatementActivity(SessionState& state, std::string_view query) : state_(state) { note_statement_start(state, query); }
  ~StatementActivity() { note_statement_end(state_); }
  StatementActivity(const StatementActivity&) = delete;
  StatementActivity& operator=(const StatementActivity&) = delete;

 private:
  SessionState& state_;
};

}  // namespace ptreedb::server
