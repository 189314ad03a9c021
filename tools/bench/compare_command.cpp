// ptreedb-bench compare tpch|oltp [options]: one workload on ptreedb and its
// peers in one run, each figure printed with its ratio to ptreedb's. The
// peers include DuckDB in process and HyPer through tableauhyperapi, which
// exist as Python packages, so the comparison itself is Python
// (tools/bench/compare/): this subcommand runs it with the bench
// environment's interpreter.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "tools/bench/bench_resources.h"
#include "tools/bench/subcommands.h"

namespace ptreedb::bench {

namespace fs = std::filesystem;

namespace {

// PTREEDB_BENCH_PYTHON, else the virtual environment `make bench-tpch`
// creates beside the build (with duckdb and tableauhyperapi), else python3.
std::string bench_python() {
  if (const char* python = std::getenv("PTREEDB_BENCH_PYTHON")) return python;
  fs::path venv = fs::path(PTREEDB_SOURCE_DIR) / "build" / "bench-venv" / "bin" / "python";
  if (fs::exists(venv)) return venv.string();
  return "python3";
}

}  // namespace

int run_compare(int argc, char** argv) {
  std::string workload = argc > 1 ? argv[1] : "";
  if (workload != "tpch" && workload != "oltp") {
    std::fputs(
        "usage: ptreedb-bench compare tpch [--sf F] [--runs N] [--engines ptreedb,postgresql,hyper,duckdb]\n"
        "                                [--baseline-server-bin OLD_PTREEDB]\n"
        "       ptreedb-bench compare oltp [--records N] [--operations N] [--tpchc-sf F] [--duration S]\n"
        "  tpch: the 22 queries on ptreedb, PostgreSQL 15, HyPer and DuckDB over the same data, answers\n"
        "        checked, per-query medians and ratios to ptreedb's (JSON and PNG in --out-dir)\n"
        "  oltp: YCSB and TPC-HC on ptreedb and PostgreSQL 15 through the same driver, with ratios\n"
        "  (--help after the workload lists every option)\n",
        stderr);
    return 2;
  }
  std::string script = resource_path("compare/compare_" + workload + ".py");
  std::string python = bench_python();
  std::vector<char*> arguments{python.data(), script.data()};
  for (int i = 2; i < argc; ++i) arguments.push_back(argv[i]);
  arguments.push_back(nullptr);
  ::execvp(python.c_str(), arguments.data());
  std::perror(("ptreedb-bench compare: cannot run " + python).c_str());
  return 127;
}

}  // namespace ptreedb::bench
