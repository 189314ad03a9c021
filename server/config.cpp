#include "server/config.h"

#include <charconv>
#include <string_view>

namespace ptreedb::server {
namespace {

constexpr const char* kUsage =
    "usage: ptreedb [options]\n"
    "  --listen ADDR          address to listen on (default 127.0.0.1)\n"
    "  --port N               TCP port (default 5432)\n"
    "  --data-dir DIR         data directory (default ./data)\n"
    "  --threads N            network and query threads (default: all cores, at least 2)\n"
    "  --max-connections N    connections beyond this get SQLSTATE 53300 (default 100)\n"
    "  --log-level LEVEL      trace, debug, info, warn, error (default info)\n"
    "  --help                 this text\n";

template <class Number>
bool parse_number(std::string_view text, Number min, Number max, Number& out) {
  Number value{};
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return false;
  }
  out = value;
  return true;
}

}  // namespace

ParsedCommandLine parse_command_line(int argc, const char* const* argv) {
  ServerConfig config;
  auto fail = [](std::string message) {
    return ParsedCommandLine{std::nullopt, 2, "ptreedb: " + message + "\n" + kUsage};
  };
  for (int i = 1; i < argc; ++i) {
    std::string_view option = argv[i];
    if (option == "--help" || option == "-h") return {std::nullopt, 0, kUsage};
    // Accept both "--option value" and "--option=value".
    std::string_view value;
    if (auto equals = option.find('='); equals != std::string_view::npos) {
      value = option.substr(equals + 1);
      option = option.substr(0, equals);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      return fail("option " + std::string(option) + " needs a value");
    }
    bool ok = true;
    if (option == "--listen") {
      config.listen_address = value;
    } else if (option == "--port") {
      ok = parse_number<std::uint16_t>(value, 0, 65535, config.port);
    } else if (option == "--data-dir") {
      config.data_dir = value;
    } else if (option == "--threads") {
      ok = parse_number<unsigned>(value, 1, 1024, config.threads);
    } else if (option == "--max-connections") {
      ok = parse_number<unsigned>(value, 1, 100000, config.max_connections);
    } else if (option == "--log-level") {
      config.log_level = value;
      ok = value == "trace" || value == "debug" || value == "info" || value == "warn" ||
           value == "error";
    } else {
      return fail("unknown option " + std::string(option));
    }
    if (!ok) return fail("invalid value for " + std::string(option) + ": " + std::string(value));
  }
  return {config, 0, {}};
}

}  // namespace ptreedb::server
