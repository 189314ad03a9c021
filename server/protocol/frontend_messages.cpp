#include "server/protocol/frontend_messages.h"

#include <algorithm>
#include <string>

#include "server/protocol/byte_reader.h"
#include "server/protocol/protocol_error.h"
#include "storage/sql_error.h"

namespace ptreedb::server::protocol {

namespace {

constexpr const char* kInvalidAuthorizationSpecification = "28000";
constexpr const char* kInvalidParameterValue = "22023";

// Reserving by a client-supplied count is bounded by what the body can hold,
// so a lying count cannot make us allocate more than the message's own size.
std::size_t bounded_reserve(std::size_t count, const ByteReader& reader, std::size_t min_bytes_each) {
  return std::min(count, reader.remaining() / min_bytes_each);
}

FormatCode checked_format_code(std::int16_t code) {
  if (code != 0 && code != 1) {
    throw SqlError(kInvalidParameterValue, "unsupported format code: " + std::to_string(code));
  }
  return static_cast<FormatCode>(code);
}

std::vector<FormatCode> read_format_codes(ByteReader& reader) {
  const std::uint16_t count = reader.read_uint16();
  std::vector<FormatCode> codes;
  codes.reserve(bounded_reserve(count, reader, 2));
  for (std::uint16_t i = 0; i < count; ++i) codes.push_back(checked_format_code(reader.read_int16()));
  return codes;
}

std::vector<std::optional<std::string>> read_nullable_values(ByteReader& reader, std::uint16_t count) {
  std::vector<std::optional<std::string>> values;
  values.reserve(bounded_reserve(count, reader, 4));
  for (std::uint16_t i = 0; i < count; ++i) {
    const auto bytes = reader.read_nullable_bytes();
    if (bytes) {
      values.emplace_back(std::string(*bytes));
    } else {
      values.emplace_back(std::nullopt);
    }
  }
  return values;
}

DescribeTarget read_target(ByteReader& reader, const char* message_name) {
  const char target = reader.read_char();
  if (target != 'S' && target != 'P') {
    throw_protocol_violation(std::string("invalid ") + message_name + " message subtype " +
                             std::to_string(static_cast<int>(static_cast<unsigned char>(target))));
  }
  return static_cast<DescribeTarget>(target);
}

[[noreturn]] void throw_bad_startup_layout() {
  throw_protocol_violation("invalid startup packet layout: expected terminator as last byte");
}

StartupMessage decode_startup_message(std::int32_t version, ByteReader& reader) {
  const std::int32_t major = protocol_major(version);
  if (major != protocol_major(kProtocolVersion3)) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "unsupported frontend protocol " + std::to_string(major) + "." +
                       std::to_string(protocol_minor(version)) + ": server supports 3.0 to 3." +
                       std::to_string(kNewestSupportedMinorVersion));
  }
  StartupMessage message;
  message.protocol_version = version;
  // name\0value\0 ... \0: a list of string pairs closed by one empty name, which
  // must be the packet's last byte.
  while (true) {
    if (reader.at_end()) throw_bad_startup_layout();
    std::string_view name;
    std::string_view value;
    try {
      name = reader.read_cstring();
      if (name.empty()) break;
      value = reader.read_cstring();
    } catch (const SqlError&) {
      throw_bad_startup_layout();
    }
    if (name.starts_with("_pq_.")) {
      message.protocol_options.emplace_back(name);
    } else {
      message.parameters.emplace_back(std::string(name), std::string(value));
    }
  }
  if (!reader.at_end()) throw_bad_startup_layout();
  const auto user = message.parameter("user");
  if (!user || user->empty()) {
    throw SqlError(kInvalidAuthorizationSpecification, "no PostgreSQL user name specified in startup packet");
  }
  return message;
}

}  // namespace

// ---------------------------------------------------------------------------
// Startup phase

std::optional<std::string_view> StartupMessage::parameter(std::string_view name) const {
  for (auto it = parameters.rbegin(); it != parameters.rend(); ++it) {
    if (it->first == name) return std::string_view(it->second);
  }
  return std::nullopt;
}

std::string_view StartupMessage::user() const { return parameter("user").value_or(std::string_view{}); }

