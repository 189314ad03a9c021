// The isolation levels a transaction may ask for, named as PostgreSQL names them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::txn {

enum class IsolationLevel { kReadCommitted, kRepeatableRead, kSerializable };

inline std::string_view isolation_level_name(IsolationLevel level) {
  switch (level) {
    case IsolationLevel::kReadCommitted: return "read committed";
    case IsolationLevel::kRepeatableRead: return "repeatable read";
    case IsolationLevel::kSerializable: return "serializable";
  }
  return "read committed";
}

// "read uncommitted" runs as read committed, as in PostgreSQL.
inline std::optional<IsolationLevel> parse_isolation_level(std::string_view name) {
  if (name == "read committed" || name == "read uncommitted") return IsolationLevel::kReadCommitted;
  if (name == "repeatable read") return IsolationLevel::kRepeatableRead;
  if (name == "serializable") return IsolationLevel::kSerializable;
  return std::nullopt;
}

}  // namespace ptreedb::txn
