#include "exec/aggregate/moments_state.h"

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "storage/sql_error.h"
#include "storage/value/float_arith.h"
#include "storage/value/wide_decimal.h"

namespace ptreedb::exec {

using planner::AggregateKind;

namespace {

[[noreturn]] void numeric_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
}

[[noreturn]] void float_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value out of range: overflow");
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool is_sample(AggregateKind kind) { return kind == AggregateKind::kVarSamp || kind == AggregateKind::kStddevSamp; }
bool is_deviation(AggregateKind kind) {
  return kind == AggregateKind::kStddevPop || kind == AggregateKind::kStddevSamp;
}

// Exact moments of integers and numerics: per group the count, sum(x) and
// sum(x^2), both at the largest scale seen (x^2 at twice it), as
// PostgreSQL's numeric accumulators hold them exactly. Checked fixed-width
// integers wide enough for any 38-digit inputs (x^2 below 2^254, so 2^257
// of them fit in 512 bits), 22003 past them.
class ExactMomentsState final : public AggregateState {
 public:
  ExactMomentsState(AggregateKind kind, value::SqlType type) : kind_(kind), type_(type) {}
  void resize(std::size_t groups) override { moments_.resize(groups); }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    const bool integers = argument.physical() == Physical::kInt;
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      Moments& moments = moments_[groups[i]];
      if (integers) {
        add(moments, argument.ints[i], 0);
      } else {
        const value::Decimal x = argument.decimals[i];
        if (value::decimal_is_special(x)) {
          // NaN or an infinity makes every statistic NaN (numeric_stddev_internal).
          moments.special = true;
          ++moments.count;
          continue;
        }
        add(moments, x.units, x.scale);
      }
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<ExactMomentsState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      const Moments& part = source.moments_[from[i]];
      if (part.count == 0) continue;
      Moments& moments = moments_[into[i]];
      if (moments.count == 0) {
        moments = part;
        continue;
      }
      moments.special |= part.special;
      Moments aligned = part;
      align(moments, aligned);
      checked([&] {
        moments.sum += aligned.sum;
        moments.sum_squares += aligned.sum_squares;
      });
      moments.count += aligned.count;
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const Moments& moments = moments_[g];
      if (moments.count == 0 || (is_sample(kind_) && moments.count <= 1)) {
        result.nulls[g] = 1;
        continue;
      }
      result.decimals[g] = moments.special ? value::kDecimalNaN : statistic(moments);
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(Moments); }

 private:
  using Sum = boost::multiprecision::checked_int256_t;
  using Squares = boost::multiprecision::checked_int512_t;

  struct Moments {
    Squares sum_squares = 0;  // at scale 2 * scale
    Sum sum = 0;
    std::int64_t count = 0;
    std::int32_t scale = 0;
    bool special = false;  // saw NaN or an infinity
  };

  // Runs f; a checked integer leaving its width is numeric's overflow.
  template <class F>
  static void checked(F f) {
    try {
      f();
    } catch (const std::overflow_error&) {
      numeric_overflow();
    } catch (const std::range_error&) {
      numeric_overflow();
    }
  }

  static Sum sum_of(__int128 units) { return Sum(value::widen(value::Decimal{units, 0}).units); }

  // Both at the larger of their scales.
  static void align(Moments& a, Moments& b) {
    if (a.scale < b.scale) rescale(a, b.scale);
    if (b.scale < a.scale) rescale(b, a.scale);
  }
  static void rescale(Moments& moments, std::int32_t scale) {
    const auto shift = static_cast<unsigned>(scale - moments.scale);
    checked([&] {
      moments.sum *= boost::multiprecision::pow(Sum(10), shift);
      moments.sum_squares *= boost::multiprecision::pow(Squares(10), 2 * shift);
    });
    moments.scale = scale;
  }

  static void add(Moments& moments, __int128 units, std::int32_t scale) {
    if (moments.count == 0) {
      moments.scale = scale;
    } else if (scale < moments.scale) {
      Moments value{0, sum_of(units), 1, scale};
      rescale(value, moments.scale);
      checked([&] {
        moments.sum += value.sum;
        moments.sum_squares += Squares(value.sum) * Squares(value.sum);
      });
      ++moments.count;
      return;
    } else if (scale > moments.scale) {
      rescale(moments, scale);
    }
    const Sum x = sum_of(units);
    checked([&] {
      moments.sum += x;
      moments.sum_squares += Squares(x) * Squares(x);
    });
    ++moments.count;
  }

