#include "storage/stack_depth.h"

#include <pthread.h>

#include <catch2/catch.hpp>
#include <future>
#include <string>
#include <thread>

#include <tbb/task_arena.h>

#include "storage/sql_error.h"

namespace {

using ptreedb::SqlError;

// Never reached; keeps the compiler from calling the recursion endless.
volatile int no_bottom = -1;

// Recurses without end but for the guard; the array keeps each frame real.
[[gnu::noinline]] int descend(int depth) {
  if (depth == no_bottom) return 0;
  ptreedb::check_stack_depth();
  volatile char frame[256];
  frame[0] = static_cast<char>(depth);
  return descend(depth + 1) + frame[0];
}

// The SQLSTATE `descend` ends with ("" if it ended otherwise).
std::string descend_sqlstate() {
  try {
    descend(0);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

std::string descend_on_thread_with_stack(std::size_t stack_bytes) {
  struct Call {
    std::string result;
  } call;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, stack_bytes);
  pthread_t thread;
  auto body = [](void* argument) -> void* {
    // A huge setting: only the real stack bounds the walk.
    ptreedb::MaxStackDepthScope setting(1024 * 1024);
    static_cast<Call*>(argument)->result = descend_sqlstate();
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attributes, body, &call) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attributes);
  return call.result;
}

}  // namespace

TEST_CASE("a runaway recursion ends in 54001 on the main thread", "[stack_depth]") {
  CHECK(descend_sqlstate() == "54001");
  // The thread still works, and a shallow call passes.
  CHECK_NOTHROW(ptreedb::check_stack_depth());
  CHECK_FALSE(ptreedb::stack_depth_exceeded());
}

TEST_CASE("the error carries PostgreSQL's message and hint", "[stack_depth]") {
  ptreedb::MaxStackDepthScope setting(512);
  try {
    descend(0);
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(std::string(error.what()) == "stack depth limit exceeded");
    CHECK(error.hint() ==
          "Increase the configuration parameter \"max_stack_depth\" (currently 512kB), after ensuring the "
          "platform's stack depth limit is adequate.");
  }
  CHECK(ptreedb::current_max_stack_depth_kb() == 512);
}

TEST_CASE("the setting is per thread and scoped", "[stack_depth]") {
  CHECK(ptreedb::current_max_stack_depth_kb() == ptreedb::kDefaultMaxStackDepthKb);
  {
    ptreedb::MaxStackDepthScope setting(100);
    CHECK(ptreedb::current_max_stack_depth_kb() == 100);
    CHECK(descend_sqlstate() == "54001");
  }
  CHECK(ptreedb::current_max_stack_depth_kb() == ptreedb::kDefaultMaxStackDepthKb);
}

TEST_CASE("a setting above the real stack is bounded by the real stack", "[stack_depth]") {
  CHECK(ptreedb::max_stack_depth_ceiling_kb() > 0);
  {
    ptreedb::MaxStackDepthScope setting(1024 * 1024);  // 1GB, more than any stack here
    CHECK(descend_sqlstate() == "54001");
  }
  // Small thread stacks, where the default 2MB would overflow them.
  CHECK(descend_on_thread_with_stack(256 * 1024) == "54001");
  CHECK(descend_on_thread_with_stack(1024 * 1024) == "54001");
}

TEST_CASE("a oneTBB worker thread is guarded by its own stack", "[stack_depth]") {
  // No slot reserved for this thread: the enqueued task runs on a worker.
  tbb::task_arena arena(2, 0);
  std::promise<std::pair<bool, std::string>> outcome;
  auto caller = std::this_thread::get_id();
  arena.enqueue([&] {
    ptreedb::MaxStackDepthScope setting(1024 * 1024);
    std::string sqlstate = descend_sqlstate();
    outcome.set_value({std::this_thread::get_id() != caller, sqlstate});
  });
  auto [on_worker, sqlstate] = outcome.get_future().get();
  CHECK(on_worker);
  CHECK(sqlstate == "54001");
}
