// The statistical aggregates' states: folding rows in two parts and merging
// them (as parallel folds and window frames do) gives what one fold gives,
// exactly for integers and numerics, within rounding for doubles; and the
// empty-group, one-row and overflow rules PostgreSQL 15 has.
#include "exec/aggregate/moments_state.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "storage/sql_error.h"

using namespace ptreedb;
using exec::AggregateState;
using exec::Vector;
using planner::AggregateKind;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kNumeric = SqlType::of(TypeId::kNumeric);
const SqlType kDouble = SqlType::of(TypeId::kDouble);
const SqlType kBigint = SqlType::of(TypeId::kBigint);

Vector numerics(const std::vector<const char*>& texts) {
  Vector out(kNumeric);
  out.resize(texts.size());
  for (std::size_t i = 0; i < texts.size(); ++i) {
    out.nulls[i] = texts[i] == nullptr;
    if (texts[i] != nullptr) out.decimals[i] = value::parse_decimal(texts[i]);
  }
  return out;
}

Vector doubles(const std::vector<double>& values) {
  Vector out(kDouble);
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out.doubles[i] = values[i];
  return out;
}

// Rows [begin, end) of `all`.
Vector slice(const Vector& all, std::size_t begin, std::size_t end) {
  Vector out(all.type);
  for (std::size_t i = begin; i < end; ++i) out.append_from(all, i);
  return out;
}

// The one group's result after folding `y` (and `x`) whole, or split at `split` and merged.
Vector result(AggregateKind kind, SqlType argument, SqlType type, const Vector& y, const Vector* x,
              std::size_t split) {
  auto whole = exec::make_moments_state(kind, argument, type);
  whole->resize(1);
  if (split == 0) {
    std::vector<std::uint32_t> groups(y.size(), 0);
    whole->fold(y, x, groups.data(), y.size());
    return whole->finish(1);
  }
  auto second = exec::make_moments_state(kind, argument, type);
  second->resize(1);
  Vector y1 = slice(y, 0, split), y2 = slice(y, split, y.size());
  Vector x1 = x ? slice(*x, 0, split) : Vector(), x2 = x ? slice(*x, split, x->size()) : Vector();
  std::vector<std::uint32_t> groups(y.size(), 0);
  whole->fold(y1, x ? &x1 : nullptr, groups.data(), y1.size());
  second->fold(y2, x ? &x2 : nullptr, groups.data(), y2.size());
  const std::uint32_t zero = 0;
  whole->merge(*second, &zero, &zero, 1);
  return whole->finish(1);
}

}  // namespace

TEST_CASE("exact moments merge to the same digits, whatever the split and scales", "[moments]") {
  const Vector values = numerics({"1.5", "2.25", nullptr, "-3.125", "7", "0.0001", "12345.678"});
  for (AggregateKind kind : {AggregateKind::kVarPop, AggregateKind::kVarSamp, AggregateKind::kStddevPop,
                             AggregateKind::kStddevSamp}) {
    const std::string once = value::format_decimal(result(kind, kNumeric, kNumeric, values, nullptr, 0).decimals[0]);
    for (std::size_t split = 1; split < values.size(); ++split) {
      CAPTURE(static_cast<int>(kind), split);
      CHECK(value::format_decimal(result(kind, kNumeric, kNumeric, values, nullptr, split).decimals[0]) == once);
    }
  }
  // Printed by PostgreSQL 15 for var_samp and stddev_pop of (1.5), (2.25), (-3.125).
  const Vector three = numerics({"1.5", "2.25", "-3.125"});
  CHECK(value::format_decimal(result(AggregateKind::kVarSamp, kNumeric, kNumeric, three, nullptr, 2).decimals[0]) ==
        "8.4739583333333333");
  CHECK(value::format_decimal(result(AggregateKind::kStddevPop, kNumeric, kNumeric, three, nullptr, 1).decimals[0]) ==
        "2.3768267828252768");
}

