#include "exec/hash_aggregate.h"

#include <algorithm>
#include <numeric>

#include "exec/chunk_memory.h"
#include "exec/evaluate.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::AggregateCall;
using planner::AggregateKind;

namespace {

// DISTINCT is the same as plain for these, so they never keep their inputs.
bool distinct_is_idle(AggregateKind kind) {
  return kind == AggregateKind::kMin || kind == AggregateKind::kMax || kind == AggregateKind::kBoolAnd ||
         kind == AggregateKind::kBoolOr;
}

bool needs_buffer(const AggregateCall& call) {
  return (call.distinct && !distinct_is_idle(call.kind)) ||
         (call.kind == AggregateKind::kStringAgg && !call.order.empty()) || call.kind == AggregateKind::kFirstValue ||
         call.kind == AggregateKind::kSingleValue || planner::is_ordered_set_aggregate(call.kind);
}

std::size_t argument_columns(const AggregateCall& call) { return call.separator ? 2 : 1; }

// Whether a kept input must fold in order. count, and sum/avg of exact
// values, come out the same in any order; float sums round differently, and
// PostgreSQL's DISTINCT feeds them ascending.
bool folds_in_order(const AggregateCall& call) {
  if (!call.order.empty()) return true;
  switch (call.kind) {
    case AggregateKind::kCount: return false;
    case AggregateKind::kSum:
    case AggregateKind::kAvg: return physical_of(call.argument->type.id) == Physical::kDouble;
    default: return true;
  }
}

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

std::vector<value::SqlType> types_of(const std::vector<planner::BoundExpression>& keys) {
  std::vector<value::SqlType> types;
  types.reserve(keys.size());
  for (const auto& key : keys) types.push_back(key.type);
  return types;
}

constexpr std::uint32_t kNotMerged = UINT32_MAX;

// The value of `expr` over `input`: a loaded column is borrowed rather than
// copied; anything else is computed into `scratch`, whose arrays the caller
// keeps from chunk to chunk.
const Vector& operand(const planner::BoundExpression& expr, const Chunk& input, Vector& scratch) {
  if (expr.kind == planner::ExprKind::kColumn) return input.columns[expr.column];
  if (const Vector* shared = precomputed_value(expr, input)) return *shared;
  evaluate_into(expr, input, scratch);
  return scratch;
}

}  // namespace

AggregationTable::AggregationTable(const std::vector<planner::BoundExpression>& keys,
                                   const std::vector<planner::AggregateCall>& aggregates,
                                   const std::vector<bool>& carried_keys)
    : keys_(keys),
      aggregates_(aggregates),
      carried_keys_(carried_keys),
      groups_(types_of(keys), carried_keys),
      shared_arguments_(aggregates) {
  buffers_.resize(aggregates.size());
  buffered_.resize(aggregates.size());
  key_values_.resize(keys.size());
  key_columns_.resize(keys.size());
  argument_values_.resize(aggregates.size());
  separator_values_.resize(aggregates.size());
  for (std::size_t a = 0; a < aggregates.size(); ++a) {
    const AggregateCall& call = aggregates[a];
    std::unique_ptr<AggregateState> companion;
    for (std::size_t earlier = 0; earlier < a && companion == nullptr; ++earlier) {
      if (states_[earlier]->folds()) companion = make_companion_state(*states_[earlier], aggregates[earlier], call);
    }
    states_.push_back(companion != nullptr ? std::move(companion) : make_aggregate_state(call));
    buffered_[a] = call.argument && needs_buffer(call);
    if (buffered_[a]) {
      Chunk& rows = buffers_[a].rows;
      rows.columns.emplace_back(call.argument->type);
      if (call.separator) rows.columns.emplace_back(call.separator->type);
      for (const auto& key : call.order) rows.columns.emplace_back(key.expression.type);
    }
  }
  // Without GROUP BY there is exactly one group, even over no rows: the
  // empty key packs to 0.
  if (keys.empty()) {
    std::uint32_t group = 0;
    groups_.assign({}, 1, &group);
    resize_states();
  }
}

void AggregationTable::resize_states() {
  for (auto& state : states_) state->resize(groups_.size());
}

void AggregationTable::keep_owners(const Vector& vector) {
  for (const auto& owner : vector.text_owners) {
    if (known_owners_.insert(owner.get()).second) {
      owners_.push_back(owner);
      owned_text_bytes_ += text_storage_bytes(*owner);
    }
  }
}

