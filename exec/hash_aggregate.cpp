#include "exec/hash_aggregate.h"

#include "exec/evaluate.h"
#include "storage/row/key_encoding.h"
#include "storage/sql_error.h"
#include "storage/value/character.h"
#include "storage/value/float_arith.h"

namespace ptreedb::exec {

using planner::AggregateCall;
using planner::AggregateKind;
using value::TypeId;

namespace {

void set_element(Vector& target, std::size_t i, const Vector& source, std::size_t j) {
  switch (target.physical()) {
    case Physical::kInt: target.ints[i] = source.ints[j]; break;
    case Physical::kDouble: target.doubles[i] = source.doubles[j]; break;
    case Physical::kDecimal: target.decimals[i] = source.decimals[j]; break;
    case Physical::kText: target.texts[i] = source.texts[j]; break;
    case Physical::kInterval: target.intervals[i] = source.intervals[j]; break;
  }
}

value::Decimal int128_to_decimal(__int128 sum) {
  value::Decimal result{sum, 0};
  if (!value::decimal_detail::in_range(sum)) {
    throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
  }
  return result;
}

}  // namespace

AggregationTable::AggregationTable(const std::vector<planner::BoundExpression>& keys,
                                   const std::vector<planner::AggregateCall>& aggregates)
    : keys_(keys), aggregates_(aggregates) {
  for (const auto& key : keys) key_values_.emplace_back(key.type);
  states_.resize(aggregates.size());
  for (std::size_t a = 0; a < aggregates.size(); ++a) {
    const AggregateCall& call = aggregates[a];
    if (call.kind == AggregateKind::kStringAgg || call.kind == AggregateKind::kBoolAnd ||
        call.kind == AggregateKind::kBoolOr) {
      throw SqlError(sqlstate::kFeatureNotSupported, "string_agg, bool_and and bool_or are not supported yet");
    }
    if (call.distinct && call.kind != AggregateKind::kCount) {
      throw SqlError(sqlstate::kFeatureNotSupported, "DISTINCT is only supported in count() yet");
    }
    if (call.argument) states_[a].extreme = Vector(call.argument->type);
  }
  // Without GROUP BY there is exactly one group, even over no rows.
  if (keys.empty()) {
    index_.emplace(std::string(), 0);
    key_bytes_.emplace_back();
    add_group();
  }
}

void AggregationTable::add_group() {
  ++group_count_;
  for (std::size_t a = 0; a < states_.size(); ++a) {
    State& state = states_[a];
    state.counts.push_back(0);
    state.has_value.push_back(0);
    switch (aggregates_[a].kind) {
      case AggregateKind::kSum:
      case AggregateKind::kAvg:
        state.int_sums.push_back(0);
        state.double_sums.push_back(0);
        state.decimal_sums.push_back(value::Decimal{});
        state.interval_sums.push_back(value::Interval{});
        break;
      case AggregateKind::kMin:
      case AggregateKind::kMax:
        state.extreme.resize(group_count_);
        break;
      case AggregateKind::kCount:
        if (aggregates_[a].distinct) state.distinct_seen.emplace_back();
        break;
      default:
        break;
    }
  }
}

void AggregationTable::keep_owners(const Vector& vector) {
  for (const auto& owner : vector.text_owners) {
    if (known_owners_.insert(owner.get()).second) owners_.push_back(owner);
  }
}

std::uint32_t AggregationTable::group_of(const std::string& key, const std::vector<Vector>& keys,
                                         std::size_t row) {
  auto [it, inserted] = index_.try_emplace(key, static_cast<std::uint32_t>(group_count_));
  if (inserted) {
    for (std::size_t k = 0; k < keys.size(); ++k) key_values_[k].append_from(keys[k], row);
    key_bytes_.push_back(key);
    add_group();
  }
  return it->second;
}

void AggregationTable::consume(const Chunk& input) {
  if (input.size == 0) return;
  std::vector<std::uint32_t> groups(input.size, 0);
  if (!keys_.empty()) {
    std::vector<Vector> keys;
    keys.reserve(keys_.size());
    for (const auto& key : keys_) {
      keys.push_back(evaluate(key, input));
      keep_owners(keys.back());
    }
    std::string bytes;
    for (std::size_t row = 0; row < input.size; ++row) {
      bytes.clear();
      for (const Vector& key : keys) append_key_bytes(bytes, key, row);
      groups[row] = group_of(bytes, keys, row);
    }
  }
  for (std::size_t a = 0; a < states_.size(); ++a) {
    const AggregateCall& call = aggregates_[a];
    if (!call.argument) {  // count(*)
      for (std::uint32_t group : groups) ++states_[a].counts[group];
      continue;
    }
    Vector argument = evaluate(*call.argument, input);
    keep_owners(argument);
    update(a, argument, groups);
  }
}

void AggregationTable::update(std::size_t aggregate, const Vector& argument,
                              const std::vector<std::uint32_t>& groups) {
  const AggregateCall& call = aggregates_[aggregate];
  State& state = states_[aggregate];
  std::size_t count = groups.size();
  switch (call.kind) {
    case AggregateKind::kCount:
      for (std::size_t i = 0; i < count; ++i) {
        if (argument.is_null(i)) continue;
        if (call.distinct) {
          std::string key;
          append_key_bytes(key, argument, i);
          if (!state.distinct_seen[groups[i]].insert(std::move(key)).second) continue;
        }
        ++state.counts[groups[i]];
      }
      return;
    case AggregateKind::kSum:
    case AggregateKind::kAvg:
      for (std::size_t i = 0; i < count; ++i) {
        if (argument.is_null(i)) continue;
        std::uint32_t g = groups[i];
        state.has_value[g] = 1;
        ++state.counts[g];
        switch (argument.physical()) {
          case Physical::kInt: state.int_sums[g] += argument.ints[i]; break;
          case Physical::kDouble: state.double_sums[g] += argument.doubles[i]; break;
          case Physical::kDecimal:
            state.decimal_sums[g] = value::decimal_add(state.decimal_sums[g], argument.decimals[i]);
            break;
          case Physical::kInterval:
            state.interval_sums[g] = value::interval_add(state.interval_sums[g], argument.intervals[i]);
            break;
          case Physical::kText: break;
        }
      }
      return;
    case AggregateKind::kMin:
    case AggregateKind::kMax: {
      int wanted = call.kind == AggregateKind::kMin ? -1 : 1;
      for (std::size_t i = 0; i < count; ++i) {
        if (argument.is_null(i)) continue;
        std::uint32_t g = groups[i];
        if (!state.has_value[g] || compare_elements(argument, i, state.extreme, g) == wanted) {
          set_element(state.extreme, g, argument, i);
          state.has_value[g] = 1;
        }
      }
      return;
    }
    default:
      return;
  }
}

void AggregationTable::merge_state(std::size_t aggregate, std::uint32_t into, const State& source,
                                   std::uint32_t from) {
  const AggregateCall& call = aggregates_[aggregate];
  State& state = states_[aggregate];
  switch (call.kind) {
    case AggregateKind::kCountStar:
      state.counts[into] += source.counts[from];
      return;
    case AggregateKind::kCount:
      if (call.distinct) {
        for (const auto& key : source.distinct_seen[from]) {
          if (state.distinct_seen[into].insert(key).second) ++state.counts[into];
        }
      } else {
        state.counts[into] += source.counts[from];
      }
      return;
    case AggregateKind::kSum:
    case AggregateKind::kAvg:
      if (!source.has_value[from]) return;
      state.has_value[into] = 1;
      state.counts[into] += source.counts[from];
      state.int_sums[into] += source.int_sums[from];
      state.double_sums[into] += source.double_sums[from];
      state.decimal_sums[into] = value::decimal_add(state.decimal_sums[into], source.decimal_sums[from]);
      state.interval_sums[into] = value::interval_add(state.interval_sums[into], source.interval_sums[from]);
      return;
    case AggregateKind::kMin:
    case AggregateKind::kMax: {
      if (!source.has_value[from]) return;
      int wanted = call.kind == AggregateKind::kMin ? -1 : 1;
      if (!state.has_value[into] || compare_elements(source.extreme, from, state.extreme, into) == wanted) {
        set_element(state.extreme, into, source.extreme, from);
        state.has_value[into] = 1;
      }
      return;
    }
    default:
      return;
  }
}

void AggregationTable::merge(AggregationTable& other) {
  for (const auto& owner : other.owners_) {
    if (known_owners_.insert(owner.get()).second) owners_.push_back(owner);
  }
  for (std::uint32_t from = 0; from < other.group_count_; ++from) {
    std::uint32_t into = group_of(other.key_bytes_[from], other.key_values_, from);
    for (std::size_t a = 0; a < states_.size(); ++a) merge_state(a, into, other.states_[a], from);
  }
}

Chunk AggregationTable::finish() {
  Chunk out;
  out.size = group_count_;
  auto holder = std::make_shared<TextStorage>();
  holder->others = owners_;
  for (Vector& key : key_values_) {
    if (key.physical() == Physical::kText) key.text_owners = {holder};
    out.columns.push_back(std::move(key));
  }
  for (std::size_t a = 0; a < states_.size(); ++a) {
    const AggregateCall& call = aggregates_[a];
    State& state = states_[a];
    Vector result(call.type);
    result.resize(group_count_);
    for (std::size_t g = 0; g < group_count_; ++g) {
      if (call.kind == AggregateKind::kCount || call.kind == AggregateKind::kCountStar) {
        result.ints[g] = state.counts[g];
        continue;
      }
      if (!state.has_value[g]) {
        result.nulls[g] = 1;
        continue;
      }
      TypeId input = call.argument->type.id;
      if (call.kind == AggregateKind::kMin || call.kind == AggregateKind::kMax) {
        set_element(result, g, state.extreme, g);
        continue;
      }
      bool average = call.kind == AggregateKind::kAvg;
      switch (physical_of(input)) {
        case Physical::kInt:
          if (call.type.id == TypeId::kBigint) {
            if (state.int_sums[g] > INT64_MAX || state.int_sums[g] < INT64_MIN) {
              throw SqlError(sqlstate::kNumericValueOutOfRange, "bigint out of range");
            }
            result.ints[g] = static_cast<std::int64_t>(state.int_sums[g]);
          } else {
            value::Decimal sum = int128_to_decimal(state.int_sums[g]);
            result.decimals[g] = average ? value::decimal_div(sum, value::decimal_from_int(state.counts[g])) : sum;
          }
          break;
        case Physical::kDouble: {
          double sum = state.double_sums[g];
          double value = average ? sum / static_cast<double>(state.counts[g]) : sum;
          result.doubles[g] = call.type.id == TypeId::kReal ? value::double_to_float(value) : value;
          break;
        }
        case Physical::kDecimal:
          result.decimals[g] = average ? value::decimal_div(state.decimal_sums[g], value::decimal_from_int(state.counts[g]))
                                       : state.decimal_sums[g];
          break;
        case Physical::kInterval:
          result.intervals[g] = average ? value::interval_div(state.interval_sums[g], static_cast<double>(state.counts[g]))
                                        : state.interval_sums[g];
          break;
        case Physical::kText:
          break;
      }
    }
    if (result.physical() == Physical::kText) result.text_owners = {holder};
    out.columns.push_back(std::move(result));
  }
  return out;
}

}  // namespace ptreedb::exec
