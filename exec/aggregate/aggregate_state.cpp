#include "exec/aggregate/aggregate_state.h"
#include "exec/aggregate/approximate_state.h"
#include "exec/aggregate/moments_state.h"
#include "exec/aggregate/ordered_set_state.h"
#include "exec/aggregate/hypothetical_rank_state.h"

#include <string>

#include "storage/sql_error.h"
#include "storage/value/float_arith.h"

namespace ptreedb::exec {

using planner::AggregateCall;
using planner::AggregateKind;
using value::TypeId;

namespace {

[[noreturn]] void throw_numeric_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
}

// How far ahead a fold (or merge) loads the state of a later row's (or group's) group.
constexpr std::size_t kAhead = 16;

value::Decimal checked_decimal(__int128 units, std::int32_t scale) {
  if (!value::decimal_detail::in_range(units)) throw_numeric_overflow();
  return value::Decimal{units, scale};
}

// count(x) and count(*): one count per group.
class CountState final : public AggregateState {
 public:
  explicit CountState(bool star) : star_(star) {}
  void resize(std::size_t groups) override { counts_.resize(groups, 0); }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    if (star_) {
      for (std::size_t i = 0; i < count; ++i) ++counts_[groups[i]];
      return;
    }
    const std::uint8_t* nulls = argument.nulls.data();
    for (std::size_t i = 0; i < count; ++i) counts_[groups[i]] += nulls[i] == 0;
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<CountState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&source.counts_[from[i + kAhead]]);
      counts_[into[i]] += source.counts_[from[i]];
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(value::SqlType::of(TypeId::kBigint));
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) result.ints[g] = counts_[g];
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(std::int64_t); }

 private:
  bool star_;
  std::vector<std::int64_t> counts_;
};

// sum/avg of smallint, integer, bigint. A 128-bit sum of 64-bit inputs
// cannot overflow: that would take 2^64 rows. The result's range is checked
// at finish (bigint for sum of smallint/integer, numeric's 38 digits else).
class IntSumState final : public AggregateState {
 public:
  IntSumState(bool average, value::SqlType type) : average_(average), type_(type) {}
  void resize(std::size_t groups) override { sums_.resize(groups); }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    const std::uint8_t* nulls = argument.nulls.data();
    const std::int64_t* values = argument.ints.data();
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&sums_[groups[i + kAhead]]);
      if (nulls[i]) continue;
      Sum& sum = sums_[groups[i]];
      sum.value += values[i];
      ++sum.count;
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<IntSumState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&source.sums_[from[i + kAhead]]);
      sums_[into[i]].value += source.sums_[from[i]].value;
      sums_[into[i]].count += source.sums_[from[i]].count;
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const Sum& state = sums_[g];
      if (state.count == 0) {
        result.nulls[g] = 1;
      } else if (type_.id == TypeId::kBigint) {
        if (state.value > INT64_MAX || state.value < INT64_MIN) {
          throw SqlError(sqlstate::kNumericValueOutOfRange, "bigint out of range");
        }
        result.ints[g] = static_cast<std::int64_t>(state.value);
      } else {
        value::Decimal sum = checked_decimal(state.value, 0);
        result.decimals[g] = average_ ? value::decimal_div(sum, value::decimal_from_int(state.count)) : sum;
      }
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(Sum); }

 private:
  // Together, so a row's update touches one cache line.
  struct Sum {
    __int128 value = 0;
    std::int64_t count = 0;  // also tells a group with no non-NULL input
  };
  bool average_;
  value::SqlType type_;
  std::vector<Sum> sums_;
};

