#include "planner/session_directory.h"

namespace ptreedb::planner {
namespace {

thread_local SessionDirectory* current_directory = nullptr;

}  // namespace

SessionDirectoryScope::SessionDirectoryScope(SessionDirectory* directory) : previous_(current_directory) {
  current_directory = directory;
}

SessionDirectoryScope::~SessionDirectoryScope() { current_directory = previous_; }

SessionDirectory* current_session_directory() { return current_directory; }

}  // namespace ptreedb::planner
