#include "storage/constraints/referencing_rows.h"

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "storage/row/key_encoding.h"
#include "storage/table/table_keys.h"

namespace ptreedb::storage {
namespace {

using value::TypeId;

// Whether a value of one type encodes as the same key bytes as the equal value of the other.
bool same_key_encoding(TypeId a, TypeId b) {
  auto plain_text = [](TypeId t) { return t == TypeId::kText || t == TypeId::kVarchar; };
  return a == b || (value::is_integer_type(a) && value::is_integer_type(b)) || (plain_text(a) && plain_text(b));
}

bool same_column_set(std::vector<std::size_t> a, std::vector<std::size_t> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b && std::adjacent_find(a.begin(), a.end()) == a.end();
}

// Where the referencing table keeps its rows by the foreign key's columns.
struct Access {
  std::optional<std::size_t> index;   // a secondary index on exactly those columns
  std::vector<std::size_t> columns;   // its (or the primary key prefix's) columns, in key order
};

std::optional<Access> keyed_access(const Table& table, const ForeignKeySchema& key,
                                   const TableSchema& referenced_schema) {
  const TableSchema& schema = table.schema();
  for (std::size_t i = 0; i < key.columns.size(); ++i) {
    if (!same_key_encoding(schema.column(key.columns[i]).type.id,
                           referenced_schema.column(key.referenced_columns[i]).type.id)) {
      return std::nullopt;
    }
  }
  const auto& primary_key = schema.primary_key();
  if (primary_key.size() >= key.columns.size()) {
    std::vector<std::size_t> prefix(primary_key.begin(),
                                    primary_key.begin() + static_cast<std::ptrdiff_t>(key.columns.size()));
    if (same_column_set(prefix, key.columns)) return Access{std::nullopt, prefix};
  }
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    if (same_column_set(schema.indexes()[i].columns, key.columns)) return Access{i, schema.indexes()[i].columns};
  }
  return std::nullopt;
}

// The referencing table's key bytes for a referenced row, column by column.
std::string probe_key(const Access& access, const ForeignKeySchema& key, const TableSchema& referenced_schema,
                      const RowRef& referenced_row) {
  std::string bytes;
  for (std::size_t column : access.columns) {
    auto at = std::find(key.columns.begin(), key.columns.end(), column) - key.columns.begin();
    if (access.index) key_encoding::append_not_null(bytes);
    append_column_key(bytes, referenced_schema.layout(), referenced_row,
                      key.referenced_columns[static_cast<std::size_t>(at)]);
  }
  return bytes;
}

std::vector<ReferencingRow> probe(const Table& table, const Access& access, const ForeignKeySchema& key,
                                  const TableSchema& referenced_schema, std::span<const RowRef> referenced_rows,
                                  std::span<const std::size_t> candidates) {
  std::vector<ReferencingRow> found;
  for (std::size_t candidate : candidates) {
    const std::string bytes = probe_key(access, key, referenced_schema, referenced_rows[candidate]);
    if (access.index) {
      if (const KeySet* holders = table.index(*access.index).find(RowKey(bytes))) {
        for (auto member : *holders) found.push_back({candidate, member.key, *table.rows().find(member.key)});
      }
      continue;
    }
    // Keys are concatenated prefix-free encodings: rows sharing a primary key
    // prefix are one contiguous run of the tree.
    for (auto it = table.rows().lower_bound(RowKey(bytes)); it != table.rows().end(); ++it) {
      auto entry = *it;
      if (!entry.key.view().starts_with(bytes)) break;
      found.push_back({candidate, entry.key, entry.value});
    }
  }
  return found;
}

std::vector<ReferencingRow> scan(const Table& table, const ForeignKeySchema& key, const ReferenceTarget& target,
                                 const TableSchema& referenced_schema, std::span<const RowRef> referenced_rows,
                                 std::span<const std::size_t> candidates) {
  std::unordered_map<std::string, std::size_t> wanted;
  for (std::size_t candidate : candidates) {
    wanted.emplace(referenced_key(target, referenced_schema, referenced_rows[candidate]).view(), candidate);
  }
  std::vector<ReferencingRow> found;
  std::mutex found_mutex;
  table.rows().foreach_index([&](const RowKey& row_key, const RowRef& row, std::size_t) {
    if (any_null(key.columns, row)) return;
    auto lookup = reference_key(target, table.schema(), referenced_schema, row);
    if (!lookup) return;
    auto match = wanted.find(std::string(lookup->view()));
    if (match == wanted.end()) return;
    std::lock_guard lock(found_mutex);  // matches are few next to the rows scanned
    found.push_back({match->second, row_key, row});
  });
  // Parallel order varies: key order keeps results (and cascades) deterministic.
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
  return found;
}

}  // namespace

std::vector<ReferencingRow> rows_referencing(const Table& table, const ForeignKeySchema& key,
                                             const ReferenceTarget& target, const TableSchema& referenced_schema,
                                             std::span<const RowRef> referenced_rows,
                                             std::span<const std::size_t> candidates) {
  if (candidates.empty()) return {};
  if (auto access = keyed_access(table, key, referenced_schema)) {
    return probe(table, *access, key, referenced_schema, referenced_rows, candidates);
  }
  return scan(table, key, target, referenced_schema, referenced_rows, candidates);
}

}  // namespace ptreedb::storage
