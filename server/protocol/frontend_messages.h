// Typed frontend (client-to-server) messages and their decoders. Each decoder
// takes a message body (the bytes after the type byte and length word) and
// either returns the typed message or throws SqlError: 08P01 for any malformed
// layout, and the few other codes PostgreSQL itself uses (noted per function).
// Decoded messages own their bytes, so they outlive the framer's buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "server/protocol/message_types.h"

namespace ptreedb::server::protocol {

// ---------------------------------------------------------------------------
// Startup phase: untyped packets, told apart by their first int32.

struct StartupMessage {
  std::int32_t protocol_version = kProtocolVersion3;
  // name/value pairs in the order sent (user, database, application_name, ...),
  // without the "_pq_." protocol options.
  std::vector<std::pair<std::string, std::string>> parameters;
  // Names of "_pq_.*" protocol extension options the client asked for. We know
  // none, so the session must list them in NegotiateProtocolVersion.
  std::vector<std::string> protocol_options;

  // The last value sent for `name`, if any.
  std::optional<std::string_view> parameter(std::string_view name) const;
  std::string_view user() const;      // never empty: the decoder insists on it
  std::string_view database() const;  // defaults to the user name, as in PostgreSQL
  // True when the session must answer with NegotiateProtocolVersion before
  // authenticating: a newer 3.x minor version or unknown protocol options.
  bool needs_protocol_negotiation() const;
};

struct SslRequest {};
struct GssEncRequest {};
struct CancelRequest {
  std::int32_t process_id = 0;
  std::int32_t secret_key = 0;
};

using StartupPacket = std::variant<StartupMessage, SslRequest, GssEncRequest, CancelRequest>;

// `body` is the packet after its length word (it starts with the int32 code).
// Throws 0A000 for a protocol major version other than 3 ("unsupported frontend
// protocol"), 28000 when no user name is given, and 08P01 for bad layouts.
StartupPacket decode_startup_packet(std::string_view body);

// ---------------------------------------------------------------------------
// Typed messages.

struct Query {
  std::string sql;
};

struct Parse {
  std::string statement_name;  // empty: the unnamed statement
  std::string sql;
  std::vector<std::uint32_t> parameter_type_oids;  // 0 = let the server infer
};

struct Bind {
  std::string portal_name;
  std::string statement_name;
  // As sent: none (all text), one (applies to all), or one per parameter.
  std::vector<FormatCode> parameter_formats;
  std::vector<std::optional<std::string>> parameters;  // nullopt = SQL NULL
  // As sent: none (all text), one (applies to all), or one per result column.
  std::vector<FormatCode> result_formats;

  FormatCode parameter_format(std::size_t parameter_index) const;
  // Throws 08P01 unless result_formats has 0, 1 or `column_count` entries; the
  // column count is only known once the portal's statement has been planned.
  void check_result_format_count(std::size_t column_count) const;
  FormatCode result_format(std::size_t column_index) const;
};

enum class DescribeTarget : char { kStatement = 'S', kPortal = 'P' };

struct Describe {
  DescribeTarget target = DescribeTarget::kStatement;
  std::string name;
};

struct Close {
  DescribeTarget target = DescribeTarget::kStatement;
  std::string name;
};

struct Execute {
  std::string portal_name;
  std::int32_t max_rows = 0;  // 0 (or negative) = no limit
};

struct Sync {};
struct Flush {};
struct Terminate {};

struct CopyData {
  std::string data;
};
struct CopyDone {};
struct CopyFail {
  std::string message;
};

// Any 'p' message. Which one it is depends on what the server asked for, so the
// body is kept raw and decoded with one of the functions below.
struct AuthenticationResponse {
  std::string body;
};

struct PasswordMessage {
  std::string password;  // cleartext, or "md5" + hex digest
};

struct SaslInitialResponse {
  std::string mechanism;
  std::optional<std::string> initial_response;  // nullopt: length -1
};

struct SaslResponse {
  std::string data;
};

PasswordMessage decode_password_message(const AuthenticationResponse& message);
SaslInitialResponse decode_sasl_initial_response(const AuthenticationResponse& message);
SaslResponse decode_sasl_response(const AuthenticationResponse& message);

// The legacy fast-path function call. Decoded only so the session can reject it
// with a clean error (0A000) rather than a framing failure.
struct FunctionCall {
  std::uint32_t function_oid = 0;
  std::vector<std::int16_t> argument_formats;
  std::vector<std::optional<std::string>> arguments;
  std::int16_t result_format = 0;
};

using FrontendMessage =
    std::variant<Query, Parse, Bind, Describe, Execute, Sync, Flush, Close, Terminate, CopyData,
                 CopyDone, CopyFail, AuthenticationResponse, FunctionCall>;

// True for every type byte a client may send after startup.
bool is_frontend_message_type(char type);

// PostgreSQL caps most message types at a small size and lets only those that
// carry user data (queries, parameters, COPY data, passwords) be large, so a
// bogus length on, say, a Sync is caught at once.
bool frontend_message_may_be_large(char type);

// Decodes any typed message. Throws 08P01 "invalid frontend message type" for an
// unknown type byte.
FrontendMessage decode_frontend_message(char type, std::string_view body);

// One decoder per message type, for callers (and tests) that know the type.
Query decode_query(std::string_view body);
Parse decode_parse(std::string_view body);
// Also throws 22023 for a format code other than 0 or 1.
Bind decode_bind(std::string_view body);
Describe decode_describe(std::string_view body);
Close decode_close(std::string_view body);
Execute decode_execute(std::string_view body);
Sync decode_sync(std::string_view body);
Flush decode_flush(std::string_view body);
Terminate decode_terminate(std::string_view body);
CopyData decode_copy_data(std::string_view body);
CopyDone decode_copy_done(std::string_view body);
CopyFail decode_copy_fail(std::string_view body);
FunctionCall decode_function_call(std::string_view body);

}  // namespace ptreedb::server::protocol
