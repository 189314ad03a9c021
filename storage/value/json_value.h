// A parsed JSON document as a tree. Kinds are declared in PostgreSQL's jsonb
// type order (null < string < number < boolean < array < object), which the
// jsonb ordering uses. Numbers keep their text: json keeps what was written,
// jsonb keeps numeric's canonical text (json_number.h), never a double.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ptreedb::value {

struct JsonValue {
  enum class Kind : std::uint8_t { kNull, kString, kNumber, kBool, kArray, kObject };

  Kind kind = Kind::kNull;
  bool boolean = false;
  std::string text;  // a string's contents (unescaped) or a number's text
  std::vector<JsonValue> elements;                        // kArray
  std::vector<std::pair<std::string, JsonValue>> members;  // kObject
  // Where the value was in the parsed text, [begin, end): json's operators
  // return a part of the input verbatim.
  std::size_t begin = 0, end = 0;

  static JsonValue null() { return {}; }
  static JsonValue string(std::string s) {
    JsonValue v;
    v.kind = Kind::kString;
    v.text = std::move(s);
    return v;
  }
  static JsonValue number(std::string s) {
    JsonValue v;
    v.kind = Kind::kNumber;
    v.text = std::move(s);
    return v;
  }
  static JsonValue boolean_value(bool b) {
    JsonValue v;
    v.kind = Kind::kBool;
    v.boolean = b;
    return v;
  }
  static JsonValue array() {
    JsonValue v;
    v.kind = Kind::kArray;
    return v;
  }
  static JsonValue object() {
    JsonValue v;
    v.kind = Kind::kObject;
    return v;
  }
  bool is_container() const { return kind == Kind::kArray || kind == Kind::kObject; }
};

// jsonb_typeof's names: "object", "array", "string", "number", "boolean", "null".
const char* json_kind_name(JsonValue::Kind kind);

}  // namespace ptreedb::value
