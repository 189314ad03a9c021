#include "planner/catalog/default_expression_text.h"

#include <optional>

#include "storage/sql_error.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/date_time.h"
#include "storage/value/name.h"
#include "storage/value/bytea.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/uuid.h"

namespace ptreedb::planner::catalog {
namespace {

// The body of a single-quoted SQL string literal ('' stands for '), or
// nothing when the text is anything else (a number, a call, an expression).
std::optional<std::string> string_literal_body(const std::string& sql) {
  // E'...' (the deparser's form of a text with backslashes): only \\ is read.
  const bool escaped = sql.size() >= 3 && sql.front() == 'E';
  const std::size_t open = escaped ? 1 : 0;
  if (sql.size() < open + 2 || sql[open] != '\'' || sql.back() != '\'') return std::nullopt;
  std::string body;
  for (std::size_t i = open + 1; i + 1 < sql.size(); ++i) {
    if (escaped && sql[i] == '\\') {
      if (i + 2 >= sql.size() || sql[i + 1] != '\\') return std::nullopt;
      body += '\\';
      ++i;
      continue;
    }
    if (sql[i] != '\'') {
      body += sql[i];
      continue;
    }
    if (i + 2 < sql.size() && sql[i + 1] == '\'') {
      body += '\'';
      ++i;
      continue;
    }
    return std::nullopt;  // two literals or a literal followed by more text
  }
  return body;
}

std::string quoted(const std::string& body) {
  std::string out = "'";
  for (char c : body) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

// The type name PostgreSQL's deparser writes after '::' (no typmod).
const char* cast_name(value::TypeId id) {
  switch (id) {
    case value::TypeId::kText: return "text";
    case value::TypeId::kName: return "name";
    case value::TypeId::kVarchar: return "character varying";
    case value::TypeId::kChar: return "bpchar";
    case value::TypeId::kDate: return "date";
    case value::TypeId::kTimestamp: return "timestamp without time zone";
    case value::TypeId::kTimestampTz: return "timestamp with time zone";
    case value::TypeId::kTime: return "time without time zone";
    case value::TypeId::kTimeTz: return "time with time zone";
    case value::TypeId::kUuid: return "uuid";
    case value::TypeId::kBytea: return "bytea";
    default: return nullptr;
  }
}

}  // namespace

std::string default_expression_text(const std::string& default_sql, const value::SqlType& type) {
  if (type.id == value::TypeId::kEnum) {  // 'ok'::mood, as a constant of the type prints
    std::optional<std::string> body = string_literal_body(default_sql);
    return body ? quoted(*body) + "::" + value::format_type(type) : default_sql;
  }
  const char* cast = cast_name(type.id);
  if (cast == nullptr) return default_sql;
  std::optional<std::string> body = string_literal_body(default_sql);
  if (!body) return default_sql;
  try {
    // PostgreSQL stores the coerced constant, so dates print canonically.
    if (type.id == value::TypeId::kDate) *body = value::format_date(value::parse_date(*body));
    if (type.id == value::TypeId::kTimestamp) *body = value::format_timestamp(value::parse_timestamp(*body));
    if (type.id == value::TypeId::kTime) *body = value::format_time(value::parse_time(*body));
    if (type.id == value::TypeId::kTimeTz) {
      *body = value::format_timetz(value::parse_timetz(*body, value::session_time_zone()));
    }
    if (type.id == value::TypeId::kTimestampTz) {
      const value::TimeZone& zone = value::session_time_zone();
      *body = value::format_timestamptz(value::parse_timestamptz(*body, zone), zone);
    }
    if (type.id == value::TypeId::kName) *body = std::string(value::clip_to_name(*body));
    if (type.id == value::TypeId::kUuid) *body = value::format_uuid(value::parse_uuid(*body));
    if (type.id == value::TypeId::kBytea) {
      *body = value::format_bytea(value::parse_bytea(*body), value::session_bytea_output());
    }
  } catch (const SqlError&) {
    return default_sql;  // 'now', 'infinity' ... : keep what was written
  }
  return quoted(*body) + "::" + cast;
}

}  // namespace ptreedb::planner::catalog
