#include "server/session_activity.h"

#include <chrono>
#include <mutex>

#include "server/session_registry.h"

namespace ptreedb::server {

std::int64_t timestamp_now() {
  constexpr std::int64_t kUnixToPostgresEpochMicros = 946684800LL * 1000000;
  auto since_unix = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  return since_unix.count() - kUnixToPostgresEpochMicros;
}

void note_statement_start(SessionState& state, std::string_view query) {
  if (state.control == nullptr) return;
  std::int64_t now = timestamp_now();
  std::lock_guard lock(state.control->mutex);
  auto& activity = state.control->activity;
  activity.state = "active";
  activity.query = std::string(query);
  activity.query_start = now;
  activity.state_change = now;
  // Every statement runs in a transaction: its own unless a block is open.
  if (!activity.xact_start) activity.xact_start = now;
  auto application = state.settings.find("application_name");
  if (application != state.settings.end()) activity.application_name = application->second;
}

void note_statement_end(SessionState& state) {
  if (state.control == nullptr) return;
  std::int64_t now = timestamp_now();
  std::lock_guard lock(state.control->mutex);
  auto& activity = state.control->activity;
  if (!state.transaction) {
    activity.state = "idle";
    activity.xact_start.reset();
  } else {
    activity.state = state.transaction->failed() ? "idle in transaction (aborted)" : "idle in transaction";
    if (!activity.xact_start) activity.xact_start = activity.query_start;
  }
  activity.state_change = now;
}

}  // namespace ptreedb::server
