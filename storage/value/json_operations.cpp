#include "storage/value/json_operations.h"

#include <charconv>

#include "storage/sql_error.h"
#include "storage/value/json_number.h"
#include "storage/value/jsonb_text.h"

namespace ptreedb::value {
namespace {

using Kind = JsonValue::Kind;

bool scalars_equal(const JsonValue& a, const JsonValue& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Kind::kNull: return true;
    case Kind::kBool: return a.boolean == b.boolean;
    case Kind::kNumber: return compare_json_numbers(a.text, b.text) == 0;
    case Kind::kString: return a.text == b.text;
    default: return false;
  }
}

// A path step as an array index (PostgreSQL's strtoint): nullopt when it is not an integer.
std::optional<std::int64_t> step_index(std::string_view step) {
  std::int64_t index = 0;
  auto [end, error] = std::from_chars(step.data(), step.data() + step.size(), index);
  if (error != std::errc() || end != step.data() + step.size() || step.empty()) return std::nullopt;
  if (index > INT32_MAX || index < INT32_MIN) return std::nullopt;
  return index;
}

std::int64_t required_index(std::string_view step, std::size_t position) {
  auto index = step_index(step);
  if (!index) {
    throw SqlError(sqlstate::kInvalidTextRepresentation, "path element at position " + std::to_string(position + 1) +
                                                             " is not an integer: \"" + std::string(step) + "\"");
  }
  return *index;
}

JsonValue* member(JsonValue& object, std::string_view key) {
  for (auto it = object.members.rbegin(); it != object.members.rend(); ++it) {
    if (it->first == key) return &it->second;
  }
  return nullptr;
}

bool contains_at(const JsonValue& a, const JsonValue& b) {
  if (a.kind == Kind::kObject) {
    if (b.kind != Kind::kObject) return false;
    for (const auto& [key, wanted] : b.members) {
      const JsonValue* have = json_field(a, key);
      if (have == nullptr) return false;
      if (!wanted.is_container()) {
        if (!scalars_equal(*have, wanted)) return false;
      } else if (have->kind != wanted.kind || !contains_at(*have, wanted)) {
        return false;
      }
    }
    return true;
  }
  if (a.kind == Kind::kArray) {
    if (b.kind != Kind::kArray) return false;
    for (const JsonValue& wanted : b.elements) {
      bool found = false;
      for (const JsonValue& have : a.elements) {
        if (wanted.is_container() ? have.kind == wanted.kind && contains_at(have, wanted)
                                  : scalars_equal(have, wanted)) {
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return true;
  }
  return scalars_equal(a, b);
}

JsonValue as_array(JsonValue value) {
  if (value.kind == Kind::kArray) return value;
  JsonValue array = JsonValue::array();
  array.elements.push_back(std::move(value));
  return array;
}

bool set_path(JsonValue& node, std::span<const std::string> path, std::size_t level, const JsonValue& replacement,
              bool create_missing, bool insert, bool insert_after) {
  const std::string& step = path[level];
  const bool last = level + 1 == path.size();
  if (node.kind == Kind::kObject) {
    JsonValue* found = member(node, step);
    if (last) {
      if (found != nullptr) {
        if (insert) {
          throw SqlError(sqlstate::kInvalidParameterValue, "cannot replace existing key", {},
                         "Try using the function jsonb_set to replace key value.");
        }
        *found = replacement;
      } else if (create_missing || insert) {
        node.members.emplace_back(step, replacement);
      }
      return true;
    }
    if (found != nullptr && found->is_container()) set_path(*found, path, level + 1, replacement, create_missing, insert, insert_after);
    return true;
  }
  if (node.kind == Kind::kArray) {
    std::int64_t index = required_index(step, level);
    const auto size = static_cast<std::int64_t>(node.elements.size());
    if (index < 0) index = -index > size ? -1 : index + size;  // -1 after this: before the start
    const bool before_start = index < 0;
    if (last) {
      if (insert) {
        std::int64_t at = before_start ? 0 : index >= size ? size : index + (insert_after ? 1 : 0);
        node.elements.insert(node.elements.begin() + at, replacement);
      } else if (!before_start && index < size) {
        node.elements[index] = replacement;
      } else if (create_missing) {
        if (before_start) {
          node.elements.insert(node.elements.begin(), replacement);
        } else {
          node.elements.push_back(replacement);
        }
      }
      return true;
    }
    if (!before_start && index < size && node.elements[index].is_container()) {
      set_path(node.elements[index], path, level + 1, replacement, create_missing, insert, insert_after);
    }
    return true;
  }
  return true;
}

void delete_at(JsonValue& node, std::span<const std::string> path, std::size_t level) {
  const std::string& step = path[level];
  const bool last = level + 1 == path.size();
  if (node.kind == Kind::kObject) {
    for (auto it = node.members.begin(); it != node.members.end(); ++it) {
      if (it->first != step) continue;
      if (last) {
        node.members.erase(it);
      } else if (it->second.is_container()) {
        delete_at(it->second, path, level + 1);
      }
      return;
    }
    return;
  }
  if (node.kind == Kind::kArray) {
    std::int64_t index = required_index(step, level);
    const auto size = static_cast<std::int64_t>(node.elements.size());
    if (index < 0) index += size;
    if (index < 0 || index >= size) return;
    if (last) {
      node.elements.erase(node.elements.begin() + index);
    } else if (node.elements[index].is_container()) {
      delete_at(node.elements[index], path, level + 1);
    }
  }
}

}  // namespace

const JsonValue* json_field(const JsonValue& value, std::string_view key) {
  if (value.kind != Kind::kObject) return nullptr;
  for (auto it = value.members.rbegin(); it != value.members.rend(); ++it) {
    if (it->first == key) return &it->second;
  }
  return nullptr;
}

const JsonValue* json_element(const JsonValue& value, std::int64_t index) {
  if (value.kind != Kind::kArray) return nullptr;
  const auto size = static_cast<std::int64_t>(value.elements.size());
  if (index < 0) index += size;
  if (index < 0 || index >= size) return nullptr;
  return &value.elements[index];
}

const JsonValue* json_path(const JsonValue& value, std::span<const std::string> path) {
  const JsonValue* node = &value;
  for (const std::string& step : path) {
    if (node->kind == Kind::kObject) {
      node = json_field(*node, step);
    } else if (node->kind == Kind::kArray) {
      auto index = step_index(step);
      node = index ? json_element(*node, *index) : nullptr;
    } else {
      return nullptr;
    }
    if (node == nullptr) return nullptr;
  }
  return node;
}

std::optional<std::string> json_as_text(const JsonValue& value, std::string (*print)(const JsonValue&)) {
  if (value.kind == Kind::kNull) return std::nullopt;
  if (value.kind == Kind::kString) return value.text;
  return print(value);
}

bool jsonb_contains(const JsonValue& a, const JsonValue& b) {
  // Top level: a scalar is a one-element array, so an array contains a scalar
  // it has as an element, but a scalar contains no array.
  if (!a.is_container() && b.kind == Kind::kArray) return false;
  if (a.kind == Kind::kArray && !b.is_container()) return contains_at(a, as_array(b));
  return contains_at(a, b);
}

bool jsonb_exists(const JsonValue& value, std::string_view key) {
  if (value.kind == Kind::kObject) return json_field(value, key) != nullptr;
  if (value.kind == Kind::kArray) {
    for (const JsonValue& element : value.elements) {
      if (element.kind == Kind::kString && element.text == key) return true;
    }
    return false;
  }
  return value.kind == Kind::kString && value.text == key;
}

JsonValue jsonb_concat(JsonValue a, JsonValue b) {
  if (a.kind == Kind::kObject && b.kind == Kind::kObject) {
    for (auto& [key, member_value] : b.members) {
      if (JsonValue* existing = member(a, key)) {
        *existing = std::move(member_value);
      } else {
        a.members.emplace_back(key, std::move(member_value));
      }
    }
    normalize_jsonb(a);
    return a;
  }
  JsonValue left = as_array(std::move(a));
  JsonValue right = as_array(std::move(b));
  for (JsonValue& element : right.elements) left.elements.push_back(std::move(element));
  return left;
}

JsonValue jsonb_delete_key(JsonValue value, std::string_view key) {
  if (!value.is_container()) throw SqlError(sqlstate::kInvalidParameterValue, "cannot delete from scalar");
  if (value.kind == Kind::kObject) {
    std::erase_if(value.members, [&](const auto& m) { return m.first == key; });
  } else {
    std::erase_if(value.elements, [&](const JsonValue& e) { return e.kind == Kind::kString && e.text == key; });
  }
  return value;
}

JsonValue jsonb_delete_index(JsonValue value, std::int64_t index) {
  if (!value.is_container()) throw SqlError(sqlstate::kInvalidParameterValue, "cannot delete from scalar");
  if (value.kind == Kind::kObject) {
    throw SqlError(sqlstate::kInvalidParameterValue, "cannot delete from object using integer index");
  }
  const auto size = static_cast<std::int64_t>(value.elements.size());
  if (index < 0) index += size;
  if (index >= 0 && index < size) value.elements.erase(value.elements.begin() + index);
  return value;
}

JsonValue jsonb_delete_path(JsonValue value, std::span<const std::string> path) {
  if (!value.is_container()) throw SqlError(sqlstate::kInvalidParameterValue, "cannot delete path in scalar");
  if (!path.empty()) delete_at(value, path, 0);
  return value;
}

JsonValue jsonb_set(JsonValue target, std::span<const std::string> path, const JsonValue& replacement,
                    bool create_missing) {
  if (!target.is_container()) throw SqlError(sqlstate::kInvalidParameterValue, "cannot set path in scalar");
  if (path.empty()) return target;
  set_path(target, path, 0, replacement, create_missing, false, false);
  normalize_jsonb(target);
  return target;
}

JsonValue jsonb_insert(JsonValue target, std::span<const std::string> path, const JsonValue& replacement,
                       bool insert_after) {
  if (!target.is_container()) throw SqlError(sqlstate::kInvalidParameterValue, "cannot set path in scalar");
  if (path.empty()) return target;
  set_path(target, path, 0, replacement, false, true, insert_after);
  normalize_jsonb(target);
  return target;
}

void strip_nulls(JsonValue& value) {
  if (value.kind == Kind::kObject) {
    std::erase_if(value.members, [](const auto& m) { return m.second.kind == Kind::kNull; });
    for (auto& m : value.members) strip_nulls(m.second);
  } else if (value.kind == Kind::kArray) {
    for (JsonValue& element : value.elements) strip_nulls(element);
  }
}

}  // namespace ptreedb::value