std::int64_t AggregationTable::approximate_bytes() const {
  auto groups = static_cast<std::int64_t>(groups_.size());
  std::int64_t bytes = groups_.approximate_bytes() + owned_text_bytes_;
  for (const auto& state : states_) bytes += groups * state->bytes_per_group() + state->extra_bytes();
  for (const Buffer& buffer : buffers_) {
    bytes += static_cast<std::int64_t>(buffer.rows.size * (buffer.rows.columns.size() * 24 + 16) +
                                       buffer.distinct.approximate_bytes());
  }
  return bytes;
}

void AggregationTable::consume(const Chunk& input) {
  if (input.size == 0) return;
  std::vector<std::uint32_t>& groups = chunk_groups_;
  groups.assign(input.size, 0);
  if (!keys_.empty()) {
    for (std::size_t k = 0; k < keys_.size(); ++k) {
      key_columns_[k] = &operand(keys_[k], input, key_values_[k]);
      keep_owners(*key_columns_[k]);
    }
    groups_.assign(key_columns_, input.size, groups.data());
    resize_states();
  }
  static const Vector kNoArgument;
  // Arithmetic several calls share is computed once for the chunk.
  SharedArguments::Scope shared_arguments(shared_arguments_, input);
  for (std::size_t a = 0; a < states_.size(); ++a) {
    if (!states_[a]->folds()) continue;  // another call's state folds the same
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
      states_[a]->fold(kNoArgument, nullptr, row_groups->data(), row_groups->size());
      continue;
    }
    if (!buffered_[a]) {
      const Vector& argument = operand(*call.argument, *rows, argument_values_[a]);
      const Vector* separator = call.separator ? &operand(*call.separator, *rows, separator_values_[a]) : nullptr;
      if (states_[a]->keeps_argument_texts()) keep_owners(argument);
      states_[a]->fold(argument, separator, row_groups->data(), row_groups->size());
      continue;
    }
    std::vector<Vector> columns;
    const Vector* shared = precomputed_value(*call.argument, *rows);
    columns.push_back(shared != nullptr ? *shared : evaluate(*call.argument, *rows));
    if (call.separator) columns.push_back(evaluate(*call.separator, *rows));
    for (const auto& key : call.order) columns.push_back(evaluate(key.expression, *rows));
    for (const Vector& column : columns) keep_owners(column);
    buffer_rows(a, columns, *row_groups);
  }
}

void AggregationTable::keep_row(Buffer& buffer, bool distinct, std::size_t arguments, std::uint32_t group,
                                std::uint64_t hash, const std::vector<Vector>& columns, std::size_t row) {
  if (distinct) {
    const bool plain_int = arguments == 1 && columns[0].physical() == Physical::kInt;
    auto same = [&](std::uint32_t kept) {
      if (buffer.groups[kept] != group) return false;
      if (plain_int) {  // the common count(DISTINCT id): no dispatch per candidate
        const Vector& kept_column = buffer.rows.columns[0];
        const Vector& column = columns[0];
        if (kept_column.nulls[kept] != 0 || column.nulls[row] != 0) {
          return kept_column.nulls[kept] != 0 && column.nulls[row] != 0;
        }
        return kept_column.ints[kept] == column.ints[row];
      }
      for (std::size_t c = 0; c < arguments; ++c) {
        if (!same_element(buffer.rows.columns[c], kept, columns[c], row)) return false;
      }
      return true;
    };
    if (!buffer.distinct.find_or_insert(distinct_slot(hash, group), same).second) return;
    buffer.hashes.push_back(hash);
  }
  for (std::size_t c = 0; c < columns.size(); ++c) buffer.rows.columns[c].append_from(columns[c], row);
  ++buffer.rows.size;
  buffer.groups.push_back(group);
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
  // Only the subquery-row kinds read NULL inputs (a NULL row is still a row).
  // The hypothetical-set aggregates rank NULLs too (they sort as the ORDER BY says).
  const bool keeps_nulls = call.kind == AggregateKind::kFirstValue || call.kind == AggregateKind::kSingleValue ||
                           planner::is_hypothetical_aggregate(call.kind);
  for (std::size_t i = 0; i < count; ++i) {
    if (argument.is_null(i) && !keeps_nulls) continue;
    keep_row(buffer, call.distinct, arguments, groups[i], call.distinct ? hashes[i] : 0, columns, i);
  }
}

