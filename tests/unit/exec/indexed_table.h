// A table with a primary key and two secondary indexes, for the unit tests
// of access paths that walk or search indexes.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "storage/table/table.h"

namespace ptreedb::exec::testing {

inline const value::SqlType kInt = value::SqlType::of(value::TypeId::kInteger);

// id 0..count-1 (the primary key, inserted out of order), g = id % 100 (NULL
// when id % 97 == 0), h = id % 7; index 0 on (g), index 1 on (g, h).
inline std::shared_ptr<const storage::Table> indexed_table(std::size_t count) {
  std::vector<storage::ColumnSchema> columns = {{"id", kInt}, {"g", kInt}, {"h", kInt}};
  std::vector<storage::IndexSchema> indexes = {{"t_g", {1}, false, true}, {"t_gh", {1, 2}, false, true}};
  auto schema = std::make_shared<storage::TableSchema>(16384, "t", columns, std::vector<std::size_t>{0}, indexes);
  storage::RowBuilder builder(schema->layout());
  std::vector<storage::RowRef> rows;
  for (std::size_t i = 0; i < count; ++i) {
    auto id = static_cast<std::int64_t>((i * 7919) % count);
    builder.set_int(0, id);
    if (id % 97 != 0) builder.set_int(1, id % 100);
    builder.set_int(2, id % 7);
    rows.push_back(builder.finish());
  }
  return std::make_shared<const storage::Table>(storage::Table(schema).insert_rows(std::move(rows)));
}

}  // namespace ptreedb::exec::testing
