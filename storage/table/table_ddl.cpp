// Table versions for DDL: the same data under a changed schema. Rows keep
// their keys wherever the schema allows, so untouched trees are shared with
// the old version rather than rebuilt.
#include "storage/table/table.h"

#include <tbb/enumerable_thread_specific.h>

#include "storage/ptree/parallel.h"
#include "storage/ptree/sort_batch.h"
#include "storage/sql_error.h"
#include "storage/table/index_build.h"
#include "storage/table/table_keys.h"

namespace ptreedb::storage {
namespace {

constexpr std::size_t kRewriteGrain = 2048;

}  // namespace

void Table::throw_if_repeated_keys(const std::vector<std::pair<RowKey, RowRef>>& sorted) const {
  for (std::size_t i = 1; i < sorted.size(); ++i) {
    if (sorted[i - 1].first == sorted[i].first) {
      throw SqlError(sqlstate::kUniqueViolation, "could not create unique index \"" + primary_key_index_name(*schema_) + "\"",
                     "Key " + describe_key(*schema_, schema_->primary_key(), sorted[i].second) + " is duplicated.");
    }
  }
}

Table Table::with_schema(std::shared_ptr<const TableSchema> schema) const {
  Table next = *this;
  next.schema_ = std::move(schema);
  return next;
}

Table Table::with_added_index(std::shared_ptr<const TableSchema> schema) const {
  Table next = *this;
  next.schema_ = std::move(schema);
  next.indexes_.push_back(build_index(*next.schema_, next.schema_->indexes().back(), rows_));
  return next;
}

Table Table::without_index(std::shared_ptr<const TableSchema> schema, std::size_t position) const {
  Table next = *this;
  next.schema_ = std::move(schema);
  next.indexes_.erase(next.indexes_.begin() + static_cast<std::ptrdiff_t>(position));
  return next;
}

Table Table::with_rewritten_rows(std::shared_ptr<const TableSchema> schema, const RowRewrite& rewrite,
                                 const std::vector<std::optional<std::size_t>>& index_sources) const {
  Table next = *this;
  next.schema_ = std::move(schema);
  // Gaining or losing a primary key changes every row's key.
  const bool rekey = schema_->has_primary_key() != next.schema_->has_primary_key();
  if (rekey) {
    auto entries = rows_.to_vector();
    const bool by_primary_key = next.schema_->has_primary_key();
    ptree::parallel_for_range(0, entries.size(), kRewriteGrain, [&](std::size_t begin, std::size_t end) {
      RowBuilder builder(next.schema_->layout());  // one per piece: builders are not shared
      for (std::size_t i = begin; i < end; ++i) {
        RowRef row = rewrite(entries[i].second, builder);
        RowKey key = by_primary_key ? primary_key_of(*next.schema_, row) : row_id_key(i + 1);
        entries[i] = {std::move(key), std::move(row)};
      }
    });
    if (by_primary_key) {
      ptree::parallel_stable_sort(entries, [](const auto& a, const auto& b) { return a.first < b.first; });
      next.throw_if_repeated_keys(entries);
    } else {
      next.next_row_id_ = entries.size() + 1;
    }
    next.rows_ = RowTree::from_sorted(entries);
  } else {
    // Same keys, same tree shape: a parallel map over the nodes.
    tbb::enumerable_thread_specific<RowBuilder> builders(std::cref(next.schema_->layout()));
    next.rows_ = rows_.map_values([&](const RowKey&, const RowRef& row) { return rewrite(row, builders.local()); });
  }
  next.indexes_.assign(next.schema_->indexes().size(), IndexTree());
  for (std::size_t i = 0; i < next.indexes_.size(); ++i) {
    const auto source = i < index_sources.size() ? index_sources[i] : std::nullopt;
    next.indexes_[i] = source && !rekey ? indexes_[*source]
                                        : build_index(*next.schema_, next.schema_->indexes()[i], next.rows_);
  }
  return next;
}

}  // namespace ptreedb::storage
