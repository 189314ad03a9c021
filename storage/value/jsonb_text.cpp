#include "storage/value/jsonb_text.h"

#include <algorithm>
#include <cstdio>

#include "storage/sql_error.h"
#include "storage/value/json_number.h"
#include "storage/value/json_parse.h"

namespace ptreedb::value {
namespace {

void add_indent(std::string& out, bool indent, int level) {
  if (!indent) return;
  out += '\n';
  out.append(static_cast<std::size_t>(level) * 4, ' ');
}

void append_scalar(std::string& out, const JsonValue& value) {
  switch (value.kind) {
    case JsonValue::Kind::kNull: out += "null"; break;
    case JsonValue::Kind::kBool: out += value.boolean ? "true" : "false"; break;
    case JsonValue::Kind::kNumber: out += value.text; break;
    case JsonValue::Kind::kString: append_json_string(out, value.text); break;
    default: break;
  }
}

// PostgreSQL's JsonbToCStringWorker, over the tree: `indent` for jsonb_pretty.
void append_container(std::string& out, const JsonValue& value, bool indent, int level, bool use_indent) {
  const char separator[] = ", ";
  const std::size_t separator_length = indent ? 1 : 2;
  if (value.kind == JsonValue::Kind::kArray) {
    out += '[';
    bool first = true;
    for (const JsonValue& element : value.elements) {
      if (!first) out.append(separator, separator_length);
      if (element.is_container()) {
        add_indent(out, indent, level + 1);
        append_container(out, element, indent, level + 1, indent);
      } else {
        add_indent(out, indent, level + 1);
        append_scalar(out, element);
      }
      first = false;
    }
    add_indent(out, indent && use_indent, level);
    out += ']';
    return;
  }
  out += '{';
  bool first = true;
  for (const auto& [key, member] : value.members) {
    if (!first) out.append(separator, separator_length);
    add_indent(out, indent, level + 1);
    append_json_string(out, key);
    out += ": ";
    if (member.is_container()) {
      append_container(out, member, indent, level + 1, indent);
    } else {
      append_scalar(out, member);
    }
    first = false;
  }
  add_indent(out, indent && use_indent, level);
  out += '}';
}

}  // namespace

bool jsonb_key_less(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

void normalize_jsonb(JsonValue& value) {
  switch (value.kind) {
    case JsonValue::Kind::kNumber: value.text = canonical_json_number(value.text); return;
    case JsonValue::Kind::kString:
      if (value.text.find('\0') != std::string::npos) {
        throw SqlError("22P05", "unsupported Unicode escape sequence", "\\u0000 cannot be converted to text.");
      }
      return;
    case JsonValue::Kind::kArray:
      for (JsonValue& element : value.elements) normalize_jsonb(element);
      return;
    case JsonValue::Kind::kObject: {
      for (auto& member : value.members) {
        if (member.first.find('\0') != std::string::npos) {
          throw SqlError("22P05", "unsupported Unicode escape sequence", "\\u0000 cannot be converted to text.");
        }
        normalize_jsonb(member.second);
      }
      // Stable sort, then keep the last of each run of equal keys.
      std::stable_sort(value.members.begin(), value.members.end(),
                       [](const auto& a, const auto& b) { return jsonb_key_less(a.first, b.first); });
      std::vector<std::pair<std::string, JsonValue>> unique;
      unique.reserve(value.members.size());
      for (auto& member : value.members) {
        if (!unique.empty() && unique.back().first == member.first) {
          unique.back().second = std::move(member.second);
        } else {
          unique.push_back(std::move(member));
        }
      }
      value.members = std::move(unique);
      return;
    }
    default: return;
  }
}

std::string jsonb_from_text(std::string_view text) {
  JsonValue value = parse_json(text);
  normalize_jsonb(value);
  return jsonb_to_text(value);
}

JsonValue parse_jsonb(std::string_view normalized) { return parse_json(normalized); }

void append_jsonb_text(std::string& out, const JsonValue& value) {
  if (value.is_container()) {
    append_container(out, value, false, 0, false);
  } else {
    append_scalar(out, value);
  }
}

std::string jsonb_to_text(const JsonValue& value) {
  std::string out;
  append_jsonb_text(out, value);
  return out;
}

std::string jsonb_pretty_text(const JsonValue& value) {
  std::string out;
  if (value.is_container()) {
    append_container(out, value, true, 0, true);
  } else {
    append_scalar(out, value);
  }
  return out;
}

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    switch (c) {
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (static_cast<unsigned char>(c) < ' ') {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace ptreedb::value
