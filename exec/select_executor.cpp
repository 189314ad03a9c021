#include "exec/select_executor.h"

#include <algorithm>

#include <tbb/parallel_for.h>

#include "exec/evaluate.h"
#include "exec/hash_aggregate.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::SelectPlan;

namespace {

constexpr std::size_t kMorselRows = 16 * kChunkSize;

// Reads the scanned columns of `rows` into vectors; the chunk keeps the rows
// alive because text vectors point into them.
Chunk load_chunk(const storage::TableSchema& schema, const std::vector<std::size_t>& scanned,
                 std::vector<storage::RowRef> rows) {
  Chunk chunk;
  chunk.size = rows.size();
  chunk.columns.resize(schema.columns().size());
  auto storage = std::make_shared<TextStorage>();
  storage->rows = std::move(rows);
  const auto& loaded = storage->rows;
  const storage::RowLayout& layout = schema.layout();
  for (std::size_t column : scanned) {
    Vector vector(schema.column(column).type);
    vector.resize(chunk.size);
    std::uint32_t offset = layout.offset(column);
    for (std::size_t i = 0; i < chunk.size; ++i) vector.nulls[i] = loaded[i].is_null(column);
    switch (vector.type.id) {
      case value::TypeId::kBoolean:
        for (std::size_t i = 0; i < chunk.size; ++i) vector.ints[i] = loaded[i].get_bool(offset);
        break;
      case value::TypeId::kDate:
        for (std::size_t i = 0; i < chunk.size; ++i) vector.ints[i] = loaded[i].get_date(offset);
        break;
      default:
        switch (vector.physical()) {
          case Physical::kInt:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.ints[i] = loaded[i].get_int(offset);
            break;
          case Physical::kDouble:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.doubles[i] = loaded[i].get_double(offset);
            break;
          case Physical::kDecimal:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.decimals[i] = loaded[i].get_decimal(offset);
            break;
          case Physical::kText:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.texts[i] = loaded[i].get_text(offset);
            vector.text_owners.push_back(storage);
            break;
          case Physical::kInterval:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.intervals[i] = loaded[i].get_interval(offset);
            break;
        }
    }
    chunk.columns[column] = std::move(vector);
  }
  return chunk;
}

Chunk apply_filter(Chunk input, const std::optional<BoundExpression>& filter) {
  if (!filter) return input;
  Vector keep = evaluate(*filter, input);
  std::vector<std::uint8_t> selected(input.size);
  for (std::size_t i = 0; i < input.size; ++i) selected[i] = !keep.nulls[i] && keep.ints[i] != 0;
  return select_rows(input, selected);
}

Chunk project(const Chunk& input, const std::vector<BoundExpression>& projections) {
  Chunk out;
  out.size = input.size;
  for (const auto& projection : projections) out.columns.push_back(evaluate(projection, input));
  return out;
}

// Runs visit(filtered chunk, morsel number) over the plan's input, in parallel
// over position ranges of the table tree; the single row of a FROM-less SELECT
// is morsel 0.
template <class Visit>
std::size_t scan_filtered(const SelectPlan& plan, const Visit& visit) {
  if (!plan.table) {
    Chunk one_row;
    one_row.size = 1;
    visit(apply_filter(std::move(one_row), plan.filter), 0);
    return 1;
  }
  const storage::RowTree& tree = plan.table->rows();
  const storage::TableSchema& schema = plan.table->schema();
  std::size_t total = tree.size();
  std::size_t morsels = (total + kMorselRows - 1) / kMorselRows;
  tbb::parallel_for(std::size_t{0}, morsels, [&](std::size_t morsel) {
    std::size_t begin = morsel * kMorselRows, end = std::min(total, begin + kMorselRows);
    auto it = tree.seek_index(begin);
    for (std::size_t position = begin; position < end;) {
      std::vector<storage::RowRef> rows;
      std::size_t count = std::min(kChunkSize, end - position);
      rows.reserve(count);
      for (std::size_t i = 0; i < count; ++i, ++it) rows.push_back((*it).value);
      position += count;
      visit(apply_filter(load_chunk(schema, plan.scanned_columns, std::move(rows)), plan.filter), morsel);
    }
  });
  return morsels;
}

struct RowPosition {
  std::uint32_t chunk;
  std::uint32_t row;
};

}  // namespace

