#include "storage/table/index_build.h"

#include <cstring>

#include "storage/ptree/parallel.h"
#include "storage/ptree/sort_batch.h"
#include "storage/sql_error.h"
#include "storage/table/table_keys.h"

namespace ptreedb::storage {
namespace {

// One row's index key, with its first bytes as a big-endian integer so most
// comparisons of the sort are one integer compare instead of a memcmp call.
struct IndexedRow {
  std::uint64_t prefix = 0;
  RowKey index_key;
  const RowKey* primary_key = nullptr;  // into the row tree, which outlives the build
  const RowRef* row = nullptr;
};

std::uint64_t prefix_of(const RowKey& key) {
  unsigned char bytes[8] = {};
  std::memcpy(bytes, key.data(), key.size() < 8 ? key.size() : 8);
  std::uint64_t prefix = 0;
  for (unsigned char byte : bytes) prefix = prefix << 8 | byte;
  return prefix;
}

bool index_order(const IndexedRow& a, const IndexedRow& b) {
  if (a.prefix != b.prefix) return a.prefix < b.prefix;
  return a.index_key < b.index_key;
}

constexpr std::size_t kGroupGrain = 512;

}  // namespace

IndexTree build_index(const TableSchema& schema, const IndexSchema& index, const RowTree& rows) {
  std::vector<IndexedRow> items(rows.size());
  rows.foreach_index([&](const RowKey& primary_key, const RowRef& row, std::size_t i) {
    RowKey key = index_key_of(schema, index, row);
    items[i] = {prefix_of(key), std::move(key), &primary_key, &row};
  });
  // Stable, so the primary keys of one index key stay in key order: each set
  // can then be built directly from its run.
  ptree::parallel_stable_sort(items, index_order);

  std::vector<std::size_t> run_starts;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i == 0 || index_order(items[i - 1], items[i])) run_starts.push_back(i);
  }
  run_starts.push_back(items.size());
  const std::size_t runs = run_starts.size() - 1;

  if (index.unique) {
    for (std::size_t r = 0; r < runs; ++r) {
      if (run_starts[r + 1] - run_starts[r] < 2) continue;
      const RowRef& row = *items[run_starts[r]].row;
      if (has_null_in(index, row)) continue;  // NULLs never collide
      throw SqlError(sqlstate::kUniqueViolation, "could not create unique index \"" + index.name + "\"",
                     "Key " + describe_key(schema, index.columns, row) + " is duplicated.");
    }
  }

  std::vector<IndexTree::entry_type> index_entries(runs);
  ptree::parallel_for_range(0, runs, kGroupGrain, [&](std::size_t begin, std::size_t end) {
    std::vector<KeySet::entry_type> members;
    for (std::size_t r = begin; r < end; ++r) {
      members.clear();
      for (std::size_t i = run_starts[r]; i < run_starts[r + 1]; ++i) {
        members.emplace_back(*items[i].primary_key, ptree::Unit{});
      }
      index_entries[r] = {std::move(items[run_starts[r]].index_key), KeySet::from_sorted(members)};
    }
  });
  return IndexTree::from_sorted(index_entries);
}

}  // namespace ptreedb::storage
