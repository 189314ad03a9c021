// COPY FROM STDIN's work between the protocol and the table: bytes arrive in
// whatever pieces the client sent, records are split into fields, and every
// kChunkSize records are converted column by column with the types' input
// functions (cast_vector) into rows. All rows go into the table in one
// WriteTarget::write at the end, so the load is atomic: any error leaves the
// table as it was.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/copy_binary_format.h"
#include "exec/copy_text_format.h"
#include "exec/vector.h"
#include "planner/plan.h"
#include "storage/row/row.h"
#include "storage/sql_error.h"
#include "storage/table/table.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

class CopyLoader {
 public:
  CopyLoader(planner::CopyPlan plan, txn::WriteTarget& database);

  // Number of fields each record carries (the CopyInResponse column count).
  std::size_t column_count() const { return plan_.target_columns.size(); }
  // FORMAT binary (the CopyInResponse format).
  bool binary() const { return plan_.options.binary; }

  // Takes the next CopyData bytes. Throws SqlError, with PostgreSQL's CONTEXT
  // ("COPY t, line 3, column a: \"x\""), for the first bad record in input
  // order; the COPY is then over.
  void feed(std::string_view data);
  // CopyDone: converts what is left and commits. Returns the rows loaded.
  std::uint64_t finish();

  // The context of an error the protocol raises now (CopyFail).
  std::string context() const;

 private:
  // Records split but not yet converted: their fields record by record, and
  // their raw text and line numbers for error contexts.
  struct Batch {
    std::string values;  // de-escaped field bytes that the fields point into
    std::vector<CopyField> fields;  // column_count() per record; missing ones NULL
    std::vector<std::uint32_t> field_counts;
    std::vector<std::uint64_t> line_numbers;
    std::string raw;
    std::vector<std::size_t> raw_ends;
    std::size_t size() const { return line_numbers.size(); }
    std::string_view record(std::size_t i) const;
    void clear();
  };

  void consume(bool at_end);
  void consume_binary(bool at_end);
  // Appends the fields in scratch_fields_ (at most column_count()) as a batch record.
  void add_fields();
  void add_record(std::string_view record, std::uint64_t line_number);
  void check_header(std::string_view record, std::uint64_t line_number);
  // Throws `error` with `context`, after the records before it, whose own
  // errors come first in PostgreSQL's row-at-a-time order.
  [[noreturn]] void fail_after_batch(SqlError error, std::string context);

  void convert_batch();
  // Whole columns at a time; throws on any error without locating it.
  void convert_columns();
  // Record by record, column by column: finds the first error, as PostgreSQL
  // reports it.
  void convert_records();
  // The text of target field `j` of batch record `i`, with FORCE_NULL and
  // FORCE_NOT_NULL applied; nullopt for NULL.
  std::optional<std::string_view> field_text(std::size_t i, std::size_t j) const;
  // Fills the untargeted columns of `chunk` with their defaults, applies WHERE,
  // checks NOT NULL and appends the rows. `records` are the batch records of
  // the chunk's rows.
  void finish_rows(Chunk& chunk, std::vector<std::size_t> records);

  // When a row loaded so far repeats a primary or unique key (of `table` or of
  // an earlier row), the unique violation for the first such row, with its
  // line: PostgreSQL inserts as it goes, so that error comes first.
  std::optional<SqlError> first_duplicate(const storage::Table& table) const;
  // Rethrows `error`, or the unique violation of an earlier line.
  [[noreturn]] void rethrow_in_input_order(const SqlError& error) const;

  std::string line_context(std::uint64_t line_number) const;
  std::string record_context(std::size_t i) const;

  planner::CopyPlan plan_;
  txn::WriteTarget& database_;
  // The world the COPY started in: its enum types and domains convert the
  // values, whichever thread feeds the data.
  txn::WorldPtr world_;
  CopyLineReader reader_;
  std::optional<CopyBinaryReader> binary_reader_;  // FORMAT binary
  bool header_pending_;
  Batch batch_;
  std::vector<CopyField> scratch_fields_;
  std::vector<std::optional<Vector>> default_values_;  // one row each, computed on first use
  std::vector<storage::RowRef> rows_;
  std::vector<std::uint64_t> row_lines_;  // the line of each row, for unique violations
};

}  // namespace ptreedb::exec
