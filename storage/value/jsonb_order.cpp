#include "storage/value/jsonb_order.h"

#include <cstdint>

#include "storage/value/json_number.h"
#include "storage/value/jsonb_text.h"

namespace ptreedb::value {
namespace {

// Type tags in PostgreSQL's order (jbvNull < jbvString < jbvNumeric < jbvBool < jbvArray < jbvObject).
constexpr char kNullTag = 1, kStringTag = 2, kNumberTag = 3, kBoolTag = 4, kArrayTag = 5, kObjectTag = 6;

void append_count(std::string& key, std::size_t count) {
  auto n = static_cast<std::uint32_t>(count);
  for (int shift = 24; shift >= 0; shift -= 8) key += static_cast<char>((n >> shift) & 0xff);
}

// Strings escaped so they stay prefix-free and bytewise ordered: 0x00 -> 0x00 0xff, end 0x00 0x01.
void append_string(std::string& key, std::string_view text) {
  for (char c : text) {
    key += c;
    if (c == '\0') key += '\xff';
  }
  key += '\0';
  key += '\x01';
}

void append_value(std::string& key, const JsonValue& value) {
  switch (value.kind) {
    case JsonValue::Kind::kNull: key += kNullTag; return;
    case JsonValue::Kind::kString:
      key += kStringTag;
      append_string(key, value.text);
      return;
    case JsonValue::Kind::kNumber:
      key += kNumberTag;
      append_json_number_key(key, value.text);
      return;
    case JsonValue::Kind::kBool:
      key += kBoolTag;
      key += value.boolean ? '\x01' : '\x00';
      return;
    case JsonValue::Kind::kArray:
      key += kArrayTag;
      append_count(key, value.elements.size());
      key += '\x01';  // a real array, after raw scalars of the same count
      for (const JsonValue& element : value.elements) append_value(key, element);
      return;
    case JsonValue::Kind::kObject:
      key += kObjectTag;
      append_count(key, value.members.size());
      for (const auto& [name, member] : value.members) {
        append_string(key, name);
        append_value(key, member);
      }
      return;
  }
}

}  // namespace

void append_jsonb_key(std::string& key, const JsonValue& value) {
  if (value.is_container()) {
    append_value(key, value);
    return;
  }
  // A top-level scalar is PostgreSQL's raw-scalar pseudo array of one element.
  key += kArrayTag;
  append_count(key, 1);
  key += '\x00';
  append_value(key, value);
}

std::string jsonb_key(std::string_view normalized) {
  std::string key;
  append_jsonb_key(key, parse_jsonb(normalized));
  return key;
}

int jsonb_compare(std::string_view a, std::string_view b) {
  if (a == b) return 0;
  int order = jsonb_key(a).compare(jsonb_key(b));
  return (order > 0) - (order < 0);
}

}  // namespace ptreedb::value
