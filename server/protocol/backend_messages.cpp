#include "server/protocol/backend_messages.h"

#include <limits>
#include <stdexcept>

#include "storage/sql_error.h"

namespace ptreedb::server::protocol {

namespace {

constexpr const char* kProgramLimitExceeded = "54000";

// Counts on the wire are 16 bits, read by clients as unsigned.
std::int16_t checked_count16(std::size_t count) {
  if (count > std::numeric_limits<std::uint16_t>::max()) {
    throw SqlError(kProgramLimitExceeded, "too many items in one protocol message: " + std::to_string(count));
  }
  return static_cast<std::int16_t>(static_cast<std::uint16_t>(count));
}

void append_int16(std::string& out, std::int16_t value) {
  const auto bits = static_cast<std::uint16_t>(value);
  out.push_back(static_cast<char>(bits >> 8));
  out.push_back(static_cast<char>(bits & 0xFF));
}

void append_int32(std::string& out, std::int32_t value) {
  const auto bits = static_cast<std::uint32_t>(value);
  const char bytes[4] = {static_cast<char>(bits >> 24), static_cast<char>((bits >> 16) & 0xFF),
                         static_cast<char>((bits >> 8) & 0xFF), static_cast<char>(bits & 0xFF)};
  out.append(bytes, 4);
}

// Length words count themselves but not the type byte.
void patch_length(std::string& out, std::size_t type_offset) {
  const std::size_t length = out.size() - type_offset - 1;
  if (length > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    out.resize(type_offset);
    throw SqlError(kProgramLimitExceeded, "protocol message is too large to send");
  }
  patch_int32(out, type_offset + 1, static_cast<std::int32_t>(length));
}

void encode_empty_message(std::string& out, char type) {
  MessageWriter writer(out, type);
  writer.finish();
}

void encode_authentication(std::string& out, AuthenticationCode code, std::string_view payload = {}) {
  MessageWriter writer(out, backend::kAuthentication);
  writer.put_int32(static_cast<std::int32_t>(code));
  writer.put_bytes(payload);
  writer.finish();
}

void encode_copy_response(std::string& out, char type, FormatCode overall,
                          std::span<const FormatCode> column_formats) {
  MessageWriter writer(out, type);
  writer.put_int8(static_cast<std::int8_t>(overall));
  writer.put_int16(checked_count16(column_formats.size()));
  for (const FormatCode format : column_formats) writer.put_int16(static_cast<std::int16_t>(format));
  writer.finish();
}

void encode_error_or_notice(std::string& out, char type, const ErrorFields& fields) {
  MessageWriter writer(out, type);
  const auto put_field = [&writer](char code, std::string_view value) {
    writer.put_char(code);
    writer.put_cstring(value);
  };
  // We do not localize, so the severity field and its non-localized twin agree.
  put_field('S', severity_name(fields.severity));
  put_field('V', severity_name(fields.severity));
  put_field('C', fields.sqlstate);
  put_field('M', fields.message);
  if (!fields.detail.empty()) put_field('D', fields.detail);
  if (!fields.hint.empty()) put_field('H', fields.hint);
  if (fields.position > 0) put_field('P', std::to_string(fields.position));
  if (!fields.context.empty()) put_field('W', fields.context);
  writer.put_char('\0');
  writer.finish();
}

ErrorFields fields_of(const SqlError& error, Severity severity) {
  ErrorFields fields;
  fields.severity = severity;
  fields.sqlstate = error.sqlstate();
  fields.message = error.what();
  fields.detail = error.detail();
  fields.hint = error.hint();
  fields.position = error.position();
  fields.context = error.context();
  return fields;
}

}  // namespace

// ---------------------------------------------------------------------------
// MessageWriter

MessageWriter::MessageWriter(std::string& out, char type) : out_(out), start_(out.size()) {
  out_.push_back(type);
  append_int32(out_, 0);
}

MessageWriter::~MessageWriter() {
  if (!finished_) out_.resize(start_);
}

void MessageWriter::put_int16(std::int16_t value) { append_int16(out_, value); }

void MessageWriter::put_int32(std::int32_t value) { append_int32(out_, value); }

void MessageWriter::put_cstring(std::string_view text) {
  out_.append(text.substr(0, text.find('\0')));
  out_.push_back('\0');
}

void MessageWriter::finish() {
  finished_ = true;  // set first: patch_length removes the message itself on overflow
  patch_length(out_, start_);
}

void patch_int32(std::string& out, std::size_t offset, std::int32_t value) {
  const auto bits = static_cast<std::uint32_t>(value);
  out.at(offset + 3);  // bounds check once for all four bytes
  out[offset] = static_cast<char>(bits >> 24);
  out[offset + 1] = static_cast<char>((bits >> 16) & 0xFF);
  out[offset + 2] = static_cast<char>((bits >> 8) & 0xFF);
  out[offset + 3] = static_cast<char>(bits & 0xFF);
}

// ---------------------------------------------------------------------------
// Startup and authentication

void encode_authentication_ok(std::string& out) { encode_authentication(out, AuthenticationCode::kOk); }

void encode_authentication_cleartext_password(std::string& out) {
  encode_authentication(out, AuthenticationCode::kCleartextPassword);
}

void encode_authentication_md5_password(std::string& out, std::span<const std::uint8_t, 4> salt) {
  const char bytes[4] = {static_cast<char>(salt[0]), static_cast<char>(salt[1]), static_cast<char>(salt[2]),
                         static_cast<char>(salt[3])};
  encode_authentication(out, AuthenticationCode::kMd5Password, std::string_view(bytes, 4));
}

void encode_authentication_sasl(std::string& out, std::span<const std::string_view> mechanisms) {
  MessageWriter writer(out, backend::kAuthentication);
  writer.put_int32(static_cast<std::int32_t>(AuthenticationCode::kSasl));
  for (const std::string_view mechanism : mechanisms) writer.put_cstring(mechanism);
  writer.put_char('\0');  // an empty name ends the list
  writer.finish();
}

void encode_authentication_sasl_continue(std::string& out, std::string_view data) {
  encode_authentication(out, AuthenticationCode::kSaslContinue, data);
}

void encode_authentication_sasl_final(std::string& out, std::string_view data) {
  encode_authentication(out, AuthenticationCode::kSaslFinal, data);
}

void encode_parameter_status(std::string& out, std::string_view name, std::string_view value) {
  MessageWriter writer(out, backend::kParameterStatus);
  writer.put_cstring(name);
  writer.put_cstring(value);
  writer.finish();
}

void encode_backend_key_data(std::string& out, std::int32_t process_id, std::int32_t secret_key) {
  MessageWriter writer(out, backend::kBackendKeyData);
  writer.put_int32(process_id);
  writer.put_int32(secret_key);
  writer.finish();
}

void encode_negotiate_protocol_version(std::string& out, std::int32_t newest_minor_version,
                                       std::span<const std::string> unrecognized_options) {
  MessageWriter writer(out, backend::kNegotiateProtocolVersion);
  writer.put_int32(newest_minor_version);
  if (unrecognized_options.size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    throw SqlError(kProgramLimitExceeded, "too many protocol options");
  }
  writer.put_int32(static_cast<std::int32_t>(unrecognized_options.size()));
  for (const std::string& option : unrecognized_options) writer.put_cstring(option);
  writer.finish();
}

void encode_ready_for_query(std::string& out, TransactionStatus status) {
  MessageWriter writer(out, backend::kReadyForQuery);
  writer.put_char(static_cast<char>(status));
  writer.finish();
}

// ---------------------------------------------------------------------------
// Query results

void encode_row_description(std::string& out, std::span<const FieldDescription> fields) {
  RowEncoder encoder(out);
  encoder.begin_row_description(fields.size());
  for (const FieldDescription& field : fields) encoder.add_field_description(field);
  encoder.end_row_description();
}

void RowEncoder::begin_message(char type, std::size_t count) {
  if (in_message_) throw std::logic_error("RowEncoder: previous message not ended");
  const std::int16_t wire_count = checked_count16(count);
  message_start_ = out_.size();
  out_.push_back(type);
  append_int32(out_, 0);
  append_int16(out_, wire_count);
  message_type_ = type;
  expected_items_ = count;
  written_items_ = 0;
  in_message_ = true;
}

void RowEncoder::end_message(char type) {
  if (!in_message_ || message_type_ != type || in_field_) {
    throw std::logic_error("RowEncoder: end without a matching begin");
  }
  if (written_items_ != expected_items_) {
    throw std::logic_error("RowEncoder: wrote " + std::to_string(written_items_) + " of " +
                           std::to_string(expected_items_) + " fields");
  }
  in_message_ = false;
  patch_length(out_, message_start_);
}

void RowEncoder::discard_partial_message() {
  if (in_message_) out_.resize(message_start_);
  in_message_ = false;
  in_field_ = false;
}

void RowEncoder::begin_row_description(std::size_t field_count) {
  begin_message(backend::kRowDescription, field_count);
}

void RowEncoder::add_field_description(const FieldDescription& field) {
  if (!in_message_ || message_type_ != backend::kRowDescription || written_items_ == expected_items_) {
    throw std::logic_error("RowEncoder: field description outside a RowDescription or too many");
  }
  out_.append(field.name.substr(0, field.name.find('\0')));
  out_.push_back('\0');
  append_int32(out_, static_cast<std::int32_t>(field.table_oid));
  append_int16(out_, field.column_attribute);
  append_int32(out_, static_cast<std::int32_t>(field.type_oid));
  append_int16(out_, field.type_size);
  append_int32(out_, field.type_modifier);
  append_int16(out_, static_cast<std::int16_t>(field.format));
  ++written_items_;
}

void RowEncoder::end_row_description() { end_message(backend::kRowDescription); }

void RowEncoder::begin_data_row(std::size_t column_count) { begin_message(backend::kDataRow, column_count); }

void RowEncoder::begin_field() {
  if (!in_message_ || message_type_ != backend::kDataRow || in_field_ || written_items_ == expected_items_) {
    throw std::logic_error("RowEncoder: field outside a DataRow or too many");
  }
  field_start_ = out_.size();
  append_int32(out_, 0);
  in_field_ = true;
}

void RowEncoder::end_field() {
  if (!in_field_) throw std::logic_error("RowEncoder: end_field without begin_field");
  const std::size_t length = out_.size() - field_start_ - 4;
  if (length > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max())) {
    discard_partial_message();
    throw SqlError(kProgramLimitExceeded, "field value is too large to send");
  }
  patch_int32(out_, field_start_, static_cast<std::int32_t>(length));
  in_field_ = false;
  ++written_items_;
}

