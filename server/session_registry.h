// The live sessions: counted against max_connections, and found by process id
// and secret key when a CancelRequest arrives on another connection.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <functional>
#include <unordered_map>
#include <vector>

#include "exec/interrupt_token.h"
#include "planner/session_directory.h"

namespace ptreedb::server {

// What another connection may touch of a session: its running statement's
// interrupt token, what it is doing (pg_stat_activity), and a way to end it
// (pg_terminate_backend).
struct SessionControl {
  std::int32_t process_id = 0;
  std::int32_t secret_key = 0;
  exec::InterruptToken interrupt;

  // Written by the session, read by others, under `mutex`.
  mutable std::mutex mutex;
  planner::BackendActivity activity;
  std::function<void()> terminate;  // posts the end of the connection to its thread
};

class SessionRegistry {
 public:
  explicit SessionRegistry(unsigned max_sessions) : max_sessions_(max_sessions) {}

  // Registers a new session; null when max_connections are already in use.
  std::shared_ptr<SessionControl> admit();
  void remove(std::int32_t process_id);
  // Cancels the matching session's running statement (if any); a wrong key is silently ignored, as in PostgreSQL.
  void request_cancel(std::int32_t process_id, std::int32_t secret_key);
  // Cancels every session's running statement (at shutdown).
  void cancel_all();
  // pg_stat_activity's rows, and pg_cancel_backend / pg_terminate_backend
  // (false when no session has that process id).
  std::vector<planner::BackendActivity> activity() const;
  bool cancel(std::int32_t process_id);
  // `cancel_running`: also cancel its statement (not when a session ends itself).
  bool terminate(std::int32_t process_id, bool cancel_running = true);
  std::size_t size() const;
  // Connections that have not authenticated yet are counted apart, bounded at
  // twice max_connections (as PostgreSQL bounds its child processes): false
  // when that many are already in startup.
  bool begin_startup();
  void end_startup();

 private:
  unsigned max_sessions_;
  unsigned starting_ = 0;  // under mutex_
  mutable std::mutex mutex_;
  std::int32_t next_process_id_ = 1000;
  std::unordered_map<std::int32_t, std::shared_ptr<SessionControl>> sessions_;
};

}  // namespace ptreedb::server
