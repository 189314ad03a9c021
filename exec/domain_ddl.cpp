// CREATE DOMAIN, ALTER DOMAIN and DROP DOMAIN: the world's domains, with the
// columns of a domain checked when a constraint is added.
#include <algorithm>
#include <optional>
#include <set>

#include "exec/check_constraints.h"
#include "exec/ddl_changes.h"
#include "exec/evaluate.h"
#include "planner/check_constraint.h"
#include "planner/domain_constraints.h"
#include "planner/privileges.h"
#include "planner/statement_planner.h"
#include "storage/catalog/table_schema.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"

namespace ptreedb::exec {
namespace {

[[noreturn]] void domain_missing(const std::string& name) {
  throw SqlError(sqlstate::kUndefinedObject, "type \"" + name + "\" does not exist");
}

void check_type_name_free(const storage::World& world, const std::string& name) {
  if (world.find_domain(name) || world.find_enum_type(name) || storage::relation_kind(world, name)) {
    throw SqlError("42710", "type \"" + name + "\" already exists");
  }
}

struct DomainColumn {
  std::shared_ptr<const storage::Table> table;
  std::size_t column;
};

std::vector<DomainColumn> columns_of_domain(const storage::World& world, std::uint32_t oid) {
  std::vector<DomainColumn> out;
  for (auto entry : world.tables()) {
    const auto& columns = entry.value->schema().columns();
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (columns[c].type.domain_oid == oid) out.push_back({entry.value, c});
    }
  }
  return out;
}

// Constraint names in use (tables' and domains'): generated names go past them.
std::set<std::string> taken_constraint_names(const storage::World& world) {
  std::set<std::string> names = planner::constraint_names(world);
  for (auto entry : world.domains()) {
    for (const auto& check : entry.value->checks) names.insert(check.name);
  }
  return names;
}

// ChooseConstraintName(domain, NULL, "check"): "<domain>_check", then numbered.
std::string generated_check_name(const std::string& domain, std::set<std::string>& taken) {
  std::string name = domain + "_check";
  for (int n = 1; taken.count(name) != 0; ++n) name = domain + "_check" + std::to_string(n);
  taken.insert(name);
  return name;
}

// DEFAULT expr: assigned to the base type and, when constant, evaluated now,
// as PostgreSQL's cookDefault does ('x' for an integer domain is 22P02 at once).
void check_domain_default(const value::DomainType& domain, const std::string& sql) {
  planner::PrivilegeChecksOff not_run_yet;  // privileges are checked where the default is used
  fold_constants(planner::bind_default(storage::ColumnSchema("value", domain.base, false, sql)));
}

void sort_checks(value::DomainType& domain) {
  std::sort(domain.checks.begin(), domain.checks.end(),
            [](const value::DomainCheck& a, const value::DomainCheck& b) { return a.name < b.name; });
}

WorldPtr publish(const storage::World& world, value::DomainType domain, const std::string* replaced_name = nullptr) {
  auto shared = std::make_shared<const value::DomainType>(std::move(domain));
  WorldPtr base = replaced_name ? world.without_domain(*replaced_name) : nullptr;
  return (base ? *base : world).with_domain(std::move(shared));
}

// CASCADE: every column of the domain is dropped, as ALTER TABLE DROP COLUMN ... CASCADE.
WorldPtr without_columns_of_domain(const storage::World& world, std::uint32_t oid) {
  WorldPtr next;
  for (auto entry : world.tables()) {
    planner::AlterTablePlan alter;
    alter.relation = entry.value->schema().name();
    alter.command_tag = "ALTER TABLE";
    for (const auto& column : entry.value->schema().columns()) {
      if (column.type.domain_oid == oid) alter.actions.push_back(planner::DropColumn{column.name, false, true});
    }
    if (!alter.actions.empty()) next = alter_relation(next ? *next : world, alter);
  }
  return next;
}

// ADD CONSTRAINT CHECK: every stored value of the domain must pass it.
void check_stored_values(const storage::World& world, const value::DomainType& domain, const value::DomainCheck& check) {
  for (const auto& [table, column] : columns_of_domain(world, domain.oid)) {
    planner::BoundCheck bound{check.name, planner::bind_domain_check_on_column(domain, check.expression_sql, column)};
    try {
      check_existing_rows(table, bound);
    } catch (const SqlError& error) {
      if (error.sqlstate() != std::string(sqlstate::kCheckViolation)) throw;
      throw SqlError(sqlstate::kCheckViolation, "column \"" + table->schema().column(column).name + "\" of table \"" +
                                                    table->schema().name() +
                                                    "\" contains values that violate the new constraint");
    }
  }
}

// SET NOT NULL: no stored value of the domain may be NULL.
void check_no_nulls(const storage::World& world, std::uint32_t oid) {
  for (const auto& [table, column] : columns_of_domain(world, oid)) {
    for (auto entry : table->rows()) {
      if (entry.value.is_null(column)) {
        throw SqlError(sqlstate::kNotNullViolation, "column \"" + table->schema().column(column).name +
                                                        "\" of table \"" + table->schema().name() +
                                                        "\" contains null values");
      }
    }
  }
}

}  // namespace

