#include "storage/value/array_literal.h"

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

// array_isspace: the whitespace array_in skips and array_out quotes.
bool is_array_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

[[noreturn]] void malformed(std::string_view text, const std::string& detail) {
  throw SqlError(sqlstate::kInvalidTextRepresentation, "malformed array literal: \"" + std::string(text) + "\"",
                 detail);
}

bool equals_null(std::string_view element) {
  if (element.size() != 4) return false;
  for (std::size_t i = 0; i < 4; ++i) {
    if ((element[i] | 0x20) != "null"[i]) return false;
  }
  return true;
}

}  // namespace

std::vector<ArrayElement> parse_array_literal(std::string_view text) {
  std::size_t i = 0;
  auto skip_space = [&] {
    while (i < text.size() && is_array_space(text[i])) ++i;
  };
  skip_space();
  if (i < text.size() && text[i] == '[') {
    throw SqlError(sqlstate::kFeatureNotSupported, "array literals with explicit bounds are not supported yet");
  }
  if (i >= text.size() || text[i] != '{') {
    malformed(text, "Array value must start with \"{\" or dimension information.");
  }
  ++i;
  std::vector<ArrayElement> elements;
  skip_space();
  if (i < text.size() && text[i] == '}') {
    ++i;
  } else {
    while (true) {
      skip_space();
      if (i >= text.size()) malformed(text, "Unexpected end of input.");
      const char first = text[i];
      if (first == '{') {
        throw SqlError(sqlstate::kFeatureNotSupported, "multidimensional arrays are not supported yet");
      }
      if (first == ',' || first == '}') malformed(text, std::string("Unexpected \"") + first + "\" character.");
      std::string element;
      bool quoted = false;
      if (first == '"') {
        quoted = true;
        ++i;
        while (true) {
          if (i >= text.size()) malformed(text, "Unexpected end of input.");
          char c = text[i++];
          if (c == '"') break;
          if (c == '\\') {
            if (i >= text.size()) malformed(text, "Unexpected end of input.");
            c = text[i++];
          }
          element += c;
        }
        skip_space();
      } else {
        // Unquoted: up to a comma or the closing brace; trailing blanks are
        // dropped unless escaped.
        std::size_t kept = 0;
        while (true) {
          if (i >= text.size()) malformed(text, "Unexpected end of input.");
          char c = text[i];
          if (c == ',' || c == '}') break;
          if (c == '{' || c == '"') malformed(text, std::string("Unexpected \"") + c + "\" character.");
          ++i;
          if (c == '\\') {
            if (i >= text.size()) malformed(text, "Unexpected end of input.");
            element += text[i++];
            kept = element.size();
            quoted = true;  // an escaped NULL is the text NULL
            continue;
          }
          element += c;
          if (!is_array_space(c)) kept = element.size();
        }
        element.resize(kept);
      }
      if (i >= text.size()) malformed(text, "Unexpected end of input.");
      if (text[i] != ',' && text[i] != '}') malformed(text, "Unexpected array element.");
      if (!quoted && equals_null(element)) {
        elements.emplace_back(std::nullopt);
      } else {
        elements.emplace_back(std::move(element));
      }
      if (text[i++] == '}') break;
    }
  }
  skip_space();
  if (i != text.size()) malformed(text, "Junk after closing right brace.");
  return elements;
}

void append_array_element(std::string& out, std::string_view element) {
  bool quote = element.empty() || equals_null(element);
  for (char c : element) {
    if (c == '"' || c == '\\' || c == '{' || c == '}' || c == ',' || is_array_space(c)) {
      quote = true;
      break;
    }
  }
  if (!quote) {
    out += element;
    return;
  }
  out += '"';
  for (char c : element) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

std::string format_array_literal(const std::vector<ArrayElement>& elements) {
  std::string out = "{";
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out += ',';
    if (elements[i]) {
      append_array_element(out, *elements[i]);
    } else {
      out += "NULL";
    }
  }
  out += '}';
  return out;
}

}  // namespace ptreedb::value