void RowEncoder::add_field(std::string_view bytes) {
  begin_field();
  out_.append(bytes);
  end_field();
}

void RowEncoder::add_null() {
  if (!in_message_ || message_type_ != backend::kDataRow || in_field_ || written_items_ == expected_items_) {
    throw std::logic_error("RowEncoder: field outside a DataRow or too many");
  }
  append_int32(out_, -1);
  ++written_items_;
}

void RowEncoder::end_data_row() { end_message(backend::kDataRow); }

void encode_command_complete(std::string& out, std::string_view tag) {
  MessageWriter writer(out, backend::kCommandComplete);
  writer.put_cstring(tag);
  writer.finish();
}

void encode_empty_query_response(std::string& out) { encode_empty_message(out, backend::kEmptyQueryResponse); }
void encode_parse_complete(std::string& out) { encode_empty_message(out, backend::kParseComplete); }
void encode_bind_complete(std::string& out) { encode_empty_message(out, backend::kBindComplete); }
void encode_close_complete(std::string& out) { encode_empty_message(out, backend::kCloseComplete); }
void encode_no_data(std::string& out) { encode_empty_message(out, backend::kNoData); }
void encode_portal_suspended(std::string& out) { encode_empty_message(out, backend::kPortalSuspended); }

void encode_parameter_description(std::string& out, std::span<const std::uint32_t> type_oids) {
  MessageWriter writer(out, backend::kParameterDescription);
  writer.put_int16(checked_count16(type_oids.size()));
  for (const std::uint32_t oid : type_oids) writer.put_uint32(oid);
  writer.finish();
}

