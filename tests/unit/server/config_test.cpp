#include "server/config.h"

#include <catch2/catch.hpp>

#include <vector>

using ptreedb::server::parse_command_line;

namespace {
ptreedb::server::ParsedCommandLine parse(std::vector<const char*> args) {
  args.insert(args.begin(), "ptreedb");
  return parse_command_line(static_cast<int>(args.size()), args.data());
}
}  // namespace

TEST_CASE("defaults match the documented ones") {
  auto parsed = parse({});
  REQUIRE(parsed.config);
  CHECK(parsed.config->listen_address == "127.0.0.1");
  CHECK(parsed.config->port == 5432);
  CHECK(parsed.config->data_dir == "./data");
  CHECK(parsed.config->max_connections == 100);
  CHECK(parsed.config->threads == 1);  // the listener's; each session runs on its own thread
  CHECK(parsed.config->authentication_timeout_seconds == 60);
}

TEST_CASE("options take a separate or an attached value") {
  auto parsed = parse({"--port", "6000", "--data-dir=/tmp/x", "--listen", "0.0.0.0", "--threads=3",
                       "--authentication-timeout=5"});
  REQUIRE(parsed.config);
  CHECK(parsed.config->authentication_timeout_seconds == 5);
  CHECK(parsed.config->port == 6000);
  CHECK(parsed.config->data_dir == "/tmp/x");
  CHECK(parsed.config->listen_address == "0.0.0.0");
  CHECK(parsed.config->threads == 3);
}

TEST_CASE("bad values and unknown options are refused with usage") {
  for (auto args : std::vector<std::vector<const char*>>{
           {"--port", "70000"}, {"--port", "12ab"}, {"--threads", "0"}, {"--bogus", "1"},
           {"--port"}, {"--log-level", "loud"}, {"--max-connections", "-1"},
           {"--statement-threads", "16"}, {"--authentication-timeout", "0"}, {"--authentication-timeout", "601"}}) {
    auto parsed = parse(args);
    CHECK_FALSE(parsed.config);
    CHECK(parsed.exit_code == 2);
    CHECK(parsed.message.find("usage: ptreedb") != std::string::npos);
  }
}

TEST_CASE("--help prints usage and exits 0") {
  auto parsed = parse({"--help"});
  CHECK_FALSE(parsed.config);
  CHECK(parsed.exit_code == 0);
}

TEST_CASE("authentication and TLS options") {
  auto parsed = parse({"--hba-file", "/etc/hba.conf", "--ssl-cert=c.pem", "--ssl-key", "k.pem"});
  REQUIRE(parsed.config);
  CHECK(parsed.config->hba_file == "/etc/hba.conf");
  CHECK(parsed.config->ssl_cert_file == "c.pem");
  CHECK(parsed.config->ssl_key_file == "k.pem");
  CHECK(parse({}).config->hba_file.empty());
  // A certificate without its key (or the reverse) is refused.
  for (auto args : std::vector<std::vector<const char*>>{{"--ssl-cert", "c.pem"}, {"--ssl-key", "k.pem"}}) {
    auto refused = parse(args);
    CHECK_FALSE(refused.config);
    CHECK(refused.exit_code == 2);
  }
}

TEST_CASE("durability options: on by default, sizes with suffixes, bad values refused") {
  auto defaults = parse({});
  REQUIRE(defaults.config);
  CHECK(defaults.config->durability);
  CHECK(defaults.config->wal_segment_size == (64u << 20));
  CHECK(defaults.config->checkpoint_interval_seconds == 300);

  auto parsed = parse({"--durability", "off", "--wal-segment-size", "1M", "--checkpoint-interval", "0",
                       "--checkpoint-wal-size=64M"});
  REQUIRE(parsed.config);
  CHECK_FALSE(parsed.config->durability);
  CHECK(parsed.config->wal_segment_size == (1u << 20));
  CHECK(parsed.config->checkpoint_interval_seconds == 0);
  CHECK(parsed.config->checkpoint_wal_size == (64u << 20));
  CHECK(parse({"--wal-segment-size", "65536"}).config->wal_segment_size == 65536);

  for (auto args : std::vector<std::vector<const char*>>{{"--durability", "maybe"},
                                                         {"--wal-segment-size", "1000"},
                                                         {"--wal-segment-size", "0"},
                                                         {"--wal-segment-size", "65537"},
                                                         {"--wal-segment-size", "12X"},
                                                         {"--checkpoint-interval", "-5"}}) {
    auto refused = parse(args);
    CHECK_FALSE(refused.config);
    CHECK(refused.exit_code == 2);
  }
}

TEST_CASE("--memory-limit takes bytes with k/M/G suffixes; unset means the derived default") {
  CHECK(parse({}).config->memory_limit == 0);
  CHECK(parse({"--memory-limit", "256M"}).config->memory_limit == (256ull << 20));
  CHECK(parse({"--memory-limit=2G"}).config->memory_limit == (2ull << 30));
  CHECK(parse({"--memory-limit", "33554432"}).config->memory_limit == 33554432);
  CHECK(parse({"--memory-limit", "65536k"}).config->memory_limit == (64ull << 20));
  for (const char* bad : {"0", "1M", "lots", "256X", "-5"}) {
    auto refused = parse({"--memory-limit", bad});
    CHECK_FALSE(refused.config);
    CHECK(refused.exit_code == 2);
  }
}

TEST_CASE("--huge-pages takes try, on or off; try by default") {
  CHECK(parse({}).config->huge_pages == "try");
  CHECK(parse({"--huge-pages", "off"}).config->huge_pages == "off");
  CHECK(parse({"--huge-pages=on"}).config->huge_pages == "on");
  for (const char* bad : {"yes", "", "TRY"}) {
    auto refused = parse({"--huge-pages", bad});
    CHECK_FALSE(refused.config);
    CHECK(refused.exit_code == 2);
  }
}
