// The session settings ptreedb knows (PostgreSQL's GUCs that clients and
// tools look at or set): each one's name, default, how a value is checked
// and shown, and which values PostgreSQL accepts that ptreedb refuses (0A000)
// because it does not implement what they would change.
//
// The planner's method and cost settings (enable_*, *_cost, parallel sizes)
// are accepted as PostgreSQL's are: hints that discourage a method where the
// planner has another. ptreedb's planner reads the ones it has a choice for
// (planner/planner_methods.h); docs/compatibility.md lists which those are.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace ptreedb::server {

enum class SettingKind : std::uint8_t {
  kString,
  kBool,
  kInteger,       // with `minimum` .. `maximum`
  kMilliseconds,  // a duration: 5000, '5s', '1min'
  kEncoding,      // client_encoding: UTF8 only
  kDateStyle,
  kIntervalStyle,
  kOnOnly,        // a boolean that only supports "on" (standard_conforming_strings)
  kRole,          // session_authorization
  kMemory,        // a size with a unit, or a bare number of `memory_unit_kb` (work_mem: kB)
  kStackDepth,    // max_stack_depth: kB, with memory units
  kTimeZone,      // TimeZone: a zone name, hours east, or a POSIX offset
  kFraction,      // a real number from 0 to 1
  kEnum,          // one of `choices`, case-insensitive (bytea_output, force_parallel_mode, ...)
  kReal,          // a real number in `real_minimum` .. `real_maximum`, shown as %g
  kLocale,        // lc_*: the C locale (and, for messages, English ones)
};

struct SettingDefinition {
  std::string_view name;  // canonical spelling, as SHOW names its column
  std::string_view default_value;
  SettingKind kind = SettingKind::kString;
  bool reported = false;   // GUC_REPORT: ParameterStatus on change
  bool read_only = false;  // fixed at build or connection time
  std::string_view description;
  int minimum = 0;  // kInteger; kMemory in its unit
  int maximum = 0;
  std::string_view choices = {};  // kEnum: the values, '|'-separated, as SHOW prints them
  // Values PostgreSQL accepts for what ptreedb does not implement ('|'-separated):
  // refused with 0A000 and `refusal` (or "<name> = <value> is not supported").
  std::string_view refused = {};
  std::string_view refusal = {};
  double real_minimum = 0;  // kReal
  double real_maximum = 0;
  int memory_unit_kb = 1;  // kMemory: what a bare number counts (8: pages)
};

// Every setting, sorted by lower-case name (SHOW ALL's order).
std::span<const SettingDefinition> setting_definitions();

// The setting named `name` in any case; null when there is none.
const SettingDefinition* find_setting(std::string_view name);

}  // namespace ptreedb::server
