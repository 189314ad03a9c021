#include "exec/hash_aggregate.h"

#include "exec/chunk_memory.h"

#include <algorithm>
#include <numeric>

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

// DISTINCT is the same as plain for these, so they never keep their inputs.
bool distinct_is_idle(AggregateKind kind) {
  return kind == AggregateKind::kMin || kind == AggregateKind::kMax || kind == AggregateKind::kBoolAnd ||
         kind == AggregateKind::kBoolOr;
}

bool needs_buffer(const AggregateCall& call) {
  return (call.distinct && !distinct_is_idle(call.kind)) ||
         (call.kind == AggregateKind::kStringAgg && !call.order.empty()) || call.kind == AggregateKind::kFirstValue ||
         call.kind == AggregateKind::kSingleValue;
}

std::size_t argument_columns(const AggregateCall& call) { return call.separator ? 2 : 1; }

// NULL equals NULL here: DISTINCT treats them as one value.
bool same_element(const Vector& a, std::size_t i, const Vector& b, std::size_t j) {
  bool a_null = a.is_null(i), b_null = b.is_null(j);
  if (a_null || b_null) return a_null == b_null;
  return compare_elements(a, i, b, j) == 0;
}

std::uint64_t distinct_slot(std::uint64_t hash, std::uint32_t group) {
  std::uint64_t x = hash ^ (static_cast<std::uint64_t>(group) * 0x9e3779b97f4a7c15ULL);
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

}  // namespace

AggregationTable::AggregationTable(const std::vector<planner::BoundExpression>& keys,
                                   const std::vector<planner::AggregateCall>& aggregates)
    : keys_(keys), aggregates_(aggregates) {
  for (const auto& key : keys) key_values_.emplace_back(key.type);
  states_.resize(aggregates.size());
  buffers_.resize(aggregates.size());
  buffered_.resize(aggregates.size());
  for (std::size_t a = 0; a < aggregates.size(); ++a) {
    const AggregateCall& call = aggregates[a];
    if (call.argument) states_[a].extreme = Vector(call.argument->type);
    buffered_[a] = call.argument && needs_buffer(call);
    if (buffered_[a]) {
      Chunk& rows = buffers_[a].rows;
      rows.columns.emplace_back(call.argument->type);
      if (call.separator) rows.columns.emplace_back(call.separator->type);
      for (const auto& key : call.order) rows.columns.emplace_back(key.expression.type);
    }
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
      case AggregateKind::kFirstValue:
      case AggregateKind::kSingleValue:
        state.extreme.resize(group_count_);
        break;
      case AggregateKind::kBoolAnd:
      case AggregateKind::kBoolOr:
        state.truth.push_back(0);
        break;
      case AggregateKind::kStringAgg:
        state.texts.emplace_back();
        state.first_delimiter.push_back(0);
        break;
      default:
        break;
    }
  }
}

void AggregationTable::keep_owners(const Vector& vector) {
  for (const auto& owner : vector.text_owners) {
    if (known_owners_.insert(owner.get()).second) {
      owners_.push_back(owner);
      owned_text_bytes_ += text_storage_bytes(*owner);
    }
  }
}

std::uint32_t AggregationTable::group_of(const std::string& key, const std::vector<Vector>& keys,
                                         std::size_t row) {
  auto [it, inserted] = index_.try_emplace(key, static_cast<std::uint32_t>(group_count_));
  if (inserted) {
    for (std::size_t k = 0; k < keys.size(); ++k) key_values_[k].append_from(keys[k], row);
    key_bytes_.push_back(key);
    key_bytes_total_ += static_cast<std::int64_t>(key.size());
    add_group();
  }
  return it->second;
}

