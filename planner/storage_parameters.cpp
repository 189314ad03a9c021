#include "planner/storage_parameters.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

constexpr const char* kInvalidParameter = "22023";

enum class Kind { kBool, kInt, kReal, kIndexCleanup };

// Where a parameter is valid: on the table itself and/or under "toast.".
enum Scope : unsigned { kHeap = 1, kToast = 2, kBtree = 4, kHash = 8 };

struct Parameter {
  const char* name;
  Kind kind;
  double min = 0;
  double max = 0;
  unsigned scope = 0;
};

// PostgreSQL 15's reloptions.c, for the relation kinds that exist here.
const std::vector<Parameter>& parameters() {
  static const std::vector<Parameter> table = {
      {"autovacuum_enabled", Kind::kBool, 0, 0, kHeap | kToast},
      {"user_catalog_table", Kind::kBool, 0, 0, kHeap},
      {"vacuum_truncate", Kind::kBool, 0, 0, kHeap | kToast},
      {"deduplicate_items", Kind::kBool, 0, 0, kBtree},
      {"fillfactor", Kind::kInt, 10, 100, kHeap | kBtree | kHash},
      {"autovacuum_vacuum_threshold", Kind::kInt, 0, INT_MAX, kHeap | kToast},
      {"autovacuum_vacuum_insert_threshold", Kind::kInt, -1, INT_MAX, kHeap | kToast},
      {"autovacuum_analyze_threshold", Kind::kInt, 0, INT_MAX, kHeap},
      {"autovacuum_vacuum_cost_limit", Kind::kInt, 1, 10000, kHeap | kToast},
      {"autovacuum_freeze_min_age", Kind::kInt, 0, 1000000000, kHeap | kToast},
      {"autovacuum_multixact_freeze_min_age", Kind::kInt, 0, 1000000000, kHeap | kToast},
      {"autovacuum_freeze_max_age", Kind::kInt, 100000, 2000000000, kHeap | kToast},
      {"autovacuum_multixact_freeze_max_age", Kind::kInt, 10000, 2000000000, kHeap | kToast},
      {"autovacuum_freeze_table_age", Kind::kInt, 0, 2000000000, kHeap | kToast},
      {"autovacuum_multixact_freeze_table_age", Kind::kInt, 0, 2000000000, kHeap | kToast},
      {"log_autovacuum_min_duration", Kind::kInt, -1, INT_MAX, kHeap | kToast},
      {"toast_tuple_target", Kind::kInt, 128, 8160, kHeap},
      {"parallel_workers", Kind::kInt, 0, 1024, kHeap},
      {"autovacuum_vacuum_cost_delay", Kind::kReal, 0, 100, kHeap | kToast},
      {"autovacuum_vacuum_scale_factor", Kind::kReal, 0, 100, kHeap | kToast},
      {"autovacuum_vacuum_insert_scale_factor", Kind::kReal, 0, 100, kHeap | kToast},
      {"autovacuum_analyze_scale_factor", Kind::kReal, 0, 100, kHeap},
      {"vacuum_index_cleanup", Kind::kIndexCleanup, 0, 0, kHeap | kToast},
  };
  return table;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

bool is_prefix_ignoring_case(std::string_view prefix, std::string_view word) {
  return !prefix.empty() && prefix.size() <= word.size() && equals_ignoring_case(prefix, word.substr(0, prefix.size()));
}

// PostgreSQL's parse_bool: unique prefixes of true/false/yes/no, on/off, 1/0.
bool parses_as_bool(std::string_view value) {
  if (value.empty()) return false;
  switch (std::tolower(static_cast<unsigned char>(value[0]))) {
    case 't': return is_prefix_ignoring_case(value, "true");
    case 'f': return is_prefix_ignoring_case(value, "false");
    case 'y': return is_prefix_ignoring_case(value, "yes");
    case 'n': return is_prefix_ignoring_case(value, "no");
    case 'o':
      return value.size() >= 2 && (is_prefix_ignoring_case(value, "on") || is_prefix_ignoring_case(value, "off"));
    case '1':
    case '0': return value.size() == 1;
    default: return false;
  }
}

bool only_spaces(const char* text) {
  while (*text != '\0' && std::isspace(static_cast<unsigned char>(*text))) ++text;
  return *text == '\0';
}

// PostgreSQL's parse_int without units: any base strtol takes, a fraction rounded.
bool parse_integer(const std::string& value, long long& result) {
  errno = 0;
  char* end = nullptr;
  long long parsed = std::strtoll(value.c_str(), &end, 0);
  if (end == value.c_str() || errno == ERANGE) return false;
  if (*end == '.' || *end == 'e' || *end == 'E') {
    errno = 0;
    double real = std::strtod(value.c_str(), &end);
    if (end == value.c_str() || errno == ERANGE || std::isnan(real)) return false;
    real = std::rint(real);
    if (real < INT_MIN || real > INT_MAX) return false;
    parsed = static_cast<long long>(real);
  }
  if (!only_spaces(end) || parsed < INT_MIN || parsed > INT_MAX) return false;
  result = parsed;
  return true;
}

bool parse_real(const std::string& value, double& result) {
  errno = 0;
  char* end = nullptr;
  double parsed = std::strtod(value.c_str(), &end);
  if (end == value.c_str() || errno != 0 || std::isnan(parsed) || !only_spaces(end)) return false;
  result = parsed;
  return true;
}

[[noreturn]] void invalid_value(const char* kind, const std::string& name, const std::string& value,
                                const std::string& detail = {}) {
  throw SqlError(kInvalidParameter,
                 std::string("invalid value for ") + kind + " option \"" + name + "\": " + value, detail);
}

void check_value(const Parameter& parameter, const std::string& value) {
  const std::string name = parameter.name;
  switch (parameter.kind) {
    case Kind::kBool:
      if (!parses_as_bool(value)) invalid_value("boolean", name, value);
      return;
    case Kind::kInt: {
      long long number = 0;
      if (!parse_integer(value, number)) invalid_value("integer", name, value);
      if (number < parameter.min || number > parameter.max) {
        throw SqlError(kInvalidParameter, "value " + value + " out of bounds for option \"" + name + "\"",
                       "Valid values are between \"" + std::to_string(static_cast<long long>(parameter.min)) +
                           "\" and \"" + std::to_string(static_cast<long long>(parameter.max)) + "\".");
      }
      return;
    }
    case Kind::kReal: {
      double number = 0;
      if (!parse_real(value, number)) invalid_value("floating point", name, value);
      if (number < parameter.min || number > parameter.max) {
        char detail[128];
        std::snprintf(detail, sizeof detail, "Valid values are between \"%f\" and \"%f\".", parameter.min,
                      parameter.max);
        throw SqlError(kInvalidParameter, "value " + value + " out of bounds for option \"" + name + "\"", detail);
      }
      return;
    }
    case Kind::kIndexCleanup:
      for (const char* allowed : {"auto", "on", "off", "true", "false", "yes", "no", "1", "0"}) {
        if (equals_ignoring_case(value, allowed)) return;
      }
      throw SqlError(kInvalidParameter, "invalid value for enum option \"" + name + "\": " + value,
                     "Valid values are \"on\", \"off\", and \"auto\".");
  }
}

// What defGetString makes of a DefElem's argument; a bare name means "true".
std::string value_text(const PgQuery__Node* argument) {
  if (argument == nullptr) return "true";
  switch (argument->node_case) {
    case PG_QUERY__NODE__NODE_INTEGER: return std::to_string(argument->integer->ival);
    case PG_QUERY__NODE__NODE_FLOAT: return argument->float_->fval;
    case PG_QUERY__NODE__NODE_STRING: return argument->string->sval;
    case PG_QUERY__NODE__NODE_BOOLEAN: return argument->boolean->boolval ? "true" : "false";
    case PG_QUERY__NODE__NODE_TYPE_NAME: {
      std::string text;
      const auto& type = *argument->type_name;
      for (std::size_t i = 0; i < type.n_names; ++i) {
        if (type.names[i]->node_case != PG_QUERY__NODE__NODE_STRING) continue;
        if (!text.empty()) text += ".";
        text += type.names[i]->string->sval;
      }
      return text;
    }
    default: return "";
  }
}

}  // namespace

