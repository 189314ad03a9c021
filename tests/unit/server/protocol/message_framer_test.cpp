#include "server/protocol/message_framer.h"

#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "server/protocol/frontend_messages.h"
#include "tests/unit/server/protocol/protocol_test_support.h"

using namespace ptreedb::server::protocol;
using namespace ptreedb::server::protocol::test;

namespace {

// A realistic session opening: SSLRequest (denied), StartupMessage, then an
// extended-protocol round trip and a simple query.
struct Conversation {
  std::string startup_bytes;  // untyped packets
  std::string typed_bytes;    // typed messages
  std::vector<Frame> expected;
};

Conversation make_conversation() {
  Conversation c;
  const std::string ssl = BodyBuilder().int32(kSslRequestCode).str();
  const std::string startup = startup_body(kProtocolVersion3, {{"user", "postgres"}, {"database", "db"}});
  c.startup_bytes = untyped_packet(ssl) + untyped_packet(startup);
  c.expected.push_back({'\0', ssl});
  c.expected.push_back({'\0', startup});

  const std::vector<std::pair<char, std::string>> typed = {
      {'P', parse_body("", "select $1::int", {23})},
      {'B', bind_body({"", "", {1}, {std::string("\0\0\0\x2a", 4)}, {0}})},
      {'D', BodyBuilder().int8('P').cstring("").str()},
      {'E', BodyBuilder().cstring("").int32(0).str()},
      {'S', ""},
      {'Q', BodyBuilder().cstring("select 1").str()},
      {'d', std::string(3000, 'x')},
      {'X', ""},
  };
  for (const auto& [type, body] : typed) {
    c.typed_bytes += typed_message(type, body);
    c.expected.push_back({type, body});
  }
  return c;
}

// Feeds `bytes` in the given chunk sizes, switching to typed framing after the
// StartupMessage as a session would, and collects every frame.
std::vector<Frame> frame_all(const std::string& bytes, const std::vector<std::size_t>& chunk_sizes) {
  MessageFramer framer;
  std::vector<Frame> frames;
  std::size_t offset = 0;
  std::size_t chunk_index = 0;
  while (offset < bytes.size()) {
    const std::size_t size = std::min(chunk_sizes[chunk_index++ % chunk_sizes.size()], bytes.size() - offset);
    framer.feed(std::string_view(bytes).substr(offset, size));
    offset += size;
    while (auto frame = framer.next()) {
      if (frame->type == '\0') {
        if (std::holds_alternative<StartupMessage>(decode_startup_packet(frame->body))) {
          framer.begin_typed_messages();
          framer.end_authentication();
        }
      }
      frames.push_back(std::move(*frame));
    }
  }
  CHECK_FALSE(framer.has_partial_message());
  return frames;
}

void check_frames(const std::vector<Frame>& actual, const std::vector<Frame>& expected) {
  REQUIRE(actual.size() == expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    CHECK(actual[i].type == expected[i].type);
    CHECK(actual[i].body == expected[i].body);
  }
}

}  // namespace

TEST_CASE("Framer splits a whole conversation fed at once", "[protocol][framer]") {
  const auto c = make_conversation();
  check_frames(frame_all(c.startup_bytes + c.typed_bytes, {1 << 20}), c.expected);
}

TEST_CASE("Framer handles one byte at a time", "[protocol][framer]") {
  const auto c = make_conversation();
  check_frames(frame_all(c.startup_bytes + c.typed_bytes, {1}), c.expected);
}

TEST_CASE("Framer handles random chunk boundaries", "[protocol][framer]") {
  const auto c = make_conversation();
  const std::string bytes = c.startup_bytes + c.typed_bytes;
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::size_t> chunks(16);
    std::uniform_int_distribution<std::size_t> size(1, round % 2 ? 7 : 700);
    for (auto& chunk : chunks) chunk = size(rng);
    check_frames(frame_all(bytes, chunks), c.expected);
  }
}

TEST_CASE("Framer returns nothing until a message is complete", "[protocol][framer]") {
  MessageFramer framer;
  framer.begin_typed_messages();
  const std::string message = typed_message('Q', BodyBuilder().cstring("select 1").str());
  for (std::size_t i = 0; i + 1 < message.size(); ++i) {
    framer.feed(message.substr(i, 1));
    CHECK_FALSE(framer.next().has_value());
    CHECK(framer.has_partial_message());
    CHECK(framer.buffered_bytes() == i + 1);
  }
  framer.feed(message.substr(message.size() - 1));
  const auto frame = framer.next();
  REQUIRE(frame.has_value());
  CHECK(frame->type == 'Q');
  CHECK(framer.buffered_bytes() == 0);
  CHECK_FALSE(framer.next().has_value());
}

TEST_CASE("Framer reports bytes left after an SSLRequest", "[protocol][framer]") {
  MessageFramer framer;
  framer.feed(untyped_packet(BodyBuilder().int32(kSslRequestCode).str()) + "\x16\x03\x01");
  REQUIRE(framer.next().has_value());
  CHECK(framer.buffered_bytes() == 3);  // plaintext sent before the TLS handshake
}

