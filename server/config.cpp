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
    "  --threads N            threads accepting connections (default 1)\n"
    "  --workers N            threads running sessions (default: two per core; a worker\n"
    "                         blocked or busy with a long statement is stood in for)\n"
    "  --max-connections N    connections beyond this get SQLSTATE 53300 (default 100)\n"
    "  --authentication-timeout S  seconds a client has to finish authenticating (default 60)\n"
    "  --log-level LEVEL      trace, debug, info, warn, error (default info)\n"
    "  --hba-file PATH        client authentication rules in pg_hba.conf format\n"
    "                         (default: trust every connection)\n"
    "  --ssl-cert FILE        PEM server certificate; with --ssl-key enables TLS\n"
    "  --ssl-key FILE         PEM private key of --ssl-cert\n"
    "  --commit-batch-window-us N  how long a commit batch waits for more commits (default 0)\n"
    "  --commit-batch-max N   commits per batch at most (default 1024)\n"
    "  --durability on|off    log commits to DATA_DIR/wal and recover at start (default on)\n"
    "  --wal-segment-size N   bytes per WAL segment file, k/M/G suffixes allowed (default 64M)\n"
    "  --checkpoint-interval S  seconds between checkpoints, 0: none by time (default 300)\n"
    "  --checkpoint-wal-size N  WAL bytes that trigger a checkpoint, 0: none (default 256M)\n"
    "  --memory-limit N       bytes queries may hold and the server may grow to by writes,\n"
    "                         k/M/G suffixes allowed (default: 80% of RAM or of the cgroup limit)\n"
    "  --huge-pages MODE      try, on or off: allocate in 2 MB transparent huge pages\n"
    "                         where the kernel allows them; try does so only with a\n"
    "                         memory limit of 4 GB or more (default try)\n"
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

// "16777216", "64k", "16M", "1G".
bool parse_size(std::string_view text, std::uint64_t min, std::uint64_t& out) {
  std::uint64_t multiplier = 1;
  if (!text.empty()) {
    char suffix = text.back();
    if (suffix == 'k' || suffix == 'K') multiplier = 1ull << 10;
    if (suffix == 'M') multiplier = 1ull << 20;
    if (suffix == 'G') multiplier = 1ull << 30;
    if (multiplier != 1) text.remove_suffix(1);
  }
  std::uint64_t value = 0;
  if (!parse_number<std::uint64_t>(text, 0, (1ull << 40), value)) return false;
  value *= multiplier;
  if (value < min && value != 0) return false;
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
    } else if (option == "--workers") {
      ok = parse_number<unsigned>(value, 1, 1024, config.workers);
    } else if (option == "--authentication-timeout") {
      ok = parse_number<unsigned>(value, 1, 600, config.authentication_timeout_seconds);
    } else if (option == "--max-connections") {
      ok = parse_number<unsigned>(value, 1, 100000, config.max_connections);
    } else if (option == "--commit-batch-window-us") {
      ok = parse_number<unsigned>(value, 0, 1000000, config.commit_batch_window_us);
    } else if (option == "--commit-batch-max") {
      ok = parse_number<unsigned>(value, 1, 1000000, config.commit_batch_max);
    } else if (option == "--log-level") {
      config.log_level = value;
      ok = value == "trace" || value == "debug" || value == "info" || value == "warn" ||
           value == "error";
    } else if (option == "--hba-file") {
      config.hba_file = value;
    } else if (option == "--ssl-cert") {
      config.ssl_cert_file = value;
    } else if (option == "--ssl-key") {
      config.ssl_key_file = value;
    } else if (option == "--durability") {
      ok = value == "on" || value == "off";
      config.durability = value == "on";
    } else if (option == "--wal-segment-size") {
      // A multiple of the 64-byte fragment alignment, at least 64 KiB.
      ok = parse_size(value, 64 << 10, config.wal_segment_size) && config.wal_segment_size != 0 &&
           config.wal_segment_size % 64 == 0;
    } else if (option == "--checkpoint-interval") {
      ok = parse_number<unsigned>(value, 0, 86400 * 365, config.checkpoint_interval_seconds);
    } else if (option == "--memory-limit") {
      ok = parse_size(value, 16 << 20, config.memory_limit) && config.memory_limit != 0;
    } else if (option == "--huge-pages") {
      config.huge_pages = value;
      ok = value == "try" || value == "on" || value == "off";
    } else if (option == "--checkpoint-wal-size") {
      ok = parse_size(value, 1 << 20, config.checkpoint_wal_size);
    } else {
      return fail("unknown option " + std::string(option));
    }
    if (!ok) return fail("invalid value for " + std::string(option) + ": " + std::string(value));
  }
  if (config.ssl_cert_file.empty() != config.ssl_key_file.empty()) {
    return fail("--ssl-cert and --ssl-key go together");
  }
  return {config, 0, {}};
}

}  // namespace ptreedb::server
