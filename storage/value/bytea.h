// bytea (OID 17): raw bytes, kept in a column as a string of those bytes, so
// comparison, hashing and keys are memcmp's order, as PostgreSQL's byteacmp.
// Text input and output as byteain/byteaout, with the bytea_output setting.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::value {

// byteain: "\x" then hex digit pairs (whitespace between pairs skipped), else
// the escape format: bytes as themselves, "\\" for a backslash, "\ooo" octal.
// 22P02 `invalid input syntax for type bytea`, 22023 `invalid hexadecimal
// digit: "g"` / `invalid hexadecimal data: odd number of digits`.
std::string parse_bytea(std::string_view text);

// The bytea_output setting: "\x" and hex digits, or the escape format
// (printable ASCII as itself, "\\", other bytes "\ooo").
enum class ByteaOutput : unsigned char { kHex, kEscape };
void append_bytea(std::string& out, std::string_view bytes, ByteaOutput format);
std::string format_bytea(std::string_view bytes, ByteaOutput format);

// The session's bytea_output, read where bytea values become text. The server
// installs its session's setting on the thread serving it; where none is
// installed (unit tests, tools) it is hex.
class ByteaOutputSource {
 public:
  virtual ~ByteaOutputSource() = default;
  virtual ByteaOutput bytea_output() = 0;
};
ByteaOutput session_bytea_output();

// Installs a source (the session's setting) or one format (for parallel tasks
// of a statement) on this thread until destroyed.
class ByteaOutputScope {
 public:
  explicit ByteaOutputScope(ByteaOutputSource* source);
  explicit ByteaOutputScope(ByteaOutput format);
  ~ByteaOutputScope();
  ByteaOutputScope(const ByteaOutputScope&) = delete;
  ByteaOutputScope& operator=(const ByteaOutputScope&) = delete;

 private:
  ByteaOutputSource* previous_source_;
  int previous_format_;
};

}  // namespace ptreedb::value
