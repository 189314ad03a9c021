#include "server/session_settings.h"

#include <algorithm>
#include <cstdlib>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <memory>

#include "exec/memory_budget.h"
#include "exec/parallel_workers.h"
#include "exec/vector.h"
#include "server/protocol/backend_messages.h"
#include "server/setting_definitions.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/value/interval.h"
#include "storage/value/text_format.h"

namespace ptreedb::server {

namespace {


// work_mem's default, derived from the server's memory limit at start.
std::string& work_mem_default() {
  static std::string value = "4MB";
  return value;
}

std::string default_of(const SettingDefinition& setting) {
  if (setting.name == std::string_view("work_mem")) return work_mem_default();
  if (setting.name == std::string_view("max_parallel_workers_per_gather")) {
    return std::to_string(exec::default_parallel_workers());
  }
  return std::string(setting.default_value);
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}


// "my.option": PostgreSQL accepts any two-part name as a custom placeholder.
bool is_custom_name(std::string_view name) {
  auto dot = name.find('.');
  return dot != std::string_view::npos && dot > 0 && dot + 1 < name.size();
}

[[noreturn]] void unknown_setting(std::string_view name) {
  throw SqlError(sqlstate::kUndefinedObject, "unrecognized configuration parameter \"" + std::string(name) + "\"");
}

[[noreturn]] void invalid_value(std::string_view name, std::string_view value, std::string hint = {}) {
  throw SqlError(sqlstate::kInvalidParameterValue,
                 "invalid value for parameter \"" + std::string(name) + "\": \"" + std::string(value) + "\"", {},
                 std::move(hint));
}

std::string trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return std::string(text);
}

std::optional<long long> parse_integer(std::string_view text) {
  long long value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::string format_milliseconds(long long ms) {
  if (ms == 0) return "0";
  constexpr std::array<std::pair<long long, const char*>, 4> kUnits = {
      {{86'400'000, "d"}, {3'600'000, "h"}, {60'000, "min"}, {1000, "s"}}};
  for (const auto& [size, unit] : kUnits) {
    if (ms % size == 0) return std::to_string(ms / size) + unit;
  }
  return std::to_string(ms) + "ms";
}

std::string normalize_milliseconds(std::string_view name, std::string_view text) {
  std::string value = trim(text);
  std::size_t digits = 0;
  if (digits < value.size() && (value[digits] == '-' || value[digits] == '+')) ++digits;
  while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
  auto number = parse_integer(std::string_view(value).substr(value[0] == '+' ? 1 : 0, digits - (value[0] == '+')));
  std::string unit = trim(std::string_view(value).substr(digits));
  const std::string hint = "Valid units for this parameter are \"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\".";
  if (!number) invalid_value(name, text, hint);
  long long factor = 0;
  if (unit.empty() || unit == "ms") factor = 1;
  else if (unit == "s") factor = 1000;
  else if (unit == "min") factor = 60'000;
  else if (unit == "h") factor = 3'600'000;
  else if (unit == "d") factor = 86'400'000;
  else if (unit == "us") return format_milliseconds(*number / 1000);
  else invalid_value(name, text, hint);
  long long ms = *number * factor;
  if (ms < 0 || ms > 2147483647LL) {
    throw SqlError(sqlstate::kInvalidParameterValue, std::to_string(ms) + " ms is outside the valid range for parameter \"" +
                                                         std::string(name) + "\" (0 .. 2147483647)");
  }
  return format_milliseconds(ms);
}

// A memory size in kB as SHOW prints it: the largest unit that divides it.
std::string format_kilobytes(long long kb) {
  constexpr std::array<std::pair<long long, const char*>, 3> kUnits = {
      {{1024LL * 1024 * 1024, "TB"}, {1024 * 1024, "GB"}, {1024, "MB"}}};
  for (const auto& [size, unit] : kUnits) {
    if (kb != 0 && kb % size == 0) return std::to_string(kb / size) + unit;
  }
  return std::to_string(kb) + "kB";
}

// max_stack_depth: kB, or a size with a unit; at least 100kB, and no more than
// the stack of the thread running statements allows (PostgreSQL's check
// against the platform's limit).
std::string normalize_stack_depth(std::string_view name, std::string_view text) {
  std::string value = trim(text);
  std::size_t digits = 0;
  while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
  auto number = parse_integer(std::string_view(value).substr(0, digits));
  std::string unit = trim(std::string_view(value).substr(digits));
  const std::string hint = "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".";
  if (!number) invalid_value(name, text, hint);
  long long kb = 0;
  if (unit.empty() || unit == "kB") kb = *number;
  else if (unit == "B") kb = *number / 1024;
  else if (unit == "MB") kb = *number * 1024;
  else if (unit == "GB") kb = *number * 1024 * 1024;
  else if (unit == "TB") kb = *number * 1024 * 1024 * 1024;
  else invalid_value(name, text, hint);
  if (kb < 100 || kb > 2147483647LL) {
    throw SqlError(sqlstate::kInvalidParameterValue, std::to_string(kb) + " kB is outside the valid range for parameter \"" +
                                                         std::string(name) + "\" (100 .. 2147483647)");
  }
  const auto ceiling = static_cast<long long>(max_stack_depth_ceiling_kb());
  if (kb > ceiling) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   "invalid value for parameter \"" + std::string(name) + "\": " + std::to_string(kb),
                   "\"max_stack_depth\" must not exceed " + std::to_string(ceiling) + "kB.",
                   "Increase the platform's stack depth limit via \"ulimit -s\" or local equivalent.");
  }
  return format_kilobytes(kb);
}

// "a|b|c" as its parts ("" is a part too: default_tablespace may be empty).
std::vector<std::string_view> choices_of(std::string_view list) {
  std::vector<std::string_view> parts;
  if (list.empty()) return parts;
  std::size_t start = 0;
  for (std::size_t bar = list.find('|'); bar != std::string_view::npos; bar = list.find('|', start)) {
    parts.push_back(list.substr(start, bar - start));
    start = bar + 1;
  }
  parts.push_back(list.substr(start));
  return parts;
}

// A real setting as SHOW prints it (PostgreSQL's "%g").
std::string shortest_real(double number) {
  std::array<char, 32> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%g", number);
  return buffer.data();
}

// The value as SHOW will print it, or an error for an invalid one.
std::string normalize_value(const SettingDefinition& setting, std::string_view text, const SessionState& state) {
  switch (setting.kind) {
    case SettingKind::kString:
      if (setting.name == std::string_view("application_name")) {
        // As PostgreSQL's check_application_name (pg_clean_ascii): it reaches
        // logs and every session's pg_stat_activity, so only printable ASCII.
        std::string cleaned(text);
        for (char& c : cleaned) {
          if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) c = '?';
        }
        return cleaned;
      }
      return std::string(text);
    case SettingKind::kBool:
    case SettingKind::kOnOnly: {
      bool on = false;
      try {
        on = value::parse_bool(text);
      } catch (const SqlError&) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "parameter \"" + std::string(setting.name) + "\" requires a Boolean value");
      }
      if (!on && setting.kind == SettingKind::kOnOnly) {
        throw SqlError(sqlstate::kFeatureNotSupported, std::string(setting.name) + " = off is not supported");
      }
      return on ? "on" : "off";
    }
    case SettingKind::kInteger: {
      auto number = parse_integer(trim(text));
      if (!number) {
        throw SqlError(sqlstate::kInvalidParameterValue, "invalid value for parameter \"" + std::string(setting.name) +
                                                             "\": \"" + std::string(text) + "\"");
      }
      if (*number < setting.minimum || *number > setting.maximum) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       std::to_string(*number) + " is outside the valid range for parameter \"" +
                           std::string(setting.name) + "\" (" + std::to_string(setting.minimum) + " .. " +
                           std::to_string(setting.maximum) + ")");
      }
      return std::to_string(*number);
    }
    case SettingKind::kMilliseconds:
      return normalize_milliseconds(setting.name, text);
    case SettingKind::kFraction: {
      std::string trimmed(trim(text));
      char* end = nullptr;
      double value = trimmed.empty() ? -1 : std::strtod(trimmed.c_str(), &end);
      if (trimmed.empty() || end != trimmed.c_str() + trimmed.size() || !(value >= 0 && value <= 1)) {
        throw SqlError(sqlstate::kInvalidParameterValue, "invalid value for parameter \"" + std::string(setting.name) +
                                                             "\": \"" + std::string(text) + "\"",
                       {}, "Use a number from 0 to 1.");
      }
      return trimmed;
    }
    case SettingKind::kMemory: {
      // A bare number counts the setting's unit (kB for work_mem, 8kB pages
      // for the planner's sizes); the range is in that unit too.
      const std::int64_t unit_bytes = std::int64_t{1024} * setting.memory_unit_kb;
      std::int64_t bytes = exec::parse_memory_size(std::string(text), unit_bytes, true);
      if (bytes < 0) {
        invalid_value(setting.name, text, "Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
      }
      std::int64_t units = (bytes + unit_bytes / 2) / unit_bytes;
      if (units < setting.minimum || units > setting.maximum) {
        const std::string unit = setting.memory_unit_kb == 1 ? "kB" : std::to_string(setting.memory_unit_kb) + "kB";
        throw SqlError(sqlstate::kInvalidParameterValue,
                       std::to_string(units) + " " + unit + " is outside the valid range for parameter \"" +
                           std::string(setting.name) + "\" (" + std::to_string(setting.minimum) + " .. " +
                           std::to_string(setting.maximum) + ")");
      }
      return units == 0 ? "0" : exec::format_memory_size(units * unit_bytes);
    }
    case SettingKind::kStackDepth:
      return normalize_stack_depth(setting.name, text);
    case SettingKind::kEncoding: {
      std::string name = lower(trim(text));
      name.erase(std::remove_if(name.begin(), name.end(), [](char c) { return c == '-' || c == '_'; }), name.end());
      if (name == "utf8" || name == "unicode") return "UTF8";
      // SQL_ASCII means no conversion at all (psql asks for it under the C locale).
      if (name == "sqlascii") return "SQL_ASCII";
      static constexpr std::array<std::string_view, 12> kKnown = {
          "latin3", "latin1", "latin2", "latin9", "win1252", "win1251", "euc_jp", "eucjp", "sjis", "big5", "gbk",
          "koi8r"};
      if (std::find(kKnown.begin(), kKnown.end(), name) != kKnown.end()) {
        std::string shown = trim(text);
        for (char& c : shown) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        throw SqlError(sqlstate::kFeatureNotSupported,
                       "conversion between " + shown + " and UTF8 is not supported");
      }
      invalid_value(setting.name, text);
    }
    case SettingKind::kDateStyle: {
      // What the list leaves out keeps the current setting's half.
      const auto current = state.settings.find("DateStyle");
      const value::DateStyleSetting read =
          value::read_date_style_setting(text, current != state.settings.end() ? current->second : "ISO, MDY");
      if (!read.canonical) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "invalid value for parameter \"DateStyle\": \"" + std::string(text) + "\"", read.error_detail);
      }
      return *read.canonical;
    }
    case SettingKind::kIntervalStyle: {
      const std::string style = lower(trim(text));
      if (value::read_interval_style(style)) return style;
      invalid_value(setting.name, text, "Available values: postgres, postgres_verbose, sql_standard, iso_8601.");
    }
    case SettingKind::kTimeZone: {
      auto zone = value::find_setting_time_zone(text);
      if (!zone) invalid_value(setting.name, text);
      return zone->name();
    }
    case SettingKind::kEnum: {
      // Case-insensitive, untrimmed (PostgreSQL's config_enum_lookup_by_name).
      const std::string wanted = lower(text);
      for (std::string_view choice : choices_of(setting.choices)) {
        if (lower(choice) == wanted) return std::string(choice);
      }
      std::string hint = "Available values: ";
      bool first = true;
      for (std::string_view choice : choices_of(setting.choices)) {
        if (choice.empty()) continue;
        hint += (first ? "" : ", ") + std::string(choice);
        first = false;
      }
      invalid_value(setting.name, text, hint + ".");
    }
    case SettingKind::kReal: {
      const std::string trimmed = trim(text);
      char* end = nullptr;
      const double number = trimmed.empty() ? 0 : std::strtod(trimmed.c_str(), &end);
      if (trimmed.empty() || end != trimmed.c_str() + trimmed.size() || std::isnan(number)) {
        invalid_value(setting.name, text);
      }
      if (number < setting.real_minimum || number > setting.real_maximum) {
        throw SqlError(sqlstate::kInvalidParameterValue, shortest_real(number) +
                                                             " is outside the valid range for parameter \"" +
                                                             std::string(setting.name) + "\" (" +
                                                             shortest_real(setting.real_minimum) + " .. " +
                                                             shortest_real(setting.real_maximum) + ")");
      }
      return shortest_real(number);
    }
    case SettingKind::kLocale: {
      // Values are formatted and collated in the C locale; messages are in English.
      const std::string locale = trim(text);
      const std::string wanted = lower(locale);
      const bool c_locale = wanted == "c" || wanted == "posix" || wanted == "c.utf-8" || wanted == "c.utf8";
      const bool english = wanted.starts_with("en_") || wanted == "en";
      if (c_locale || (english && setting.name == std::string_view("lc_messages"))) return locale;
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "locale \"" + locale + "\" is not supported for " + std::string(setting.name) +
                         ": only the C locale is");
    }
    case SettingKind::kRole:
      // SET ROLE and SET SESSION AUTHORIZATION check the role against the
      // catalog (server/role_commands) before they get here; a startup option
      // may only name the session's own user.
      if (!state.role_checked && std::string(text) != state.user) {
        throw SqlError(sqlstate::kUndefinedObject, "role \"" + std::string(text) + "\" does not exist");
      }
      return std::string(text);
  }
  return std::string(text);
}

