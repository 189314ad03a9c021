#include "planner/settings_access.h"

#include "planner/expression_binder.h"
#include "storage/sql_error.h"
#include "storage/value/text_format.h"

namespace ptreedb::planner {

namespace {

thread_local SettingsAccess* current_access = nullptr;

// The text of a constant argument (a literal, or a bound parameter cast to text).
std::optional<std::string> constant_text(const BoundExpression& arg, const std::string& function, int location) {
  const BoundExpression* node = &arg;
  while (node->kind == ExprKind::kCast && node->args.size() == 1) node = &node->args[0];
  if (node->kind != ExprKind::kConstant) {
    throw SqlError(sqlstate::kFeatureNotSupported, function + "() needs constant arguments", {}, {}, location + 1);
  }
  if (node->constant.is_null) return std::nullopt;
  switch (node->type.id) {
    case value::TypeId::kBoolean:
      return node->constant.int_value != 0 ? "true" : "false";
    case value::TypeId::kChar:
    case value::TypeId::kVarchar:
    case value::TypeId::kText:
    case value::TypeId::kName:
      return node->constant.text_value;
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, function + "() needs text arguments", {}, {}, location + 1);
  }
}

BoundExpression text_result(std::optional<std::string> text) {
  if (!text) {
    BoundExpression null;
    null.kind = ExprKind::kConstant;
    null.type = value::SqlType::of(value::TypeId::kText);
    return null;
  }
  return make_constant_text(std::move(*text));
}

}  // namespace

std::string current_session_user() {
  if (current_access == nullptr) return "postgres";
  return current_access->current("session_authorization", true).value_or("postgres");
}

std::string current_role_setting() {
  if (current_access == nullptr) return "postgres";
  auto role = current_access->current("role", true);
  if (role && !role->empty() && *role != "none") return *role;
  return current_session_user();
}

std::optional<std::string> current_setting_text(const std::string& name) {
  if (current_access == nullptr) return std::nullopt;
  return current_access->current(name, true);
}

SettingsAccess* current_settings_access() { return current_access; }

std::int32_t current_backend_pid() { return current_access == nullptr ? 0 : current_access->backend_pid(); }

SettingsAccessScope::SettingsAccessScope(SettingsAccess* access) : previous_(current_access) {
  current_access = access;
}

SettingsAccessScope::~SettingsAccessScope() { current_access = previous_; }

BoundExpression bind_settings_function(const std::string& name, std::vector<BoundExpression> args, int location) {
  if (current_access == nullptr) {
    throw SqlError(sqlstate::kFeatureNotSupported, name + "() is not available here", {}, {}, location + 1);
  }
  std::vector<std::optional<std::string>> texts;
  for (const auto& arg : args) texts.push_back(constant_text(arg, name, location));
  if (name == "current_setting" && (args.size() == 1 || args.size() == 2)) {
    if (!texts[0]) return text_result(std::nullopt);
    bool missing_ok = args.size() == 2 && texts[1] && value::parse_bool(*texts[1]);
    return text_result(current_access->current(*texts[0], missing_ok));
  }
  if (name == "set_config" && args.size() == 3) {
    if (!texts[0]) throw SqlError("22004", "SET requires parameter name");
    bool is_local = texts[2] && value::parse_bool(*texts[2]);
    return text_result(current_access->set(*texts[0], texts[1].value_or(""), is_local));
  }
  throw SqlError("42883", "function " + name + " with " + std::to_string(args.size()) + " arguments does not exist",
                 {}, {}, location + 1);
}

}  // namespace ptreedb::planner
