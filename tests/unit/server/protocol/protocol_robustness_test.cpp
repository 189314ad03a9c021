// Random and mutated input through the framer and every decoder. Each input
// must either decode or be rejected with SqlError carrying the SQLSTATE the
// decoder documents (08P01 nearly always) — never any other exception, a crash,
// a hang, or a read out of bounds (this test runs under ASan and UBSan).
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "server/protocol/byte_reader.h"
#include "server/protocol/frontend_messages.h"
#include "server/protocol/message_framer.h"
#include "storage/sql_error.h"
#include "tests/unit/server/protocol/protocol_test_support.h"

using namespace ptreedb::server::protocol;
using namespace ptreedb::server::protocol::test;
using ptreedb::SqlError;

namespace {

using Rng = std::mt19937_64;

std::size_t uniform(Rng& rng, std::size_t low, std::size_t high) {
  return std::uniform_int_distribution<std::size_t>(low, high)(rng);
}

bool coin(Rng& rng, int percent) { return uniform(rng, 0, 99) < static_cast<std::size_t>(percent); }

std::string random_text(Rng& rng, std::size_t max_length, bool allow_nul = false) {
  std::string text(uniform(rng, 0, max_length), ' ');
  for (char& c : text) {
    c = static_cast<char>(uniform(rng, allow_nul ? 0 : 1, 255));
  }
  return text;
}

std::optional<std::string> random_value(Rng& rng) {
  if (coin(rng, 20)) return std::nullopt;
  return random_text(rng, 12, true);
}

std::int16_t random_format(Rng& rng) { return coin(rng, 95) ? static_cast<std::int16_t>(uniform(rng, 0, 1)) : -3; }

// A well-formed body for a typed message of `type`.
std::string valid_body(char type, Rng& rng) {
  BodyBuilder body;
  switch (type) {
    case 'Q':
      return body.cstring(random_text(rng, 40)).str();
    case 'P': {
      std::vector<std::uint32_t> oids(uniform(rng, 0, 4));
      for (auto& oid : oids) oid = static_cast<std::uint32_t>(rng());
      return parse_body(random_text(rng, 6), random_text(rng, 40), oids);
    }
    case 'B': {
      BindSpec spec;
      spec.portal = random_text(rng, 5);
      spec.statement = random_text(rng, 5);
      const std::size_t parameters = uniform(rng, 0, 4);
      for (std::size_t i = 0; i < parameters; ++i) spec.parameters.push_back(random_value(rng));
      const std::size_t formats = coin(rng, 50) ? parameters : uniform(rng, 0, 1);
      for (std::size_t i = 0; i < formats; ++i) spec.parameter_formats.push_back(random_format(rng));
      for (std::size_t i = uniform(rng, 0, 3); i > 0; --i) spec.result_formats.push_back(random_format(rng));
      return bind_body(spec);
    }
    case 'D':
    case 'C':
      return body.int8(coin(rng, 50) ? 'S' : 'P').cstring(random_text(rng, 8)).str();
    case 'E':
      return body.cstring(random_text(rng, 8)).int32(static_cast<std::int32_t>(rng())).str();
    case 'd':
      return random_text(rng, 60, true);
    case 'f':
      return body.cstring(random_text(rng, 20)).str();
    case 'p':
      switch (uniform(rng, 0, 2)) {
        case 0: return body.cstring(random_text(rng, 20)).str();
        case 1: return body.cstring("SCRAM-SHA-256").nullable(random_value(rng)).str();
        default: return random_text(rng, 40, true);
      }
    case 'F': {
      body.int32(static_cast<std::int32_t>(rng()));
      const std::size_t arguments = uniform(rng, 0, 3);
      const std::size_t formats = coin(rng, 50) ? arguments : uniform(rng, 0, 1);
      body.int16(static_cast<std::int16_t>(formats));
      for (std::size_t i = 0; i < formats; ++i) body.int16(random_format(rng));
      body.int16(static_cast<std::int16_t>(arguments));
      for (std::size_t i = 0; i < arguments; ++i) body.nullable(random_value(rng));
      return body.int16(random_format(rng)).str();
    }
    default:  // S H X c: empty bodies
      return "";
  }
}

const std::string kTypedTypes = "QPBDCEdfpFSHXc";

std::string valid_startup_body(Rng& rng) {
  switch (uniform(rng, 0, 9)) {
    case 0: return BodyBuilder().int32(kSslRequestCode).str();
    case 1: return BodyBuilder().int32(kGssEncRequestCode).str();
    case 2: return BodyBuilder().int32(kCancelRequestCode).int32(static_cast<std::int32_t>(rng())).int32(7).str();
    default: {
      std::vector<std::pair<std::string, std::string>> parameters{{"user", random_text(rng, 8)}};
      for (std::size_t i = uniform(rng, 0, 4); i > 0; --i) {
        parameters.emplace_back(coin(rng, 20) ? "_pq_." + random_text(rng, 4) : random_text(rng, 10),
                                random_text(rng, 10));
      }
      const std::int32_t version = coin(rng, 90) ? (3 << 16 | static_cast<std::int32_t>(uniform(rng, 0, 2)))
                                                 : static_cast<std::int32_t>(rng());
      return startup_body(version, parameters);
    }
  }
}

// Damages `bytes` in one of several ways a broken or hostile client might.
void mutate(std::string& bytes, Rng& rng) {
  const std::size_t kinds = 8;
  switch (uniform(rng, 0, kinds - 1)) {
    case 0:  // flip a few bytes
      for (std::size_t i = uniform(rng, 1, 4); i > 0 && !bytes.empty(); --i) {
        bytes[uniform(rng, 0, bytes.size() - 1)] ^= static_cast<char>(uniform(rng, 1, 255));
      }
      break;
    case 1:  // truncate
      bytes.resize(uniform(rng, 0, bytes.size()));
      break;
    case 2:  // append garbage
      bytes += random_text(rng, 16, true);
      break;
    case 3:  // remove every NUL
      for (char& c : bytes) {
        if (c == '\0') c = 'x';
      }
      break;
    case 4:  // add a NUL somewhere
      bytes.insert(uniform(rng, 0, bytes.size()), 1, '\0');
      break;
    case 5:  // plant a hostile 32-bit value (huge, negative, -1, small)
      if (bytes.size() >= 4) {
        static const std::uint32_t values[] = {0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0, 1, 3, 0xFFFFFFFEu, 65535};
        const std::string planted = big_endian32(values[uniform(rng, 0, std::size(values) - 1)]);
        bytes.replace(uniform(rng, 0, bytes.size() - 4), 4, planted);
      }
      break;
    case 6:  // plant a hostile 16-bit count
      if (bytes.size() >= 2) {
        const std::uint16_t value = coin(rng, 50) ? 0xFFFF : static_cast<std::uint16_t>(uniform(rng, 0, 9));
        const std::size_t at = uniform(rng, 0, bytes.size() - 2);
        bytes[at] = static_cast<char>(value >> 8);
        bytes[at + 1] = static_cast<char>(value & 0xFF);
      }
      break;
    default:  // entirely random
      bytes = random_text(rng, 64, true);
      break;
  }
}

struct Outcome {
  std::size_t decoded = 0;
  std::size_t rejected = 0;
  std::vector<std::string> failures;  // unexpected exceptions
};

// Runs `decode`, accepting success or SqlError with one of `allowed` codes.
template <typename Decode>
void expect_decode_or_reject(Outcome& outcome, const std::set<std::string>& allowed, const char* what,
                             Decode&& decode) {
  try {
    decode();
    ++outcome.decoded;
  } catch (const SqlError& error) {
    if (allowed.count(error.sqlstate()) != 0) {
      ++outcome.rejected;
    } else {
      outcome.failures.push_back(std::string(what) + ": unexpected SQLSTATE " + error.sqlstate() + " " + error.what());
    }
  } catch (const std::exception& error) {
    outcome.failures.push_back(std::string(what) + ": unexpected exception " + error.what());
  }
}

const std::set<std::string> kProtocolViolation{"08P01"};
const std::set<std::string> kStartupCodes{"08P01", "0A000", "28000"};
const std::set<std::string> kBindCodes{"08P01", "22023"};

// Decodes a typed body every way that applies to its type.
void decode_typed(char type, const std::string& body, Outcome& outcome) {
  const auto& allowed = type == 'B' ? kBindCodes : kProtocolViolation;
  expect_decode_or_reject(outcome, allowed, "decode_frontend_message", [&] {
    const FrontendMessage message = decode_frontend_message(type, body);
    if (const auto* bind = std::get_if<Bind>(&message)) {
      for (std::size_t i = 0; i < bind->parameters.size(); ++i) (void)bind->parameter_format(i);
      const std::size_t columns = bind->result_formats.size();
      bind->check_result_format_count(columns);
      for (std::size_t i = 0; i < columns; ++i) (void)bind->result_format(i);
    }
  });
  if (type == 'p') {
    const AuthenticationResponse response{body};
    expect_decode_or_reject(outcome, kProtocolViolation, "password", [&] { decode_password_message(response); });
    expect_decode_or_reject(outcome, kProtocolViolation, "sasl initial",
                            [&] { decode_sasl_initial_response(response); });
    expect_decode_or_reject(outcome, kProtocolViolation, "sasl", [&] { decode_sasl_response(response); });
  }
}

void report(const Outcome& outcome) {
  for (std::size_t i = 0; i < outcome.failures.size() && i < 10; ++i) UNSCOPED_INFO(outcome.failures[i]);
  CHECK(outcome.failures.empty());
  // The mix must exercise both paths, or the mutations are too weak or too strong.
  CHECK(outcome.decoded > 100);
  CHECK(outcome.rejected > 100);
}

}  // namespace

