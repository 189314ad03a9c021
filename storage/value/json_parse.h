// JSON text input: RapidJSON's reader (numbers kept as their text) builds a
// JsonValue tree; syntax errors become PostgreSQL's 22P02 "invalid input
// syntax for type json" with its DETAIL line.
#pragma once

#include <string_view>

#include "storage/value/json_value.h"

namespace ptreedb::value {

// Parses `text` as RFC 8259 JSON; numbers keep the text written.
JsonValue parse_json(std::string_view text);

// json's input function: only checks `text` (json keeps it verbatim).
void check_json_text(std::string_view text);

}  // namespace ptreedb::value
