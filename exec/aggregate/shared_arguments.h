// Arithmetic that several aggregate calls of one aggregation compute alike,
// computed once per chunk: Q1's l_extendedprice * (1 - l_discount) is the
// argument of sum_disc_price and part of sum_charge's.
//
// Only arithmetic reached from an argument's root through arithmetic alone
// is shared: such a node is computed on every row of the chunk whenever its
// call is, so computing it once ahead raises no error the calls would not
// (a node under CASE or COALESCE runs on some rows only and is left alone).
// Calls with FILTER see other rows and take no part.
#pragma once

#include <cstddef>
#include <vector>

#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

// Values computed ahead for some expression nodes (by address) over one
// chunk, which operands over that chunk borrow instead of computing
// (exec/operand.h). Installed per thread by SharedArguments::Scope.
struct PrecomputedValues {
  const Chunk* input = nullptr;
  std::vector<const planner::BoundExpression*> nodes;
  std::vector<const Vector*> values;  // per node
  std::size_t ready = 0;              // nodes[0, ready) have values
};

// The values precomputed for `expr` over `input` on this thread, or null.
const Vector* precomputed_value(const planner::BoundExpression& expr, const Chunk& input);

class SharedArguments {
 public:
  explicit SharedArguments(const std::vector<planner::AggregateCall>& aggregates);
  SharedArguments(const SharedArguments&) = delete;
  SharedArguments& operator=(const SharedArguments&) = delete;

  bool empty() const { return shared_.empty(); }
  // How many distinct expressions are computed once per chunk.
  std::size_t size() const { return shared_.size(); }

  // Computes every shared expression over `input` and lets its occurrences
  // borrow the values on this thread while the scope lives.
  class Scope {
   public:
    Scope(SharedArguments& shared, const Chunk& input);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    const PrecomputedValues* previous_;
    bool active_;
  };

 private:
  struct Shared {
    const planner::BoundExpression* expression;  // the first occurrence
    std::vector<const planner::BoundExpression*> occurrences;
  };
  std::vector<Shared> shared_;  // inner ones before the outer ones containing them
  std::vector<Vector> values_;  // per shared expression, reused chunk after chunk
  PrecomputedValues table_;
};

}  // namespace ptreedb::exec
