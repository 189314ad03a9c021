// jsonb values. A jsonb value is stored (in rows and vectors) as its
// normalized text: what jsonb_out prints, with keys already sorted and
// de-duplicated and numbers in numeric's canonical form. That keeps rows,
// vectors, COPY and the wire format on the text paths every type already
// has, makes output free, and re-parsing is linear; ordering and keys come
// from jsonb_order.h.
#pragma once

#include <string>
#include <string_view>

#include "storage/value/json_value.h"

namespace ptreedb::value {

// jsonb's input function: parse, refuse \u0000 (22P05), normalize, print.
std::string jsonb_from_text(std::string_view text);

// A stored jsonb (normalized text) back as a tree.
JsonValue parse_jsonb(std::string_view normalized);

// Makes a tree jsonb's: object keys ordered shorter first, then bytewise,
// the last of equal keys kept; numbers canonical; \u0000 refused.
void normalize_jsonb(JsonValue& value);

// jsonb_out's text: {"a": 1, "b": [1, 2]}.
std::string jsonb_to_text(const JsonValue& value);
void append_jsonb_text(std::string& out, const JsonValue& value);
// jsonb_pretty's text: four spaces per level.
std::string jsonb_pretty_text(const JsonValue& value);

// A JSON string literal of `text`, escaped as PostgreSQL's escape_json.
void append_json_string(std::string& out, std::string_view text);

// Orders keys as jsonb stores them: length first, then bytes.
bool jsonb_key_less(std::string_view a, std::string_view b);

}  // namespace ptreedb::value
