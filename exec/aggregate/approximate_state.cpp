#include "exec/aggregate/approximate_state.h"

#include <cmath>
#include <vector>

#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::AggregateKind;

namespace {

// The two-sided 95% quantile of the standard normal distribution.
constexpr double kZ95 = 1.959963984540054;

class ApproximateState final : public AggregateState {
 public:
  explicit ApproximateState(AggregateKind kind) : kind_(kind) {}

  void resize(std::size_t groups) override { sums_.resize(groups); }

  // `percentage` holds the sample's percentage on every row.
  void fold_values(const Vector& argument, const Vector* percentage, const std::uint32_t* groups,
                   std::size_t count) override {
    if (count == 0) return;
    note_fraction(percentage->doubles[0] / 100.0);
    // A constant argument (count(*)'s) arrives as one element.
    if (argument.nulls.size() < count) {
      if (argument.nulls[0]) return;
      const double value = argument.doubles[0];
      for (std::size_t i = 0; i < count; ++i) {
        Sums& sums = sums_[groups[i]];
        ++sums.rows;
        sums.sum += value;
        sums.squares += value * value;
      }
      return;
    }
    const std::uint8_t* nulls = argument.nulls.data();
    const double* values = argument.doubles.data();
    for (std::size_t i = 0; i < count; ++i) {
      if (nulls[i]) continue;
      Sums& sums = sums_[groups[i]];
      ++sums.rows;
      sums.sum += values[i];
      sums.squares += values[i] * values[i];
    }
  }

  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<ApproximateState&>(other);
    if (source.fraction_ > 0) note_fraction(source.fraction_);
    for (std::size_t i = 0; i < count; ++i) {
      const Sums& add = source.sums_[from[i]];
      Sums& sums = sums_[into[i]];
      sums.rows += add.rows;
      sums.sum += add.sum;
      sums.squares += add.squares;
    }
  }

  Vector finish(std::size_t groups) override {
    Vector result(value::SqlType::of(value::TypeId::kDouble));
    result.resize(groups);
    const double q = fraction_;
    for (std::size_t g = 0; g < groups; ++g) {
      const Sums& sums = sums_[g];
      const auto n = static_cast<double>(sums.rows);
      double value = 0;
      bool null = false;
      switch (kind_) {
        case AggregateKind::kApproxCount:
          value = q > 0 ? n / q : 0;
          break;
        case AggregateKind::kApproxCountError:
          value = q > 0 ? kZ95 * std::sqrt(n * (1 - q)) / q : 0;
          break;
        case AggregateKind::kApproxSum:
          null = sums.rows == 0;
          value = null ? 0 : sums.sum / q;
          break;
        case AggregateKind::kApproxSumError:
          null = sums.rows == 0;
          value = null ? 0 : kZ95 * std::sqrt((1 - q) * sums.squares) / q;
          break;
        case AggregateKind::kApproxAvg:
          null = sums.rows == 0;
          value = null ? 0 : sums.sum / n;
          break;
        case AggregateKind::kApproxAvgError: {
          // The sample variance needs two rows.
          null = sums.rows < 2;
          if (!null) {
            double variance = std::max(0.0, (sums.squares - sums.sum * sums.sum / n) / (n - 1));
            value = kZ95 * std::sqrt((1 - q) * variance / n);
          }
          break;
        }
        default:
          throw SqlError(sqlstate::kInternalError, "not an approximate aggregate");
      }
      result.nulls[g] = null;
      result.doubles[g] = value;
    }
    return result;
  }

  std::int64_t bytes_per_group() const override { return sizeof(Sums); }

 private:
  struct Sums {
    std::int64_t rows = 0;
    double sum = 0;
    double squares = 0;
  };

  void note_fraction(double fraction) {
    // The sampled scan rejects percentages outside [0, 100]; the argument is
    // the same constant there.
    if (!(fraction > 0 && fraction <= 1)) return;
    fraction_ = fraction;
  }

  AggregateKind kind_;
  double fraction_ = 0;
  std::vector<Sums> sums_;
};

}  // namespace

std::unique_ptr<AggregateState> make_approximate_state(AggregateKind kind) {
  return std::make_unique<ApproximateState>(kind);
}

}  // namespace ptreedb::exec