std::string_view StartupMessage::database() const {
  const auto database = parameter("database");
  return database && !database->empty() ? *database : user();
}

bool StartupMessage::needs_protocol_negotiation() const {
  return protocol_minor(protocol_version) > kNewestSupportedMinorVersion || !protocol_options.empty();
}

StartupPacket decode_startup_packet(std::string_view body) {
  ByteReader reader(body);
  if (reader.remaining() < 4) throw_protocol_violation("invalid length of startup packet");
  const std::int32_t code = reader.read_int32();
  switch (code) {
    case kCancelRequestCode: {
      if (reader.remaining() != 8) throw_protocol_violation("invalid length of cancel request packet");
      CancelRequest cancel;
      cancel.process_id = reader.read_int32();
      cancel.secret_key = reader.read_int32();
      return cancel;
    }
    case kSslRequestCode:
      if (!reader.at_end()) throw_protocol_violation("invalid length of SSL request packet");
      return SslRequest{};
    case kGssEncRequestCode:
      if (!reader.at_end()) throw_protocol_violation("invalid length of GSSAPI encryption request packet");
      return GssEncRequest{};
    default:
      return decode_startup_message(code, reader);
  }
}

// ---------------------------------------------------------------------------
// Typed messages

FormatCode Bind::parameter_format(std::size_t parameter_index) const {
  if (parameter_formats.empty()) return FormatCode::kText;
  if (parameter_formats.size() == 1) return parameter_formats.front();
  return parameter_formats.at(parameter_index);
}

void Bind::check_result_format_count(std::size_t column_count) const {
  if (result_formats.size() > 1 && result_formats.size() != column_count) {
    throw_protocol_violation("bind message has " + std::to_string(result_formats.size()) +
                             " result formats but query has " + std::to_string(column_count) + " columns");
  }
}

FormatCode Bind::result_format(std::size_t column_index) const {
  if (result_formats.empty()) return FormatCode::kText;
  if (result_formats.size() == 1) return result_formats.front();
  return result_formats.at(column_index);
}

Query decode_query(std::string_view body) {
  ByteReader reader(body);
  Query query{std::string(reader.read_cstring())};
  reader.expect_end();
  return query;
}

Parse decode_parse(std::string_view body) {
  ByteReader reader(body);
  Parse parse;
  parse.statement_name = reader.read_cstring();
  parse.sql = reader.read_cstring();
  const std::uint16_t count = reader.read_uint16();
  parse.parameter_type_oids.reserve(bounded_reserve(count, reader, 4));
  for (std::uint16_t i = 0; i < count; ++i) parse.parameter_type_oids.push_back(reader.read_uint32());
  reader.expect_end();
  return parse;
}

Bind decode_bind(std::string_view body) {
  ByteReader reader(body);
  Bind bind;
  bind.portal_name = reader.read_cstring();
  bind.statement_name = reader.read_cstring();
  bind.parameter_formats = read_format_codes(reader);
  const std::uint16_t parameter_count = reader.read_uint16();
  if (bind.parameter_formats.size() > 1 && bind.parameter_formats.size() != parameter_count) {
    throw_protocol_violation("bind message has " + std::to_string(bind.parameter_formats.size()) +
                             " parameter formats but " + std::to_string(parameter_count) + " parameters");
  }
  bind.parameters = read_nullable_values(reader, parameter_count);
  bind.result_formats = read_format_codes(reader);
  reader.expect_end();
  return bind;
}

Describe decode_describe(std::string_view body) {
  ByteReader reader(body);
  Describe describe;
  describe.target = read_target(reader, "DESCRIBE");
  describe.name = reader.read_cstring();
  reader.expect_end();
  return describe;
}

Close decode_close(std::string_view body) {
  ByteReader reader(body);
  Close close;
  close.target = read_target(reader, "CLOSE");
  close.name = reader.read_cstring();
  reader.expect_end();
  return close;
}

Execute decode_execute(std::string_view body) {
  ByteReader reader(body);
  Execute execute;
  execute.portal_name = reader.read_cstring();
  execute.max_rows = reader.read_int32();
  reader.expect_end();
  return execute;
}

Sync decode_sync(std::string_view body) {
  ByteReader(body).expect_end();
  return {};
}