TEST_CASE("Mutated bodies through every typed decoder", "[protocol][robustness]") {
  Rng rng(0xC0FFEE);
  Outcome outcome;
  for (int iteration = 0; iteration < 40000; ++iteration) {
    const char type = kTypedTypes[uniform(rng, 0, kTypedTypes.size() - 1)];
    std::string body = valid_body(type, rng);
    for (std::size_t m = uniform(rng, 0, 3); m > 0; --m) mutate(body, rng);
    decode_typed(type, body, outcome);
    // Also hand the body to a decoder for a different type.
    decode_typed(kTypedTypes[uniform(rng, 0, kTypedTypes.size() - 1)], body, outcome);
  }
  // Unknown type bytes.
  for (int type = 0; type < 256; ++type) {
    decode_typed(static_cast<char>(type), valid_body('Q', rng), outcome);
  }
  report(outcome);
}

TEST_CASE("Mutated startup packets through the startup decoder", "[protocol][robustness]") {
  Rng rng(0xBADC0DE);
  Outcome outcome;
  for (int iteration = 0; iteration < 20000; ++iteration) {
    std::string body = valid_startup_body(rng);
    for (std::size_t m = uniform(rng, 0, 3); m > 0; --m) mutate(body, rng);
    expect_decode_or_reject(outcome, kStartupCodes, "decode_startup_packet", [&] { decode_startup_packet(body); });
  }
  report(outcome);
}

