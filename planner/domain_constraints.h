// A domain's constraints where a value becomes the domain: the value wrapped
// in a kDomainCheck call that raises PostgreSQL's 23502 / 23514 for it
// (casts to the domain, assignments to columns of it, defaults), and the
// same over a table's domain columns for COPY's new rows.
#pragma once

#include <vector>

#include "planner/bound_expression.h"
#include "planner/check_constraint.h"
#include "storage/catalog/table_schema.h"
#include "storage/value/domain_type.h"

namespace ptreedb::planner {

// `value` (of the domain's base type) checked as a value of `domain_type`;
// the call's type is `domain_type`.
BoundExpression domain_check_call(BoundExpression value, const value::SqlType& domain_type);

// A domain's CHECK expression (SQL over VALUE) bound with VALUE of the
// domain's base type; 0A000 / 42803 / 42P20 / 42804 as for a table's CHECK.
BoundExpression bind_domain_check_expression(const value::DomainType& domain, const std::string& expression_sql);

// A domain's CHECK over input column `column` (of the domain's base type)
// instead of VALUE: ALTER DOMAIN ADD CONSTRAINT checks the rows of a table.
BoundExpression bind_domain_check_on_column(const value::DomainType& domain, const std::string& expression_sql,
                                            std::size_t column);

// COPY's checks for `schema`'s domain columns: each a condition that raises
// the domain's error for a bad value and is true otherwise.
std::vector<BoundCheck> bind_domain_column_checks(const storage::TableSchema& schema);

// The domain of `type` in the planning world (else the registry), or nullptr.
std::shared_ptr<const value::DomainType> domain_of(const value::SqlType& type);

}  // namespace ptreedb::planner