// sum/avg of real and double precision.
class DoubleSumState final : public AggregateState {
 public:
  DoubleSumState(bool average, value::SqlType type) : average_(average), type_(type) {}
  void resize(std::size_t groups) override {
    sums_.resize(groups, 0);
    counts_.resize(groups, 0);
  }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    const std::uint8_t* nulls = argument.nulls.data();
    const double* values = argument.doubles.data();
    for (std::size_t i = 0; i < count; ++i) {
      if (nulls[i]) continue;
      sums_[groups[i]] += values[i];
      ++counts_[groups[i]];
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<DoubleSumState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&source.sums_[from[i + kAhead]]);
      sums_[into[i]] += source.sums_[from[i]];
      counts_[into[i]] += source.counts_[from[i]];
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      if (counts_[g] == 0) {
        result.nulls[g] = 1;
        continue;
      }
      double value = average_ ? sums_[g] / static_cast<double>(counts_[g]) : sums_[g];
      result.doubles[g] = type_.id == TypeId::kReal ? value::double_to_float(value) : value;
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(double) + sizeof(std::int64_t); }

 private:
  bool average_;
  value::SqlType type_;
  std::vector<double> sums_;
  std::vector<std::int64_t> counts_;
};

// sum/avg of numeric: units at the largest scale seen in the group (the
// result scale PostgreSQL gives), in 128 bits. Inputs of the group's scale
// add with one overflow-checked addition; another scale rescales first.
// Partial sums may pass numeric's 38 digits as long as 128 bits hold them
// (PostgreSQL's numeric is unbounded there); past 128 bits, or a final sum
// past 38 digits, is 22003.
class DecimalSumState final : public AggregateState {
 public:
  DecimalSumState(bool average, value::SqlType type) : average_(average), type_(type) {}
  void resize(std::size_t groups) override { sums_.resize(groups); }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    const std::uint8_t* nulls = argument.nulls.data();
    if (argument.holds_units()) {
      const std::int64_t* units = argument.ints.data();
      const std::int32_t scale = argument.units_scale;
      if (sums_.size() <= kFewGroups) {
        fold_units_into_few_groups(units, scale, nulls, groups, count);
        return;
      }
      for (std::size_t i = 0; i < count; ++i) {
        if (i + kAhead < count) __builtin_prefetch(&sums_[groups[i + kAhead]]);
        if (nulls[i]) continue;
        Sum& sum = sums_[groups[i]];
        add(sum, units[i], scale);
        ++sum.count;
      }
      return;
    }
    const value::Decimal* values = argument.decimals.data();
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&sums_[groups[i + kAhead]]);
      if (nulls[i]) continue;
      Sum& sum = sums_[groups[i]];
      if (value::decimal_is_special(values[i])) {
        note_special(sum, values[i]);
      } else {
        add(sum, values[i].units, values[i].scale);
      }
      ++sum.count;
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<DecimalSumState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      if (i + kAhead < count) __builtin_prefetch(&source.sums_[from[i + kAhead]]);
      const Sum& part = source.sums_[from[i]];
      if (part.scale == kNoValue) continue;
      Sum& sum = sums_[into[i]];
      add(sum, part.units, part.scale);
      sum.count += part.count;
      sum.specials |= part.specials;
      sum.overflowed |= part.overflowed;
    }
  }
  Vector finish(std::size_t groups) override { return finish_as(groups, average_, type_); }
  // The sums, or the averages, of groups [0, groups) as `type`: sum(x) and
  // avg(x) of one x keep the same state (see make_companion_state).
  Vector finish_as(std::size_t groups, bool average, const value::SqlType& type) const {
    Vector result(type);
    if (!average && finish_as_units(groups, result)) return result;
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const Sum& state = sums_[g];
      if (state.scale == kNoValue) {
        result.nulls[g] = 1;
        continue;
      }
      if (state.specials != 0) {
        result.decimals[g] = special_total(state.specials);
        continue;
      }
      if (state.overflowed) throw_numeric_overflow();
      value::Decimal sum = checked_decimal(state.units, state.scale);
      result.decimals[g] = average ? value::decimal_div(sum, value::decimal_from_int(state.count)) : sum;
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(Sum); }

 private:
  // Sums sharing one scale that fit 64 bits finish as units: 8 bytes a value
  // for what reads them next, as scans give numeric(p <= 18) columns.
  bool finish_as_units(std::size_t groups, Vector& result) const {
    std::int32_t scale = -1;
    for (std::size_t g = 0; g < groups; ++g) {
      const Sum& state = sums_[g];
      if (state.scale < 0) continue;
      if (scale < 0) scale = state.scale;
      if (state.specials != 0 || state.overflowed || state.scale != scale || state.units != static_cast<std::int64_t>(state.units)) return false;
    }
    if (scale < 0 || scale > 18) return false;
    result.units_scale = scale;
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      const Sum& state = sums_[g];
      if (state.scale < 0) {
        result.nulls[g] = 1;
      } else {
        result.ints[g] = static_cast<std::int64_t>(state.units);
      }
    }
    return true;
  }

 protected:
  bool reads_numeric_units() const override { return true; }

 private:
  static constexpr std::int32_t kNoValue = -1;  // scales are 0..16383

  // Together in 32 bytes, so a row's update touches one cache line; the
  // count (avg's divisor) and the special values seen fill what alignment
  // would leave empty.
  struct Sum {
    __int128 units = 0;
    std::int64_t count = 0;
    std::int32_t scale = kNoValue;  // kNoValue: no non-NULL input yet
    std::uint8_t specials = 0;      // kSawNaN | kSawInfinity | kSawNegativeInfinity
    // Past 128 bits: 22003 at the end, unless a special value decides the sum.
    bool overflowed = false;
  };
  static constexpr std::uint8_t kSawNaN = 1, kSawInfinity = 2, kSawNegativeInfinity = 4;

  // NaN and the infinities are counted apart, as PostgreSQL's accumulators
  // do: the finite sum stays exact beside them.
  [[gnu::noinline]] static void note_special(Sum& sum, value::Decimal special) {
    if (sum.scale == kNoValue) sum.scale = 0;
    sum.specials |= value::decimal_is_nan(special) ? kSawNaN : special.units > 0 ? kSawInfinity : kSawNegativeInfinity;
  }
  // The sum (or average) of a group that saw special values: NaN when it saw
  // NaN or both infinities, else the infinity it saw.
  static value::Decimal special_total(std::uint8_t specials) {
    if ((specials & kSawNaN) != 0 || specials == (kSawInfinity | kSawNegativeInfinity)) return value::kDecimalNaN;
    return (specials & kSawInfinity) != 0 ? value::kDecimalInfinity : value::kDecimalNegativeInfinity;
  }

  // Few groups (Q1's four) means consecutive rows update the same sums, each
  // addition waiting for the last one's store. Rows go round kLanes separate
  // 64-bit partial sums instead, added into the groups' sums once per block
  // of rows; a block whose partial sums would leave 64 bits is added row by
  // row into the 128-bit sums.
  static constexpr std::size_t kFewGroups = 16, kLanes = 4, kBlock = 1024;
  void fold_units_into_few_groups(const std::int64_t* units, std::int32_t scale, const std::uint8_t* nulls,
                                  const std::uint32_t* groups, std::size_t count) {
    for (std::size_t begin = 0; begin < count; begin += kBlock) {
      const std::size_t end = std::min(count, begin + kBlock);
      std::int64_t lane_sums[kLanes][kFewGroups] = {};
      std::int64_t lane_counts[kLanes][kFewGroups] = {};
      bool overflow = false;
      for (std::size_t i = begin; i < end; ++i) {
        const std::size_t lane = i % kLanes;
        const std::uint32_t group = groups[i];
        const std::int64_t present = nulls[i] == 0;
        overflow |= __builtin_add_overflow(lane_sums[lane][group], units[i] & -present, &lane_sums[lane][group]);
        lane_counts[lane][group] += present;
      }
      if (overflow) {
        for (std::size_t i = begin; i < end; ++i) {
          if (nulls[i]) continue;
          Sum& sum = sums_[groups[i]];
          add(sum, units[i], scale);
          ++sum.count;
        }
        continue;
      }
      for (std::size_t group = 0; group < sums_.size(); ++group) {
        for (std::size_t lane = 0; lane < kLanes; ++lane) {
          if (lane_counts[lane][group] == 0) continue;
          Sum& sum = sums_[group];
          add(sum, lane_sums[lane][group], scale);
          sum.count += lane_counts[lane][group];
        }
      }
    }
  }

  static void add(Sum& sum, __int128 units, std::int32_t scale) {
    if (scale == sum.scale) {
      sum.overflowed |= __builtin_add_overflow(sum.units, units, &sum.units);
      return;
    }
    add_rescaled(sum, units, scale);
  }

  [[gnu::noinline]] static void add_rescaled(Sum& sum, __int128 units, std::int32_t scale) {
    if (sum.scale == kNoValue) {
      sum.units = units;
      sum.scale = scale;
      return;
    }
    if (scale > sum.scale) {
      sum.overflowed |= !value::decimal_detail::scale_up(sum.units, scale - sum.scale);
      sum.scale = scale;
    } else if (!value::decimal_detail::scale_up(units, sum.scale - scale)) {
      sum.overflowed = true;
    }
    sum.overflowed |= __builtin_add_overflow(sum.units, units, &sum.units);
  }

  bool average_;
  value::SqlType type_;
  std::vector<Sum> sums_;
};

