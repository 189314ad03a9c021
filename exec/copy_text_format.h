// COPY's text and CSV formats, byte for byte as PostgreSQL 15 reads and writes
// them (copyfromparse.c, copyto.c). Reading has two steps, as there: a line
// reader that finds where each record ends in a stream arriving in arbitrary
// pieces, then a splitter that cuts one record into de-escaped fields.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/vector.h"
#include "planner/plan.h"
#include "storage/value/utf8.h"

namespace ptreedb::exec {

// Splits the COPY FROM byte stream into records ("lines"). Like PostgreSQL it
// fixes the newline style (\n, \r\n or \r) from the first line and rejects a
// different one later, keeps backslash-escaped newlines (text) and quoted ones
// (CSV) inside the record, stops at the end marker \. and checks that the
// input is valid UTF-8. Errors throw SqlError (22P04, 22021).
class CopyLineReader {
 public:
  explicit CopyLineReader(const planner::CopyOptions& options);

  // Appends received bytes; invalidates lines returned before.
  void feed(std::string_view bytes);
  // The next complete record without its line terminator, or nullopt when more
  // bytes are needed. With `at_end` (no more bytes will come), the bytes left
  // form the last record. After the end marker, or once at_end has drained the
  // input, it returns nullopt and finished() is true.
  std::optional<std::string_view> next_line(bool at_end);
  bool finished() const { return finished_; }
  // The physical line number of the record last returned, or of the one being
  // read when an error was thrown (quoted CSV newlines count, as in PostgreSQL).
  std::uint64_t line_number() const { return line_number_; }

 private:
  enum class LineEnd : std::uint8_t { kUnknown, kNewline, kReturn, kReturnNewline };
  enum class Scan : std::uint8_t { kLine, kNeedMore, kEndMarker, kEndOfInput };

  Scan scan(bool at_end);
  void check_utf8(std::string_view line) const;

  bool csv_;
  char quote_;
  char escape_;
  std::array<bool, 256> special_{};  // bytes scan() must look at; others are skipped in bulk
  std::string buffer_;
  std::size_t line_start_ = 0;  // first byte of the record being read
  std::size_t scan_ = 0;        // where scanning resumes
  std::size_t line_end_ = 0;    // set by scan(): end of the record, and of its terminator
  std::size_t next_start_ = 0;
  LineEnd line_end_style_ = LineEnd::kUnknown;
  bool in_quote_ = false;
  bool last_was_escape_ = false;
  bool line_started_ = false;  // line_number_ already counts the record being read
  bool finished_ = false;
  std::uint64_t line_number_ = 0;
};

// Where one field's value lies in the output buffer of a split; NULL fields
// have no bytes.
struct CopyField {
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
  bool is_null = false;
};

// Splits one text-format record at unescaped delimiters, appending each field's
// de-escaped bytes to `out` (\b \f \n \r \t \v, octal \NNN, hex \xHH, and any
// other escaped character as itself). A field is NULL when its raw bytes equal
// the NULL string. Escapes that make a NUL or invalid UTF-8 throw 22021.
void split_text_record(std::string_view record, const planner::CopyOptions& options, std::string& out,
                       std::vector<CopyField>& fields);

// Splits one CSV record: quoted parts may hold delimiters and newlines, the
// escape character (by default the quote itself) escapes a quote or itself
// inside quotes. An unquoted field equal to the NULL string is NULL. Throws
// 22P04 "unterminated CSV quoted field".
void split_csv_record(std::string_view record, const planner::CopyOptions& options, std::string& out,
                      std::vector<CopyField>& fields);

// Either of the above, by format.
void split_copy_record(std::string_view record, const planner::CopyOptions& options, std::string& out,
                       std::vector<CopyField>& fields);

// One value as COPY TO writes it in text format: backslash, the delimiter and
// control characters escaped (\b \f \n \r \t \v; other control characters as is).
void append_copy_text_value(std::string& out, std::string_view value, char delimiter);

// One value in CSV: quoted when it holds the delimiter, the quote, \r or \n,
// when it equals the NULL string, when forced, or when it is a lone \. in a
// one-column row; inside quotes the quote and escape characters are escaped.
void append_copy_csv_value(std::string& out, std::string_view value, const planner::CopyOptions& options,
                           bool force_quote, bool single_column);

// The header line COPY TO writes: the column names, formatted as values.
void append_copy_header(std::string& out, const std::vector<std::string>& names,
                        const planner::CopyOptions& options);

// Row `row` of `chunk` as one COPY line, newline included. `scratch` is reused
// for the text of non-text values.
void append_copy_row(std::string& out, const Chunk& chunk, std::size_t row, const planner::CopyOptions& options,
                     std::string& scratch);

// Throws 22021 naming the bytes of the first invalid UTF-8 sequence, as
// PostgreSQL's report_invalid_encoding does; NUL bytes are invalid too.
using value::verify_utf8;

// PostgreSQL's rendering of a value in an error context: cut after 100 bytes
// (at a character boundary) with "..." appended.
std::string limit_copy_printout(std::string_view text);

}  // namespace ptreedb::exec