// normalize_value, then the values ptreedb refuses for what it does not implement.
std::string normalize(const SettingDefinition& setting, std::string_view text, const SessionState& state) {
  std::string value = normalize_value(setting, text, state);
  for (std::string_view refused : choices_of(setting.refused)) {
    if (!refused.empty() && lower(refused) == lower(value)) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     setting.refusal.empty() ? std::string(setting.name) + " = " + value + " is not supported"
                                             : std::string(setting.refusal));
    }
  }
  return value;
}

void assign(SessionState& state, const std::string& name, std::string value, bool reported) {
  auto& current = state.settings[name];
  if (current == value) return;
  current = std::move(value);
  if (reported &&
      std::find(state.changed_reported_settings.begin(), state.changed_reported_settings.end(), name) ==
          state.changed_reported_settings.end()) {
    state.changed_reported_settings.push_back(name);
  }
}

// SET LOCAL: the value to restore when the block ends, kept once per name.
void remember_before_local(SessionState& state, std::string_view name) {
  const SettingDefinition* setting = find_setting(name);
  std::string key = setting != nullptr ? std::string(setting->name) : lower(name);
  auto found = state.settings.find(key);
  state.settings_before_local.try_emplace(key, found != state.settings.end() ? found->second : std::string());
}

// SET name = value (or TO DEFAULT when `value` is nullopt); returns the new value.
std::string set_setting(SessionState& state, std::string_view name, std::optional<std::string_view> value) {
  const SettingDefinition* setting = find_setting(name);
  if (setting == nullptr) {
    if (!is_custom_name(name)) unknown_setting(name);
    std::string key = lower(name);
    std::string text = value ? std::string(*value) : std::string();
    state.settings[key] = text;
    return text;
  }
  const std::string key(setting->name);
  if (setting->read_only) {
    throw SqlError("55P02", "parameter \"" + lower(setting->name) + "\" cannot be changed");
  }
  std::string text;
  if (value) {
    text = normalize(*setting, *value, state);
  } else {
    auto found = state.setting_defaults.find(key);
    text = found != state.setting_defaults.end() ? found->second : default_of(*setting);
  }
  assign(state, key, text, setting->reported);
  return state.settings[key];
}

