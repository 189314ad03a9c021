// What the planner hands the executor for each kind of statement.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/logical_plan.h"
#include "storage/catalog/table_schema.h"
#include "storage/table/table.h"

namespace ptreedb::planner {

struct OutputColumn {
  std::string name;
  value::SqlType type;
  std::uint32_t table_oid = 0;        // for RowDescription, when a plain column
  std::int16_t column_number = 0;
};

// A query: the operator tree and the columns it returns to the client.
struct SelectPlan {
  PlanPtr root;
  std::vector<OutputColumn> columns;
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