WorldPtr create_domain(const storage::World& world, const planner::CreateDomainPlan& plan) {
  planner::check_create_in_public_schema(world);
  check_type_name_free(world, plan.domain.name);
  value::DomainType domain = plan.domain;
  if (domain.default_sql) check_domain_default(domain, *domain.default_sql);
  domain.oid = world.next_oid();
  std::set<std::string> taken = taken_constraint_names(world);
  std::uint32_t next_oid = domain.oid + 1;
  for (auto& check : domain.checks) {
    if (check.name.empty()) {
      check.name = generated_check_name(domain.name, taken);
    } else if (!taken.insert(check.name).second &&
               std::count_if(domain.checks.begin(), domain.checks.end(),
                             [&](const value::DomainCheck& other) { return other.name == check.name; }) > 1) {
      throw SqlError("42710", "constraint \"" + check.name + "\" for domain \"" + domain.name + "\" already exists");
    }
    check.oid = next_oid++;
  }
  sort_checks(domain);
  return publish(world, std::move(domain));
}

WorldPtr alter_domain(const storage::World& world, const planner::AlterDomainPlan& plan) {
  auto found = world.find_domain(plan.name);
  if (!found) domain_missing(plan.name);
  value::DomainType domain = *found;
  using Action = planner::AlterDomainPlan::Action;
  auto find_check = [&](const std::string& name) {
    return std::find_if(domain.checks.begin(), domain.checks.end(),
                        [&](const value::DomainCheck& check) { return check.name == name; });
  };
  switch (plan.action) {
    case Action::kSetDefault:
      check_domain_default(domain, *plan.default_sql);
      domain.default_sql = plan.default_sql;
      break;
    case Action::kDropDefault:
      domain.default_sql.reset();
      break;
    case Action::kSetNotNull:
      if (!domain.not_null) check_no_nulls(world, domain.oid);
      domain.not_null = true;
      break;
    case Action::kDropNotNull:
      domain.not_null = false;
      break;
    case Action::kAddCheck: {
      value::DomainCheck check;
      check.expression_sql = plan.expression_sql;
      planner::bind_domain_check_expression(domain, check.expression_sql);
      if (plan.constraint.empty()) {
        std::set<std::string> taken = taken_constraint_names(world);
        check.name = generated_check_name(domain.name, taken);
      } else {
        if (find_check(plan.constraint) != domain.checks.end()) {
          throw SqlError("42710", "constraint \"" + plan.constraint + "\" for domain \"" + domain.name +
                                      "\" already exists");
        }
        check.name = plan.constraint;
      }
      check.oid = world.next_oid();
      check_stored_values(world, domain, check);
      domain.checks.push_back(std::move(check));
      sort_checks(domain);
      break;
    }
    case Action::kDropConstraint: {
      auto check = find_check(plan.constraint);
      if (check == domain.checks.end()) {
        if (plan.missing_ok) return nullptr;
        throw SqlError(sqlstate::kUndefinedObject, "constraint \"" + plan.constraint + "\" of domain \"" +
                                                       domain.name + "\" does not exist");
      }
      domain.checks.erase(check);
      break;
    }
    case Action::kRename:
      if (plan.new_name == domain.name) return nullptr;
      check_type_name_free(world, plan.new_name);
      domain.name = plan.new_name;
      return publish(world, std::move(domain), &plan.name);
    case Action::kRenameConstraint: {
      auto check = find_check(plan.constraint);
      if (check == domain.checks.end()) {
        throw SqlError(sqlstate::kUndefinedObject, "constraint \"" + plan.constraint + "\" for domain \"" +
                                                       domain.name + "\" does not exist");
      }
      if (taken_constraint_names(world).count(plan.new_name) != 0) {
        throw SqlError("42710", "constraint \"" + plan.new_name + "\" for domain \"" + domain.name +
                                    "\" already exists");
      }
      check->name = plan.new_name;
      sort_checks(domain);
      break;
    }
  }
  return publish(world, std::move(domain));
}

WorldPtr drop_domains(const storage::World& world, const planner::DropDomainPlan& plan) {
  WorldPtr next;
  for (const std::string& name : plan.names) {
    const storage::World& current = next ? *next : world;
    auto domain = current.find_domain(name);
    if (!domain) {
      if (plan.missing_ok) continue;
      domain_missing(name);
    }
    auto columns = columns_of_domain(current, domain->oid);
    if (!columns.empty()) {
      if (!plan.cascade) {
        const auto& [table, column] = columns.front();
        throw SqlError("2BP01", "cannot drop type " + name + " because other objects depend on it",
                       "column " + table->schema().column(column).name + " of table " + table->schema().name() +
                           " depends on type " + name,
                       "Use DROP ... CASCADE to drop the dependent objects too.");
      }
      next = without_columns_of_domain(current, domain->oid);
    }
    next = (next ? *next : current).without_domain(name);
  }
  return next;
}

}  // namespace ptreedb::exec