TEST_CASE("Mutated streams through the framer and decoders", "[protocol][robustness]") {
  Rng rng(42);
  Outcome outcome;
  std::size_t frames_seen = 0;
  for (int iteration = 0; iteration < 6000; ++iteration) {
    // A conversation: one startup packet then typed messages; some messages
    // (including their length words and type bytes) are damaged.
    std::string stream = untyped_packet(valid_startup_body(rng));
    if (coin(rng, 20)) mutate(stream, rng);
    for (std::size_t i = uniform(rng, 1, 8); i > 0; --i) {
      const char type = kTypedTypes[uniform(rng, 0, kTypedTypes.size() - 1)];
      std::string message = typed_message(type, valid_body(type, rng));
      if (coin(rng, 15)) mutate(message, rng);
      stream += message;
    }

    FramerLimits limits;
    if (coin(rng, 30)) {
      limits.max_message_length = uniform(rng, 4, 200);
      limits.max_small_message_length = uniform(rng, 4, 50);
      limits.max_startup_packet_length = uniform(rng, 8, 100);
    }
    MessageFramer framer(limits);
    bool startup_done = false;
    std::size_t offset = 0;
    bool stream_failed = false;
    // Each pass either consumes input or stops; the bound guards against a hang.
    for (std::size_t pass = 0; offset < stream.size() && !stream_failed; ++pass) {
      REQUIRE(pass <= stream.size());
      const std::size_t chunk = std::min(uniform(rng, 1, 40), stream.size() - offset);
      framer.feed(std::string_view(stream).substr(offset, chunk));
      offset += chunk;
      try {
        while (auto frame = framer.next()) {
          ++frames_seen;
          if (frame->type == '\0') {
            try {
              if (std::holds_alternative<StartupMessage>(decode_startup_packet(frame->body))) {
                framer.begin_typed_messages();
                startup_done = true;
              }
              ++outcome.decoded;
            } catch (const SqlError& error) {
              if (kStartupCodes.count(error.sqlstate()) == 0) outcome.failures.push_back(error.what());
              ++outcome.rejected;
              stream_failed = true;  // a session closes the connection here
              break;
            }
          } else {
            REQUIRE(startup_done);
            decode_typed(frame->type, frame->body, outcome);
          }
        }
      } catch (const SqlError& error) {
        if (error.sqlstate() != "08P01") outcome.failures.push_back(error.what());
        ++outcome.rejected;
        stream_failed = true;
      } catch (const std::exception& error) {
        outcome.failures.push_back(std::string("framer: ") + error.what());
        stream_failed = true;
      }
    }
  }
  CHECK(frames_seen > 10000);
  report(outcome);
}

TEST_CASE("Random bytes straight into the ByteReader", "[protocol][robustness]") {
  Rng rng(7);
  Outcome outcome;
  for (int iteration = 0; iteration < 20000; ++iteration) {
    const std::string body = random_text(rng, 24, true);
    expect_decode_or_reject(outcome, kProtocolViolation, "ByteReader", [&] {
      ByteReader reader(body);
      while (true) {
        switch (uniform(rng, 0, 6)) {
          case 0: reader.read_int8(); break;
          case 1: reader.read_int16(); break;
          case 2: reader.read_int32(); break;
          case 3: reader.read_cstring(); break;
          case 4: reader.read_nullable_bytes(); break;
          case 5: reader.read_bytes(uniform(rng, 0, 8)); break;
          default: reader.expect_end(); return;
        }
      }
    });
  }
  report(outcome);
}