  // numeric_stddev_internal: (N * sum(x^2) - sum(x)^2) / (N * (N - 1)) or
  // / (N * N) at the division's scale; a numerator not above zero is 0.
  value::Decimal statistic(const Moments& moments) const {
    using value::WideDecimal;
    using value::WideInteger;
    const WideInteger count = moments.count;
    const WideInteger sum(moments.sum);
    const WideInteger numerator = count * WideInteger(moments.sum_squares) - sum * sum;
    if (numerator <= 0) return value::Decimal{0, 0};
    const WideDecimal dividend{numerator, 2 * moments.scale};
    const WideDecimal divisor{is_sample(kind_) ? WideInteger(count * (count - 1)) : WideInteger(count * count), 0};
    const int scale = value::wide_div_scale(dividend, divisor);
    WideDecimal variance = value::wide_div_to_scale(dividend, divisor, scale);
    if (is_deviation(kind_)) variance = value::wide_sqrt(variance, scale);
    return value::narrow(variance);
  }

  AggregateKind kind_;
  value::SqlType type_;
  std::vector<Moments> moments_;
};

// The count, sum and sum of squared deviations of one double argument
// (float8_accum / float8_combine).
struct FloatMoments {
  double count = 0, sum = 0, squares = 0;

  void add(double x) {
    const double previous_count = count, previous_sum = sum;
    count += 1.0;
    sum += x;
    if (previous_count > 0.0) {
      const double deviation = x * count - sum;
      squares += deviation * deviation / (count * previous_count);
      if (std::isinf(sum) || std::isinf(squares)) {
        if (!std::isinf(previous_sum) && !std::isinf(x)) float_overflow();
        squares = kNaN;
      }
    } else if (std::isnan(x) || std::isinf(x)) {
      squares = kNaN;
    }
  }
  // The deviation of the two parts' means, for combine's cross term.
  static double mean_gap(const FloatMoments& a, const FloatMoments& b) { return a.sum / a.count - b.sum / b.count; }
};

class FloatMomentsState final : public AggregateState {
 public:
  FloatMomentsState(AggregateKind kind, value::SqlType type) : kind_(kind), type_(type) {}
  void resize(std::size_t groups) override { moments_.resize(groups); }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (!argument.nulls[i]) moments_[groups[i]].add(argument.doubles[i]);
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<FloatMomentsState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      const FloatMoments& part = source.moments_[from[i]];
      FloatMoments& moments = moments_[into[i]];
      if (part.count == 0.0) continue;
      if (moments.count == 0.0) {
        moments = part;
        continue;
      }
      const double total = moments.count + part.count;
      const double gap = FloatMoments::mean_gap(moments, part);
      const double squares = moments.squares + part.squares + moments.count * part.count * gap * gap / total;
      if (std::isinf(squares) && !std::isinf(moments.squares) && !std::isinf(part.squares)) float_overflow();
      moments.sum = value::float_add(moments.sum, part.sum);
      moments.squares = squares;
      moments.count = total;
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    const bool sample = is_sample(kind_);
    for (std::size_t g = 0; g < groups; ++g) {
      const FloatMoments& moments = moments_[g];
      if (moments.count <= (sample ? 1.0 : 0.0)) {
        result.nulls[g] = 1;
        continue;
      }
      const double variance = moments.squares / (sample ? moments.count - 1.0 : moments.count);
      result.doubles[g] = is_deviation(kind_) ? std::sqrt(variance) : variance;
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(FloatMoments); }

 private:
  AggregateKind kind_;
  value::SqlType type_;
  std::vector<FloatMoments> moments_;
};

// float8_regr_accum / float8_regr_combine over (Y, X).
class RegressionState final : public AggregateState {
 public:
  RegressionState(AggregateKind kind, value::SqlType type) : kind_(kind), type_(type) {}
  void resize(std::size_t groups) override { moments_.resize(groups); }
  void fold_values(const Vector& y, const Vector* x, const std::uint32_t* groups, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (y.nulls[i] || x->nulls[i]) continue;
      add(moments_[groups[i]], y.doubles[i], x->doubles[i]);
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<RegressionState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      const Moments& part = source.moments_[from[i]];
      Moments& moments = moments_[into[i]];
      if (part.count == 0.0) continue;
      if (moments.count == 0.0) {
        moments = part;
        continue;
      }
      const double total = moments.count + part.count;
      const double gap_x = moments.sum_x / moments.count - part.sum_x / part.count;
      const double gap_y = moments.sum_y / moments.count - part.sum_y / part.count;
      moments.sum_x = value::float_add(moments.sum_x, part.sum_x);
      moments.sum_y = value::float_add(moments.sum_y, part.sum_y);
      moments.xx = combined(moments.xx, part.xx, moments.count * part.count * gap_x * gap_x / total);
      moments.yy = combined(moments.yy, part.yy, moments.count * part.count * gap_y * gap_y / total);
      moments.xy = combined(moments.xy, part.xy, moments.count * part.count * gap_x * gap_y / total);
      moments.count = total;
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const Moments& m = moments_[g];
      if (kind_ == AggregateKind::kRegrCount) {
        result.ints[g] = static_cast<std::int64_t>(m.count);
        continue;
      }
      const std::optional<double> value = statistic(m);
      result.nulls[g] = value ? 0 : 1;
      if (value) result.doubles[g] = *value;
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(Moments); }

