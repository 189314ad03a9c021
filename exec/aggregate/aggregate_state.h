// The running values of one aggregate call, one slot per group, in typed
// arrays holding only what its kind needs: count(*) a count; sum(int) a
// 128-bit sum; sum(numeric) 128-bit units and a scale; min/max one value; ...
// Each kind folds a whole argument vector in one loop with no per-row type
// dispatch, merges another table's states, and produces the result column.
#pragma once

#include <cstdint>
#include <memory>

#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

class AggregateState {
 public:
  virtual ~AggregateState() = default;

  // Adds empty states so there are `groups`.
  virtual void resize(std::size_t groups) = 0;
  // Folds rows [0, count) of `argument` (and string_agg's `separator`) into
  // groups[i]. count(*) reads neither. A numeric argument holding units is
  // widened first for the kinds that read only whole Decimals.
  void fold(const Vector& argument, const Vector* separator, const std::uint32_t* groups, std::size_t count);
  // Adds `other`'s (same kind) state of group from[i] into group into[i].
  virtual void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into,
                     std::size_t count) = 0;
  // The same, leaving `other`'s states intact (they are merged again: a
  // window's segment tree nodes and running states). `other` may be this
  // state, when no from[i] is an into[j] that comes before it.
  virtual void merge_keeping(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into,
                             std::size_t count) {
    merge(other, from, into, count);
  }
  // The results of groups [0, groups), of the call's result type.
  virtual Vector finish(std::size_t groups) = 0;
  // Bytes held beyond the per-group arrays (string_agg's texts).
  virtual std::int64_t extra_bytes() const { return 0; }
  // Bytes per group of the arrays.
  virtual std::int64_t bytes_per_group() const = 0;
  // False for a state that reads another's (make_companion_state): its call
  // needs no argument and no fold.
  virtual bool folds() const { return true; }
  // Whether the state keeps views of its argument's texts (then the
  // argument's storage must outlive it); the others copy what they keep.
  virtual bool keeps_argument_texts() const { return false; }

 protected:
  // fold() for this kind, on an argument holding units only if
  // reads_numeric_units().
  virtual void fold_values(const Vector& argument, const Vector* separator, const std::uint32_t* groups,
                           std::size_t count) = 0;
  virtual bool reads_numeric_units() const { return false; }
};

std::unique_ptr<AggregateState> make_aggregate_state(const planner::AggregateCall& call);
// sum(x) and avg(x) of one numeric x (neither DISTINCT nor filtered) keep the
// same 128-bit sums and counts: `call`'s state that finishes from `owner`'s
// (made for `owner_call`), which alone folds x; null when the two cannot share.
std::unique_ptr<AggregateState> make_companion_state(AggregateState& owner, const planner::AggregateCall& owner_call,
                                                     const planner::AggregateCall& call);

}  // namespace ptreedb::exec
