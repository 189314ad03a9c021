#include "storage/stack_depth.h"

#include <pthread.h>

#include <algorithm>
#include <string>

#include "storage/sql_error.h"

#if defined(__SANITIZE_ADDRESS__)
#define PTREEDB_STACK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PTREEDB_STACK_ASAN 1
#endif
#endif

namespace ptreedb {

namespace {

// What may still run below the last check (a leaf function, the error's own
// throw): an eighth of the stack, within bounds. Sanitizer frames are a few
// times larger, so their margin is too.
#ifdef PTREEDB_STACK_ASAN
constexpr std::size_t kMarginFactor = 3;
#else
constexpr std::size_t kMarginFactor = 1;
#endif
constexpr std::size_t kMinMargin = 128 * 1024 * kMarginFactor;
constexpr std::size_t kMaxMargin = 1024 * 1024 * kMarginFactor;

std::size_t margin_for(std::size_t stack_size) {
  return std::min(std::max(stack_size / 8, kMinMargin), kMaxMargin);
}

thread_local ThreadStack cached_stack;
thread_local std::size_t max_depth_kb = kDefaultMaxStackDepthKb;

const ThreadStack& thread_stack() {
  if (cached_stack.top == 0) cached_stack = current_thread_stack();
  return cached_stack;
}

std::uintptr_t lowest_allowed_for(const ThreadStack& stack, std::size_t kb) {
  std::uintptr_t bottom = stack.top - stack.size;
  std::uintptr_t by_setting = stack.top - std::min<std::uintptr_t>(kb * 1024, stack.top - bottom);
  std::uintptr_t by_stack = bottom + std::min(margin_for(stack.size), stack.size);
  return std::max(by_setting, by_stack);
}

void recompute() {
  stack_depth_detail::lowest_allowed = lowest_allowed_for(thread_stack(), max_depth_kb);
}

}  // namespace

ThreadStack current_thread_stack() {
  ThreadStack stack;
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
    void* address = nullptr;
    std::size_t size = 0;
    if (pthread_attr_getstack(&attributes, &address, &size) == 0 && address != nullptr) {
      stack.top = reinterpret_cast<std::uintptr_t>(address) + size;
      stack.size = size;
    }
    pthread_attr_destroy(&attributes);
  }
  if (stack.top == 0) {
    // Unknown bounds: assume the smallest stack a thread here gets (oneTBB's
    // 2MB on some platforms), measured from this frame.
    stack.top = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    stack.size = 2 * 1024 * 1024;
  }
  return stack;
}

std::size_t max_stack_depth_ceiling_kb() {
  const ThreadStack& stack = thread_stack();
  return (stack.size - std::min(margin_for(stack.size), stack.size)) / 1024;
}

std::size_t current_max_stack_depth_kb() { return max_depth_kb; }

bool stack_depth_exceeded() {
  auto frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  if (frame >= stack_depth_detail::lowest_allowed) return false;
  return !stack_depth_detail::refresh_and_check(frame);
}

void throw_stack_depth_exceeded() { stack_depth_detail::exceeded(); }

std::size_t remaining_stack_bytes() {
  const ThreadStack& stack = thread_stack();
  auto frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  std::uintptr_t floor = stack.top - stack.size + std::min(margin_for(stack.size), stack.size);
  return frame > floor ? frame - floor : 0;
}

MaxStackDepthScope::MaxStackDepthScope(std::size_t kb) : previous_kb_(max_depth_kb) {
  max_depth_kb = kb;
  recompute();
}

MaxStackDepthScope::~MaxStackDepthScope() {
  max_depth_kb = previous_kb_;
  recompute();
}

namespace stack_depth_detail {

bool refresh_and_check(std::uintptr_t frame) {
  recompute();
  return frame >= lowest_allowed;
}

void exceeded() {
  throw SqlError("54001", "stack depth limit exceeded", {},
                 "Increase the configuration parameter \"max_stack_depth\" (currently " +
                     std::to_string(max_depth_kb) +
                     "kB), after ensuring the platform's stack depth limit is adequate.");
}

}  // namespace stack_depth_detail

}  // namespace ptreedb
