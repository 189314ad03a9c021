// The server's memory budget. Everything a query accumulates (sorted rows,
// hash tables, grouped rows, materialized sides of joins and set operations)
// is charged, a chunk at a time, to the query's QueryMemory, which charges the
// process-wide MemoryBudget (--memory-limit). Each accumulating operator also
// has its own limit (work_mem). A charge that would pass either limit throws
// SqlError 53200 "out of memory" instead of allocating, and everything the
// query charged is released when it ends, so the server itself never runs out.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace ptreedb::exec {

// Process-wide: bytes charged by all running queries and writes, against a limit.
class MemoryBudget {
 public:
  static MemoryBudget& process();

  // 0 = unlimited.
  void set_limit(std::int64_t bytes) { limit_.store(bytes, std::memory_order_relaxed); }
  std::int64_t limit() const { return limit_.load(std::memory_order_relaxed); }
  std::int64_t used() const { return used_.load(std::memory_order_relaxed); }

  // Adds `bytes` unless that would pass the limit; never blocks. The last
  // eighth of the limit is kept for small statements (`small`: the charging
  // statement holds little), so one big statement that fails never makes the
  // other sessions' short queries fail with it.
  bool try_reserve(std::int64_t bytes, bool small);
  // What a statement may hold and still count as small.
  std::int64_t small_statement_bytes() const { return limit() / 64; }
  void release(std::int64_t bytes) { used_.fetch_sub(bytes, std::memory_order_relaxed); }

 private:
  std::atomic<std::int64_t> limit_{0};
  std::atomic<std::int64_t> used_{0};
};

// What one statement holds; safe to charge from any of its oneTBB tasks.
class QueryMemory {
 public:
  // `operator_limit`: the work_mem of each accumulating operator (0 = none).
  explicit QueryMemory(MemoryBudget& budget, std::int64_t operator_limit = 0)
      : budget_(budget), operator_limit_(operator_limit) {}
  ~QueryMemory();
  QueryMemory(const QueryMemory&) = delete;
  QueryMemory& operator=(const QueryMemory&) = delete;

  // Throws 53200 (naming `context` and the request's size) when the process
  // budget cannot take `bytes` more.
  void charge(std::int64_t bytes, const char* context);
  void release(std::int64_t bytes);

  std::int64_t charged() const { return charged_.load(std::memory_order_relaxed); }
  std::int64_t operator_limit() const { return operator_limit_; }
  MemoryBudget& budget() const { return budget_; }

 private:
  MemoryBudget& budget_;
  std::int64_t operator_limit_;
  std::atomic<std::int64_t> charged_{0};
};

// One operator's share of its query's memory (a sort, a hash table, ...):
// grows chunk by chunk, bounded by work_mem, and given back on destruction.
// A null query means nothing is tracked (unit tests, internal statements).
class OperatorMemory {
 public:
  // `work_mem_bound`: false for what only the process budget bounds (a
  // statement's result rows, rows a write adds), true for sorts and hashes.
  OperatorMemory(QueryMemory* query, const char* context, bool work_mem_bound = true)
      : query_(query), context_(context), work_mem_bound_(work_mem_bound) {}
  ~OperatorMemory() { reset(); }
  OperatorMemory(const OperatorMemory&) = delete;
  OperatorMemory& operator=(const OperatorMemory&) = delete;

  // Charges `bytes` more; throws 53200 past work_mem or the process budget.
  void add(std::int64_t bytes);
  // Gives back everything this operator charged.
  void reset();
  std::int64_t held() const { return held_.load(std::memory_order_relaxed); }

 private:
  QueryMemory* query_;
  const char* context_;
  bool work_mem_bound_;
  std::atomic<std::int64_t> held_{0};
};

// The tracker of the statement running on this thread (null outside one).
// Like the interrupt token, operators read it on the thread that starts them.
QueryMemory* current_query_memory();

// Makes `memory` this thread's tracker until the scope ends; a statement run
// inside another (nested scope) keeps the outer one.
class QueryMemoryScope {
 public:
  explicit QueryMemoryScope(QueryMemory* memory);
  ~QueryMemoryScope();
  QueryMemoryScope(const QueryMemoryScope&) = delete;
  QueryMemoryScope& operator=(const QueryMemoryScope&) = delete;

 private:
  QueryMemory* previous_;
  bool installed_;
};

// "256MB" for 268435456: the largest of kB, MB, GB that divides it, as
// PostgreSQL prints memory settings; bytes below 1 kB print as "N bytes".
std::string format_memory_size(std::int64_t bytes);

// Parses a size: a number, then a unit or `default_unit` (1 for bytes, 1024
// for kB settings). With `setting_units`, PostgreSQL's case-sensitive B, kB,
// MB, GB, TB (SET work_mem = '64MB'); otherwise also k, M, G, T in either case
// (--memory-limit 256M). Returns -1 for anything else or an overflow.
std::int64_t parse_memory_size(const std::string& text, std::int64_t default_unit, bool setting_units);

}  // namespace ptreedb::exec