std::vector<Chunk> run_select(const SelectPlan& original) {
  SelectPlan plan = original;
  if (plan.filter) plan.filter = fold_constants(std::move(*plan.filter));
  if (plan.having) plan.having = fold_constants(std::move(*plan.having));
  for (auto& projection : plan.projections) projection = fold_constants(std::move(projection));
  for (auto& key : plan.group_keys) key = fold_constants(std::move(key));
  for (auto& aggregate : plan.aggregates) {
    if (aggregate.argument) aggregate.argument = fold_constants(std::move(*aggregate.argument));
  }

  std::vector<Chunk> chunks;
  if (plan.grouped) {
    // Each morsel aggregates into its own table; tables merge in morsel order
    // so groups come out in the order of their first row.
    std::vector<std::unique_ptr<AggregationTable>> tables;
    std::size_t morsels = plan.table ? (plan.table->rows().size() + kMorselRows - 1) / kMorselRows : 1;
    for (std::size_t m = 0; m < std::max<std::size_t>(morsels, 1); ++m) {
      tables.push_back(std::make_unique<AggregationTable>(plan));
    }
    scan_filtered(plan, [&](const Chunk& chunk, std::size_t morsel) { tables[morsel]->consume(chunk); });
    for (std::size_t m = 1; m < tables.size(); ++m) tables[0]->merge(*tables[m]);
    Chunk groups = apply_filter(tables[0]->finish(), plan.having);
    chunks.push_back(project(groups, plan.projections));
  } else {
    std::size_t morsels = plan.table ? (plan.table->rows().size() + kMorselRows - 1) / kMorselRows : 1;
    std::vector<std::vector<Chunk>> per_morsel(std::max<std::size_t>(morsels, 1));
    scan_filtered(plan, [&](const Chunk& chunk, std::size_t morsel) {
      if (chunk.size > 0) per_morsel[morsel].push_back(project(chunk, plan.projections));
    });
    for (auto& morsel : per_morsel) {
      for (auto& chunk : morsel) chunks.push_back(std::move(chunk));
    }
  }

  std::size_t visible = plan.columns.size();
  std::vector<RowPosition> order;
  for (std::uint32_t c = 0; c < chunks.size(); ++c) {
    for (std::uint32_t r = 0; r < chunks[c].size; ++r) order.push_back({c, r});
  }
  if (!plan.order_by.empty()) {
    std::stable_sort(order.begin(), order.end(), [&](const RowPosition& x, const RowPosition& y) {
      for (const auto& key : plan.order_by) {
        const Vector& a = chunks[x.chunk].columns[key.output];
        const Vector& b = chunks[y.chunk].columns[key.output];
        bool a_null = a.is_null(x.row), b_null = b.is_null(y.row);
        if (a_null || b_null) {
          if (a_null == b_null) continue;
          return a_null == key.nulls_first;
        }
        int order_value = compare_elements(a, x.row, b, y.row);
        if (order_value != 0) return key.descending ? order_value > 0 : order_value < 0;
      }
      return false;
    });
  }
  std::size_t begin = std::min<std::size_t>(order.size(), static_cast<std::size_t>(plan.offset));
  std::size_t end = order.size();
  if (plan.limit) end = std::min<std::size_t>(end, begin + static_cast<std::size_t>(*plan.limit));

  // Materialize the visible columns in output order. Sorted output can point
  // into any input chunk, so one holder keeps every input's text alive.
  std::vector<std::shared_ptr<const TextStorage>> keep_alive(visible);
  for (std::size_t column = 0; column < visible; ++column) {
    auto holder = std::make_shared<TextStorage>();
    for (const auto& chunk : chunks) {
      for (const auto& owner : chunk.columns[column].text_owners) holder->others.push_back(owner);
    }
    keep_alive[column] = std::move(holder);
  }
  std::vector<Chunk> result;
  for (std::size_t start = begin; start < end; start += kChunkSize) {
    std::size_t stop = std::min(end, start + kChunkSize);
    Chunk out;
    out.size = stop - start;
    for (std::size_t column = 0; column < visible; ++column) {
      Vector vector(plan.projections[column].type);
      if (vector.physical() == Physical::kText) vector.text_owners.push_back(keep_alive[column]);
      for (std::size_t i = start; i < stop; ++i) {
        vector.append_from(chunks[order[i].chunk].columns[column], order[i].row);
      }
      out.columns.push_back(std::move(vector));
    }
    result.push_back(std::move(out));
  }
  return result;
}

}  // namespace ptreedb::exec
