// Encoders for backend (server-to-client) messages. Each appends one complete
// message to a caller-owned std::string, so a session can batch many messages
// into one buffer and write it with a single send. Reusing that buffer across
// queries means steady-state encoding does not allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "server/protocol/message_types.h"

namespace ptreedb {
class SqlError;
}

namespace ptreedb::server::protocol {

// Appends one message: the type byte and a length placeholder at construction,
// the body through the put_ calls, and the real length at finish(). A writer
// destroyed without finish() removes its partial message, so an exception while
// encoding never leaves half a message in the buffer.
class MessageWriter {
 public:
  MessageWriter(std::string& out, char type);
  ~MessageWriter();
  MessageWriter(const MessageWriter&) = delete;
  MessageWriter& operator=(const MessageWriter&) = delete;

  void put_int8(std::int8_t value) { out_.push_back(static_cast<char>(value)); }
  void put_char(char value) { out_.push_back(value); }
  void put_int16(std::int16_t value);
  void put_int32(std::int32_t value);
  void put_uint32(std::uint32_t value) { put_int32(static_cast<std::int32_t>(value)); }
  // Wire strings end at their NUL, so text is cut at an embedded NUL rather than
  // letting it shift every later field in the client's parser.
  void put_cstring(std::string_view text);
  void put_bytes(std::string_view bytes) { out_.append(bytes); }

  std::string& buffer() { return out_; }

  // Patches the length. Throws SqlError 54000 if the message exceeds what an
  // int32 length can describe (the message is removed first).
  void finish();

 private:
  std::string& out_;
  std::size_t start_;  // offset of the type byte
  bool finished_ = false;
};

// Writes a big-endian int32 at `offset` of `out` (used to patch lengths).
void patch_int32(std::string& out, std::size_t offset, std::int32_t value);

// ---------------------------------------------------------------------------
// Startup and authentication

void encode_authentication_ok(std::string& out);
void encode_authentication_cleartext_password(std::string& out);
void encode_authentication_md5_password(std::string& out, std::span<const std::uint8_t, 4> salt);
void encode_authentication_sasl(std::string& out, std::span<const std::string_view> mechanisms);
void encode_authentication_sasl_continue(std::string& out, std::string_view data);
void encode_authentication_sasl_final(std::string& out, std::string_view data);
void encode_parameter_status(std::string& out, std::string_view name, std::string_view value);
void encode_backend_key_data(std::string& out, std::int32_t process_id, std::int32_t secret_key);
void encode_negotiate_protocol_version(std::string& out, std::int32_t newest_minor_version,
                                       std::span<const std::string> unrecognized_options);

enum class TransactionStatus : char {
  kIdle = 'I',
  kInTransaction = 'T',
  kFailed = 'E',  // in a transaction block that has failed
};
void encode_ready_for_query(std::string& out, TransactionStatus status);

// ---------------------------------------------------------------------------
// Query results

struct FieldDescription {
  std::string_view name;
  std::uint32_t table_oid = 0;          // 0 when not a plain table column
  std::int16_t column_attribute = 0;    // attribute number in that table, else 0
  std::uint32_t type_oid = 0;
  std::int16_t type_size = 0;           // pg_type.typlen; negative = variable width
  std::int32_t type_modifier = -1;      // pg_attribute.atttypmod; -1 = none
  FormatCode format = FormatCode::kText;
};

void encode_row_description(std::string& out, std::span<const FieldDescription> fields);

// Streams RowDescription and DataRow messages into one buffer without per-row
// allocations: each row writes its header, its fields straight into the buffer,
// then patches the length.
class RowEncoder {
 public:
  explicit RowEncoder(std::string& out) : out_(out) {}

  // Counts above 65535 throw SqlError 54000 (the wire field is 16 bits).
  // Misuse (wrong number of fields, unbalanced begin/end) throws logic_error.
  void begin_row_description(std::size_t field_count);
  void add_field_description(const FieldDescription& field);
  void end_row_description();

  void begin_data_row(std::size_t column_count);
  void add_field(std::string_view bytes);
  void add_null();
  // For formatting a value straight into the buffer: begin_field(), append to
  // buffer(), end_field().
  void begin_field();
  std::string& buffer() { return out_; }
  void end_field();
  void end_data_row();

  // Removes a message left unfinished by an exception (e.g. a value that failed
  // to format), so the buffer again holds only whole messages.
  void discard_partial_message();

 private:
  void begin_message(char type, std::size_t count);
  void end_message(char type);

  std::string& out_;
  std::size_t message_start_ = 0;  // offset of the current message's type byte
  std::size_t field_start_ = 0;    // offset of the current field's length word
  std::size_t expected_items_ = 0;
  std::size_t written_items_ = 0;
  char message_type_ = '\0';
  bool in_message_ = false;
  bool in_field_ = false;
};

void encode_command_complete(std::string& out, std::string_view tag);
void encode_empty_query_response(std::string& out);
void encode_parse_complete(std::string& out);
void encode_bind_complete(std::string& out);
void encode_close_complete(std::string& out);
void encode_no_data(std::string& out);
void encode_portal_suspended(std::string& out);
void encode_parameter_description(std::string& out, std::span<const std::uint32_t> type_oids);

// ---------------------------------------------------------------------------
// Errors and notices

enum class Severity { kError, kFatal, kPanic, kWarning, kNotice, kDebug, kInfo, kLog };
std::string_view severity_name(Severity severity);

struct ErrorFields {
  Severity severity = Severity::kError;
  std::string_view sqlstate;
  std::string_view message;
  std::string_view detail;  // omitted when empty
  std::string_view hint;    // omitted when empty
  int position = 0;         // 1-based character offset in the query; omitted when 0
  std::string_view context;  // PostgreSQL's CONTEXT (where it happened); omitted when empty
};

void encode_error_response(std::string& out, const ErrorFields& fields);
void encode_error_response(std::string& out, const SqlError& error, Severity severity = Severity::kError);
void encode_notice_response(std::string& out, const ErrorFields& fields);
void encode_notice_response(std::string& out, const SqlError& notice, Severity severity = Severity::kNotice);

// ---------------------------------------------------------------------------
// COPY

// Overall format plus one format per column (all text when overall is text).
void encode_copy_in_response(std::string& out, FormatCode overall, std::span<const FormatCode> column_formats);
void encode_copy_out_response(std::string& out, FormatCode overall, std::span<const FormatCode> column_formats);
void encode_copy_both_response(std::string& out, FormatCode overall, std::span<const FormatCode> column_formats);
void encode_copy_data(std::string& out, std::string_view data);
void encode_copy_done(std::string& out);

}  // namespace ptreedb::server::protocol
