#include "storage/value/character.h"

#include <algorithm>

#include "storage/sql_error.h"

namespace ptreedb::value {

namespace {

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Byte offset just past the first `characters` characters (or the end).
std::size_t byte_offset_of_character(std::string_view text, std::size_t characters) {
  std::size_t pos = 0;
  for (std::size_t seen = 0; pos < text.size(); ++pos) {
    if (!is_continuation_byte(text[pos])) {
      if (seen == characters) return pos;
      ++seen;
    }
  }
  return pos;
}

// Cuts `text` to `length` characters; an implicit coercion may only drop blanks.
std::string_view cut_to_length(std::string_view text, int length, bool explicit_cast,
                               const char* type_name) {
  const std::size_t cut = byte_offset_of_character(text, static_cast<std::size_t>(length));
  if (cut == text.size()) return text;
  if (!explicit_cast) {
    const std::string_view excess = text.substr(cut);
    if (excess.find_first_not_of(' ') != std::string_view::npos) {
      throw SqlError(
          sqlstate::kStringDataRightTruncation,
          "value too long for type " + std::string(type_name) + "(" + std::to_string(length) + ")");
    }
  }
  return text.substr(0, cut);
}

}  // namespace

std::size_t utf8_length(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

std::string coerce_to_char(std::string_view text, int length, bool explicit_cast) {
  std::string result(cut_to_length(text, length, explicit_cast, "character"));
  const std::size_t characters = utf8_length(result);
  if (characters < static_cast<std::size_t>(length)) {
    result.append(static_cast<std::size_t>(length) - characters, ' ');
  }
  return result;
}

std::string_view coerce_to_varchar(std::string_view text, int length, bool explicit_cast) {
  return cut_to_length(text, length, explicit_cast, "character varying");
}

std::string_view bpchar_significant(std::string_view padded) {
  const std::size_t last = padded.find_last_not_of(' ');
  return last == std::string_view::npos ? std::string_view() : padded.substr(0, last + 1);
}

int bpchar_compare(std::string_view a, std::string_view b) {
  const int order = bpchar_significant(a).compare(bpchar_significant(b));
  return (order > 0) - (order < 0);
}

}  // namespace ptreedb::value
