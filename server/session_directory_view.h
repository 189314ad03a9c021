// The server's planner::SessionDirectory for one session: pg_backend_pid() is
// its process id, pg_stat_activity lists every registered session, and
// pg_cancel_backend / pg_terminate_backend act through the registry.
#pragma once

#include "planner/session_directory.h"
#include "server/session_registry.h"

namespace ptreedb::server {

class SessionDirectoryView : public planner::SessionDirectory {
 public:
  SessionDirectoryView(SessionRegistry& registry, std::int32_t process_id)
      : registry_(registry), process_id_(process_id) {}

  std::int32_t backend_pid() const override { return process_id_; }
  std::vector<planner::BackendActivity> activity() const override { return registry_.activity(); }
  bool cancel_backend(std::int32_t pid) override { return registry_.cancel(pid); }
  bool terminate_backend(std::int32_t pid) override { return registry_.terminate(pid, pid != process_id_); }

 private:
  SessionRegistry& registry_;
  std::int32_t process_id_;
};

}  // namespace ptreedb::server
