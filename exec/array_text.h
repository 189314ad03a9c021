// Arrays travel as their text form ('{1,2}', '{a,"b c",NULL}'), as the
// catalogs hold them; these read and write that form.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::exec {

// The elements of '{a,"b c",NULL}' (nothing for NULL); text that is not an
// array is one element.
std::vector<std::optional<std::string>> array_elements(std::string_view array);

// One element as it appears inside an array's text form: quoted when it
// needs it, NULL for none.
std::string array_element_text(const std::optional<std::string>& element);

// The text form of `elements`, quoting those that need it as PostgreSQL does.
std::string array_text(const std::vector<std::optional<std::string>>& elements);

}  // namespace ptreedb::exec
