#include "exec/aggregate/ordered_set_state.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "storage/sql_error.h"
#include "storage/value/interval.h"

namespace ptreedb::exec {

using planner::AggregateKind;

namespace {

class OrderedSetState final : public AggregateState {
 public:
  OrderedSetState(AggregateKind kind, value::SqlType result, std::optional<std::optional<double>> constant_fraction)
      : kind_(kind), result_(result), values_(result), constant_fraction_(constant_fraction) {}
  void resize(std::size_t groups) override {
    rows_.resize(groups);
    fractions_.resize(groups, constant_fraction_ ? *constant_fraction_ : std::nullopt);
  }
  // `argument` is x in the call's order; `fraction` (percentiles) the same
  // value on every row.
  void fold_values(const Vector& argument, const Vector* fraction, const std::uint32_t* groups,
                   std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      std::vector<std::uint32_t>& rows = rows_[groups[i]];
      if (rows.empty() && fraction != nullptr && !constant_fraction_) {
        fractions_[groups[i]] = fraction->nulls[i] ? std::nullopt : std::optional<double>(fraction->doubles[i]);
      }
      rows.push_back(static_cast<std::uint32_t>(values_.size()));
      values_.append_from(argument, i);
    }
  }
  // Every row reaches fold once, after the parts' buffers are merged.
  void merge(AggregateState&, const std::uint32_t*, const std::uint32_t*, std::size_t) override {}
  Vector finish(std::size_t groups) override {
    Vector result(result_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const std::vector<std::uint32_t>& rows = rows_[g];
      result.nulls[g] = 1;
      if (kind_ == AggregateKind::kMode) {
        if (rows.empty()) continue;
        assign_element(result, g, values_, most_frequent(rows));
        result.nulls[g] = 0;
        continue;
      }
      // The fraction is checked before the rows are (percentile_*_final).
      if (!fractions_[g]) continue;
      const double fraction = *fractions_[g];
      if (fraction < 0 || fraction > 1 || std::isnan(fraction)) {
        char text[64];
        std::snprintf(text, sizeof text, "%g", fraction);
        throw SqlError(sqlstate::kNumericValueOutOfRange,
                       "percentile value " + std::string(text) + " is not between 0 and 1");
      }
      if (rows.empty()) continue;
      result.nulls[g] = 0;
      const auto count = static_cast<double>(rows.size());
      if (kind_ == AggregateKind::kPercentileDisc) {
        // The first value whose cumulative distribution reaches the fraction.
        const auto row = static_cast<std::size_t>(std::ceil(fraction * count));
        assign_element(result, g, values_, rows[row <= 1 ? 0 : row - 1]);
        continue;
      }
      const double position = fraction * (count - 1);
      const auto first = static_cast<std::size_t>(std::floor(position));
      const auto second = static_cast<std::size_t>(std::ceil(position));
      const double proportion = position - static_cast<double>(first);
      if (result_.id == value::TypeId::kInterval) {
        const value::Interval low = values_.intervals[rows[first]];
        result.intervals[g] =
            second > first
                ? value::interval_add(value::interval_mul(value::interval_sub(values_.intervals[rows[second]], low),
                                                          proportion),
                                      low)
                : low;
      } else {
        const double low = values_.doubles[rows[first]];
        result.doubles[g] = second > first ? low + (values_.doubles[rows[second]] - low) * proportion : low;
      }
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(std::vector<std::uint32_t>) + 16; }
  std::int64_t extra_bytes() const override {
    return static_cast<std::int64_t>(values_.size()) * (1 + 16 + static_cast<std::int64_t>(sizeof(std::uint32_t)));
  }
  // The values' texts stay where the aggregation's kept rows point.
  bool keeps_argument_texts() const override { return true; }

 private:
  // mode_final: the value of the longest run of equal values; the earliest run wins a tie.
  std::uint32_t most_frequent(const std::vector<std::uint32_t>& rows) const {
    std::uint32_t mode = rows[0], run_start = rows[0];
    std::size_t mode_count = 1, run_count = 1;
    for (std::size_t i = 1; i < rows.size(); ++i) {
      if (compare_elements(values_, rows[i], values_, run_start) == 0) {
        ++run_count;
        continue;
      }
      if (run_count > mode_count) {
        mode = run_start;
        mode_count = run_count;
      }
      run_start = rows[i];
      run_count = 1;
    }
    return run_count > mode_count ? run_start : mode;
  }

  AggregateKind kind_;
  value::SqlType result_;
  Vector values_;                                 // every group's x, in arrival order
  std::vector<std::vector<std::uint32_t>> rows_;  // per group: its values' places in values_
  std::vector<std::optional<double>> fractions_;  // per group: the percentile (nullopt: NULL)
  std::optional<std::optional<double>> constant_fraction_;  // the call's, when a constant
};

}  // namespace

std::unique_ptr<AggregateState> make_ordered_set_state(AggregateKind kind, value::SqlType result,
                                                       const planner::BoundExpression* fraction) {
  std::optional<std::optional<double>> constant;
  if (fraction != nullptr && fraction->kind == planner::ExprKind::kConstant) {
    constant = fraction->constant.is_null ? std::nullopt : std::optional<double>(fraction->constant.double_value);
  }
  return std::make_unique<OrderedSetState>(kind, result, constant);
}

}  // namespace ptreedb::exec
