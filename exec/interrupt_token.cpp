#include "exec/interrupt_token.h"

#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {
thread_local const InterruptToken* current_token = nullptr;
}

void InterruptToken::begin_statement(std::chrono::milliseconds timeout) {
  cancel_requested_.store(false, std::memory_order_relaxed);
  deadline_ns_.store(timeout.count() > 0 ? now_ns() + std::chrono::nanoseconds(timeout).count() : kNoDeadline,
                     std::memory_order_relaxed);
}

void InterruptToken::end_statement() {
  deadline_ns_.store(kNoDeadline, std::memory_order_relaxed);
  cancel_requested_.store(false, std::memory_order_relaxed);
}

void InterruptToken::throw_cancelled() {
  throw SqlError(sqlstate::kQueryCanceled, "canceling statement due to user request");
}

void InterruptToken::throw_timed_out() {
  throw SqlError(sqlstate::kQueryCanceled, "canceling statement due to statement timeout");
}

const InterruptToken* current_interrupt_token() { return current_token; }

InterruptScope::InterruptScope(InterruptToken* token, std::chrono::milliseconds timeout)
    : token_(token == current_token ? nullptr : token), previous_(current_token) {
  // A statement run inside another (nested scope) keeps the outer deadline.
  if (token_ != nullptr) {
    token_->begin_statement(timeout);
    current_token = token_;
  }
}

InterruptScope::~InterruptScope() {
  if (token_ != nullptr) {
    token_->end_statement();
    current_token = previous_;
  }
}

}  // namespace ptreedb::exec
