#include "storage/value/name.h"

#include <string>

#include "storage/sql_error.h"
#include "storage/value/utf8.h"

namespace ptreedb::value {

std::string_view clip_to_name(std::string_view text) {
  if (text.size() <= kNameMaxBytes) return text;
  std::size_t length = 0;
  while (length < text.size()) {
    std::size_t next = length + utf8_sequence_length(static_cast<unsigned char>(text[length]));
    if (next > kNameMaxBytes) break;
    length = next;
  }
  return text.substr(0, length);
}

void check_name_receive_length(std::string_view bytes) {
  if (bytes.size() >= kNameDataLength) {
    throw SqlError("42622", "identifier too long", "Identifier must be less than " + std::to_string(kNameDataLength) + " characters.");
  }
}

}  // namespace ptreedb::value