// sum/avg of interval.
class IntervalSumState final : public AggregateState {
 public:
  IntervalSumState(bool average, value::SqlType type) : average_(average), type_(type) {}
  void resize(std::size_t groups) override {
    sums_.resize(groups);
    counts_.resize(groups, 0);
  }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      std::uint32_t g = groups[i];
      sums_[g] = value::interval_add(sums_[g], argument.intervals[i]);
      ++counts_[g];
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<IntervalSumState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      if (source.counts_[from[i]] == 0) continue;
      sums_[into[i]] = value::interval_add(sums_[into[i]], source.sums_[from[i]]);
      counts_[into[i]] += source.counts_[from[i]];
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      if (counts_[g] == 0) {
        result.nulls[g] = 1;
        continue;
      }
      result.intervals[g] =
          average_ ? value::interval_div(sums_[g], static_cast<double>(counts_[g])) : sums_[g];
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return sizeof(value::Interval) + sizeof(std::int64_t); }

 private:
  bool average_;
  value::SqlType type_;
  std::vector<value::Interval> sums_;
  std::vector<std::int64_t> counts_;
};

// min/max: the extreme value so far; NULL in `extreme_` means none yet.
class ExtremeState final : public AggregateState {
 public:
  ExtremeState(bool minimum, value::SqlType argument, value::SqlType result)
      : wanted_(minimum ? -1 : 1), result_(result), extreme_(argument) {}
  void resize(std::size_t groups) override {
    std::size_t before = extreme_.size();
    extreme_.resize(groups);
    std::fill(extreme_.nulls.begin() + static_cast<std::ptrdiff_t>(before), extreme_.nulls.end(), 1);
    if (extreme_.physical() != Physical::kText) return;
    const std::string* was = kept_.data();
    kept_.resize(groups);
    // Moved strings keep short values inside themselves: point at the new places.
    if (kept_.data() != was) {
      for (std::size_t g = 0; g < before; ++g) {
        if (!extreme_.nulls[g]) extreme_.texts[g] = kept_[g];
      }
    }
  }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    if (argument.physical() == Physical::kInt) {
      const std::int64_t* values = argument.ints.data();
      for (std::size_t i = 0; i < count; ++i) {
        if (argument.nulls[i]) continue;
        std::uint32_t g = groups[i];
        std::int64_t& kept = extreme_.ints[g];
        if (extreme_.nulls[g] || (wanted_ < 0 ? values[i] < kept : values[i] > kept)) {
          kept = values[i];
          extreme_.nulls[g] = 0;
        }
      }
      return;
    }
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      std::uint32_t g = groups[i];
      if (extreme_.nulls[g] || compare_elements(argument, i, extreme_, g) == wanted_) take(g, argument, i);
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    const Vector& source = static_cast<ExtremeState&>(other).extreme_;
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t f = from[i], g = into[i];
      if (source.nulls[f]) continue;
      if (extreme_.nulls[g] || compare_elements(source, f, extreme_, g) == wanted_) take(g, source, f);
    }
  }
  Vector finish(std::size_t groups) override {
    extreme_.resize(groups);
    extreme_.type = result_;
    if (extreme_.physical() == Physical::kText) {
      auto holder = std::make_shared<TextStorage>();
      for (std::size_t g = 0; g < std::min(groups, kept_.size()); ++g) {
        if (!extreme_.nulls[g]) extreme_.texts[g] = holder->strings.emplace_back(std::move(kept_[g]));
      }
      extreme_.text_owners = {holder};
    }
    return std::move(extreme_);
  }
  std::int64_t extra_bytes() const override { return text_bytes_; }
  std::int64_t bytes_per_group() const override {
    return 1 + 16 + (extreme_.physical() == Physical::kText ? sizeof(std::string) : 0);
  }

 private:
  // Group g's extreme becomes source's element i. Texts are copied: keeping
  // views would keep every chunk the values came from alive.
  void take(std::uint32_t g, const Vector& source, std::size_t i) {
    extreme_.nulls[g] = 0;
    if (extreme_.physical() != Physical::kText) {
      assign_element(extreme_, g, source, i);
      return;
    }
    std::string& kept = kept_[g];
    text_bytes_ += static_cast<std::int64_t>(source.texts[i].size()) - static_cast<std::int64_t>(kept.size());
    kept.assign(source.texts[i]);
    extreme_.texts[g] = kept;
  }

  int wanted_;
  value::SqlType result_;
  Vector extreme_;
  std::vector<std::string> kept_;  // text extremes' bytes, one per group
  std::int64_t text_bytes_ = 0;
};

