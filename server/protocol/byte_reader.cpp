#include "server/protocol/byte_reader.h"

#include <cstring>

#include "server/protocol/protocol_error.h"

namespace ptreedb::server::protocol {

const unsigned char* ByteReader::take(std::size_t count) {
  // Compare against what is left rather than computing position_ + count,
  // which could wrap for absurd counts.
  if (count > remaining()) throw_protocol_violation("insufficient data left in message");
  const auto* bytes = reinterpret_cast<const unsigned char*>(body_.data()) + position_;
  position_ += count;
  return bytes;
}

std::uint8_t ByteReader::read_uint8() { return *take(1); }

std::int8_t ByteReader::read_int8() { return static_cast<std::int8_t>(read_uint8()); }

std::uint16_t ByteReader::read_uint16() {
  const unsigned char* b = take(2);
  return static_cast<std::uint16_t>((b[0] << 8) | b[1]);
}

std::int16_t ByteReader::read_int16() { return static_cast<std::int16_t>(read_uint16()); }

std::uint32_t ByteReader::read_uint32() {
  const unsigned char* b = take(4);
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
         std::uint32_t{b[3]};
}

std::int32_t ByteReader::read_int32() { return static_cast<std::int32_t>(read_uint32()); }

std::string_view ByteReader::read_cstring() {
  const std::size_t start = position_;
  // memchr must not see a null pointer, even with length 0 (an empty view may have one).
  if (remaining() == 0) throw_protocol_violation("invalid string in message");
  const void* nul = std::memchr(body_.data() + start, '\0', remaining());
  if (nul == nullptr) throw_protocol_violation("invalid string in message");
  const auto length = static_cast<std::size_t>(static_cast<const char*>(nul) - (body_.data() + start));
  position_ = start + length + 1;
  return body_.substr(start, length);
}

std::string_view ByteReader::read_bytes(std::size_t count) {
  const auto* bytes = take(count);
  return {reinterpret_cast<const char*>(bytes), count};
}

std::optional<std::string_view> ByteReader::read_nullable_bytes() {
  const std::int32_t count = read_int32();
  if (count == -1) return std::nullopt;
  if (count < 0) throw_protocol_violation("invalid field length " + std::to_string(count) + " in message");
  return read_bytes(static_cast<std::size_t>(count));
}

std::string_view ByteReader::read_rest() { return read_bytes(remaining()); }

void ByteReader::expect_end() const {
  if (!at_end()) throw_protocol_violation("invalid message format");
}

}  // namespace ptreedb::server::protocol
