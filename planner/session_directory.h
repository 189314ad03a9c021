// What statements may know about the server's sessions (pg_backend_pid(),
// pg_stat_activity) and do to them (pg_cancel_backend, pg_terminate_backend).
// The server installs its directory on the statement's thread, as it does the
// session's settings (settings_access.h); with none installed (unit tests)
// the process id stands for the one backend.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptreedb::planner {

struct BackendActivity {
  std::int32_t pid = 0;
  std::string user;
  std::string application_name;
  std::string client_addr;  // empty: unknown
  std::int32_t client_port = -1;
  // Microseconds since 2000-01-01 (timestamp values); nullopt: NULL.
  std::optional<std::int64_t> backend_start, xact_start, query_start, state_change;
  std::string state;  // active, idle, idle in transaction, idle in transaction (aborted)
  std::string query;
};

class SessionDirectory {
 public:
  virtual ~SessionDirectory() = default;
  virtual std::int32_t backend_pid() const = 0;
  virtual std::vector<BackendActivity> activity() const = 0;
  // False when no session has that pid (PostgreSQL then warns).
  virtual bool cancel_backend(std::int32_t pid) = 0;
  virtual bool terminate_backend(std::int32_t pid) = 0;
};

class SessionDirectoryScope {
 public:
  explicit SessionDirectoryScope(SessionDirectory* directory);
  ~SessionDirectoryScope();
  SessionDirectoryScope(const SessionDirectoryScope&) = delete;
  SessionDirectoryScope& operator=(const SessionDirectoryScope&) = delete;

 private:
  SessionDirectory* previous_;
};

// The directory installed on this thread, or null.
SessionDirectory* current_session_directory();

}  // namespace ptreedb::planner
