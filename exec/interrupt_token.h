// A statement's interrupt token: set by a CancelRequest from another
// connection, or due when the statement's timeout passes. Operators check it
// between units of parallel work (a morsel, a probe chunk, a merge), never per
// row, and the check is a relaxed load plus, when a timeout is armed, a clock
// read. A tripped check ends the statement with 57014.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace ptreedb::exec {

class InterruptToken {
 public:
  // From any thread: ends the running statement; a statement that starts
  // later clears it, so a cancel that arrives while idle does nothing.
  void request_cancel() { cancel_requested_.store(true, std::memory_order_relaxed); }

  // Called by the session thread around each statement; `timeout` zero = none.
  void begin_statement(std::chrono::milliseconds timeout);
  void end_statement();

  // Throws SqlError 57014 when cancelled or past the deadline.
  void check() const {
    if (cancel_requested_.load(std::memory_order_relaxed)) throw_cancelled();
    std::int64_t deadline = deadline_ns_.load(std::memory_order_relaxed);
    if (deadline != kNoDeadline && now_ns() >= deadline) throw_timed_out();
  }

 private:
  static constexpr std::int64_t kNoDeadline = INT64_MAX;
  static std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  [[noreturn]] static void throw_cancelled();
  [[noreturn]] static void throw_timed_out();

  std::atomic<bool> cancel_requested_{false};
  std::atomic<std::int64_t> deadline_ns_{kNoDeadline};
};

// The token of the statement running on this thread (null outside one).
// Operators read it once, on the thread that starts them, and hand it to
// their parallel tasks.
const InterruptToken* current_interrupt_token();

inline void check_interrupt(const InterruptToken* token) {
  if (token != nullptr) token->check();
}

// Begins a statement on `token` (may be null) and makes it this thread's
// current token until the scope ends.
class InterruptScope {
 public:
  InterruptScope(InterruptToken* token, std::chrono::milliseconds timeout);
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

 private:
  InterruptToken* token_;
  const InterruptToken* previous_;
};

}  // namespace ptreedb::exec
