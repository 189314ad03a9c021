// Runs code that recurses without a depth check of its own (libpg_query's
// parser and protobuf-c, which are C) on a thread with a stack as large as the
// caller says it may need, so a deep input cannot overflow a worker's stack.
#pragma once

#include <cstddef>
#include <functional>

namespace ptreedb {

// Calls `body` on a new thread whose stack has `stack_bytes` and waits for it;
// an exception `body` throws is rethrown here. The stack is address space
// reserved without committing memory: only the pages the call touches are
// used. Throws SqlError 53200 when the thread cannot be made.
void call_with_large_stack(std::size_t stack_bytes, const std::function<void()>& body);

}  // namespace ptreedb
