#include "tools/bench/bench_resources.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace ptreedb::bench {

namespace fs = std::filesystem;

std::string resource_path(const std::string& relative) {
  if (const char* share = std::getenv("PTREEDB_BENCH_SHARE")) {
    return (fs::path(share) / relative).string();
  }
  std::error_code error;
  fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    fs::path installed = exe.parent_path().parent_path() / "share" / "ptreedb" / relative;
    if (fs::exists(installed)) return installed.string();
  }
  return (fs::path(PTREEDB_SOURCE_DIR) / "tools" / "bench" / relative).string();
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace ptreedb::bench
