// format_type(type oid, typmod): the type's SQL name; NULL typmod is -1,
// unknown oids print ???.
#include <map>

#include "exec/functions/text_results.h"
#include "storage/value/domain_type.h"
#include "storage/value/enum_type.h"
#include "storage/value/type_id.h"

namespace ptreedb::exec {
namespace {

std::string type_text(std::int64_t oid, std::int32_t typmod) {
  auto type = value::type_from_oid(static_cast<value::Oid>(oid));
  if (type && *type != value::TypeId::kArray && *type != value::TypeId::kEnum) {
    return value::format_type(value::SqlType{*type, typmod});
  }
  if (auto element = value::array_element_from_oid(static_cast<value::Oid>(oid))) {
    return value::format_type(value::SqlType::array_of(value::SqlType{*element, typmod}));
  }
  if (auto enum_type = value::registered_enum_type(static_cast<value::Oid>(oid))) return enum_type->name;
  if (auto domain = value::registered_domain_type(static_cast<value::Oid>(oid))) return domain->name;
  static const std::map<std::int64_t, const char*> kOthers = {
      {17, "bytea"}, {18, "\"char\""}, {19, "name"}, {24, "regproc"}, {26, "oid"}, {2205, "regclass"},
      {2206, "regtype"}};
  auto other = kOthers.find(oid);
  return other != kOthers.end() ? other->second : "???";
}

Vector evaluate_format_type(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& typmods = args[1];
  // Only the oid's NULL makes the result NULL.
  return text_per_row(expr, {args[0]}, input.size, [&](std::size_t i) {
    return type_text(args[0].ints[i], typmods.nulls[i] ? -1 : static_cast<std::int32_t>(typmods.ints[i]));
  });
}

}  // namespace

const FunctionKernel kFormatTypeKernel{planner::FunctionId::kFormatType, evaluate_format_type};

}  // namespace ptreedb::exec