// bool_and/bool_or: 0 no input yet, else 1 + the running truth value.
class BoolState final : public AggregateState {
 public:
  BoolState(bool conjunction, value::SqlType type) : conjunction_(conjunction), type_(type) {}
  void resize(std::size_t groups) override { truth_.resize(groups, 0); }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      combine(groups[i], static_cast<std::uint8_t>(1 + (argument.ints[i] != 0)));
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<BoolState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      if (source.truth_[from[i]] != 0) combine(into[i], source.truth_[from[i]]);
    }
  }
  Vector finish(std::size_t groups) override {
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      result.nulls[g] = truth_[g] == 0;
      result.ints[g] = truth_[g] == 2;
    }
    return result;
  }
  std::int64_t bytes_per_group() const override { return 1; }

 private:
  void combine(std::uint32_t g, std::uint8_t value) {
    std::uint8_t& kept = truth_[g];
    if (kept == 0) {
      kept = value;
    } else {
      kept = conjunction_ ? std::min(kept, value) : std::max(kept, value);
    }
  }

  bool conjunction_;
  value::SqlType type_;
  std::vector<std::uint8_t> truth_;
};

// string_agg: every value preceded by its row's delimiter (NULL: none); the
// group's first delimiter is cut off at finish, so states concatenate.
class StringAggState final : public AggregateState {
 public:
  explicit StringAggState(value::SqlType type) : type_(type) {}
  void resize(std::size_t groups) override {
    texts_.resize(groups);
    first_delimiter_.resize(groups, kNoValue);
  }
  void fold_values(const Vector& argument, const Vector* separator, const std::uint32_t* groups,
                   std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      if (argument.nulls[i]) continue;
      std::uint32_t g = groups[i];
      std::string_view delimiter =
          separator != nullptr && !separator->is_null(i) ? separator->texts[i] : std::string_view();
      if (first_delimiter_[g] == kNoValue) first_delimiter_[g] = static_cast<std::uint32_t>(delimiter.size());
      std::string& text = texts_[g];
      text.append(delimiter);
      text.append(argument.texts[i]);
      bytes_ += static_cast<std::int64_t>(delimiter.size() + argument.texts[i].size());
    }
  }
  void merge(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into, std::size_t count) override {
    auto& source = static_cast<StringAggState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t f = from[i], g = into[i];
      if (source.first_delimiter_[f] == kNoValue) continue;
      if (first_delimiter_[g] == kNoValue) {
        texts_[g] = std::move(source.texts_[f]);
        first_delimiter_[g] = source.first_delimiter_[f];
      } else {
        texts_[g].append(source.texts_[f]);
        bytes_ += static_cast<std::int64_t>(source.texts_[f].size());
      }
    }
  }
  void merge_keeping(AggregateState& other, const std::uint32_t* from, const std::uint32_t* into,
                     std::size_t count) override {
    auto& source = static_cast<StringAggState&>(other);
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t f = from[i], g = into[i];
      if (source.first_delimiter_[f] == kNoValue) continue;
      if (first_delimiter_[g] == kNoValue) first_delimiter_[g] = source.first_delimiter_[f];
      texts_[g].append(source.texts_[f]);
      bytes_ += static_cast<std::int64_t>(source.texts_[f].size());
    }
  }
  Vector finish(std::size_t groups) override {
    auto holder = std::make_shared<TextStorage>();
    Vector result(type_);
    result.resize(groups);
    for (std::size_t g = 0; g < groups; ++g) {
      if (first_delimiter_[g] == kNoValue) {
        result.nulls[g] = 1;
        continue;
      }
      const std::string& text = holder->strings.emplace_back(std::move(texts_[g]));
      result.texts[g] = std::string_view(text).substr(first_delimiter_[g]);
    }
    result.text_owners = {holder};
    return result;
  }
  std::int64_t extra_bytes() const override { return bytes_; }
  std::int64_t bytes_per_group() const override { return sizeof(std::string) + sizeof(std::uint32_t); }

 private:
  static constexpr std::uint32_t kNoValue = UINT32_MAX;
  value::SqlType type_;
  std::vector<std::string> texts_;
  std::vector<std::uint32_t> first_delimiter_;  // kNoValue: no non-NULL input yet
  std::int64_t bytes_ = 0;
};

