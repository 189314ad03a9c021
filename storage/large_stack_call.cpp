#include "storage/large_stack_call.h"

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <exception>

#include "storage/sql_error.h"

namespace ptreedb {

namespace {

// Below the stack, a range that faults instead of running into other memory.
constexpr std::size_t kGuardBytes = 64 * 1024;

struct Call {
  const std::function<void()>* body;
  std::exception_ptr error;
};

void* run(void* argument) {
  auto* call = static_cast<Call*>(argument);
  try {
    (*call->body)();
  } catch (...) {
    call->error = std::current_exception();
  }
  return nullptr;
}

[[noreturn]] void cannot_start() {
  throw SqlError("53200", "out of memory", "Failed to start a thread with a large stack for a deep statement.");
}

}  // namespace

void call_with_large_stack(std::size_t stack_bytes, const std::function<void()>& body) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::size_t size = (stack_bytes + page - 1) / page * page;
  void* mapping = mmap(nullptr, size + kGuardBytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (mapping == MAP_FAILED) cannot_start();
  char* base = static_cast<char*>(mapping);
  mprotect(base, kGuardBytes, PROT_NONE);  // stacks grow down: the guard is at the low end
  Call call{&body, nullptr};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstack(&attributes, base + kGuardBytes, size);
  pthread_t thread;
  int started = pthread_create(&thread, &attributes, run, &call);
  pthread_attr_destroy(&attributes);
  if (started == 0) pthread_join(thread, nullptr);
  munmap(mapping, size + kGuardBytes);
  if (started != 0) cannot_start();
  if (call.error) std::rethrow_exception(call.error);
}

}  // namespace ptreedb
