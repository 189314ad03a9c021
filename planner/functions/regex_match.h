// POSIX regular expression match: text ~ pattern (!~, ~*, !~*), bound as
// FunctionId::kRegexMatch.
#pragma once

#include <string_view>

namespace ptreedb::planner {

// ~, !~, ~* or !~*.
bool is_regex_operator(std::string_view op);

}  // namespace ptreedb::planner
