#include "tools/bench/tpch_data.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace ptreedb::bench {

namespace fs = std::filesystem;

namespace {

fs::path default_cache() {
  if (const char* dir = std::getenv("PTREEDB_BENCH_CACHE")) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME")) return fs::path(xdg) / "ptreedb";
  if (const char* home = std::getenv("HOME")) return fs::path(home) / ".cache" / "ptreedb";
  return fs::temp_directory_path() / "ptreedb-cache";
}

bool complete(const fs::path& dir) {
  for (const char* table : kTpchTables) {
    if (!fs::exists(dir / (std::string(table) + ".csv"))) return false;
  }
  return true;
}

// Runs the generator without a shell (no quoting of paths needed).
void run_generator(const std::string& scale, const fs::path& into) {
  const char* env = std::getenv("TPCHGEN_CLI");
  std::string generator = env ? env : "tpchgen-cli";
  std::string out = into.string();
  std::fprintf(stderr, "generating TPC-H SF %s with %s into %s\n", scale.c_str(),
               generator.c_str(), out.c_str());
  pid_t child = ::fork();
  if (child == 0) {
    ::dup2(2, 1);
    ::execlp(generator.c_str(), generator.c_str(), "csv", "-s", scale.c_str(), "--output-dir",
             out.c_str(), static_cast<char*>(nullptr));
    std::perror("cannot run tpchgen-cli (pip install tpchgen-cli, or set TPCHGEN_CLI)");
    ::_exit(127);
  }
  int status = 0;
  if (child < 0 || ::waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    throw std::runtime_error("tpchgen-cli failed for SF " + scale);
  }
}

}  // namespace

fs::path tpch_data_dir(const std::string& scale, const std::string& cache_dir) {
  fs::path root = cache_dir.empty() ? default_cache() : fs::path(cache_dir);
  fs::path dir = root / ("tpch-sf" + scale);
  if (complete(dir)) return dir;
  fs::create_directories(root);
  // Generate beside the final place and rename, so an interrupted run leaves no
  // half-written directory that later loads would trust.
  fs::path partial = root / ("tpch-sf" + scale + ".partial-" + std::to_string(::getpid()));
  fs::remove_all(partial);
  fs::create_directories(partial);
  run_generator(scale, partial);
  if (!complete(partial)) {
    fs::remove_all(partial);
    throw std::runtime_error("tpchgen-cli wrote no complete table set for SF " + scale);
  }
  fs::remove_all(dir);
  fs::rename(partial, dir);
  return dir;
}

}  // namespace ptreedb::bench