void AggregationTable::merge(AggregationTable& other) {
  for (const auto& owner : other.owners_) {
    if (known_owners_.insert(owner.get()).second) {
      owners_.push_back(owner);
      owned_text_bytes_ += text_storage_bytes(*owner);
    }
  }
  std::vector<std::uint32_t> all(other.group_count());
  std::iota(all.begin(), all.end(), 0);
  merge_groups(other, all);
}

void AggregationTable::match_key_forms(const std::vector<AggregationTable*>& tables) {
  for (std::size_t t = 1; t < tables.size(); ++t) tables[0]->groups_.match_form(tables[t]->groups_);
  for (std::size_t t = 1; t < tables.size(); ++t) tables[0]->groups_.match_form(tables[t]->groups_);
}

std::vector<std::vector<std::uint32_t>> AggregationTable::groups_by_partition(int partition_bits) const {
  std::vector<std::vector<std::uint32_t>> partitions(std::size_t{1} << partition_bits);
  const int shift = 64 - partition_bits;
  for (std::uint32_t g = 0; g < groups_.size(); ++g) partitions[groups_.hash_of(g) >> shift].push_back(g);
  return partitions;
}

void AggregationTable::merge_groups(AggregationTable& other, const std::vector<std::uint32_t>& groups) {
  groups_.match_form(other.groups_);
  std::vector<std::uint32_t> into(groups.size());
  // The groups of one partition are scattered through `other`: load ahead.
  constexpr std::size_t kAhead = 16;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    if (i + kAhead < groups.size()) other.groups_.prefetch(groups[i + kAhead]);
    into[i] = groups_.find_or_add(other.groups_, groups[i]);
  }
  resize_states();
  for (std::size_t a = 0; a < states_.size(); ++a) {
    if (!buffered_[a]) states_[a]->merge(*other.states_[a], groups.data(), into.data(), groups.size());
  }
  if (std::find(buffered_.begin(), buffered_.end(), 1) == buffered_.end()) return;
  std::vector<std::uint32_t> into_of(other.group_count(), kNotMerged);
  for (std::size_t i = 0; i < groups.size(); ++i) into_of[groups[i]] = into[i];
  merge_buffers(other, into_of);
}

void AggregationTable::merge_buffers(AggregationTable& other, const std::vector<std::uint32_t>& into_of) {
  for (std::size_t a = 0; a < states_.size(); ++a) {
    if (!buffered_[a]) continue;
    const AggregateCall& call = aggregates_[a];
    Buffer& source = other.buffers_[a];
    Buffer& target = buffers_[a];
    std::size_t arguments = argument_columns(call);
    for (std::size_t row = 0; row < source.rows.size; ++row) {
      std::uint32_t group = into_of[source.groups[row]];
      if (group == kNotMerged) continue;
      keep_row(target, call.distinct, arguments, group, call.distinct ? source.hashes[row] : 0, source.rows.columns,
               row);
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
  if (!folds_in_order(call)) {
    states_[aggregate]->fold(rows.columns[0], call.separator ? &rows.columns[1] : nullptr, buffer.groups.data(),
                             buffer.groups.size());
    return;
  }
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
  states_[aggregate]->fold(sorted.columns[0], call.separator ? &sorted.columns[1] : nullptr, groups.data(),
                           groups.size());
}

Chunk AggregationTable::finish() {
  for (std::size_t a = 0; a < states_.size(); ++a) {
    if (buffered_[a]) fold_buffer(a);
  }
  Chunk out;
  out.size = groups_.size();
  auto holder = std::make_shared<TextStorage>();
  holder->others = owners_;
  if (shared_text_) holder->others.push_back(shared_text_);
  for (Vector& key : groups_.values()) {
    if (key.physical() == Physical::kText) key.text_owners = {holder};
    out.columns.push_back(std::move(key));
  }
  for (auto& state : states_) {
    Vector result = state->finish(out.size);
    if (result.physical() == Physical::kText) result.text_owners.push_back(holder);
    out.columns.push_back(std::move(result));
  }
  return out;
}

}  // namespace ptreedb::exec
