#include "planner/parameters.h"

#include <algorithm>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"
#include "planner/parse/parse_tree_walk.h"
#include "storage/sql_error.h"
#include "storage/value/text_format.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

namespace {

thread_local StatementParameters* current_parameters = nullptr;

StatementParameters& parameters_for(std::int32_t number, int location) {
  if (current_parameters == nullptr || number < 1 || static_cast<std::size_t>(number) > current_parameters->count()) {
    throw SqlError("42P02", "there is no parameter $" + std::to_string(number), {}, {}, location + 1);
  }
  return *current_parameters;
}

}  // namespace

void StatementParameters::close_open_types() {
  for (std::size_t i = 0; i < open.size(); ++i) {
    if (open[i]) types[i] = SqlType::of(TypeId::kText);
    open[i] = false;
  }
}

ParameterScope::ParameterScope(StatementParameters* parameters) : previous_(current_parameters) {
  current_parameters = parameters;
}

ParameterScope::~ParameterScope() { current_parameters = previous_; }

BoundExpression bind_parameter(const PgQuery__ParamRef& ref) {
  StatementParameters& parameters = parameters_for(ref.number, ref.location);
  const std::size_t index = static_cast<std::size_t>(ref.number) - 1;
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = parameters.types[index];
  if (!parameters.bound) {
    // Describing: a NULL of the parameter's type, or an unknown still open.
    if (parameters.open[index]) {
      out.unknown_literal = true;
      out.parameter = static_cast<std::uint32_t>(ref.number);
    }
    return out;
  }
  const auto& bound_value = parameters.values[index];
  if (!bound_value) return out;
  // The value's text read as the parameter's type (checked already at Bind).
  BoundExpression text = make_constant_text(*bound_value);
  text.unknown_literal = true;
  return resolve_unknown(std::move(text), parameters.types[index], true);
}

void record_parameter_type(std::uint32_t number, SqlType type) {
  StatementParameters* parameters = current_parameters;
  if (parameters == nullptr || number == 0 || number > parameters->count()) return;
  if (!parameters->open[number - 1]) return;
  // A parameter takes the type without its modifier, as in PostgreSQL: a
  // too-long value for a varchar(20) column fails on assignment, not truncates.
  parameters->types[number - 1] = type.is_array()              ? SqlType::array_of(SqlType::of(type.element))
                                  : type.id == TypeId::kEnum ? SqlType::enumeration(type.enum_oid)
                                                             : SqlType::of(type.id);
  parameters->open[number - 1] = false;
}

std::int64_t parameter_count_value(const PgQuery__ParamRef& ref, const char* clause) {
  StatementParameters& parameters = parameters_for(ref.number, ref.location);
  const std::size_t index = static_cast<std::size_t>(ref.number) - 1;
  record_parameter_type(static_cast<std::uint32_t>(ref.number), SqlType::of(TypeId::kBigint));
  if (!parameters.bound || !parameters.values[index]) return -1;
  const SqlType type = parameters.types[index];
  if (!value::is_integer_type(type.id)) {
    throw SqlError(sqlstate::kFeatureNotSupported, std::string(clause) + " parameter of a non-integer type");
  }
  std::int64_t count = value::parse_int64(*parameters.values[index]);
  if (count < 0) throw SqlError("2201W", std::string(clause) + " must not be negative");
  return count;
}

std::uint32_t highest_parameter_number(const PgQuery__Node& statement) {
  std::uint32_t highest = 0;
  walk_messages(const_cast<ProtobufCMessage*>(&statement.base), [&](ProtobufCMessage& message) {
    if (message.descriptor == &pg_query__param_ref__descriptor) {
      auto& ref = reinterpret_cast<PgQuery__ParamRef&>(message);
      if (ref.number > 0) highest = std::max(highest, static_cast<std::uint32_t>(ref.number));
    }
    return true;
  });
  return highest;
}

}  // namespace ptreedb::planner
