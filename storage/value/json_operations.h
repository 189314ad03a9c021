// What json and jsonb operators and functions do to trees: field and element
// access, paths, containment, existence, concatenation, deletion, jsonb_set /
// jsonb_insert and stripping nulls, as PostgreSQL's jsonfuncs.c and
// jsonb_util.c define them. Trees in, trees out; the callers parse and print.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "storage/value/json_value.h"

namespace ptreedb::value {

// value -> 'key': the object's member (the last of equal keys, as json's
// operators see a duplicated key), or null when absent or not an object.
const JsonValue* json_field(const JsonValue& value, std::string_view key);
// value -> index: negative counts from the end.
const JsonValue* json_element(const JsonValue& value, std::int64_t index);
// value #> path: each step a key, or an index (an integer's text) into an array.
const JsonValue* json_path(const JsonValue& value, std::span<const std::string> path);

// The text ->> gives: strings unescaped, null SQL NULL (nullopt), others as
// printed by `print`.
std::optional<std::string> json_as_text(const JsonValue& value, std::string (*print)(const JsonValue&));

// a @> b (jsonb containment, JsonbDeepContains).
bool jsonb_contains(const JsonValue& a, const JsonValue& b);
// a ? key: a top-level key, or a string element of a top-level array.
bool jsonb_exists(const JsonValue& value, std::string_view key);

// a || b (jsonb_concat).
JsonValue jsonb_concat(JsonValue a, JsonValue b);
// a - key, a - index, a - keys, a #- path.
JsonValue jsonb_delete_key(JsonValue value, std::string_view key);
JsonValue jsonb_delete_index(JsonValue value, std::int64_t index);
JsonValue jsonb_delete_path(JsonValue value, std::span<const std::string> path);

// jsonb_set(target, path, replacement, create_missing) and
// jsonb_insert(target, path, replacement, insert_after).
JsonValue jsonb_set(JsonValue target, std::span<const std::string> path, const JsonValue& replacement,
                    bool create_missing);
JsonValue jsonb_insert(JsonValue target, std::span<const std::string> path, const JsonValue& replacement,
                       bool insert_after);

// jsonb_strip_nulls: object members whose value is null removed, recursively.
void strip_nulls(JsonValue& value);

}  // namespace ptreedb::value
