// The session's random() generator, installed on the statement's thread while
// it is planned: random() and setseed() calls bound meanwhile keep it, and
// their kernels draw from it on whichever thread runs them.
#pragma once

#include <memory>

#include "storage/random/session_random.h"

namespace ptreedb::planner {

class SessionRandomScope {
 public:
  explicit SessionRandomScope(std::shared_ptr<storage::SessionRandom> random);
  ~SessionRandomScope();
  SessionRandomScope(const SessionRandomScope&) = delete;
  SessionRandomScope& operator=(const SessionRandomScope&) = delete;

 private:
  std::shared_ptr<storage::SessionRandom> previous_;
};

// The installed generator, or one of the process's when none is.
std::shared_ptr<storage::SessionRandom> current_session_random();

}  // namespace ptreedb::planner