void reset_all(SessionState& state) {
  for (const auto& setting : setting_definitions()) {
    if (setting.read_only || setting.kind == SettingKind::kRole) continue;
    set_setting(state, setting.name, std::nullopt);
  }
  for (auto it = state.settings.begin(); it != state.settings.end();) {
    it = is_custom_name(it->first) ? state.settings.erase(it) : std::next(it);
  }
}

// The text a SET's argument list stands for: constants joined by ", ".
std::string argument_text(const PgQuery__VariableSetStmt& set) {
  std::string out;
  for (std::size_t i = 0; i < set.n_args; ++i) {
    const PgQuery__Node* arg = set.args[i];
    if (i > 0) out += ", ";
    if (arg->node_case == PG_QUERY__NODE__NODE_A_CONST) {
      const auto& constant = *arg->a_const;
      switch (constant.val_case) {
        case PG_QUERY__A__CONST__VAL_SVAL: out += constant.sval->sval; break;
        case PG_QUERY__A__CONST__VAL_IVAL: out += std::to_string(constant.ival->ival); break;
        case PG_QUERY__A__CONST__VAL_FVAL: out += constant.fval->fval; break;
        case PG_QUERY__A__CONST__VAL_BOOLVAL: out += constant.boolval->boolval ? "on" : "off"; break;
        default: throw SqlError(sqlstate::kSyntaxError, "invalid value in SET");
      }
    } else if (arg->node_case == PG_QUERY__NODE__NODE_TYPE_CAST &&
               arg->type_cast->arg->node_case == PG_QUERY__NODE__NODE_A_CONST &&
               arg->type_cast->arg->a_const->val_case == PG_QUERY__A__CONST__VAL_SVAL) {
      // SET TIME ZONE INTERVAL '+02:00' HOUR TO MINUTE: a fixed zone east of
      // UTC, named as PostgreSQL names it ("<+02>-02").
      const std::string written = arg->type_cast->arg->a_const->sval->sval;
      const value::Interval span = value::parse_interval(written);
      if (span.months != 0 || span.days != 0) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "invalid value for parameter \"TimeZone\": \"INTERVAL '" + written + "'\"",
                       span.months != 0 ? "Cannot specify months in time zone interval."
                                        : "Cannot specify days in time zone interval.");
      }
      out += value::interval_time_zone(span.micros / value::kMicrosPerSecond).name();
    } else {
      throw SqlError(sqlstate::kFeatureNotSupported, "this SET value is not supported");
    }
  }
  return out;
}

