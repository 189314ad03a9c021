// Domains (CREATE DOMAIN): a base type with a default, NOT NULL and CHECK
// constraints over VALUE. Values of a domain are stored as the base type's;
// the constraints are checked where a value becomes the domain (casts,
// assignments to columns, COPY).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "storage/value/type_id.h"

namespace ptreedb::value {

struct DomainCheck {
  std::string name;
  std::string expression_sql;  // over VALUE, as written (deparsed)
  std::uint32_t oid = 0;       // pg_constraint.oid
};

struct DomainType {
  std::string name;
  std::uint32_t oid = 0;
  SqlType base;  // never a domain itself: a domain over a domain takes its base and constraints
  std::optional<std::string> default_sql;
  bool not_null = false;
  std::vector<DomainCheck> checks;  // in name order, as PostgreSQL evaluates them
};

// The domain's type for columns and casts: the base type marked with the domain's oid.
SqlType domain_sql_type(const DomainType& domain);

// The domain of that oid in the world of the statement running on this
// thread (value::UserTypesScope), for what has no catalog at hand
// (format_type, casts); null when none is installed or the world has none.
std::shared_ptr<const DomainType> registered_domain_type(std::uint32_t oid);

}  // namespace ptreedb::value