std::vector<std::string> check_storage_parameters(PgQuery__Node* const* options, std::size_t count,
                                                  StorageParameterTarget target) {
  std::vector<std::string> kept;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < count; ++i) {
    if (options[i]->node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
    const auto& definition = *options[i]->def_elem;
    const std::string name = definition.defname != nullptr ? definition.defname : "";
    const std::string space = definition.defnamespace != nullptr ? definition.defnamespace : "";
    const std::string value = value_text(definition.arg);
    unsigned scope = kHeap;
    if (target == StorageParameterTarget::kTable) {
      if (!space.empty() && space != "toast") {
        throw SqlError(kInvalidParameter, "unrecognized parameter namespace \"" + space + "\"");
      }
      if (space.empty() && name == "oids") {
        const bool oids_on = parses_as_bool(value) && (std::tolower(static_cast<unsigned char>(value[0])) == 't' ||
                                                       std::tolower(static_cast<unsigned char>(value[0])) == 'y' ||
                                                       value == "1" || equals_ignoring_case(value, "on"));
        if (oids_on) {
          throw SqlError(sqlstate::kFeatureNotSupported, "tables declared WITH OIDS are not supported");
        }
        continue;  // WITH (oids = false) is what every table is
      }
      if (space == "toast") scope = kToast;
    } else {
      if (!space.empty()) throw SqlError(kInvalidParameter, "unrecognized parameter namespace \"" + space + "\"");
      scope = target == StorageParameterTarget::kBtreeIndex ? kBtree : kHash;
    }
    const Parameter* known = nullptr;
    for (const auto& parameter : parameters()) {
      if ((parameter.scope & scope) != 0 && name == parameter.name) known = &parameter;
    }
    if (known == nullptr) throw SqlError(kInvalidParameter, "unrecognized parameter \"" + name + "\"");
    if (!seen.insert(space + "." + name).second) {
      throw SqlError(kInvalidParameter, "parameter \"" + name + "\" specified more than once");
    }
    check_value(*known, value);
    if (space.empty()) kept.push_back(name + "=" + value);
  }
  return kept;
}

std::vector<std::string> merged_storage_parameters(std::vector<std::string> current,
                                                   const std::vector<std::string>& set,
                                                   const std::vector<std::string>& reset) {
  auto name_of = [](const std::string& option) { return option.substr(0, option.find('=')); };
  auto drop = [&](const std::string& name) {
    std::erase_if(current, [&](const std::string& option) { return name_of(option) == name; });
  };
  for (const std::string& name : reset) drop(name);
  for (const std::string& option : set) {
    drop(name_of(option));
    current.push_back(option);
  }
  return current;
}

}  // namespace ptreedb::planner