exec::QueryResult tag_only(std::string tag) {
  exec::QueryResult result;
  result.command_tag = std::move(tag);
  return result;
}

planner::OutputColumn text_column(std::string name) {
  planner::OutputColumn column;
  column.name = std::move(name);
  column.type = value::SqlType::of(value::TypeId::kText);
  return column;
}

exec::QueryResult text_rows(std::vector<std::string> names, const std::vector<std::vector<std::string>>& rows) {
  exec::QueryResult result;
  result.returns_rows = true;
  auto storage = std::make_shared<exec::TextStorage>();
  exec::Chunk chunk;
  chunk.size = rows.size();
  for (std::size_t c = 0; c < names.size(); ++c) {
    result.columns.push_back(text_column(names[c]));
    exec::Vector column(value::SqlType::of(value::TypeId::kText));
    for (const auto& row : rows) {
      storage->strings.push_back(row[c]);
      column.nulls.push_back(0);
      column.texts.push_back(storage->strings.back());
    }
    column.text_owners.push_back(storage);
    chunk.columns.push_back(std::move(column));
  }
  result.chunks.push_back(std::move(chunk));
  result.command_tag = "SHOW";
  return result;
}

std::string show_column_name(std::string_view name) {
  const SettingDefinition* setting = find_setting(name);
  return setting != nullptr ? std::string(setting->name) : lower(name);
}

