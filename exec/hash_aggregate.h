// Hash aggregation for GROUP BY: each scan task folds its chunks into its own
// table (group key bytes -> group number, then one typed state array per
// aggregate); tables merge like monoids, and the result is a chunk of group
// rows: the key values, then the aggregate values.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
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

 private:
  struct State {
    std::vector<std::int64_t> counts;    // count, count(*), and the divisor of avg
    std::vector<std::uint8_t> has_value; // sum/avg/min/max saw a non-NULL input
    std::vector<__int128> int_sums;
    std::vector<double> double_sums;
    std::vector<value::Decimal> decimal_sums;
    std::vector<value::Interval> interval_sums;
    Vector extreme;                      // min/max value per group
    std::vector<std::set<std::string>> distinct_seen;
  };

  std::uint32_t group_of(const std::string& key, const std::vector<Vector>& keys, std::size_t row);
  void add_group();
  void keep_owners(const Vector& vector);
  void update(std::size_t aggregate, const Vector& argument, const std::vector<std::uint32_t>& groups);
  void merge_state(std::size_t aggregate, std::uint32_t into, const State& source, std::uint32_t from);

  const std::vector<planner::BoundExpression>& keys_;
  const std::vector<planner::AggregateCall>& aggregates_;
  std::unordered_map<std::string, std::uint32_t> index_;
  std::vector<Vector> key_values_;
  std::vector<std::string> key_bytes_;
  std::vector<State> states_;
  std::size_t group_count_ = 0;
  std::vector<std::shared_ptr<const TextStorage>> owners_;
  std::unordered_set<const TextStorage*> known_owners_;
};

}  // namespace ptreedb::exec
