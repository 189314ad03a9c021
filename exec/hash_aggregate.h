// Hash aggregation for GROUP BY: each scan task folds its chunks into its own
// table (group keys -> dense group numbers, exec/aggregate/group_keys.h; then
// one typed state per aggregate, exec/aggregate/aggregate_state.h); tables
// merge like monoids, and the result is a chunk of group rows: the key
// values, then the aggregate values.
//
// Many groups merge in parallel: each table's groups split by key hash into
// partitions, and each partition's groups from all tables merge on their own
// (merge_groups), with no lock.
//
// DISTINCT aggregates and string_agg with ORDER BY cannot fold as rows
// arrive: they keep their (distinct) input rows per group, merge those, and
// fold them in order at finish().
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

#include "exec/aggregate/aggregate_state.h"
#include "exec/aggregate/flat_group_index.h"
#include "exec/aggregate/group_keys.h"
#include "exec/aggregate/shared_arguments.h"
#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

class AggregationTable {
 public:
  // `carried_keys`: as planner::AggregateNode's (keys a hashed key determines).
  AggregationTable(const std::vector<planner::BoundExpression>& keys,
                   const std::vector<planner::AggregateCall>& aggregates,
                   const std::vector<bool>& carried_keys = {});

  // Folds the rows of `input` (already filtered) into their groups.
  void consume(const Chunk& input);
  // Adds every group of `other`; groups new to this table come after its own.
  void merge(AggregationTable& other);
  // The group rows, in the order groups were first seen.
  Chunk finish();
  // About what the table holds, for the memory budget: groups with their
  // keys and states, buffered rows, and the input text it keeps alive.
  std::int64_t approximate_bytes() const;

  std::size_t group_count() const { return groups_.size(); }
  const std::vector<bool>& carried_keys() const { return carried_keys_; }
  // For a partitioned merge: makes the key form of all `tables` alike (so
  // equal keys hash alike), then lists each table's groups per partition
  // (the top `partition_bits` of their key hash).
  static void match_key_forms(const std::vector<AggregationTable*>& tables);
  std::vector<std::vector<std::uint32_t>> groups_by_partition(int partition_bits) const;
  // Adds groups `groups` of `other` (all of one partition) and their kept
  // rows; `other`'s text stays alive through share_text() instead.
  void merge_groups(AggregationTable& other, const std::vector<std::uint32_t>& groups);
  void reserve(std::size_t groups) { groups_.reserve(groups); }
  // Text the result points into, beyond this table's own.
  void share_text(std::shared_ptr<const TextStorage> storage) { shared_text_ = std::move(storage); }
  // All input text this table keeps alive.
  const std::vector<std::shared_ptr<const TextStorage>>& text_owners() const { return owners_; }

 private:
  // The input rows an aggregate keeps until finish(): columns are the
  // argument, string_agg's delimiter, then the ORDER BY keys of the call.
  struct Buffer {
    Chunk rows;
    std::vector<std::uint32_t> groups;
    std::vector<std::uint64_t> hashes;  // of the arguments, for DISTINCT
    // For DISTINCT every kept row is a distinct (group, arguments): the
    // index numbers them as the rows are kept, by the hash of both.
    FlatGroupIndex distinct;
  };

  void keep_owners(const Vector& vector);
  void resize_states();
  void buffer_rows(std::size_t aggregate, const std::vector<Vector>& columns, const std::vector<std::uint32_t>& groups);
  // Keeps row `row` of `columns` for `group` unless (DISTINCT) an equal row
  // of the group is kept already.
  void keep_row(Buffer& buffer, bool distinct, std::size_t arguments, std::uint32_t group, std::uint64_t hash,
                const std::vector<Vector>& columns, std::size_t row);
  void merge_buffers(AggregationTable& other, const std::vector<std::uint32_t>& into_of);
  void fold_buffer(std::size_t aggregate);

  const std::vector<planner::BoundExpression>& keys_;
  const std::vector<planner::AggregateCall>& aggregates_;
  std::vector<bool> carried_keys_;
  GroupKeys groups_;
  SharedArguments shared_arguments_;
  std::vector<std::unique_ptr<AggregateState>> states_;
  std::vector<std::uint8_t> buffered_;  // per aggregate: folds at finish() from its Buffer
  std::vector<Buffer> buffers_;
  std::vector<std::shared_ptr<const TextStorage>> owners_;
  std::unordered_set<const TextStorage*> known_owners_;
  std::shared_ptr<const TextStorage> shared_text_;
  std::int64_t owned_text_bytes_ = 0;  // of owners_
  // Reused for every chunk: group numbers, computed keys and arguments.
  std::vector<std::uint32_t> chunk_groups_;
  std::vector<Vector> key_values_;
  KeyColumns key_columns_;
  std::vector<Vector> argument_values_, separator_values_;  // per aggregate
};

}  // namespace ptreedb::exec
