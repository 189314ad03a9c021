// Flags every client-server subcommand shares: where to connect, --json, --plot.
#pragma once

#include <cstdlib>
#include <cstring>
#include <string>

#include "tools/bench/pg_client.h"

namespace ptreedb::bench {

struct CommonOptions {
  ConnectionOptions connection;
  bool json = false;
  std::string plot;  // PNG path, empty for none
};

// Consumes argv[i] (and its value) when it is a common flag.
inline bool parse_common_option(int argc, char** argv, int& i, CommonOptions& options) {
  auto value = [&](std::string& into) {
    if (i + 1 >= argc) return false;
    into = argv[++i];
    return true;
  };
  const char* arg = argv[i];
  if (std::strcmp(arg, "--host") == 0) return value(options.connection.host);
  if (std::strcmp(arg, "--port") == 0) return value(options.connection.port);
  if (std::strcmp(arg, "--user") == 0) return value(options.connection.user);
  if (std::strcmp(arg, "--dbname") == 0) return value(options.connection.dbname);
  if (std::strcmp(arg, "--plot") == 0) return value(options.plot);
  if (std::strcmp(arg, "--json") == 0) {
    options.json = true;
    return true;
  }
  return false;
}

inline constexpr const char* kCommonUsage =
    "  --host H --port P --user U --dbname D   server (default 127.0.0.1:5432, postgres)\n"
    "  --json                                  machine-readable results on stdout\n"
    "  --plot FILE.png                         render the results with matplotlib\n";

// Parses a number flag value; false when it is not a whole valid number.
inline bool parse_double(const char* text, double& out) {
  char* end = nullptr;
  out = std::strtod(text, &end);
  return end != text && *end == '\0';
}

inline bool parse_int(const char* text, long long& out) {
  char* end = nullptr;
  out = std::strtoll(text, &end, 10);
  return end != text && *end == '\0';
}

}  // namespace ptreedb::bench