Flush decode_flush(std::string_view body) {
  ByteReader(body).expect_end();
  return {};
}

Terminate decode_terminate(std::string_view body) {
  ByteReader(body).expect_end();
  return {};
}

CopyData decode_copy_data(std::string_view body) { return CopyData{std::string(body)}; }

CopyDone decode_copy_done(std::string_view body) {
  ByteReader(body).expect_end();
  return {};
}

CopyFail decode_copy_fail(std::string_view body) {
  ByteReader reader(body);
  CopyFail fail{std::string(reader.read_cstring())};
  reader.expect_end();
  return fail;
}

FunctionCall decode_function_call(std::string_view body) {
  ByteReader reader(body);
  FunctionCall call;
  call.function_oid = reader.read_uint32();
  const std::uint16_t format_count = reader.read_uint16();
  call.argument_formats.reserve(bounded_reserve(format_count, reader, 2));
  for (std::uint16_t i = 0; i < format_count; ++i) call.argument_formats.push_back(reader.read_int16());
  const std::uint16_t argument_count = reader.read_uint16();
  if (format_count > 1 && format_count != argument_count) {
    throw_protocol_violation("function call message contains " + std::to_string(format_count) +
                             " argument formats but " + std::to_string(argument_count) + " arguments");
  }
  call.arguments = read_nullable_values(reader, argument_count);
  call.result_format = reader.read_int16();
  reader.expect_end();
  return call;
}

PasswordMessage decode_password_message(const AuthenticationResponse& message) {
  ByteReader reader(message.body);
  PasswordMessage password{std::string(reader.read_cstring())};
  if (!reader.at_end()) throw_protocol_violation("invalid password packet size");
  return password;
}

SaslInitialResponse decode_sasl_initial_response(const AuthenticationResponse& message) {
  ByteReader reader(message.body);
  SaslInitialResponse response;
  response.mechanism = reader.read_cstring();
  if (const auto data = reader.read_nullable_bytes()) response.initial_response = std::string(*data);
  reader.expect_end();
  return response;
}

SaslResponse decode_sasl_response(const AuthenticationResponse& message) { return SaslResponse{message.body}; }

bool is_frontend_message_type(char type) {
  switch (type) {
    case frontend::kBind:
    case frontend::kClose:
    case frontend::kCopyData:
    case frontend::kCopyDone:
    case frontend::kCopyFail:
    case frontend::kDescribe:
    case frontend::kExecute:
    case frontend::kFlush:
    case frontend::kFunctionCall:
    case frontend::kParse:
    case frontend::kAuthenticationResponse:
    case frontend::kQuery:
    case frontend::kSync:
    case frontend::kTerminate:
      return true;
    default:
      return false;
  }
}

bool frontend_message_may_be_large(char type) {
  switch (type) {
    case frontend::kBind:
    case frontend::kCopyData:
    case frontend::kFunctionCall:
    case frontend::kParse:
    case frontend::kAuthenticationResponse:
    case frontend::kQuery:
      return true;
    default:
      return false;
  }
}

FrontendMessage decode_frontend_message(char type, std::string_view body) {
  switch (type) {
    case frontend::kQuery: return decode_query(body);
    case frontend::kParse: return decode_parse(body);
    case frontend::kBind: return decode_bind(body);
    case frontend::kDescribe: return decode_describe(body);
    case frontend::kExecute: return decode_execute(body);
    case frontend::kSync: return decode_sync(body);
    case frontend::kFlush: return decode_flush(body);
    case frontend::kClose: return decode_close(body);
    case frontend::kTerminate: return decode_terminate(body);
    case frontend::kCopyData: return decode_copy_data(body);
    case frontend::kCopyDone: return decode_copy_done(body);
    case frontend::kCopyFail: return decode_copy_fail(body);
    case frontend::kAuthenticationResponse: return AuthenticationResponse{std::string(body)};
    case frontend::kFunctionCall: return decode_function_call(body);
    default:
      throw_protocol_violation("invalid frontend message type " +
                               std::to_string(static_cast<int>(static_cast<unsigned char>(type))));
  }
}

}  // namespace ptreedb::server::protocol
