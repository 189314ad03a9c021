#include "exec/memory_budget.h"

#include <cctype>

#include "exec/resident_memory.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {

constexpr const char* kOutOfMemory = "53200";

thread_local QueryMemory* current_memory = nullptr;

std::string kilobytes(std::int64_t bytes) { return std::to_string((bytes + 1023) / 1024) + " kB"; }

[[noreturn]] void throw_out_of_memory(std::int64_t request, const char* context, const std::string& why) {
  throw SqlError(kOutOfMemory, "out of memory",
                 "Failed on request of size " + std::to_string(request) + " in memory context \"" + context +
                     "\": " + why + ".");
}

}  // namespace

MemoryBudget& MemoryBudget::process() {
  static MemoryBudget budget;
  return budget;
}

bool MemoryBudget::try_reserve(std::int64_t bytes, bool small) {
  std::int64_t limit = limit_.load(std::memory_order_relaxed);
  if (limit <= 0 || bytes <= 0) {
    used_.fetch_add(bytes, std::memory_order_relaxed);
    return true;
  }
  if (!small) limit -= limit / 8;
  // A compare-and-swap loop, so racing charges never pass the limit even for
  // a moment and one that fits is never refused because of one that did not.
  std::int64_t used = used_.load(std::memory_order_relaxed);
  do {
    if (used + bytes > limit) return false;
  } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
  return true;
}

QueryMemory::~QueryMemory() {
  budget_.release(charged_.load(std::memory_order_relaxed));
  if (&budget_ == &MemoryBudget::process()) update_memory_pressure();
}

void QueryMemory::charge(std::int64_t bytes, const char* context) {
  if (bytes <= 0) return;
  bool small = charged() + bytes <= budget_.small_statement_bytes();
  if (!budget_.try_reserve(bytes, small)) {
    throw_out_of_memory(bytes, context,
                        "the statement holds " + kilobytes(charged()) + " and all statements " +
                            kilobytes(budget_.used()) + " of the server's memory limit of " +
                            format_memory_size(budget_.limit()));
  }
  charged_.fetch_add(bytes, std::memory_order_relaxed);
  if (&budget_ == &MemoryBudget::process()) update_memory_pressure();
}

void QueryMemory::release(std::int64_t bytes) {
  if (bytes <= 0) return;
  charged_.fetch_sub(bytes, std::memory_order_relaxed);
  budget_.release(bytes);
}

void OperatorMemory::add(std::int64_t bytes) {
  if (query_ == nullptr || bytes <= 0) return;
  std::int64_t limit = work_mem_bound_ ? query_->operator_limit() : 0;
  std::int64_t before = held_.load(std::memory_order_relaxed);
  do {
    if (limit > 0 && before + bytes > limit) {
      throw_out_of_memory(bytes, context_,
                          "the operator holds " + kilobytes(before) + " and one operator may hold " +
                              format_memory_size(limit) + " (work_mem, or the server's share if larger)");
    }
  } while (!held_.compare_exchange_weak(before, before + bytes, std::memory_order_relaxed));
  try {
    query_->charge(bytes, context_);
  } catch (...) {
    held_.fetch_sub(bytes, std::memory_order_relaxed);
    throw;
  }
}

void OperatorMemory::reset() {
  if (query_ == nullptr) return;
  query_->release(held_.exchange(0, std::memory_order_relaxed));
}

QueryMemory* current_query_memory() { return current_memory; }

QueryMemoryScope::QueryMemoryScope(QueryMemory* memory)
    : previous_(current_memory), installed_(memory != nullptr && current_memory == nullptr) {
  if (installed_) current_memory = memory;
}

QueryMemoryScope::~QueryMemoryScope() {
  if (installed_) current_memory = previous_;
}

std::string format_memory_size(std::int64_t bytes) {
  constexpr std::int64_t kKilo = 1024;
  if (bytes % kKilo != 0 || bytes == 0) return std::to_string(bytes) + " bytes";
  static const char* const kUnits[] = {"kB", "MB", "GB", "TB"};
  std::int64_t value = bytes / kKilo;
  int unit = 0;
  while (unit < 3 && value % kKilo == 0) {
    value /= kKilo;
    ++unit;
  }
  return std::to_string(value) + kUnits[unit];
}

std::int64_t parse_memory_size(const std::string& text, std::int64_t default_unit, bool setting_units) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::size_t digits_begin = i;
  std::int64_t number = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (number > (INT64_MAX - 9) / 10) return -1;
    number = number * 10 + (text[i] - '0');
    ++i;
  }
  if (i == digits_begin) return -1;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  std::string unit;
  for (; i < text.size(); ++i) {
    if (std::isspace(static_cast<unsigned char>(text[i]))) break;
    unit += text[i];
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != text.size()) return -1;
  std::int64_t multiplier = 0;
  if (setting_units) {
    // PostgreSQL's memory units, case-sensitive.
    if (unit.empty()) multiplier = default_unit;
    else if (unit == "B") multiplier = 1;
    else if (unit == "kB") multiplier = std::int64_t{1} << 10;
    else if (unit == "MB") multiplier = std::int64_t{1} << 20;
    else if (unit == "GB") multiplier = std::int64_t{1} << 30;
    else if (unit == "TB") multiplier = std::int64_t{1} << 40;
    else return -1;
    if (number > INT64_MAX / multiplier) return -1;
    return number * multiplier;
  }
  for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (unit.empty()) multiplier = default_unit;
  else if (unit == "b" || unit == "bytes") multiplier = 1;
  else if (unit == "k" || unit == "kb") multiplier = std::int64_t{1} << 10;
  else if (unit == "m" || unit == "mb") multiplier = std::int64_t{1} << 20;
  else if (unit == "g" || unit == "gb") multiplier = std::int64_t{1} << 30;
  else if (unit == "t" || unit == "tb") multiplier = std::int64_t{1} << 40;
  else return -1;
  if (number > INT64_MAX / multiplier) return -1;
  return number * multiplier;
}

}  // namespace ptreedb::exec