// The first row's value (a scalar subquery's first_value/single_value). Its
// rows are kept and arrive here once, in the call's order, so merge has
// nothing to do.
class FirstValueState final : public AggregateState {
 public:
  FirstValueState(bool single, value::SqlType argument, value::SqlType result)
      : single_(single), result_(result), first_(argument) {}
  void resize(std::size_t groups) override {
    std::size_t before = first_.size();
    first_.resize(groups);
    std::fill(first_.nulls.begin() + static_cast<std::ptrdiff_t>(before), first_.nulls.end(), 1);
    seen_.resize(groups, 0);
  }
  void fold_values(const Vector& argument, const Vector*, const std::uint32_t* groups, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) {
      std::uint32_t g = groups[i];
      if (!seen_[g]) {
        seen_[g] = 1;
        if (!argument.nulls[i]) {
          assign_element(first_, g, argument, i);
          first_.nulls[g] = 0;
        }
      } else if (single_) {
        throw SqlError("21000", "more than one row returned by a subquery used as an expression");
      }
    }
  }
  void merge(AggregateState&, const std::uint32_t*, const std::uint32_t*, std::size_t) override {}
  Vector finish(std::size_t groups) override {
    first_.resize(groups);
    first_.type = result_;
    return std::move(first_);
  }
  std::int64_t bytes_per_group() const override { return 1 + 1 + 16; }
  bool keeps_argument_texts() const override { return true; }

 private:
  bool single_;
  value::SqlType result_;
  Vector first_;
  std::vector<std::uint8_t> seen_;
};

}  // namespace

