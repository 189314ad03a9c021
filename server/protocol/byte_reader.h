// A bounds-checked, big-endian cursor over one message body. Every read checks
// the remaining length first and throws SqlError 08P01 instead of reading past
// the end, so decoders can be written as straight-line code over untrusted bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::server::protocol {

class ByteReader {
 public:
  explicit ByteReader(std::string_view body) : body_(body) {}
  // The reader only views its bytes; refuse a temporary that would die first.
  explicit ByteReader(std::string&&) = delete;

  std::int8_t read_int8();
  std::uint8_t read_uint8();
  char read_char() { return static_cast<char>(read_uint8()); }
  std::int16_t read_int16();
  std::uint16_t read_uint16();
  std::int32_t read_int32();
  std::uint32_t read_uint32();

  // A NUL-terminated string; the NUL must lie within the body. The result views
  // the body and excludes the NUL.
  std::string_view read_cstring();

  // Exactly `count` raw bytes.
  std::string_view read_bytes(std::size_t count);

  // An int32 byte count followed by that many bytes; a count of -1 means SQL
  // NULL (empty optional). Any other negative count is malformed.
  std::optional<std::string_view> read_nullable_bytes();

  // Everything not read yet.
  std::string_view read_rest();

  std::size_t remaining() const { return body_.size() - position_; }
  bool at_end() const { return position_ == body_.size(); }
  std::size_t position() const { return position_; }

  // Throws unless the whole body has been consumed: trailing bytes mean the
  // client and server disagree about the message layout.
  void expect_end() const;

 private:
  // Returns a pointer to the next `count` bytes and advances, or throws.
  const unsigned char* take(std::size_t count);

  std::string_view body_;
  std::size_t position_ = 0;
};

}  // namespace ptreedb::server::protocol
