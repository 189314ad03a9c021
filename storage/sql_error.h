// The one exception type every layer throws for errors a client can cause: a
// PostgreSQL SQLSTATE plus message (and optional detail, hint, cursor position),
// which the server turns into an ErrorResponse.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace ptreedb {

class SqlError : public std::runtime_error {
 public:
  SqlError(std::string sqlstate, const std::string& message, std::string detail = {},
           std::string hint = {}, int position = 0)
      : std::runtime_error(message),
        sqlstate_(std::move(sqlstate)),
        detail_(std::move(detail)),
        hint_(std::move(hint)),
        position_(position) {}

  const std::string& sqlstate() const { return sqlstate_; }
  const std::string& detail() const { return detail_; }
  const std::string& hint() const { return hint_; }
  int position() const { return position_; }  // 1-based character offset in the query, 0 if none
  // Where it happened, PostgreSQL's CONTEXT (e.g. "COPY t, line 3"); empty if none.
  const std::string& context() const { return context_; }
  void set_context(std::string context) { context_ = std::move(context); }

 private:
  std::string sqlstate_;
  std::string detail_;
  std::string hint_;
  int position_;
  std::string context_;
};

// SQLSTATE codes used across layers (PostgreSQL's errcodes.txt).
namespace sqlstate {
inline constexpr const char* kSyntaxError = "42601";
inline constexpr const char* kUndefinedTable = "42P01";
inline constexpr const char* kUndefinedColumn = "42703";
inline constexpr const char* kUndefinedObject = "42704";
inline constexpr const char* kDatatypeMismatch = "42804";
inline constexpr const char* kInvalidTextRepresentation = "22P02";
inline constexpr const char* kNumericValueOutOfRange = "22003";
inline constexpr const char* kDivisionByZero = "22012";
inline constexpr const char* kInvalidDatetimeFormat = "22007";
inline constexpr const char* kDatetimeFieldOverflow = "22008";
inline constexpr const char* kInvalidTimeZoneDisplacementValue = "22009";
inline constexpr const char* kStringDataRightTruncation = "22001";
inline constexpr const char* kIntervalFieldOverflow = "22015";
inline constexpr const char* kInvalidParameterValue = "22023";
inline constexpr const char* kNotNullViolation = "23502";
inline constexpr const char* kUniqueViolation = "23505";
inline constexpr const char* kForeignKeyViolation = "23503";
inline constexpr const char* kCheckViolation = "23514";
inline constexpr const char* kProtocolViolation = "08P01";
inline constexpr const char* kFeatureNotSupported = "0A000";
inline constexpr const char* kTooManyConnections = "53300";
inline constexpr const char* kSerializationFailure = "40001";
inline constexpr const char* kInFailedTransaction = "25P02";
inline constexpr const char* kQueryCanceled = "57014";
inline constexpr const char* kInternalError = "XX000";
}  // namespace sqlstate

}  // namespace ptreedb