// The startup packet's "options" (libpq's options=, PGOPTIONS): "-c name=value"
// and "--name=value" switches separated by spaces, as PostgreSQL reads them.
void apply_command_line_options(SessionState& state, const std::string& options) {
  std::vector<std::string> words;
  std::string word;
  bool escaped = false;
  for (char c : options) {
    if (escaped) {
      word.push_back(c);
      escaped = false;
    } else if (c == '\\') {
      escaped = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::string assignment;
    if (words[i] == "-c" && i + 1 < words.size()) {
      assignment = words[++i];
    } else if (words[i].starts_with("-c")) {
      assignment = words[i].substr(2);
    } else if (words[i].starts_with("--")) {
      assignment = words[i].substr(2);
    } else {
      throw SqlError(sqlstate::kInvalidParameterValue, "invalid command-line argument for server process: " + words[i]);
    }
    std::size_t equals = assignment.find('=');
    if (equals == std::string::npos) {
      throw SqlError(sqlstate::kSyntaxError, "-c " + assignment + " requires a value");
    }
    std::string name = assignment.substr(0, equals);
    for (char& c : name) c = c == '-' ? '_' : c;
    set_setting(state, name, assignment.substr(equals + 1));
  }
}

}  // namespace

void initialize_settings(SessionState& state, const std::vector<std::pair<std::string, std::string>>& startup_options) {
  state.settings.clear();
  state.setting_defaults.clear();
  for (const auto& setting : setting_definitions()) state.settings[std::string(setting.name)] = default_of(setting);
  state.settings["session_authorization"] = state.user;
  for (const auto& [name, value] : startup_options) {
    if (name == "user" || name == "database" || name == "replication") continue;
    if (name == "options") {
      apply_command_line_options(state, value);
    } else {
      set_setting(state, name, value);
    }
  }
  state.setting_defaults = state.settings;
  state.changed_reported_settings.clear();
}

