// The hypothetical-set aggregates' state: rows in the call's order, spread
// over groups, NULLs included; ranks as PostgreSQL 15 gives for the same rows.
#include "exec/aggregate/hypothetical_rank_state.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace ptreedb;
using exec::Vector;
using planner::AggregateKind;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kBigint = SqlType::of(TypeId::kBigint);
const SqlType kDouble = SqlType::of(TypeId::kDouble);

// Group 0 gets `first`, group 1 `second` (both ascending, -1 = NULL, last);
// the hypothetical value is `h` for both.
Vector finish(AggregateKind kind, SqlType result, std::int64_t h, const std::vector<std::int64_t>& first,
              const std::vector<std::int64_t>& second) {
  Vector x(kBigint), hypothetical(kBigint);
  std::vector<std::uint32_t> groups;
  auto add = [&](std::int64_t value, std::uint32_t group) {
    x.resize(x.size() + 1);
    hypothetical.resize(hypothetical.size() + 1);
    x.nulls.back() = value < 0;
    x.ints.back() = value;
    hypothetical.ints.back() = h;
    groups.push_back(group);
  };
  // Interleaved, as rows sorted by value arrive from two groups.
  for (std::size_t i = 0; i < std::max(first.size(), second.size()); ++i) {
    if (i < first.size()) add(first[i], 0);
    if (i < second.size()) add(second[i], 1);
  }
  auto state = exec::make_hypothetical_rank_state(kind, result, false, false);
  state->resize(2);
  state->fold(x, &hypothetical, groups.data(), groups.size());
  return state->finish(2);
}

}  // namespace

TEST_CASE("rank and dense_rank count the rows and values before the hypothetical one", "[hypothetical]") {
  const std::vector<std::int64_t> a{1, 1, 2, 2, 3, 3, 4, 5}, b{2, 3, -1};
  const Vector rank = finish(AggregateKind::kHypotheticalRank, kBigint, 3, a, b);
  CHECK(rank.ints[0] == 5);
  CHECK(rank.ints[1] == 2);
  const Vector dense = finish(AggregateKind::kHypotheticalDenseRank, kBigint, 3, a, b);
  CHECK(dense.ints[0] == 3);
  CHECK(dense.ints[1] == 2);
}

TEST_CASE("percent_rank and cume_dist count the hypothetical row in", "[hypothetical]") {
  const std::vector<std::int64_t> a{1, 1, 2, 2, 3, 3, 4, 5}, none{};
  const Vector percent = finish(AggregateKind::kHypotheticalPercentRank, kDouble, 3, a, none);
  CHECK(percent.doubles[0] == 0.5);    // PostgreSQL: 0.5
  CHECK(percent.doubles[1] == 0.0);    // no rows: 0
  const Vector cume = finish(AggregateKind::kHypotheticalCumeDist, kDouble, 3, a, none);
  CHECK(cume.doubles[0] == Approx(7.0 / 9.0));  // PostgreSQL: 0.7777777777777778
  CHECK(cume.doubles[1] == 1.0);
}
