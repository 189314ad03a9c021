#include "storage/table/heap_pages.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace ptreedb::storage;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

// t(id integer, name text) WITH (fillfactor = ...), rows (i, name_of(i)).
Table table_of(int fillfactor, std::size_t rows, std::string (*name_of)(std::size_t)) {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kInteger)}, {"name", SqlType::of(TypeId::kText)}};
  std::vector<std::string> options;
  if (fillfactor != 100) options.push_back("fillfactor=" + std::to_string(fillfactor));
  auto schema = std::make_shared<TableSchema>(16384, "t", columns, std::vector<std::size_t>{},
                                              std::vector<IndexSchema>{}, std::vector<ForeignKeySchema>{},
                                              std::vector<CheckConstraintSchema>{}, options);
  std::vector<RowRef> built;
  for (std::size_t i = 0; i < rows; ++i) {
    RowBuilder builder(schema->layout());
    builder.set_int(0, static_cast<std::int64_t>(i));
    if (name_of != nullptr) builder.set_text(1, name_of(i));
    built.push_back(builder.finish());
  }
  return Table(schema).insert_rows(built);
}

}  // namespace

TEST_CASE("Tuples per page follow PostgreSQL's heap", "[heap_pages]") {
  // A table of one or two integers holds 226 rows a page; the regression
  // suite's fillfactor 10 table of 200-character names, 3.
  CHECK(heap_tuples_per_page(28, 100) == 226);
  CHECK(heap_tuples_per_page(32, 100) == 226);
  CHECK(heap_tuples_per_page(232, 10) == 3);
  CHECK(heap_tuples_per_page(232, 100) == 34);
  // MaxHeapTuplesPerPage bounds the count; a tuple filling a page is alone on it.
  CHECK(heap_tuples_per_page(1, 100) == 291);
  CHECK(heap_tuples_per_page(8000, 100) == 1);
  CHECK(heap_tuples_per_page(20000, 50) == 1);
}

TEST_CASE("Tuple lengths count headers, alignment, short varlenas and NULL bitmaps", "[heap_pages]") {
  // (integer, 200-byte text): 24 + 4 + (4 + 200) = 232.
  Table wide = table_of(10, 10, [](std::size_t i) { return std::string(200, static_cast<char>('0' + i)); });
  CHECK(heap_tuple_length(wide.schema(), wide.rows().select(0).value) == 232);
  CHECK(heap_rows_per_page(wide) == 3);
  // (integer, 'x'): 24 + 4 + (1 + 1), aligned to 32.
  Table narrow = table_of(100, 500, [](std::size_t) { return std::string("x"); });
  CHECK(heap_tuple_length(narrow.schema(), narrow.rows().select(0).value) == 32);
  CHECK(heap_rows_per_page(narrow) == 226);
  // A NULL name: a bitmap byte in the header (still 24), no data for it.
  Table nulls = table_of(100, 3, nullptr);
  CHECK(heap_tuple_length(nulls.schema(), nulls.rows().select(0).value) == 32);
  Table empty = table_of(100, 0, nullptr);
  CHECK(heap_rows_per_page(empty) == 1);
}