void encode_reported_settings(std::string& out, const SessionState& state) {
  for (const auto& setting : setting_definitions()) {
    if (!setting.reported) continue;
    auto found = state.settings.find(std::string(setting.name));
    protocol::encode_parameter_status(out, setting.name, found != state.settings.end() ? found->second : "");
  }
}

void encode_changed_settings(std::string& out, SessionState& state) {
  for (const auto& [code, message] : state.pending_warnings) {
    protocol::ErrorFields fields;
    fields.severity = protocol::Severity::kWarning;
    fields.sqlstate = code;
    fields.message = message;
    protocol::encode_notice_response(out, fields);
  }
  state.pending_warnings.clear();
  for (const auto& name : state.changed_reported_settings) {
    protocol::encode_parameter_status(out, name, state.settings[name]);
  }
  state.changed_reported_settings.clear();
}

std::size_t max_stack_depth_kb(const SessionState& state) {
  auto found = state.settings.find("max_stack_depth");
  if (found == state.settings.end()) return kDefaultMaxStackDepthKb;
  // Stored normalised: a number and one of kB, MB, GB, TB.
  const std::string& value = found->second;
  std::size_t digits = 0;
  while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
  auto number = parse_integer(std::string_view(value).substr(0, digits));
  if (!number) return kDefaultMaxStackDepthKb;
  std::string_view unit = std::string_view(value).substr(digits);
  long long factor = unit == "MB" ? 1024 : unit == "GB" ? 1024 * 1024 : unit == "TB" ? 1024LL * 1024 * 1024 : 1;
  return static_cast<std::size_t>(*number * factor);
}

int setting_integer(const SessionState& state, std::string_view name, int missing) {
  auto found = state.settings.find(std::string(name));
  return found == state.settings.end() ? missing : std::atoi(found->second.c_str());
}

double setting_fraction(const SessionState& state, std::string_view name) {
  auto found = state.settings.find(std::string(name));
  return found == state.settings.end() ? 0 : std::strtod(found->second.c_str(), nullptr);
}

long long setting_milliseconds(const SessionState& state, std::string_view name) {
  auto found = state.settings.find(std::string(name));
  if (found == state.settings.end()) return 0;
  // Stored values are normalised ("0", "1500ms", "5s", "90min", ...).
  const std::string& value = found->second;
  std::size_t digits = 0;
  while (digits < value.size() && std::isdigit(static_cast<unsigned char>(value[digits]))) ++digits;
  auto number = parse_integer(std::string_view(value).substr(0, digits));
  if (!number) return 0;
  std::string_view unit = std::string_view(value).substr(digits);
  if (unit == "s") return *number * 1000;
  if (unit == "min") return *number * 60'000;
  if (unit == "h") return *number * 3'600'000;
  if (unit == "d") return *number * 86'400'000;
  return *number;
}

std::string show_setting(const SessionState& state, std::string_view name) {
  const SettingDefinition* setting = find_setting(name);
  std::string key = setting != nullptr ? std::string(setting->name) : lower(name);
  auto found = state.settings.find(key);
  if (found == state.settings.end()) unknown_setting(name);
  return found->second;
}