TEST_CASE("Framer rejects bad lengths before the body arrives", "[protocol][framer]") {
  const auto rejects = [](bool typed, const std::string& header, FramerLimits limits = {}) {
    MessageFramer framer(limits);
    if (typed) {
      framer.begin_typed_messages();
      framer.end_authentication();
    }
    framer.feed(header);
    std::string state = sqlstate_of([&] { framer.next(); });
    // Once broken, the stream stays broken.
    if (!state.empty()) CHECK(sqlstate_of([&] { framer.next(); }) == "08P01");
    return state;
  };

  SECTION("typed lengths below 4") {
    for (std::uint32_t length : {0u, 1u, 3u}) CHECK(rejects(true, "Q" + big_endian32(length)) == "08P01");
    CHECK(rejects(true, "S" + big_endian32(4)) == "");
  }
  SECTION("negative lengths") {
    CHECK(rejects(true, "Q" + big_endian32(0xFFFFFFFFu)) == "08P01");
    CHECK(rejects(true, "d" + big_endian32(0x80000000u)) == "08P01");
  }
  SECTION("large types accept up to 1 GiB - 1, small types 10000 bytes") {
    CHECK(rejects(true, "Q" + big_endian32((1u << 30) - 1)) == "");
    CHECK(rejects(true, "Q" + big_endian32(1u << 30)) == "08P01");
    CHECK(rejects(true, "d" + big_endian32(100000)) == "");
    CHECK(rejects(true, "S" + big_endian32(10000)) == "");
    CHECK(rejects(true, "S" + big_endian32(10001)) == "08P01");
    CHECK(rejects(true, "E" + big_endian32(20000)) == "08P01");
  }
  SECTION("configurable limits") {
    FramerLimits limits;
    limits.max_message_length = 100;
    limits.max_small_message_length = 10;
    CHECK(rejects(true, "Q" + big_endian32(100), limits) == "");
    CHECK(rejects(true, "Q" + big_endian32(101), limits) == "08P01");
    CHECK(rejects(true, "S" + big_endian32(11), limits) == "08P01");
    limits.max_startup_packet_length = 20;
    CHECK(rejects(false, big_endian32(21), limits) == "08P01");
    CHECK(rejects(false, big_endian32(20), limits) == "");
  }
  SECTION("unknown type bytes") {
    CHECK(rejects(true, "Z" + big_endian32(4)) == "08P01");
    CHECK(rejects(true, std::string(1, '\0') + big_endian32(4)) == "08P01");
  }
  SECTION("startup packets: 8 to 10000 bytes") {
    for (std::uint32_t length : {0u, 4u, 7u, 10001u, 0xFFFFFFFFu}) CHECK(rejects(false, big_endian32(length)) == "08P01");
    CHECK(rejects(false, big_endian32(8)) == "");
    CHECK(rejects(false, big_endian32(10000)) == "");
  }
}

TEST_CASE("Framer holds every message to the authentication limit until authenticated", "[protocol][framer]") {
  const auto state_after = [](bool authenticated, char type, std::uint32_t length) {
    MessageFramer framer;
    framer.begin_typed_messages();
    if (authenticated) framer.end_authentication();
    framer.feed(std::string(1, type) + big_endian32(length));
    return sqlstate_of([&] { framer.next(); });
  };
  // A password or SASL message claiming 600 MB is refused by its header.
  CHECK(state_after(false, 'p', 600u << 20) == "08P01");
  CHECK(state_after(false, 'p', 65536) == "08P01");
  CHECK(state_after(false, 'p', 65535) == "");
  CHECK(state_after(false, 'Q', 65536) == "08P01");
  CHECK(state_after(true, 'Q', 600u << 20) == "");
}

TEST_CASE("Framer does not allocate for a claimed length", "[protocol][framer]") {
  MessageFramer framer;
  framer.begin_typed_messages();
  framer.end_authentication();
  framer.feed("Q" + big_endian32((1u << 30) - 1) + "sel");
  CHECK_FALSE(framer.next().has_value());
  CHECK(framer.buffered_bytes() == 8);
}

TEST_CASE("Framer hands over a large message whole and goes on", "[protocol][framer]") {
  MessageFramer framer;
  framer.begin_typed_messages();
  framer.end_authentication();
  const std::string large(1 << 20, 'q');
  const std::string message = typed_message('Q', large);
  for (std::size_t at = 0; at < message.size(); at += 16384) framer.feed(std::string_view(message).substr(at, 16384));
  auto frame = framer.next();
  REQUIRE(frame.has_value());
  CHECK(frame->type == 'Q');
  CHECK(frame->body == large);
  CHECK(framer.buffered_bytes() == 0);
  framer.feed(typed_message('S', ""));
  frame = framer.next();
  REQUIRE(frame.has_value());
  CHECK(frame->type == 'S');
  CHECK_FALSE(framer.next().has_value());
}

TEST_CASE("Framer compacts its buffer over a long stream", "[protocol][framer]") {
  MessageFramer framer;
  framer.begin_typed_messages();
  const std::string sync = typed_message('S', "");
  for (int i = 0; i < 100000; ++i) {
    framer.feed(sync);
    const auto frame = framer.next();
    REQUIRE(frame.has_value());
    REQUIRE(frame->type == 'S');
  }
  CHECK(framer.buffered_bytes() == 0);
}
