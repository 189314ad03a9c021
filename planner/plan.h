// What the planner hands the executor for each kind of statement.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/catalog/table_schema.h"
#include "storage/table/table.h"

namespace ptreedb::planner {

struct OutputColumn {
  std::string name;
  value::SqlType type;
  std::uint32_t table_oid = 0;        // for RowDescription, when a plain column
  std::int16_t column_number = 0;
};

struct SortKey {
  std::size_t output = 0;  // position in the projected row (hidden keys follow the visible ones)
  bool descending = false;
  bool nulls_first = false;
};

// One aggregate of a grouped SELECT, computed over the filtered input rows.
struct AggregateCall {
  AggregateKind kind = AggregateKind::kCountStar;
  bool distinct = false;
  std::optional<BoundExpression> argument;  // none for count(*)
  value::SqlType type;                      // the result type
};

// SELECT over at most one table: scan -> filter -> [group and aggregate ->
// having] -> project -> sort -> offset/limit.
struct SelectPlan {
  std::shared_ptr<const storage::Table> table;  // null: no FROM, one row
  std::optional<BoundExpression> filter;
  // When grouped, the scan feeds group_keys and aggregates; `having` and the
  // projections then read the group row: the keys, then the aggregates.
  bool grouped = false;
  std::vector<BoundExpression> group_keys;
  std::vector<AggregateCall> aggregates;
  std::optional<BoundExpression> having;
  std::vector<BoundExpression> projections;  // visible columns, then hidden sort keys
  std::vector<OutputColumn> columns;         // the visible ones
  std::vector<std::size_t> scanned_columns;  // table columns the expressions read
  std::vector<SortKey> order_by;
  std::optional<std::int64_t> limit;
  std::int64_t offset = 0;
};

// INSERT ... VALUES: one expression per table column per row, already coerced
// to the column's type (missing columns hold their default or NULL).
struct InsertPlan {
  std::string table_name;
  std::shared_ptr<const storage::TableSchema> schema;
  std::vector<std::vector<BoundExpression>> rows;
};

struct CreateTablePlan {
  std::shared_ptr<const storage::TableSchema> schema;
  bool if_not_exists = false;
};

struct DropTablePlan {
  std::vector<std::string> names;
  bool missing_ok = false;
};

// COPY's data format, validated and with PostgreSQL 15's defaults filled in.
struct CopyOptions {
  enum class Header : std::uint8_t { kNone, kPresent, kMatch };  // kMatch: COPY FROM checks the names

  bool csv = false;
  char delimiter = '\t';            // ',' for CSV
  std::string null_string = "\\N";  // "" for CSV
  Header header = Header::kNone;
  char quote = '"';   // CSV only
  char escape = '"';  // CSV only; the quote unless given
  // CSV only, one flag per target column (empty: none): FORCE_QUOTE for COPY
  // TO, FORCE_NOT_NULL and FORCE_NULL for COPY FROM.
  std::vector<std::uint8_t> force_quote;
  std::vector<std::uint8_t> force_not_null;
  std::vector<std::uint8_t> force_null;
};

// COPY FROM STDIN loads the client's data into a table; COPY TO STDOUT sends
// the rows of a query (COPY table TO is planned as SELECT columns FROM table).
struct CopyPlan {
  bool from = false;
  CopyOptions options;
  // COPY FROM:
  std::string table_name;
  std::shared_ptr<const storage::TableSchema> schema;
  std::vector<std::size_t> target_columns;  // table positions, in the order of the data's fields
  std::vector<BoundExpression> defaults;    // one per table column, used for those not targeted
  std::optional<BoundExpression> where;     // over the table's columns
  // COPY TO:
  std::optional<SelectPlan> query;
};

using StatementPlan = std::variant<SelectPlan, InsertPlan, CreateTablePlan, DropTablePlan, CopyPlan>;

}  // namespace ptreedb::planner