std::optional<exec::QueryResult> run_settings_statement(const PgQuery__Node& statement, SessionState& state) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT: {
      const auto& set = *statement.variable_set_stmt;
      switch (set.kind) {
        case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE:
        case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_DEFAULT: {
          if (set.is_local && state.transaction_status == protocol::TransactionStatus::kIdle) {
            // PostgreSQL warns (25P01) and changes nothing outside a transaction block;
            // still check the name.
            if (find_setting(set.name) == nullptr && !is_custom_name(set.name)) unknown_setting(set.name);
            state.pending_warnings.emplace_back("25P01", "SET LOCAL can only be used in transaction blocks");
            return tag_only("SET");
          }
          if (set.is_local) remember_before_local(state, set.name);
          if (set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_DEFAULT) {
            set_setting(state, set.name, std::nullopt);
          } else {
            set_setting(state, set.name, argument_text(set));
          }
          return tag_only("SET");
        }
        case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_CURRENT:
        case PG_QUERY__VARIABLE_SET_KIND__VAR_SET_MULTI:  // SET TRANSACTION ..., SET SESSION CHARACTERISTICS ...
          return tag_only("SET");
        case PG_QUERY__VARIABLE_SET_KIND__VAR_RESET:
          set_setting(state, set.name, std::nullopt);
          return tag_only("RESET");
        case PG_QUERY__VARIABLE_SET_KIND__VAR_RESET_ALL:
          reset_all(state);
          return tag_only("RESET");
        default:
          throw SqlError(sqlstate::kFeatureNotSupported, "this SET form is not supported");
      }
    }
    case PG_QUERY__NODE__NODE_VARIABLE_SHOW_STMT: {
      std::string name = statement.variable_show_stmt->name;
      if (lower(name) == "all") {
        std::vector<std::vector<std::string>> rows;
        for (const auto& setting : setting_definitions()) {
          rows.push_back({std::string(setting.name), state.settings.at(std::string(setting.name)),
                          std::string(setting.description)});
        }
        return text_rows({"name", "setting", "description"}, rows);
      }
      std::string value = show_setting(state, name);
      return text_rows({show_column_name(name)}, {{value}});
    }
    case PG_QUERY__NODE__NODE_DISCARD_STMT:
      if (statement.discard_stmt->target == PG_QUERY__DISCARD_MODE__DISCARD_ALL) {
        if (state.transaction_status != protocol::TransactionStatus::kIdle) {
          throw SqlError("25001", "DISCARD ALL cannot run inside a transaction block");
        }
        reset_all(state);
        state.sequences->forget();
        state.prepared_statements.clear();
        state.cursors.clear();
        return tag_only("DISCARD ALL");
      }
      if (statement.discard_stmt->target == PG_QUERY__DISCARD_MODE__DISCARD_SEQUENCES) state.sequences->forget();
      return tag_only(statement.discard_stmt->target == PG_QUERY__DISCARD_MODE__DISCARD_PLANS       ? "DISCARD PLANS"
                      : statement.discard_stmt->target == PG_QUERY__DISCARD_MODE__DISCARD_SEQUENCES ? "DISCARD SEQUENCES"
                                                                                                     : "DISCARD TEMP");
    case PG_QUERY__NODE__NODE_DEALLOCATE_STMT: {
      std::string name = statement.deallocate_stmt->name;
      if (name.empty()) {
        std::erase_if(state.prepared_statements, [](const auto& entry) { return !entry.first.empty(); });
      } else if (state.prepared_statements.erase(name) == 0) {
        throw SqlError("26000", "prepared statement \"" + name + "\" does not exist");
      }
      return tag_only("DEALLOCATE" + std::string(name.empty() ? " ALL" : ""));
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::vector<planner::OutputColumn>> settings_statement_columns(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT:
    case PG_QUERY__NODE__NODE_DISCARD_STMT:
    case PG_QUERY__NODE__NODE_DEALLOCATE_STMT:
      return std::vector<planner::OutputColumn>{};
    case PG_QUERY__NODE__NODE_VARIABLE_SHOW_STMT: {
      std::string name = statement.variable_show_stmt->name;
      if (lower(name) == "all") return std::vector{text_column("name"), text_column("setting"), text_column("description")};
      return std::vector{text_column(show_column_name(name))};
    }
    default:
      return std::nullopt;
  }
}

