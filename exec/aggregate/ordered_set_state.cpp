#include "exec/aggregate/ordered_set_state.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "exec/array_text.h"
#include "exec/evaluate.h"
#include "storage/sql_error.h"
#include "storage/value/interval.h"
#include "storage/value/text_format.h"

namespace ptreedb::exec {

using planner::AggregateKind;

namespace {

// A call's fractions: one for percentile_cont(0.5), several for the array
// form; nullopt elements are NULL (their result elements are NULL).
using Fractions = std::vector<std::optional<double>>;

// The fractions in row i of the direct argument's vector; nullopt for NULL.
std::optional<Fractions> fractions_of(const Vector& fraction, std::size_t i) {
  if (fraction.is_null(i)) return std::nullopt;
  if (!fraction.type.is_array()) return Fractions{fraction.doubles[i]};
  Fractions out;
  for (const auto& element : array_elements(fraction.texts[i])) {
    out.push_back(element ? std::optional<double>(value::parse_float8(*element)) : std::nullopt);
  }
  return out;
}

// percentile_*_final: every fraction in 0..1, checked before the rows are.
void check_fractions(const Fractions& fractions) {
  for (const auto& fraction : fractions) {
    if (!fraction) continue;
    if (*fraction < 0 || *fraction > 1 || std::isnan(*fraction)) {
      // PostgreSQL's own snprintf: %g, with NaN and Infinity spelled so.
      char text[64];
      std::snprintf(text, sizeof text, "%g", *fraction);
      const std::string shown = std::isnan(*fraction)   ? "NaN"
                                : std::isinf(*fraction) ? (*fraction > 0 ? "Infinity" : "-Infinity")
                                                        : text;
      throw SqlError(sqlstate::kNumericValueOutOfRange, "percentile value " + shown + " is not between 0 and 1");
    }
  }
}

class OrderedSetState final : public AggregateState {
 public:
  // `fraction_array`: the array form, whose result is an array of x's type
  // (x itself may be an array in the other forms).
  OrderedSetState(AggregateKind kind, value::SqlType result, bool fraction_array,
                  std::optional<std::optional<Fractions>> constant)
      : kind_(kind),
        result_(result),
        fraction_array_(fraction_array),
        values_(fraction_array ? value::SqlType{.id = result.element, .typmod = result.typmod} : result),
        constant_(std::move(constant)) {}
  void resize(std::size_t groups) override {
    rows_.resize(groups);
    if (!constant_) fractions_.resize(groups);
  }
  // `argument` is x in the call's order; `fraction` (percentiles) the same
  // value on every row.
  void fold_values(const Vector& argument, const Vector* fraction, const std::uint32_t* groups,
                   std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      std::vector<std::uint32_t>& rows = rows_[groups[i]];
      if (rows.empty() && fraction != nullptr && !constant_) fractions_[groups[i]] = fractions_of(*fraction, i);
      rows.push_back(static_cast<std::uint32_t>(values_.size()));
      values_.append_from(argument, i);
    }
  }
  // Every row reaches fold once, after the parts' buffers are merged.
  void merge(AggregateState&, const std::uint32_t*, const std::uint32_t*, std::size_t) override {}
  Vector finish(std::size_t groups) override {
    Vector result(result_);
    result.resize(groups);
    auto arrays = std::make_shared<TextStorage>();  // the array form's results
    for (std::size_t g = 0; g < groups; ++g) {
      const std::vector<std::uint32_t>& rows = rows_[g];
      result.nulls[g] = 1;
      if (kind_ == AggregateKind::kMode) {
        if (rows.empty()) continue;
        assign_element(result, g, values_, most_frequent(rows));
        result.nulls[g] = 0;
        continue;
      }
      const std::optional<Fractions>& group_fractions = constant_ ? *constant_ : fractions_[g];
      if (!group_fractions) continue;
      // The scalar forms check the fraction before the rows; the array forms
      // (percentile_*_multi_final) answer NULL for no rows first.
      if (rows.empty() && fraction_array_) continue;
      const Fractions& fractions = *group_fractions;
      check_fractions(fractions);
      if (rows.empty()) continue;
      result.nulls[g] = 0;
      if (!fraction_array_) {
        percentile(rows, *fractions[0], result, g);
        continue;
      }
      // The array form: each fraction's value (NULL for a NULL fraction), as an array's text.
      Vector one(values_.type);
      one.resize(1);
      std::vector<std::optional<std::string>> elements;
      for (const auto& fraction : fractions) {
        if (!fraction) {
          elements.emplace_back(std::nullopt);
          continue;
        }
        percentile(rows, *fraction, one, 0);
        std::string text;
        append_text(text, one, 0);
        elements.emplace_back(std::move(text));
      }
      result.texts[g] = arrays->strings.emplace_back(array_text(elements));
    }
    if (fraction_array_) result.text_owners.push_back(arrays);
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(std::vector<std::uint32_t>) + 32; }
  std::int64_t extra_bytes() const override {
    return static_cast<std::int64_t>(values_.size()) * (1 + 16 + static_cast<std::int64_t>(sizeof(std::uint32_t)));
  }
  // The values' texts stay where the aggregation's kept rows point.
  bool keeps_argument_texts() const override { return true; }

 private:
  // Group rows' value at `fraction` into out[i]: interpolated (percentile_cont)
  // or the first reaching it (percentile_disc).
  void percentile(const std::vector<std::uint32_t>& rows, double fraction, Vector& out, std::size_t i) const {
    const auto count = static_cast<double>(rows.size());
    if (kind_ == AggregateKind::kPercentileDisc) {
      const auto row = static_cast<std::size_t>(std::ceil(fraction * count));
      assign_element(out, i, values_, rows[row <= 1 ? 0 : row - 1]);
      return;
    }
    const double position = fraction * (count - 1);
    const auto first = static_cast<std::size_t>(std::floor(position));
    const auto second = static_cast<std::size_t>(std::ceil(position));
    const double proportion = position - static_cast<double>(first);
    if (values_.type.id == value::TypeId::kInterval) {
      const value::Interval low = values_.intervals[rows[first]];
      out.intervals[i] =
          second > first
              ? value::interval_add(
                    value::interval_mul(value::interval_sub(values_.intervals[rows[second]], low), proportion), low)
              : low;
      return;
    }
    const double low = values_.doubles[rows[first]];
    out.doubles[i] = second > first ? low + (values_.doubles[rows[second]] - low) * proportion : low;
  }

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
  bool fraction_array_;
  Vector values_;                                 // every group's x, in arrival order
  std::vector<std::vector<std::uint32_t>> rows_;  // per group: its values' places in values_
  std::vector<std::optional<Fractions>> fractions_;  // per group, when not constant (nullopt: NULL)
  std::optional<std::optional<Fractions>> constant_;  // the call's, when it is constant
};

}  // namespace

std::unique_ptr<AggregateState> make_ordered_set_state(AggregateKind kind, value::SqlType result,
                                                       const planner::BoundExpression* fraction) {
  std::optional<std::optional<Fractions>> constant;
  if (fraction != nullptr && fraction->is_constant_tree()) {
    Chunk one;
    one.size = 1;
    constant = fractions_of(evaluate(*fraction, one), 0);
  }
  const bool fraction_array = fraction != nullptr && fraction->type.is_array();
  return std::make_unique<OrderedSetState>(kind, result, fraction_array, std::move(constant));
}

}  // namespace ptreedb::exec
