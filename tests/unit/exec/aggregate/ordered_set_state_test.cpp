// The ordered-set aggregates' state: rows arrive in the call's order (as the
// aggregation sorts them), spread over groups; results as PostgreSQL 15 gives
// for the same input.
#include "exec/aggregate/ordered_set_state.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "storage/sql_error.h"

using namespace ptreedb;
using exec::Vector;
using planner::AggregateKind;
using planner::BoundExpression;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kDouble = SqlType::of(TypeId::kDouble);

Vector doubles(const std::vector<double>& values) {
  Vector out(kDouble);
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out.doubles[i] = values[i];
  return out;
}

BoundExpression fraction_constant(double value) {
  BoundExpression out;
  out.kind = planner::ExprKind::kConstant;
  out.type = kDouble;
  out.constant.is_null = false;
  out.constant.double_value = value;
  return out;
}

// Two groups: the ascending values go to group (i % 2).
Vector finish(AggregateKind kind, double fraction, const std::vector<double>& ascending) {
  const BoundExpression constant = fraction_constant(fraction);
  auto state = exec::make_ordered_set_state(kind, kDouble, kind == AggregateKind::kMode ? nullptr : &constant);
  state->resize(2);
  std::vector<std::uint32_t> groups;
  for (std::size_t i = 0; i < ascending.size(); ++i) groups.push_back(static_cast<std::uint32_t>(i % 2));
  state->fold(doubles(ascending), nullptr, groups.data(), groups.size());
  return state->finish(2);
}

}  // namespace

TEST_CASE("percentile_cont interpolates between the neighbouring values", "[ordered_set]") {
  // Group 0: 1, 3, 5, 7; group 1: 2, 4, 6, 8.
  const Vector result = finish(AggregateKind::kPercentileCont, 0.5, {1, 2, 3, 4, 5, 6, 7, 8});
  CHECK(result.doubles[0] == 4.0);
  CHECK(result.doubles[1] == 5.0);
  CHECK(finish(AggregateKind::kPercentileCont, 0.25, {1, 2, 3, 4, 5, 6, 7, 8}).doubles[0] == 2.5);
  CHECK(finish(AggregateKind::kPercentileCont, 1.0, {1, 2, 3, 4, 5, 6, 7, 8}).doubles[1] == 8.0);
}

TEST_CASE("percentile_disc takes the first value reaching the fraction", "[ordered_set]") {
  CHECK(finish(AggregateKind::kPercentileDisc, 0.5, {1, 2, 3, 4, 5, 6, 7, 8}).doubles[0] == 3.0);
  CHECK(finish(AggregateKind::kPercentileDisc, 0.0, {1, 2, 3, 4, 5, 6, 7, 8}).doubles[0] == 1.0);
  CHECK(finish(AggregateKind::kPercentileDisc, 0.51, {1, 2, 3, 4, 5, 6, 7, 8}).doubles[1] == 6.0);
}

TEST_CASE("mode is the longest run, the earliest among equal runs", "[ordered_set]") {
  // Group 0: 1, 1, 2, 2, 3; group 1: 1, 2, 2, 3, 3.
  const Vector result = finish(AggregateKind::kMode, 0, {1, 1, 1, 2, 2, 2, 2, 3, 3, 3});
  CHECK(result.doubles[0] == 1.0);
  CHECK(result.doubles[1] == 2.0);
}

TEST_CASE("a fraction outside 0..1 is 22003 even for a group without rows", "[ordered_set]") {
  CHECK_THROWS_AS(finish(AggregateKind::kPercentileCont, 1.5, {}), SqlError);
  const Vector empty = finish(AggregateKind::kPercentileCont, 0.5, {});
  CHECK(empty.nulls[0] == 1);
  CHECK(empty.nulls[1] == 1);
}
