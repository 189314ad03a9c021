#include "planner/catalog/system_relation_plan.h"

#include "planner/privileges.h"
#include "storage/sql_error.h"

namespace ptreedb::planner::catalog {
namespace {

BoundExpression constant_of(const Cell& cell, value::SqlType type) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = type;
  if (const auto* number = std::get_if<std::int64_t>(&cell)) {
    out.constant.is_null = false;
    if (value::is_float_type(type.id)) {
      out.constant.double_value = static_cast<double>(*number);
    } else {
      out.constant.int_value = *number;
    }
  } else if (const auto* text = std::get_if<std::string>(&cell)) {
    out.constant.is_null = false;
    if (value::is_float_type(type.id)) {
      out.constant.double_value = std::stod(*text);  // fractions (pg_enum.enumsortorder) come as text
    } else {
      out.constant.text_value = *text;
    }
  }
  return out;
}

}  // namespace

QueryBlock plan_sequence_relation(const storage::SequenceDefinition& sequence) {
  const storage::SequenceState state = sequence.counter->state();
  const std::vector<SystemColumn> columns{{"last_value", kInt8Type}, {"log_cnt", kInt8Type}, {"is_called", kBoolType}};
  std::vector<Cell> cells{Cell{state.last_value}, Cell{state.log_cnt}, boolean(state.is_called)};
  std::vector<BoundExpression> row;
  QueryBlock block;
  std::vector<value::SqlType> types;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    row.push_back(constant_of(cells[c], columns[c].type));
    types.push_back(columns[c].type);
    block.columns.push_back({columns[c].name, columns[c].type});
  }
  block.root = make_node(ValuesNode{{std::move(row)}}, types, 1);
  return block;
}

std::optional<QueryBlock> plan_system_relation(const std::string& schema, const std::string& name,
                                               const storage::World& world) {
  const SystemRelation* relation = find_system_relation(schema, name);
  if (relation == nullptr) return std::nullopt;
  // Role passwords (SCRAM verifiers) are for superusers' eyes only; pg_roles
  // and pg_user show them as ********.
  if (std::string_view(relation->name) == "pg_authid") check_superuser_only_relation(world, relation->name);
  SystemRows cells = relation->rows(world);
  std::vector<std::vector<BoundExpression>> rows;
  rows.reserve(cells.size());
  for (const auto& row : cells) {
    if (row.size() != relation->columns.size()) {
      throw SqlError("XX000", std::string("system relation ") + relation->name + " is malformed");
    }
    std::vector<BoundExpression> constants;
    constants.reserve(row.size());
    for (std::size_t c = 0; c < row.size(); ++c) constants.push_back(constant_of(row[c], relation->columns[c].type));
    rows.push_back(std::move(constants));
  }
  QueryBlock block;
  std::vector<value::SqlType> types;
  for (const auto& column : relation->columns) {
    types.push_back(column.type);
    block.columns.push_back({column.name, column.type});
  }
  double count = static_cast<double>(rows.size());
  // An empty VALUES would have no width: keep one row that a false filter drops.
  if (rows.empty()) {
    std::vector<BoundExpression> nulls;
    for (const auto& column : relation->columns) nulls.push_back(constant_of(Cell{}, column.type));
    BoundExpression never;
    never.kind = ExprKind::kConstant;
    never.type = value::SqlType::of(value::TypeId::kBoolean);
    never.constant.is_null = false;
    never.constant.int_value = 0;
    PlanPtr values = make_node(ValuesNode{{std::move(nulls)}}, types, 1);
    block.root = make_node(FilterNode{values, never}, types, 1);
    return block;
  }
  block.root = make_node(ValuesNode{std::move(rows)}, types, count);
  return block;
}

}  // namespace ptreedb::planner::catalog
