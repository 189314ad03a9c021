#include "server/session_registry.h"

#include <algorithm>
#include <random>

namespace ptreedb::server {

std::shared_ptr<SessionControl> SessionRegistry::admit() {
  thread_local std::random_device seed_source;
  thread_local std::mt19937 random(seed_source());
  std::lock_guard lock(mutex_);
  if (sessions_.size() >= max_sessions_) return nullptr;
  auto control = std::make_shared<SessionControl>();
  control->process_id = next_process_id_++;
  control->secret_key = static_cast<std::int32_t>(random());
  sessions_.emplace(control->process_id, control);
  return control;
}

void SessionRegistry::remove(std::int32_t process_id) {
  std::lock_guard lock(mutex_);
  sessions_.erase(process_id);
}

void SessionRegistry::request_cancel(std::int32_t process_id, std::int32_t secret_key) {
  std::lock_guard lock(mutex_);
  auto it = sessions_.find(process_id);
  if (it != sessions_.end() && it->second->secret_key == secret_key) {
    it->second->interrupt.request_cancel();
  }
}

void SessionRegistry::cancel_all() {
  std::lock_guard lock(mutex_);
  for (auto& [process_id, control] : sessions_) control->interrupt.request_cancel();
}

std::vector<planner::BackendActivity> SessionRegistry::activity() const {
  std::vector<std::shared_ptr<SessionControl>> sessions;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [process_id, control] : sessions_) sessions.push_back(control);
  }
  std::vector<planner::BackendActivity> out;
  for (const auto& control : sessions) {
    std::lock_guard lock(control->mutex);
    out.push_back(control->activity);
    out.back().pid = control->process_id;
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.pid < b.pid; });
  return out;
}

bool SessionRegistry::cancel(std::int32_t process_id) {
  std::lock_guard lock(mutex_);
  auto it = sessions_.find(process_id);
  if (it == sessions_.end()) return false;
  it->second->interrupt.request_cancel();
  return true;
}

bool SessionRegistry::terminate(std::int32_t process_id, bool cancel_running) {
  std::function<void()> terminate;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(process_id);
    if (it == sessions_.end()) return false;
    if (cancel_running) it->second->interrupt.request_cancel();
    std::lock_guard control_lock(it->second->mutex);
    terminate = it->second->terminate;
  }
  if (terminate) terminate();
  return true;
}

bool SessionRegistry::begin_startup() {
  std::lock_guard lock(mutex_);
  if (starting_ >= 2 * max_sessions_) return false;
  ++starting_;
  return true;
}

void SessionRegistry::end_startup() {
  std::lock_guard lock(mutex_);
  --starting_;
}

std::size_t SessionRegistry::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

}  // namespace ptreedb::server