// ---------------------------------------------------------------------------
// Errors and notices

std::string_view severity_name(Severity severity) {
  switch (severity) {
    case Severity::kError: return "ERROR";
    case Severity::kFatal: return "FATAL";
    case Severity::kPanic: return "PANIC";
    case Severity::kWarning: return "WARNING";
    case Severity::kNotice: return "NOTICE";
    case Severity::kDebug: return "DEBUG";
    case Severity::kInfo: return "INFO";
    case Severity::kLog: return "LOG";
  }
  return "ERROR";
}

void encode_error_response(std::string& out, const ErrorFields& fields) {
  encode_error_or_notice(out, backend::kErrorResponse, fields);
}

void encode_error_response(std::string& out, const SqlError& error, Severity severity) {
  encode_error_or_notice(out, backend::kErrorResponse, fields_of(error, severity));
}

void encode_notice_response(std::string& out, const ErrorFields& fields) {
  encode_error_or_notice(out, backend::kNoticeResponse, fields);
}

void encode_notice_response(std::string& out, const SqlError& notice, Severity severity) {
  encode_error_or_notice(out, backend::kNoticeResponse, fields_of(notice, severity));
}

// ---------------------------------------------------------------------------
// COPY

void encode_copy_in_response(std::string& out, FormatCode overall, std::span<const FormatCode> column_formats) {
  encode_copy_response(out, backend::kCopyInResponse, overall, column_formats);
}

void encode_copy_out_response(std::string& out, FormatCode overall, std::span<const FormatCode> column_formats) {
  encode_copy_response(out, backend::kCopyOutResponse, overall, column_formats);
}

void encode_copy_both_response(std::string& out, FormatCode overall, std::span<const FormatCode> column_formats) {
  encode_copy_response(out, backend::kCopyBothResponse, overall, column_formats);
}

void encode_copy_data(std::string& out, std::string_view data) {
  MessageWriter writer(out, backend::kCopyData);
  writer.put_bytes(data);
  writer.finish();
}

void encode_copy_done(std::string& out) { encode_empty_message(out, backend::kCopyDone); }

}  // namespace ptreedb::server::protocol
