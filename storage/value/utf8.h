// Text must be valid UTF-8 without NUL bytes wherever it enters, as in
// PostgreSQL, whose server encoding here is always UTF8.
#pragma once

#include <cstddef>
#include <string_view>

namespace ptreedb::value {

// Throws 22021 "invalid byte sequence for encoding "UTF8": 0x.." (the bytes of
// the first bad sequence, as pg_verify_mbstr reports them) for invalid UTF-8
// or a zero byte.
void verify_utf8(std::string_view text);

// Bytes of the UTF-8 sequence a lead byte announces (1 for invalid leads), as
// pg_utf_mblen.
std::size_t utf8_sequence_length(unsigned char lead);
// The bytes of the character starting at `at` (at < text.size()), cut at the text's end.
std::size_t utf8_character_length(std::string_view text, std::size_t at);

// True when verify_utf8 would accept `text`.
bool is_valid_utf8(std::string_view text);

}  // namespace ptreedb::value
