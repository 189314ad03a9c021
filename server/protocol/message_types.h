// The fixed numbers of the PostgreSQL v3 wire protocol: message type bytes,
// the request codes of the untyped startup packets, and format codes.
#pragma once

#include <cstdint>

namespace ptreedb::server::protocol {

// Startup-phase packets carry no type byte; their first int32 after the length
// says what they are. A protocol version is major << 16 | minor.
inline constexpr std::int32_t kProtocolVersion3 = 3 << 16;  // 196608
inline constexpr std::int32_t kCancelRequestCode = 80877102;  // 1234 << 16 | 5678
inline constexpr std::int32_t kSslRequestCode = 80877103;     // 1234 << 16 | 5679
inline constexpr std::int32_t kGssEncRequestCode = 80877104;  // 1234 << 16 | 5680

// The newest protocol minor version we implement within major version 3.
inline constexpr std::int32_t kNewestSupportedMinorVersion = 0;

constexpr std::int32_t protocol_major(std::int32_t version) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(version) >> 16);
}
constexpr std::int32_t protocol_minor(std::int32_t version) { return version & 0xFFFF; }

// Type bytes of messages a client sends after startup.
namespace frontend {
inline constexpr char kBind = 'B';
inline constexpr char kClose = 'C';
inline constexpr char kCopyData = 'd';
inline constexpr char kCopyDone = 'c';
inline constexpr char kCopyFail = 'f';
inline constexpr char kDescribe = 'D';
inline constexpr char kExecute = 'E';
inline constexpr char kFlush = 'H';
inline constexpr char kFunctionCall = 'F';
inline constexpr char kParse = 'P';
// PasswordMessage, SASLInitialResponse, SASLResponse and GSSResponse all use 'p';
// only the authentication state tells them apart.
inline constexpr char kAuthenticationResponse = 'p';
inline constexpr char kQuery = 'Q';
inline constexpr char kSync = 'S';
inline constexpr char kTerminate = 'X';
}  // namespace frontend

// Type bytes of messages the server sends.
namespace backend {
inline constexpr char kAuthentication = 'R';
inline constexpr char kBackendKeyData = 'K';
inline constexpr char kBindComplete = '2';
inline constexpr char kCloseComplete = '3';
inline constexpr char kCommandComplete = 'C';
inline constexpr char kCopyBothResponse = 'W';
inline constexpr char kCopyData = 'd';
inline constexpr char kCopyDone = 'c';
inline constexpr char kCopyInResponse = 'G';
inline constexpr char kCopyOutResponse = 'H';
inline constexpr char kDataRow = 'D';
inline constexpr char kEmptyQueryResponse = 'I';
inline constexpr char kErrorResponse = 'E';
inline constexpr char kNegotiateProtocolVersion = 'v';
inline constexpr char kNoData = 'n';
inline constexpr char kNoticeResponse = 'N';
inline constexpr char kParameterDescription = 't';
inline constexpr char kParameterStatus = 'S';
inline constexpr char kParseComplete = '1';
inline constexpr char kPortalSuspended = 's';
inline constexpr char kReadyForQuery = 'Z';
inline constexpr char kRowDescription = 'T';
}  // namespace backend

// Codes inside the AuthenticationXXX ('R') messages.
enum class AuthenticationCode : std::int32_t {
  kOk = 0,
  kCleartextPassword = 3,
  kMd5Password = 5,
  kSasl = 10,
  kSaslContinue = 11,
  kSaslFinal = 12,
};

// How a parameter or result column is represented on the wire.
enum class FormatCode : std::int16_t { kText = 0, kBinary = 1 };

}  // namespace ptreedb::server::protocol
