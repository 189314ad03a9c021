// PostgreSQL's stack depth check: recursive walks over trees a client built
// (expressions, sub-selects, views) call check_stack_depth() at each level, so
// a deep input ends in error 54001 "stack depth limit exceeded" instead of a
// fault. The limit is the session's max_stack_depth (installed per thread by
// MaxStackDepthScope, PostgreSQL's 2MB otherwise), and never more than the
// calling thread's real stack less a margin, so oneTBB workers and threads
// with small stacks are covered too.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptreedb {

inline constexpr std::size_t kDefaultMaxStackDepthKb = 2048;

namespace stack_depth_detail {
// The lowest frame address this thread may reach; starts at the top of the
// address space, so the first check on a thread takes the slow path, which
// computes it.
inline thread_local std::uintptr_t lowest_allowed = UINTPTR_MAX;
[[noreturn]] void exceeded();
bool refresh_and_check(std::uintptr_t frame);
}  // namespace stack_depth_detail

// Throws SqlError 54001 when the calling thread's stack is used beyond its
// limit. One comparison in the common case.
inline void check_stack_depth() {
  auto frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  if (frame < stack_depth_detail::lowest_allowed) [[unlikely]] {
    if (!stack_depth_detail::refresh_and_check(frame)) stack_depth_detail::exceeded();
  }
}

// Whether the calling thread's stack is used beyond its limit (no throw).
bool stack_depth_exceeded();

// Throws the 54001 error check_stack_depth() throws.
[[noreturn]] void throw_stack_depth_exceeded();

// Bytes of the calling thread's real stack left below the caller's frame, less
// the safety margin: how deep code without checks of its own may still go.
std::size_t remaining_stack_bytes();

// The calling thread's stack: its highest address (where frames start) and
// its size, as the thread library reports them.
struct ThreadStack {
  std::uintptr_t top = 0;
  std::size_t size = 0;
};
ThreadStack current_thread_stack();

// The largest max_stack_depth (kB) the calling thread's stack can honour.
std::size_t max_stack_depth_ceiling_kb();

// Installs `kb` as the calling thread's max_stack_depth until destroyed (the
// previous value comes back then).
class MaxStackDepthScope {
 public:
  explicit MaxStackDepthScope(std::size_t kb);
  ~MaxStackDepthScope();
  MaxStackDepthScope(const MaxStackDepthScope&) = delete;
  MaxStackDepthScope& operator=(const MaxStackDepthScope&) = delete;

 private:
  std::size_t previous_kb_;
};

// The calling thread's max_stack_depth in kB (what the error's hint names).
std::size_t current_max_stack_depth_kb();

}  // namespace ptreedb
