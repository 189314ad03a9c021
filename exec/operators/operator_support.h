// What the physical operators share (internal to exec/: included by
// plan_executor.cpp and exec/operators/*.cpp only).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "exec/join_hash_table.h"
#include "exec/memory_budget.h"
#include "exec/ordered_delivery.h"
#include "exec/vector.h"

namespace ptreedb::exec {

// Rows a scan task reads, and the rows of one slice of a held result.
constexpr std::size_t kMorselRows = 16 * kChunkSize;

// Charges the one chunk `concatenate` is about to make of `chunks` (the
// chunks' own arrays stay charged until the operator ends: both exist while
// it runs).
void charge_concatenation(OperatorMemory& memory, const std::vector<Chunk>& chunks);
// A chunk a filter left small copied onto the last of `kept` while that has
// room (true), rather than kept with its whole arrays: the source refills its
// own arrays, and a selective scan's thousands of nearly empty chunks neither
// hold memory nor fault in new pages. False: keep `chunk` itself.
bool packed_onto_last(std::vector<Chunk>& kept, const Chunk& chunk);
// Charges the arrays of a chunk an operator made from rows it already holds.
void charge_arrays(OperatorMemory& memory, const Chunk& chunk);

// The hash table of a join's hashed side (its collected `chunks`, of
// `types`), charged to `memory`: the rows in one chunk, and per row
// `bytes_per_row` for the table's own arrays plus its key vectors.
JoinHashTable hash_join_rows(std::vector<Chunk> chunks, const std::vector<value::SqlType>& types,
                             const std::vector<planner::BoundExpression>& keys, OperatorMemory& memory,
                             std::int64_t bytes_per_row);

// While an operator consumes its input whole (a join's build side, the input
// of a sort or aggregate), that input is not the ordered output: its sources
// run without waves and report nothing.
class NotTheOutput {
 public:
  explicit NotTheOutput(OrderedDelivery*& slot) : slot_(slot), saved_(std::exchange(slot, nullptr)) {}
  ~NotTheOutput() { slot_ = saved_; }
  NotTheOutput(const NotTheOutput&) = delete;
  NotTheOutput& operator=(const NotTheOutput&) = delete;

 private:
  OrderedDelivery*& slot_;
  OrderedDelivery* saved_;
};

}  // namespace ptreedb::exec