TEST_CASE("exact moments of bigints past 38 digits in between", "[moments]") {
  Vector values(kBigint);
  values.resize(3);
  values.ints = {INT64_MAX, -INT64_MAX, 5};
  // PostgreSQL 15: var_pop 56713727820156410564931271856155000838, stddev_samp 9223372036854775807.
  CHECK(value::format_decimal(result(AggregateKind::kVarPop, kBigint, kNumeric, values, nullptr, 1).decimals[0]) ==
        "56713727820156410564931271856155000838");
  CHECK(value::format_decimal(
            result(AggregateKind::kStddevSamp, kBigint, kNumeric, values, nullptr, 2).decimals[0]) ==
        "9223372036854775807");
}

TEST_CASE("too few rows give NULL; one row's population variance is 0", "[moments]") {
  const Vector one = numerics({"4.5"});
  CHECK(result(AggregateKind::kVarSamp, kNumeric, kNumeric, one, nullptr, 0).nulls[0] == 1);
  const Vector pop = result(AggregateKind::kVarPop, kNumeric, kNumeric, one, nullptr, 0);
  CHECK(value::format_decimal(pop.decimals[0]) == "0");
  const Vector none = numerics({nullptr, nullptr});
  CHECK(result(AggregateKind::kVarPop, kNumeric, kNumeric, none, nullptr, 1).nulls[0] == 1);
}

TEST_CASE("double moments merge by Youngs-Cramer's combine", "[moments]") {
  const Vector values = doubles({2.25, 0.5, 7.75, -3.5, 1e-3, 42.0});
  for (AggregateKind kind : {AggregateKind::kVarPop, AggregateKind::kVarSamp, AggregateKind::kStddevSamp}) {
    const double once = result(kind, kDouble, kDouble, values, nullptr, 0).doubles[0];
    for (std::size_t split = 1; split < values.size(); ++split) {
      CHECK(result(kind, kDouble, kDouble, values, nullptr, split).doubles[0] == Approx(once).epsilon(1e-12));
    }
  }
  // An infinite input makes the variance NaN; finite inputs overflowing are 22003.
  CHECK(std::isnan(result(AggregateKind::kVarPop, kDouble, kDouble, doubles({INFINITY, 1.0}), nullptr, 0).doubles[0]));
  CHECK_THROWS_AS(result(AggregateKind::kVarPop, kDouble, kDouble, doubles({1e308, -1e308}), nullptr, 0), SqlError);
}

TEST_CASE("regressions of (Y, X) merge and skip rows with a NULL", "[moments]") {
  Vector y = doubles({2.25, 0.5, 7.75, -3.5, 9.0});
  Vector x = doubles({3, 7, 11, 5, 1});
  y.nulls[4] = 1;
  // PostgreSQL 15 over the first four rows: covar_pop 8.125, regr_slope 0.9285714285714286,
  // regr_intercept -4.285714285714286, regr_count 4.
  for (std::size_t split = 0; split < 4; ++split) {
    CHECK(result(AggregateKind::kCovarPop, kDouble, kDouble, y, &x, split).doubles[0] == Approx(8.125));
    CHECK(result(AggregateKind::kRegrSlope, kDouble, kDouble, y, &x, split).doubles[0] ==
          Approx(0.9285714285714286));
    CHECK(result(AggregateKind::kRegrIntercept, kDouble, kDouble, y, &x, split).doubles[0] ==
          Approx(-4.285714285714286));
    CHECK(result(AggregateKind::kRegrCount, kDouble, kBigint, y, &x, split).ints[0] == 4);
  }
  // corr of a constant X is NULL; regr_r2 of a constant Y is 1.
  const Vector flat = doubles({5, 5, 5}), line = doubles({1, 2, 3});
  CHECK(result(AggregateKind::kCorr, kDouble, kDouble, line, &flat, 0).nulls[0] == 1);
  CHECK(result(AggregateKind::kRegrR2, kDouble, kDouble, flat, &line, 0).doubles[0] == 1.0);
}
