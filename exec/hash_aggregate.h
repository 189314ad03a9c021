// Hash aggregation for GROUP BY: each scan task folds its chunks into its own
// table (group key bytes -> group number, then one typed state array per
// aggregate); tables merge like monoids, and the result is a chunk of group
// rows: the key values, then the aggregate values.
//
// DISTINCT aggregates and string_agg with ORDER BY cannot fold as rows
// arrive: they keep their (distinct) input rows per group, merge those, and
// fold them in order at finish().
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

class AggregationTable {
 public:
  AggregationTable(const std::vector<planner::BoundExpression>& keys,
                   const std::vector<planner::AggregateCall>& aggregates);

  // Folds the rows of `input` (already filtered) into their groups.
  void consume(const Chunk& input);
  // Adds every group of `other`; groups new to this table come after its own.
  void merge(AggregationTable& other);
  // The group rows, in the order groups were first seen.
  Chunk finish();
  // About what the table holds, for the memory budget: groups with their
  // keys and states, buffered rows, and the input text it keeps alive.
  std::int64_t approximate_bytes() const;

 private:
  // The running value of one aggregate: one slot per group in the arrays its kind uses.
  struct State {
    std::vector<std::int64_t> counts;    // count, count(*), and the divisor of avg
    std::vector<std::uint8_t> has_value; // saw a non-NULL input
    std::vector<__int128> int_sums;
    std::vector<double> double_sums;
    std::vector<value::Decimal> decimal_sums;
    std::vector<value::Interval> interval_sums;
    Vector extreme;                      // min/max value per group
    std::vector<std::uint8_t> truth;     // bool_and / bool_or
    std::vector<std::string> texts;      // string_agg: each input's delimiter, then its value
    std::vector<std::uint32_t> first_delimiter;  // string_agg: length of the delimiter `texts` starts with
  };

  // The input rows an aggregate keeps until finish(): columns are the
  // argument, string_agg's delimiter, then the ORDER BY keys of the call.
  struct Buffer {
    Chunk rows;
    std::vector<std::uint32_t> groups;
    std::vector<std::uint64_t> hashes;  // of the arguments, for DISTINCT
    std::unordered_multimap<std::uint64_t, std::uint32_t> distinct;  // hash of group and arguments -> row
  };

  std::uint32_t group_of(const std::string& key, const std::vector<Vector>& keys, std::size_t row);
  void add_group();
  void keep_owners(const Vector& vector);
  void fold(std::size_t aggregate, const Vector& argument, const Vector* separator,
            const std::vector<std::uint32_t>& groups);
  void merge_state(std::size_t aggregate, std::uint32_t into, State& source, std::uint32_t from);
  void buffer_rows(std::size_t aggregate, const std::vector<Vector>& columns, const std::vector<std::uint32_t>& groups);
  bool is_duplicate(const Buffer& buffer, std::size_t arguments, std::uint32_t group, std::uint64_t hash,
                    const std::vector<Vector>& columns, std::size_t row) const;
  void append_buffered(Buffer& buffer, bool distinct, std::uint32_t group, std::uint64_t hash,
                       const std::vector<Vector>& columns, std::size_t row);
  void fold_buffer(std::size_t aggregate);

  const std::vector<planner::BoundExpression>& keys_;
  const std::vector<planner::AggregateCall>& aggregates_;
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<Vector> key_values_;
  std::vector<std::string> key_bytes_;
  std::vector<State> states_;
  std::vector<std::uint8_t> buffered_;  // per aggregate: folds at finish() from its Buffer
  std::vector<Buffer> buffers_;
  std::size_t group_count_ = 0;
  std::vector<std::shared_ptr<const TextStorage>> owners_;
  std::unordered_set<const TextStorage*> known_owners_;
  std::int64_t key_bytes_total_ = 0;  // of key_bytes_
  std::int64_t owned_text_bytes_ = 0;  // of owners_
  std::int64_t string_agg_bytes_ = 0;  // appended to string_agg states
};

}  // namespace ptreedb::exec