std::int64_t AggregationTable::approximate_bytes() const {
  // Per group: its entry in index_ and key_bytes_ (two strings, a node), its
  // key values, and a state slot per aggregate.
  constexpr std::int64_t kGroupBytes = 128, kKeyValueBytes = 24, kStateBytes = 48;
  std::int64_t bytes = static_cast<std::int64_t>(group_count_) *
                           (kGroupBytes + kKeyValueBytes * static_cast<std::int64_t>(keys_.size()) +
                            kStateBytes * static_cast<std::int64_t>(aggregates_.size())) +
                       2 * key_bytes_total_ + owned_text_bytes_;
  bytes += string_agg_bytes_;
  for (const Buffer& buffer : buffers_) {
    bytes += static_cast<std::int64_t>(buffer.rows.size * (buffer.rows.columns.size() * 24 + 16) +
                                       buffer.distinct.size() * 32);
  }
  return bytes;
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
    const Chunk* rows = &input;
    const std::vector<std::uint32_t>* row_groups = &groups;
    // FILTER: only rows where it is true reach the arguments, so an argument
    // that would fail on the others (x / y FILTER (WHERE y <> 0)) does not.
    Chunk passed;
    std::vector<std::uint32_t> passed_groups;
    if (call.filter) {
      Vector keep = evaluate(*call.filter, input);
      std::vector<std::uint32_t> selected;
      selected.reserve(input.size);
      for (std::uint32_t i = 0; i < input.size; ++i) {
        if (!keep.nulls[i] && keep.ints[i] != 0) selected.push_back(i);
      }
      if (selected.empty()) continue;
      if (selected.size() < input.size) {
        passed = gather_rows(input, selected);
        passed_groups.reserve(selected.size());
        for (std::uint32_t i : selected) passed_groups.push_back(groups[i]);
        rows = &passed;
        row_groups = &passed_groups;
      }
    }
    if (!call.argument) {  // count(*)
      for (std::uint32_t group : *row_groups) ++states_[a].counts[group];
      continue;
    }
    std::vector<Vector> columns;
    columns.push_back(evaluate(*call.argument, *rows));
    if (call.separator) columns.push_back(evaluate(*call.separator, *rows));
    for (const Vector& column : columns) keep_owners(column);
    if (buffered_[a]) {
      for (const auto& key : call.order) {
        columns.push_back(evaluate(key.expression, *rows));
        keep_owners(columns.back());
      }
      buffer_rows(a, columns, *row_groups);
    } else {
      fold(a, columns[0], call.separator ? &columns[1] : nullptr, *row_groups);
    }
  }
}