void AggregateState::fold(const Vector& argument, const Vector* separator, const std::uint32_t* groups,
                          std::size_t count) {
  if (!argument.holds_units() || reads_numeric_units()) {
    fold_values(argument, separator, groups, count);
    return;
  }
  thread_local Vector widened;
  fold_values(without_units(argument, widened), separator, groups, count);
}

namespace {

// A call whose results another call's state computes as well: it folds and
// merges nothing, and finishes from that state.
class CompanionSumState final : public AggregateState {
 public:
  CompanionSumState(const DecimalSumState& owner, bool average, value::SqlType type)
      : owner_(owner), average_(average), type_(type) {}
  bool folds() const override { return false; }
  void resize(std::size_t) override {}
  void merge(AggregateState&, const std::uint32_t*, const std::uint32_t*, std::size_t) override {}
  Vector finish(std::size_t groups) override { return owner_.finish_as(groups, average_, type_); }
  std::int64_t bytes_per_group() const override { return 0; }

 protected:
  void fold_values(const Vector&, const Vector*, const std::uint32_t*, std::size_t) override {}
  bool reads_numeric_units() const override { return true; }

 private:
  const DecimalSumState& owner_;
  bool average_;
  value::SqlType type_;
};

bool plain_sum_or_average(const planner::AggregateCall& call) {
  return (call.kind == AggregateKind::kSum || call.kind == AggregateKind::kAvg) && call.argument && !call.distinct &&
         !call.filter && physical_of(call.argument->type.id) == Physical::kDecimal;
}

}  // namespace

