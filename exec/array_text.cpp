#include "exec/array_text.h"

namespace ptreedb::exec {

std::vector<std::optional<std::string>> array_elements(std::string_view array) {
  std::vector<std::optional<std::string>> out;
  if (array.size() < 2 || array.front() != '{' || array.back() != '}') {
    out.emplace_back(std::string(array));
    return out;
  }
  std::string element;
  bool quoted = false, was_quoted = false;
  auto flush = [&] {
    if (element == "NULL" && !was_quoted) {
      out.emplace_back(std::nullopt);
    } else {
      out.emplace_back(std::move(element));
    }
    element.clear();
    was_quoted = false;
  };
  std::string_view body = array.substr(1, array.size() - 2);
  if (body.empty()) return out;
  for (std::size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (quoted && c == '\\' && i + 1 < body.size()) {
      element += body[++i];
    } else if (c == '"') {
      quoted = !quoted;
      was_quoted = true;
    } else if (c == ',' && !quoted) {
      flush();
    } else {
      element += c;
    }
  }
  flush();
  return out;
}

std::string array_element_text(const std::optional<std::string>& element) {
  if (!element) return "NULL";
  bool quote = element->empty() || *element == "NULL";
  for (char c : *element) {
    if (c == ',' || c == '"' || c == '\\' || c == '{' || c == '}' || c == ' ' || c == '\t' || c == '\n') quote = true;
  }
  if (!quote) return *element;
  std::string out = "\"";
  for (char c : *element) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string array_text(const std::vector<std::optional<std::string>>& elements) {
  std::string out = "{";
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out += ',';
    out += array_element_text(elements[i]);
  }
  return out + "}";
}

}  // namespace ptreedb::exec
