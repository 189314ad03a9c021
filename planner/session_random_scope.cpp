#include "planner/session_random_scope.h"

namespace ptreedb::planner {

namespace {

thread_local std::shared_ptr<storage::SessionRandom> installed_random;

}  // namespace

SessionRandomScope::SessionRandomScope(std::shared_ptr<storage::SessionRandom> random)
    : previous_(std::move(installed_random)) {
  installed_random = std::move(random);
}

SessionRandomScope::~SessionRandomScope() { installed_random = std::move(previous_); }

std::shared_ptr<storage::SessionRandom> current_session_random() {
  if (installed_random) return installed_random;
  static auto process_random = std::make_shared<storage::SessionRandom>();
  return process_random;
}

}  // namespace ptreedb::planner
