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
}

TEST_CASE("options take a separate or an attached value") {
  auto parsed = parse({"--port", "6000", "--data-dir=/tmp/x", "--listen", "0.0.0.0", "--threads=3"});
  REQUIRE(parsed.config);
  CHECK(parsed.config->port == 6000);
  CHECK(parsed.config->data_dir == "/tmp/x");
  CHECK(parsed.config->listen_address == "0.0.0.0");
  CHECK(parsed.config->threads == 3);
}

TEST_CASE("bad values and unknown options are refused with usage") {
  for (auto args : std::vector<std::vector<const char*>>{
           {"--port", "70000"}, {"--port", "12ab"}, {"--threads", "0"}, {"--bogus", "1"},
           {"--port"}, {"--log-level", "loud"}, {"--max-connections", "-1"}}) {
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
