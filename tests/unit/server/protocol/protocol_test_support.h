// Helpers for the protocol tests: build frontend messages the way a client
// would (the server never encodes these), and split encoded backend output back
// into messages so encoders can be checked by decoding.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "server/protocol/byte_reader.h"
#include "storage/sql_error.h"

namespace ptreedb::server::protocol::test {

// Appends big-endian fields to build a message body.
class BodyBuilder {
 public:
  BodyBuilder& int8(std::int8_t v) {
    bytes_.push_back(static_cast<char>(v));
    return *this;
  }
  BodyBuilder& int16(std::int16_t v) {
    const auto u = static_cast<std::uint16_t>(v);
    bytes_.push_back(static_cast<char>(u >> 8));
    bytes_.push_back(static_cast<char>(u & 0xFF));
    return *this;
  }
  BodyBuilder& int32(std::int32_t v) {
    const auto u = static_cast<std::uint32_t>(v);
    for (int shift = 24; shift >= 0; shift -= 8) bytes_.push_back(static_cast<char>((u >> shift) & 0xFF));
    return *this;
  }
  BodyBuilder& cstring(std::string_view s) {
    bytes_.append(s);
    bytes_.push_back('\0');
    return *this;
  }
  BodyBuilder& bytes(std::string_view s) {
    bytes_.append(s);
    return *this;
  }
  BodyBuilder& nullable(const std::optional<std::string>& value) {
    if (!value) return int32(-1);
    int32(static_cast<std::int32_t>(value->size()));
    return bytes(*value);
  }
  const std::string& str() const { return bytes_; }

 private:
  std::string bytes_;
};

inline std::string big_endian32(std::uint32_t v) {
  return BodyBuilder().int32(static_cast<std::int32_t>(v)).str();
}

// A startup-phase packet: length (counting itself) + body.
inline std::string untyped_packet(std::string_view body) {
  return big_endian32(static_cast<std::uint32_t>(body.size() + 4)) + std::string(body);
}

// A typed message: type byte + length (counting itself) + body.
inline std::string typed_message(char type, std::string_view body) {
  return std::string(1, type) + big_endian32(static_cast<std::uint32_t>(body.size() + 4)) + std::string(body);
}

inline std::string startup_body(std::int32_t version,
                                const std::vector<std::pair<std::string, std::string>>& parameters) {
  BodyBuilder body;
  body.int32(version);
  for (const auto& [name, value] : parameters) body.cstring(name).cstring(value);
  body.int8(0);
  return body.str();
}

struct BindSpec {
  std::string portal;
  std::string statement;
  std::vector<std::int16_t> parameter_formats;
  std::vector<std::optional<std::string>> parameters;
  std::vector<std::int16_t> result_formats;
};

inline std::string bind_body(const BindSpec& spec) {
  BodyBuilder body;
  body.cstring(spec.portal).cstring(spec.statement);
  body.int16(static_cast<std::int16_t>(spec.parameter_formats.size()));
  for (auto f : spec.parameter_formats) body.int16(f);
  body.int16(static_cast<std::int16_t>(spec.parameters.size()));
  for (const auto& p : spec.parameters) body.nullable(p);
  body.int16(static_cast<std::int16_t>(spec.result_formats.size()));
  for (auto f : spec.result_formats) body.int16(f);
  return body.str();
}

inline std::string parse_body(std::string_view name, std::string_view sql, const std::vector<std::uint32_t>& oids) {
  BodyBuilder body;
  body.cstring(name).cstring(sql).int16(static_cast<std::int16_t>(oids.size()));
  for (auto oid : oids) body.int32(static_cast<std::int32_t>(oid));
  return body.str();
}

struct BackendMessage {
  char type;
  std::string body;
};

// Splits encoder output into messages, checking every length word is exact.
inline std::vector<BackendMessage> split_backend_messages(std::string_view bytes) {
  std::vector<BackendMessage> messages;
  ByteReader reader(bytes);
  while (!reader.at_end()) {
    const char type = reader.read_char();
    const std::int32_t length = reader.read_int32();
    REQUIRE(length >= 4);
    messages.push_back({type, std::string(reader.read_bytes(static_cast<std::size_t>(length - 4)))});
  }
  return messages;
}

inline BackendMessage single_backend_message(std::string_view bytes) {
  auto messages = split_backend_messages(bytes);
  REQUIRE(messages.size() == 1);
  return messages.front();
}

// Runs `body` and returns the SQLSTATE of the SqlError it throws ("" if none).
template <typename Body>
std::string sqlstate_of(Body&& body) {
  try {
    body();
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace ptreedb::server::protocol::test
