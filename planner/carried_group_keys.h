// GROUP BY keys that another key determines: when every column of a base
// table's primary key is a key, that table's other columns are functionally
// dependent on it (PostgreSQL's check_functional_grouping and
// remove_useless_groupby_columns). They may be selected without being
// grouped, and as keys they need not be hashed or compared.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

class GroupedPrimaryKeys {
 public:
  // `keys` bound over `scope`.
  GroupedPrimaryKeys(const std::vector<BoundExpression>& keys, const Scope& scope, const storage::World& world);

  // Whether column `column` of the scope is a column of a table instance whose
  // whole primary key is grouped.
  bool determines(std::size_t column) const;
  // Whether it is one of that primary key's own columns.
  bool in_primary_key(std::size_t column) const;

 private:
  // A table instance of the FROM list: its name or alias, and the table's oid.
  using Instance = std::pair<std::string, std::uint32_t>;
  const Scope& scope_;
  std::map<Instance, std::set<std::int16_t>> determined_;  // instance -> its primary key's column numbers
};

// Per key of `keys`: whether another key determines it; empty when none is.
std::vector<bool> carried_group_keys(const std::vector<BoundExpression>& keys, const Scope& scope,
                                     const storage::World& world);

}  // namespace ptreedb::planner