 private:
  struct Moments {
    double count = 0, sum_x = 0, xx = 0, sum_y = 0, yy = 0, xy = 0;
  };

  static double combined(double a, double b, double cross) {
    const double total = a + b + cross;
    if (std::isinf(total) && !std::isinf(a) && !std::isinf(b)) float_overflow();
    return total;
  }

  static void add(Moments& m, double y, double x) {
    const double previous_count = m.count, previous_x = m.sum_x, previous_y = m.sum_y;
    m.count += 1.0;
    m.sum_x += x;
    m.sum_y += y;
    if (previous_count > 0.0) {
      const double deviation_x = x * m.count - m.sum_x;
      const double deviation_y = y * m.count - m.sum_y;
      const double scale = 1.0 / (m.count * previous_count);
      m.xx += deviation_x * deviation_x * scale;
      m.yy += deviation_y * deviation_y * scale;
      m.xy += deviation_x * deviation_y * scale;
      if (std::isinf(m.sum_x) || std::isinf(m.xx) || std::isinf(m.sum_y) || std::isinf(m.yy) || std::isinf(m.xy)) {
        const bool finite_x = !std::isinf(previous_x) && !std::isinf(x);
        const bool finite_y = !std::isinf(previous_y) && !std::isinf(y);
        if (((std::isinf(m.sum_x) || std::isinf(m.xx)) && finite_x) ||
            ((std::isinf(m.sum_y) || std::isinf(m.yy)) && finite_y) || (std::isinf(m.xy) && finite_x && finite_y)) {
          float_overflow();
        }
        if (std::isinf(m.xx)) m.xx = kNaN;
        if (std::isinf(m.yy)) m.yy = kNaN;
        if (std::isinf(m.xy)) m.xy = kNaN;
      }
      return;
    }
    if (std::isnan(x) || std::isinf(x)) m.xx = m.xy = kNaN;
    if (std::isnan(y) || std::isinf(y)) m.yy = m.xy = kNaN;
  }

  // float8_covar_pop ... float8_regr_intercept.
  std::optional<double> statistic(const Moments& m) const {
    if (m.count < 1.0) return std::nullopt;
    switch (kind_) {
      case AggregateKind::kCovarPop: return m.xy / m.count;
      case AggregateKind::kCovarSamp:
        if (m.count < 2.0) return std::nullopt;
        return m.xy / (m.count - 1.0);
      case AggregateKind::kCorr:
        if (m.xx == 0 || m.yy == 0) return std::nullopt;
        return m.xy / std::sqrt(m.xx * m.yy);
      case AggregateKind::kRegrSxx: return m.xx;
      case AggregateKind::kRegrSyy: return m.yy;
      case AggregateKind::kRegrSxy: return m.xy;
      case AggregateKind::kRegrAvgX: return m.sum_x / m.count;
      case AggregateKind::kRegrAvgY: return m.sum_y / m.count;
      case AggregateKind::kRegrR2:
        if (m.xx == 0) return std::nullopt;
        if (m.yy == 0) return 1.0;
        return (m.xy * m.xy) / (m.xx * m.yy);
      case AggregateKind::kRegrSlope:
        if (m.xx == 0) return std::nullopt;
        return m.xy / m.xx;
      case AggregateKind::kRegrIntercept:
        if (m.xx == 0) return std::nullopt;
        return (m.sum_y - m.sum_x * m.xy / m.xx) / m.count;
      default: return std::nullopt;
    }
  }

  AggregateKind kind_;
  value::SqlType type_;
  std::vector<Moments> moments_;
};

}  // namespace

std::unique_ptr<AggregateState> make_moments_state(AggregateKind kind, value::SqlType argument,
                                                   value::SqlType result) {
  switch (kind) {
    case AggregateKind::kVarPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kStddevSamp:
      if (physical_of(argument.id) == Physical::kDouble) return std::make_unique<FloatMomentsState>(kind, result);
      return std::make_unique<ExactMomentsState>(kind, result);
    default:
      return std::make_unique<RegressionState>(kind, result);
  }
}

}  // namespace ptreedb::exec
