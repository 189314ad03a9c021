// Where enum types and domains are looked up by oid when no catalog is at
// hand (casts in exec, format_type, COPY, type names in messages): the
// world of the statement running on this thread, installed around its
// planning and execution and around each of its parallel tasks, so that a
// session sees its own transaction's types and never another's uncommitted
// ones. Without an installed source the process-wide registry answers
// (tools and tests that have no world).
#pragma once

#include <cstdint>
#include <memory>

namespace ptreedb::value {

struct EnumType;
struct DomainType;

class UserTypeSource {
 public:
  virtual std::shared_ptr<const EnumType> enum_type(std::uint32_t oid) const = 0;
  virtual std::shared_ptr<const DomainType> domain(std::uint32_t oid) const = 0;

 protected:
  ~UserTypeSource() = default;
};

// Installs `source` on this thread for the scope's life (null: none, so the
// registry answers); scopes nest.
class UserTypesScope {
 public:
  explicit UserTypesScope(const UserTypeSource* source);
  ~UserTypesScope();
  UserTypesScope(const UserTypesScope&) = delete;
  UserTypesScope& operator=(const UserTypesScope&) = delete;

  // The source installed on this thread, or null.
  static const UserTypeSource* current();

 private:
  const UserTypeSource* previous_;
};

}  // namespace ptreedb::value