void AggregationTable::fold(std::size_t aggregate, const Vector& argument, const Vector* separator,
                            const std::vector<std::uint32_t>& groups) {
  const AggregateCall& call = aggregates_[aggregate];
  State& state = states_[aggregate];
  std::size_t count = groups.size();
  switch (call.kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount:
      for (std::size_t i = 0; i < count; ++i) {
        if (!argument.is_null(i)) ++state.counts[groups[i]];
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
    case AggregateKind::kBoolAnd:
    case AggregateKind::kBoolOr: {
      bool conjunction = call.kind == AggregateKind::kBoolAnd;
      for (std::size_t i = 0; i < count; ++i) {
        if (argument.is_null(i)) continue;
        std::uint32_t g = groups[i];
        std::uint8_t value = argument.ints[i] != 0;
        if (!state.has_value[g]) {
          state.truth[g] = value;
          state.has_value[g] = 1;
        } else {
          state.truth[g] = conjunction ? (state.truth[g] & value) : (state.truth[g] | value);
        }
      }
      return;
    }
    case AggregateKind::kFirstValue:
    case AggregateKind::kSingleValue:
      // Buffered, so rows arrive here once, in the call's ORDER BY.
      for (std::size_t i = 0; i < count; ++i) {
        std::uint32_t g = groups[i];
        if (state.counts[g]++ == 0) {
          if (!argument.is_null(i)) {
            set_element(state.extreme, g, argument, i);
            state.has_value[g] = 1;
          }
        } else if (call.kind == AggregateKind::kSingleValue) {
          throw SqlError("21000", "more than one row returned by a subquery used as an expression");
        }
      }
      return;
    case AggregateKind::kStringAgg:
      // Every value is preceded by its row's delimiter (NULL: none); the
      // group's first delimiter is cut off at finish, so states concatenate.
      for (std::size_t i = 0; i < count; ++i) {
        if (argument.is_null(i)) continue;
        std::uint32_t g = groups[i];
        std::string_view delimiter =
            separator != nullptr && !separator->is_null(i) ? separator->texts[i] : std::string_view();
        if (!state.has_value[g]) {
          state.first_delimiter[g] = static_cast<std::uint32_t>(delimiter.size());
          state.has_value[g] = 1;
        }
        std::string& text = state.texts[g];
        text.append(delimiter);
        text.append(argument.texts[i]);
        string_agg_bytes_ += static_cast<std::int64_t>(delimiter.size() + argument.texts[i].size());
      }
      return;
  }
}

bool AggregationTable::is_duplicate(const Buffer& buffer, std::size_t arguments, std::uint32_t group,
                                    std::uint64_t hash, const std::vector<Vector>& columns, std::size_t row) const {
  auto [begin, end] = buffer.distinct.equal_range(distinct_slot(hash, group));
  for (auto it = begin; it != end; ++it) {
    std::uint32_t kept = it->second;
    if (buffer.groups[kept] != group) continue;
    bool same = true;
    for (std::size_t c = 0; c < arguments && same; ++c) {
      same = same_element(buffer.rows.columns[c], kept, columns[c], row);
    }
    if (same) return true;
  }
  return false;
}

void AggregationTable::append_buffered(Buffer& buffer, bool distinct, std::uint32_t group, std::uint64_t hash,
                                       const std::vector<Vector>& columns, std::size_t row) {
  auto position = static_cast<std::uint32_t>(buffer.rows.size);
  for (std::size_t c = 0; c < columns.size(); ++c) buffer.rows.columns[c].append_from(columns[c], row);
  ++buffer.rows.size;
  buffer.groups.push_back(group);
  if (distinct) {
    buffer.hashes.push_back(hash);
    buffer.distinct.emplace(distinct_slot(hash, group), position);
  }
}

void AggregationTable::buffer_rows(std::size_t aggregate, const std::vector<Vector>& columns,
                                   const std::vector<std::uint32_t>& groups) {
  const AggregateCall& call = aggregates_[aggregate];
  Buffer& buffer = buffers_[aggregate];
  const Vector& argument = columns[0];
  std::size_t count = groups.size();
  std::size_t arguments = argument_columns(call);
  std::vector<std::uint64_t> hashes;
  if (call.distinct) {
    // hash_into leaves NULLs' hashes arbitrary, but DISTINCT needs NULL = NULL.
    hashes.assign(count, 0);
    std::vector<std::uint64_t> column_hashes;
    for (std::size_t c = 0; c < arguments; ++c) {
      column_hashes.assign(count, 0);
      hash_into(columns[c], column_hashes);
      for (std::size_t i = 0; i < count; ++i) {
        hashes[i] = hashes[i] * 31 + (columns[c].is_null(i) ? 0x5bd1e995 : column_hashes[i]);
      }
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    // Only the subquery-row kinds read NULL inputs (a NULL row is still a row).
    bool keeps_nulls = call.kind == AggregateKind::kFirstValue || call.kind == AggregateKind::kSingleValue;
    if (argument.is_null(i) && !keeps_nulls) continue;
    std::uint64_t hash = call.distinct ? hashes[i] : 0;
    if (call.distinct && is_duplicate(buffer, arguments, groups[i], hash, columns, i)) continue;
    append_buffered(buffer, call.distinct, groups[i], hash, columns, i);
  }
}

void AggregationTable::merge_state(std::size_t aggregate, std::uint32_t into, State& source, std::uint32_t from) {
  const AggregateCall& call = aggregates_[aggregate];
  State& state = states_[aggregate];
  switch (call.kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount:
      state.counts[into] += source.counts[from];
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
    case AggregateKind::kBoolAnd:
    case AggregateKind::kBoolOr:
      if (!source.has_value[from]) return;
      if (!state.has_value[into]) {
        state.truth[into] = source.truth[from];
        state.has_value[into] = 1;
      } else if (call.kind == AggregateKind::kBoolAnd) {
        state.truth[into] &= source.truth[from];
      } else {
        state.truth[into] |= source.truth[from];
      }
      return;
    case AggregateKind::kFirstValue:
    case AggregateKind::kSingleValue:
      return;  // buffered: merged as kept rows
    case AggregateKind::kStringAgg:
      if (!source.has_value[from]) return;
      if (!state.has_value[into]) {
        state.texts[into] = std::move(source.texts[from]);
        state.first_delimiter[into] = source.first_delimiter[from];
        state.has_value[into] = 1;
      } else {
        state.texts[into].append(source.texts[from]);
        string_agg_bytes_ += static_cast<std::int64_t>(source.texts[from].size());
      }
      return;
  }
}

void AggregationTable::merge(AggregationTable& other) {
  for (const auto& owner : other.owners_) {
    if (known_owners_.insert(owner.get()).second) {
      owners_.push_back(owner);
      owned_text_bytes_ += text_storage_bytes(*owner);
    }
  }
  std::vector<std::uint32_t> into_of(other.group_count_);
  for (std::uint32_t from = 0; from < other.group_count_; ++from) {
    std::uint32_t into = group_of(other.key_bytes_[from], other.key_values_, from);
    into_of[from] = into;
    for (std::size_t a = 0; a < states_.size(); ++a) {
      if (!buffered_[a]) merge_state(a, into, other.states_[a], from);
    }
  }
  for (std::size_t a = 0; a < states_.size(); ++a) {
    if (!buffered_[a]) continue;
    const AggregateCall& call = aggregates_[a];
    Buffer& source = other.buffers_[a];
    Buffer& target = buffers_[a];
    std::size_t arguments = argument_columns(call);
    for (std::size_t row = 0; row < source.rows.size; ++row) {
      std::uint32_t group = into_of[source.groups[row]];
      std::uint64_t hash = call.distinct ? source.hashes[row] : 0;
      if (call.distinct && is_duplicate(target, arguments, group, hash, source.rows.columns, row)) continue;
      append_buffered(target, call.distinct, group, hash, source.rows.columns, row);
    }
  }
}

// Folds a kept input in its order: the call's ORDER BY keys, then (for
// DISTINCT) the arguments ascending, which is the order PostgreSQL's sorting
// DISTINCT produces.
void AggregationTable::fold_buffer(std::size_t aggregate) {
  const AggregateCall& call = aggregates_[aggregate];
  Buffer& buffer = buffers_[aggregate];
  const Chunk& rows = buffer.rows;
  std::size_t arguments = argument_columns(call);
  std::vector<std::uint32_t> order(rows.size);
  std::iota(order.begin(), order.end(), 0);
  auto compare_column = [&](const Vector& column, std::uint32_t x, std::uint32_t y, bool descending,
                            bool nulls_first) {
    bool x_null = column.is_null(x), y_null = column.is_null(y);
    if (x_null || y_null) {
      if (x_null == y_null) return 0;
      return x_null == nulls_first ? -1 : 1;
    }
    int order_value = compare_elements(column, x, column, y);
    return descending ? -order_value : order_value;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
    for (std::size_t k = 0; k < call.order.size(); ++k) {
      int c = compare_column(rows.columns[arguments + k], x, y, call.order[k].descending, call.order[k].nulls_first);
      if (c != 0) return c < 0;
    }
    if (call.distinct) {
      for (std::size_t c = 0; c < arguments; ++c) {
        int order_value = compare_column(rows.columns[c], x, y, false, false);
        if (order_value != 0) return order_value < 0;
      }
    }
    return false;
  });
  Chunk sorted = gather_rows(rows, order);
  std::vector<std::uint32_t> groups(order.size());
  for (std::size_t i = 0; i < order.size(); ++i) groups[i] = buffer.groups[order[i]];
  fold(aggregate, sorted.columns[0], call.separator ? &sorted.columns[1] : nullptr, groups);
}

Chunk AggregationTable::finish() {
  for (std::size_t a = 0; a < states_.size(); ++a) {
    if (buffered_[a]) fold_buffer(a);
  }
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
      if (call.kind == AggregateKind::kMin || call.kind == AggregateKind::kMax ||
          call.kind == AggregateKind::kFirstValue || call.kind == AggregateKind::kSingleValue) {
        set_element(result, g, state.extreme, g);
        continue;
      }
      if (call.kind == AggregateKind::kBoolAnd || call.kind == AggregateKind::kBoolOr) {
        result.ints[g] = state.truth[g];
        continue;
      }
      if (call.kind == AggregateKind::kStringAgg) {
        const std::string& text = holder->strings.emplace_back(std::move(state.texts[g]));
        result.texts[g] = std::string_view(text).substr(state.first_delimiter[g]);
        continue;
      }
      TypeId input = call.argument->type.id;
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
