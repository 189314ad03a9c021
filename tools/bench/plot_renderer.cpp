#include "tools/bench/plot_renderer.h"

#include "tools/bench/bench_resources.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

namespace ptreedb::bench {


namespace fs = std::filesystem;

bool render_plot(const std::string& kind, const std::string& json, const std::string& png_path) {
  std::string script = resource_path("plot_results.py");
  const char* python_env = std::getenv("PTREEDB_BENCH_PYTHON");
  std::string python = python_env ? python_env : "python3";
  fs::path json_path = fs::temp_directory_path() /
                       ("ptreedb-bench-" + std::to_string(::getpid()) + ".json");
  {
    std::ofstream out(json_path);
    out << json;
  }
  pid_t child = ::fork();
  if (child == 0) {
    // The plot script's messages go to stderr so --json output stays clean.
    ::dup2(2, 1);
    std::string json_arg = json_path.string();
    ::execlp(python.c_str(), python.c_str(), script.c_str(), kind.c_str(), json_arg.c_str(),
             png_path.c_str(), static_cast<char*>(nullptr));
    std::perror("exec python");
    ::_exit(127);
  }
  int status = 0;
  if (child > 0) ::waitpid(child, &status, 0);
  fs::remove(json_path);
  bool ok = child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
  if (!ok) std::fprintf(stderr, "ptreedb-bench: plotting with %s %s failed\n", python.c_str(), script.c_str());
  return ok;
}

}  // namespace ptreedb::bench
