#include "planner/domain_constraints.h"

#include "planner/expression_binder.h"
#include "planner/parse/parse_sql.h"
#include "planner/user_type_names.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

BoundExpression constant_text(const std::string& text) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = value::SqlType::of(value::TypeId::kText);
  out.constant.is_null = false;
  out.constant.text_value = text;
  return out;
}

BoundExpression constant_bool(bool flag) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = value::SqlType::of(value::TypeId::kBoolean);
  out.constant.is_null = false;
  out.constant.int_value = flag ? 1 : 0;
  return out;
}

// `expr` with every reference to input column 0 (VALUE) replaced by `value`.
BoundExpression with_value(BoundExpression expr, const BoundExpression& value) {
  if (expr.kind == ExprKind::kColumn && expr.column == 0) return value;
  for (auto& arg : expr.args) arg = with_value(std::move(arg), value);
  return expr;
}

// args: the value, the domain's name, NOT NULL, assertion (a boolean result
// instead of the value), then each check's name and condition over the same input.
BoundExpression check_call(BoundExpression value, const value::DomainType& domain, const value::SqlType& type,
                           bool assertion) {
  BoundExpression call;
  call.kind = ExprKind::kFunction;
  call.function = FunctionId::kDomainCheck;
  call.type = assertion ? value::SqlType::of(value::TypeId::kBoolean) : type;
  std::vector<BoundExpression> conditions;
  for (const auto& check : domain.checks) {
    conditions.push_back(constant_text(check.name));
    conditions.push_back(with_value(bind_domain_check_expression(domain, check.expression_sql), value));
  }
  call.args.push_back(std::move(value));
  call.args.push_back(constant_text(domain.name));
  call.args.push_back(constant_bool(domain.not_null));
  call.args.push_back(constant_bool(assertion));
  for (auto& condition : conditions) call.args.push_back(std::move(condition));
  return call;
}

}  // namespace

std::shared_ptr<const value::DomainType> domain_of(const value::SqlType& type) {
  if (type.domain_oid == 0) return nullptr;
  if (auto domain = planning_domain(type.domain_oid)) return domain;
  return value::registered_domain_type(type.domain_oid);
}

BoundExpression bind_domain_check_expression(const value::DomainType& domain, const std::string& expression_sql) {
  ParseTree tree = parse_sql("SELECT " + expression_sql);
  const auto& select = *tree.statement(0).stmt->select_stmt;
  return bind_check_expression({storage::ColumnSchema("value", domain.base)}, domain.name,
                               select.target_list[0]->res_target->val);
}

BoundExpression bind_domain_check_on_column(const value::DomainType& domain, const std::string& expression_sql,
                                            std::size_t column) {
  BoundExpression input;
  input.kind = ExprKind::kColumn;
  input.column = column;
  input.type = domain.base;
  return with_value(bind_domain_check_expression(domain, expression_sql), input);
}

BoundExpression domain_check_call(BoundExpression value, const value::SqlType& domain_type) {
  auto domain = domain_of(domain_type);
  if (domain == nullptr) {
    throw SqlError(sqlstate::kUndefinedObject, "type with OID " + std::to_string(domain_type.domain_oid) + " does not exist");
  }
  return check_call(std::move(value), *domain, domain_type, false);
}

std::vector<BoundCheck> bind_domain_column_checks(const storage::TableSchema& schema) {
  std::vector<BoundCheck> checks;
  for (std::size_t c = 0; c < schema.columns().size(); ++c) {
    const value::SqlType& type = schema.column(c).type;
    auto domain = domain_of(type);
    if (domain == nullptr) continue;
    BoundExpression column;
    column.kind = ExprKind::kColumn;
    column.column = c;
    column.type = type.base();
    checks.push_back({domain->name, check_call(std::move(column), *domain, type, true)});
  }
  return checks;
}

}  // namespace ptreedb::planner
