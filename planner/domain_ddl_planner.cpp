#include "planner/domain_ddl_planner.h"

#include <string>

#include "planner/catalog/catalog_functions.h"
#include "planner/ddl_clauses.h"
#include "planner/domain_constraints.h"
#include "planner/parse/deparse.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

// A domain's possibly qualified name: only schema public holds domains.
std::string domain_name(PgQuery__Node* const* names, std::size_t count) {
  std::string qualified;
  for (std::size_t i = 0; i < count; ++i) qualified += (i == 0 ? "" : ".") + string_of(names[i]);
  if (count == 0 || count > 3) {
    throw SqlError(sqlstate::kSyntaxError, "improper qualified name (too many dotted names): " + qualified);
  }
  if (count >= 2) check_relation_schema_name(string_of(names[count - 2]), -1);
  return string_of(names[count - 1]);
}

// DEFAULT expr: checked as a default of the base type (42804 when it cannot be assigned).
std::string checked_default(const value::DomainType& domain, const PgQuery__Node* expression) {
  std::string sql = deparse_expression(expression);
  check_default(storage::ColumnSchema("value", domain.base, false, sql));
  return sql;
}

// CHECK (expr): checked over VALUE of the base type; kept as SQL text.
value::DomainCheck checked_check(const value::DomainType& domain, const PgQuery__Constraint& constraint) {
  if (constraint.is_no_inherit) {
    throw SqlError("42P16", "check constraints for domains cannot be marked NO INHERIT");
  }
  value::DomainCheck check;
  check.name = constraint.conname != nullptr ? constraint.conname : "";
  check.expression_sql = deparse_expression(constraint.raw_expr);
  bind_domain_check_expression(domain, check.expression_sql);
  return check;
}

[[noreturn]] void not_possible(const char* what) {
  throw SqlError(sqlstate::kSyntaxError, std::string(what) + " constraints not possible for domains");
}

void refuse_other_constraint(const PgQuery__Constraint& constraint) {
  switch (constraint.contype) {
    case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE: not_possible("unique");
    case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY: not_possible("primary key");
    case PG_QUERY__CONSTR_TYPE__CONSTR_EXCLUSION: not_possible("exclusion");
    case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN: not_possible("foreign key");
    case PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_DEFERRABLE:
    case PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_NOT_DEFERRABLE:
    case PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_DEFERRED:
    case PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_IMMEDIATE:
      throw SqlError(sqlstate::kFeatureNotSupported, "specifying constraint deferrability not supported for domains");
    default:
      throw SqlError(sqlstate::kSyntaxError, "this constraint is not possible for domains");
  }
}

}  // namespace

DdlPlan plan_create_domain(const PgQuery__CreateDomainStmt& statement) {
  CreateDomainPlan plan;
  value::DomainType& domain = plan.domain;
  domain.name = domain_name(statement.domainname, statement.n_domainname);
  domain.base = resolve_column_type(*statement.type_name);
  if (domain.base.domain_oid != 0) {
    throw SqlError(sqlstate::kFeatureNotSupported, "CREATE DOMAIN over another domain is not supported yet");
  }
  if (statement.coll_clause != nullptr) {
    const auto& names = statement.coll_clause->collname;
    catalog::check_collation(string_of(names[statement.coll_clause->n_collname - 1]), statement.coll_clause->location);
  }
  bool saw_null = false, saw_not_null = false, saw_default = false;
  for (std::size_t i = 0; i < statement.n_constraints; ++i) {
    const PgQuery__Constraint& constraint = *statement.constraints[i]->constraint;
    switch (constraint.contype) {
      case PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL:
      case PG_QUERY__CONSTR_TYPE__CONSTR_NULL: {
        const bool not_null = constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL;
        if ((not_null && saw_null) || (!not_null && saw_not_null)) {
          throw SqlError(sqlstate::kSyntaxError, "conflicting NULL/NOT NULL constraints");
        }
        (not_null ? saw_not_null : saw_null) = true;
        domain.not_null = domain.not_null || not_null;
        break;
      }
      case PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT:
        if (saw_default) throw SqlError(sqlstate::kSyntaxError, "multiple default expressions");
        saw_default = true;
        domain.default_sql = checked_default(domain, constraint.raw_expr);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
        domain.checks.push_back(checked_check(domain, constraint));
        break;
      default:
        refuse_other_constraint(constraint);
    }
  }
  return plan;
}

