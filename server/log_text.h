// Client-supplied text (user and database names, application_name, query
// text, error messages quoting them) as it may appear in the server log: a
// newline in a role name must not start a forged log line.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::server {

// `text` with backslashes doubled, control characters (C0, DEL, C1, U+2028/9)
// as \n, \r, \t or \xHH / \u2028, and bytes that are not UTF-8 as \xHH: one
// printable line that reads back unambiguously.
std::string log_text(std::string_view text);

}  // namespace ptreedb::server
