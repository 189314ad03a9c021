// COPY's binary format, as PostgreSQL 15 reads and writes it (copyfromparse.c,
// copyto.c): the 11-byte signature, an int32 flags field, an int32 header
// extension length and its bytes; then per tuple an int16 field count and per
// field an int32 length (-1 for NULL) and the type's binary send form
// (exec/binary_format.h); an int16 -1 ends the data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/copy_text_format.h"
#include "exec/vector.h"
#include "storage/value/type_id.h"

namespace ptreedb::exec {

inline constexpr std::string_view kCopyBinarySignature{"PGCOPY\n\377\r\n\0", 11};

// Signature, flags 0 and an empty header extension.
void append_copy_binary_header(std::string& out);
// Row `row` of `chunk` as one binary tuple.
void append_copy_binary_row(std::string& out, const Chunk& chunk, std::size_t row);
// The int16 -1 that ends the data.
void append_copy_binary_trailer(std::string& out);

// Reads the binary COPY FROM stream, arriving in arbitrary pieces, tuple by
// tuple. Each field is converted with its type's receive function to the text
// form the loader's input conversion takes, so binary and text loads share one
// path from there. Errors throw SqlError (22P04 for the file's structure, 22P03
// for a bad value); error_column() then tells which field was being read.
class CopyBinaryReader {
 public:
  explicit CopyBinaryReader(std::vector<value::SqlType> field_types);

  // Appends received bytes.
  void feed(std::string_view bytes);
  // Appends the next tuple's fields (text forms) to `out` and sets `fields`;
  // false when more bytes are needed or the data has ended (then finished()).
  // With `at_end` (no more bytes will come) a partial tuple is an error.
  bool next_tuple(bool at_end, std::string& out, std::vector<CopyField>& fields);
  bool finished() const { return finished_; }
  // The tuple last returned, or the one being read when an error was thrown
  // (COPY's "line"); 0 while the file header is read.
  std::uint64_t tuple_number() const { return tuple_number_; }
  // The field being read when an error was thrown, if any.
  std::optional<std::size_t> error_column() const { return error_column_; }

 private:
  // False when the header is not complete yet.
  bool read_header(bool at_end);
  std::size_t available() const { return buffer_.size() - position_; }

  std::vector<value::SqlType> field_types_;
  std::string buffer_;
  std::size_t position_ = 0;  // first unread byte
  bool header_read_ = false;
  bool trailer_seen_ = false;
  bool finished_ = false;
  std::uint64_t tuple_number_ = 0;
  std::optional<std::size_t> error_column_;
};

}  // namespace ptreedb::exec