DdlPlan plan_alter_domain(const PgQuery__AlterDomainStmt& statement) {
  AlterDomainPlan plan;
  plan.name = domain_name(statement.type_name, statement.n_type_name);
  using Action = AlterDomainPlan::Action;
  const char subtype = statement.subtype != nullptr ? statement.subtype[0] : '\0';
  switch (subtype) {
    case 'T':  // SET DEFAULT / DROP DEFAULT
      if (statement.def != nullptr) {
        plan.action = Action::kSetDefault;
        plan.default_sql = deparse_expression(statement.def);  // checked against the base type at commit
      } else {
        plan.action = Action::kDropDefault;
      }
      return plan;
    case 'N': plan.action = Action::kDropNotNull; return plan;
    case 'O': plan.action = Action::kSetNotNull; return plan;
    case 'C': {
      const PgQuery__Constraint& constraint = *statement.def->constraint;
      if (constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL) {
        plan.action = Action::kSetNotNull;
        return plan;
      }
      if (constraint.contype != PG_QUERY__CONSTR_TYPE__CONSTR_CHECK) refuse_other_constraint(constraint);
      if (constraint.skip_validation) {
        throw SqlError(sqlstate::kFeatureNotSupported, "ALTER DOMAIN ... ADD CONSTRAINT ... NOT VALID is not supported yet");
      }
      if (constraint.is_no_inherit) {
        throw SqlError("42P16", "check constraints for domains cannot be marked NO INHERIT");
      }
      plan.action = Action::kAddCheck;
      plan.constraint = constraint.conname != nullptr ? constraint.conname : "";
      plan.expression_sql = deparse_expression(constraint.raw_expr);
      return plan;
    }
    case 'X':
      plan.action = Action::kDropConstraint;
      plan.constraint = statement.name;
      plan.missing_ok = statement.missing_ok;
      return plan;
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "ALTER DOMAIN ... VALIDATE CONSTRAINT is not supported yet");
  }
}

DdlPlan plan_drop_domain(const PgQuery__DropStmt& statement) {
  DropDomainPlan plan;
  plan.missing_ok = statement.missing_ok;
  plan.cascade = statement.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
  for (std::size_t i = 0; i < statement.n_objects; ++i) {
    const PgQuery__Node* object = statement.objects[i];
    if (object->node_case != PG_QUERY__NODE__NODE_TYPE_NAME) {
      throw SqlError(sqlstate::kFeatureNotSupported, "DROP DOMAIN of this name is not supported yet");
    }
    plan.names.push_back(domain_name(object->type_name->names, object->type_name->n_names));
  }
  return plan;
}

DdlPlan plan_rename_domain(const PgQuery__RenameStmt& statement) {
  AlterDomainPlan plan;
  const PgQuery__Node* object = statement.object;
  if (object == nullptr || object->node_case != PG_QUERY__NODE__NODE_LIST) {
    throw SqlError(sqlstate::kFeatureNotSupported, "ALTER DOMAIN of this name is not supported yet");
  }
  plan.name = domain_name(object->list->items, object->list->n_items);
  plan.new_name = statement.newname;
  if (statement.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_DOMCONSTRAINT) {
    plan.action = AlterDomainPlan::Action::kRenameConstraint;
    plan.constraint = statement.subname;
  } else {
    plan.action = AlterDomainPlan::Action::kRename;
  }
  return plan;
}

}  // namespace ptreedb::planner
