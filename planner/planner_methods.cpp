#include "planner/planner_methods.h"

#include <string>

#include "planner/settings_access.h"

namespace ptreedb::planner {

namespace {

bool enabled(const std::string& name) {
  std::optional<std::string> value = current_setting_text(name);
  return !value || *value != "off";
}

}  // namespace

PlannerMethods current_planner_methods() {
  PlannerMethods methods;
  if (!enabled("enable_indexscan")) {
    methods.index_use = IndexUse::kNever;
  } else if (!enabled("enable_seqscan")) {
    methods.index_use = IndexUse::kWhenever;
  }
  methods.key_lookup_joins = enabled("enable_nestloop");
  return methods;
}

}  // namespace ptreedb::planner