const value::DateStyle& SessionDateStyle::date_style() {
  const auto date_style = state_.settings.find("DateStyle");
  const auto interval_style = state_.settings.find("IntervalStyle");
  const std::string& date_text = date_style != state_.settings.end() ? date_style->second : std::string();
  const std::string& interval_text = interval_style != state_.settings.end() ? interval_style->second : std::string();
  auto& cache = state_.date_style_cache;
  if (date_text != cache.date_setting || interval_text != cache.interval_setting) {
    const auto interval = value::read_interval_style(interval_text);
    cache.style = value::parse_canonical_date_style(date_text, interval.value_or(value::IntervalOutputStyle::kPostgres));
    cache.date_setting = date_text;
    cache.interval_setting = interval_text;
  }
  return cache.style;
}

const value::TimeZone& SessionTimeZone::time_zone() {
  auto found = state_.settings.find("TimeZone");
  const std::string& text = found != state_.settings.end() ? found->second : std::string();
  if (text != state_.time_zone_cache.setting) {
    auto zone = value::find_setting_time_zone(text);
    state_.time_zone_cache.zone = zone ? *std::move(zone) : value::TimeZone();
    state_.time_zone_cache.setting = text;
  }
  return state_.time_zone_cache.zone;
}

value::ByteaOutput SessionByteaOutput::bytea_output() {
  auto found = state_.settings.find("bytea_output");
  return found != state_.settings.end() && found->second == "escape" ? value::ByteaOutput::kEscape
                                                                      : value::ByteaOutput::kHex;
}

int SessionExtraFloatDigits::extra_float_digits() {
  auto found = state_.settings.find("extra_float_digits");
  if (found == state_.settings.end()) return 1;
  if (found->second != cached_text_) {
    // SET checked the value (an integer in -15..3); read it once per change.
    cached_digits_ = std::atoi(found->second.c_str());
    cached_text_ = found->second;
  }
  return cached_digits_;
}

std::int32_t SettingsScope::backend_pid() const {
  return state_.directory != nullptr ? state_.directory->backend_pid() : 0;
}

std::optional<std::string> SettingsScope::current(const std::string& name, bool missing_ok) {
  const SettingDefinition* setting = find_setting(name);
  std::string key = setting != nullptr ? std::string(setting->name) : lower(name);
  auto found = state_.settings.find(key);
  if (found == state_.settings.end()) {
    if (missing_ok) return std::nullopt;
    unknown_setting(name);
  }
  return found->second;
}

std::string SettingsScope::set(const std::string& name, const std::string& value, bool is_local) {
  if (describing_) {
    // Only validated and normalized: describing a statement changes nothing.
    SessionState copy;
    copy.user = state_.user;
    copy.settings = state_.settings;
    copy.setting_defaults = state_.setting_defaults;
    return set_setting(copy, name, value);
  }
  if (is_local && state_.transaction_status == protocol::TransactionStatus::kIdle) {
    return current(name, false).value_or("");
  }
  if (is_local) remember_before_local(state_, name);
  return set_setting(state_, name, value);
}

void begin_transaction_settings(SessionState& state) {
  state.settings_at_begin = state.settings;
  state.settings_before_local.clear();
}

void end_transaction_settings(SessionState& state, bool committed) {
  std::map<std::string, std::string> restore;
  if (!committed && state.settings_at_begin) {
    restore = std::move(*state.settings_at_begin);
  } else {
    restore = state.settings;
    for (auto& [name, value] : state.settings_before_local) restore[name] = std::move(value);
  }
  for (auto& [name, value] : restore) {
    const SettingDefinition* setting = find_setting(name);
    assign(state, name, std::move(value), setting != nullptr && setting->reported);
  }
  state.settings_at_begin.reset();
  state.settings_before_local.clear();
}

void set_work_mem_default(std::int64_t bytes) {
  // Whole megabytes read better in SHOW (a quarter of 80% of RAM is rarely round).
  constexpr std::int64_t kMegabyte = 1 << 20;
  bytes = bytes >= kMegabyte ? bytes / kMegabyte * kMegabyte : bytes / 1024 * 1024;
  work_mem_default() = exec::format_memory_size(std::max<std::int64_t>(64 * 1024, bytes));
}

std::int64_t setting_bytes(const SessionState& state, std::string_view name) {
  return exec::parse_memory_size(show_setting(state, name), 1024, true);
}

std::int64_t operator_memory_limit(const SessionState& state) {
  return std::max(setting_bytes(state, "work_mem"), exec::parse_memory_size(work_mem_default(), 1024, true));
}

}  // namespace ptreedb::server
