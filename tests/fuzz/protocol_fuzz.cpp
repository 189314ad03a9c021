// libFuzzer entry point for the wire protocol decoders. Not built by default;
// with clang:
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -I.
//     tests/fuzz/protocol_fuzz.cpp server/protocol/*.cpp -o protocol_fuzz
// (one command line, run from the repository root)
//
// The first input byte picks a target: the framer over a whole stream (chunked
// by the second byte), the startup packet decoder, or one typed decoder. Any
// outcome other than success or SqlError with a documented SQLSTATE aborts.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "server/protocol/frontend_messages.h"
#include "server/protocol/message_framer.h"
#include "storage/sql_error.h"

namespace {

using namespace ptreedb::server::protocol;

constexpr std::string_view kTypedTypes = "QPBDCEdfpFSHXc";

void decode_typed(char type, std::string_view body) {
  const FrontendMessage message = decode_frontend_message(type, body);
  if (const auto* bind = std::get_if<Bind>(&message)) {
    for (std::size_t i = 0; i < bind->parameters.size(); ++i) (void)bind->parameter_format(i);
    bind->check_result_format_count(bind->result_formats.size());
  }
  if (const auto* auth = std::get_if<AuthenticationResponse>(&message)) {
    // Each 'p' decoder on its own, since one may reject what another accepts.
    try { decode_password_message(*auth); } catch (const ptreedb::SqlError&) {}
    try { decode_sasl_initial_response(*auth); } catch (const ptreedb::SqlError&) {}
    decode_sasl_response(*auth);
  }
}

void run_framer(std::string_view stream, std::size_t chunk) {
  FramerLimits limits;
  limits.max_message_length = 1 << 16;  // keep the fuzzer's memory use small
  MessageFramer framer(limits);
  for (std::size_t offset = 0; offset < stream.size(); offset += chunk) {
    framer.feed(stream.substr(offset, chunk));
    while (auto frame = framer.next()) {
      if (frame->type == '\0') {
        if (std::holds_alternative<StartupMessage>(decode_startup_packet(frame->body))) framer.begin_typed_messages();
      } else {
        decode_typed(frame->type, frame->body);
      }
    }
  }
}

bool is_documented(const std::string& sqlstate) {
  return sqlstate == "08P01" || sqlstate == "0A000" || sqlstate == "28000" || sqlstate == "22023";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data) + 2, size - 2);
  const std::uint8_t selector = data[0];
  try {
    if (selector < 64) {
      run_framer(input, std::size_t{1} + data[1] % 64);
    } else if (selector < 96) {
      decode_startup_packet(input);
    } else {
      decode_typed(kTypedTypes[selector % kTypedTypes.size()], input);
    }
  } catch (const ptreedb::SqlError& error) {
    if (!is_documented(error.sqlstate())) std::abort();
  }
  return 0;
}