std::unique_ptr<AggregateState> make_companion_state(AggregateState& owner, const planner::AggregateCall& owner_call,
                                                     const planner::AggregateCall& call) {
  if (!plain_sum_or_average(owner_call) || !plain_sum_or_average(call) ||
      !planner::same_expression(*owner_call.argument, *call.argument)) {
    return nullptr;
  }
  const auto* sums = dynamic_cast<const DecimalSumState*>(&owner);
  if (sums == nullptr) return nullptr;
  return std::make_unique<CompanionSumState>(*sums, call.kind == AggregateKind::kAvg, call.type);
}

std::unique_ptr<AggregateState> make_aggregate_state(const AggregateCall& call) {
  switch (call.kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount:
      return std::make_unique<CountState>(!call.argument);
    case AggregateKind::kSum:
    case AggregateKind::kAvg: {
      bool average = call.kind == AggregateKind::kAvg;
      switch (physical_of(call.argument->type.id)) {
        case Physical::kInt: return std::make_unique<IntSumState>(average, call.type);
        case Physical::kDouble: return std::make_unique<DoubleSumState>(average, call.type);
        case Physical::kDecimal: return std::make_unique<DecimalSumState>(average, call.type);
        case Physical::kInterval: return std::make_unique<IntervalSumState>(average, call.type);
        case Physical::kText: break;
      }
      throw SqlError(sqlstate::kFeatureNotSupported, "sum/avg of text");
    }
    case AggregateKind::kMin:
    case AggregateKind::kMax:
      return std::make_unique<ExtremeState>(call.kind == AggregateKind::kMin, call.argument->type, call.type);
    case AggregateKind::kBoolAnd:
    case AggregateKind::kBoolOr:
      return std::make_unique<BoolState>(call.kind == AggregateKind::kBoolAnd, call.type);
    case AggregateKind::kStringAgg:
      return std::make_unique<StringAggState>(call.type);
    case AggregateKind::kFirstValue:
    case AggregateKind::kSingleValue:
      return std::make_unique<FirstValueState>(call.kind == AggregateKind::kSingleValue, call.argument->type,
                                               call.type);
    case AggregateKind::kVarPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kStddevSamp:
    case AggregateKind::kCovarPop:
    case AggregateKind::kCovarSamp:
    case AggregateKind::kCorr:
    case AggregateKind::kRegrCount:
    case AggregateKind::kRegrSxx:
    case AggregateKind::kRegrSyy:
    case AggregateKind::kRegrSxy:
    case AggregateKind::kRegrAvgX:
    case AggregateKind::kRegrAvgY:
    case AggregateKind::kRegrR2:
    case AggregateKind::kRegrSlope:
    case AggregateKind::kRegrIntercept:
      return make_moments_state(call.kind, call.argument->type, call.type);
    case AggregateKind::kPercentileCont:
    case AggregateKind::kPercentileDisc:
    case AggregateKind::kMode:
      return make_ordered_set_state(call.kind, call.type, call.separator ? &*call.separator : nullptr);
    case AggregateKind::kHypotheticalRank:
    case AggregateKind::kHypotheticalDenseRank:
    case AggregateKind::kHypotheticalPercentRank:
    case AggregateKind::kHypotheticalCumeDist:
      return make_hypothetical_rank_state(call.kind, call.type, call.order.front().descending,
                                          call.order.front().nulls_first);
    case AggregateKind::kApproxCount:
    case AggregateKind::kApproxSum:
    case AggregateKind::kApproxAvg:
    case AggregateKind::kApproxCountError:
    case AggregateKind::kApproxSumError:
    case AggregateKind::kApproxAvgError:
      return make_approximate_state(call.kind);
  }
  throw SqlError(sqlstate::kInternalError, "unknown aggregate kind");
}

}  // namespace ptreedb::exec
