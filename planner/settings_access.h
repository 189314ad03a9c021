// current_setting() and set_config() read and change the session's settings,
// which the server owns. It installs its settings for the statement being
// planned through this interface, so the planner needs no server headers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

class SettingsAccess {
 public:
  virtual ~SettingsAccess() = default;
  // nullopt for an unknown name when `missing_ok`; else throws 42704.
  virtual std::optional<std::string> current(const std::string& name, bool missing_ok) = 0;
  // Sets the value and returns the new value as SHOW prints it.
  virtual std::string set(const std::string& name, const std::string& value, bool is_local) = 0;
  // The session's process id (its temporary schema is pg_temp_<pid>); 0: unknown.
  virtual std::int32_t backend_pid() const { return 0; }
};

// Installs `access` on this thread until destroyed.
class SettingsAccessScope {
 public:
  explicit SettingsAccessScope(SettingsAccess* access);
  ~SettingsAccessScope();
  SettingsAccessScope(const SettingsAccessScope&) = delete;
  SettingsAccessScope& operator=(const SettingsAccessScope&) = delete;

 private:
  SettingsAccess* previous_;
};

// The role the session is connected as (session_authorization); "postgres"
// when no session is installed (unit tests).
std::string current_session_user();
// The current role (current_user): SET ROLE's role, else the session user.
std::string current_role_setting();
// A setting's value in the installed session; nullopt when none is installed.
std::optional<std::string> current_setting_text(const std::string& name);
// The installed session's process id; 0 when none is installed.
std::int32_t current_backend_pid();
// The installed access, or null.
SettingsAccess* current_settings_access();

// current_setting(name [, missing_ok]) and set_config(name, value, is_local)
// with constant arguments, evaluated while binding: a text constant.
BoundExpression bind_settings_function(const std::string& name, std::vector<BoundExpression> args, int location);

}  // namespace ptreedb::planner
