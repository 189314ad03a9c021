// ptreedb: the server program.
#include <cstdio>
#include <exception>

#include <spdlog/spdlog.h>

#include "server/config.h"
#include "server/server.h"

int main(int argc, char** argv) {
  auto parsed = ptreedb::server::parse_command_line(argc, argv);
  if (!parsed.config) {
    std::fputs(parsed.message.c_str(), parsed.exit_code == 0 ? stdout : stderr);
    return parsed.exit_code;
  }
  spdlog::set_level(spdlog::level::from_str(parsed.config->log_level));
  spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e [%l] %v");
  try {
    ptreedb::server::Server server(*parsed.config);
    server.run();
  } catch (const std::exception& error) {
    spdlog::critical("cannot start: {}", error.what());
    return 1;
  }
  return 0;
}
