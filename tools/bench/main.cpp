// ptreedb-bench: benchmark drivers. Each subcommand measures ptreedb against a
// baseline or a peer engine in the same run and prints both with their ratio.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "tools/bench/subcommands.h"

namespace {

void print_usage() {
  std::fputs(
      "usage: ptreedb-bench <subcommand> [options]\n"
      "subcommands:\n"
      "  ptree [--n N] [--json]   P-Tree library operations against std::map / vectors\n"
      "  tpch load --sf F         generate TPC-H data (tpchgen-cli, cached) and COPY it in\n"
      "  tpch run                 the 22 TPC-H queries, N runs, medians, answers checked\n"
      "  ycsb --workload a..f|x|y YCSB key-value workloads from N client threads\n"
      "  tpchc --duration S       New-Order/Payment/Delivery clients racing TPC-H streams\n"
      "  compare tpch|oltp        one workload on ptreedb, PostgreSQL 15, HyPer and DuckDB, with ratios\n"
      "every subcommand but ptree talks to a server through libpq:\n"
      "  --host H --port P --user U --dbname D --json --plot FILE.png\n",
      stderr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    print_usage();
    return argc < 2 ? 2 : 0;
  }
  std::string subcommand = argv[1];
  try {
    if (subcommand == "ptree") return ptreedb::bench::run_ptree_bench(argc - 1, argv + 1);
    if (subcommand == "tpch") return ptreedb::bench::run_tpch_bench(argc - 1, argv + 1);
    if (subcommand == "ycsb") return ptreedb::bench::run_ycsb_bench(argc - 1, argv + 1);
    if (subcommand == "tpchc") return ptreedb::bench::run_tpchc_bench(argc - 1, argv + 1);
    if (subcommand == "compare") return ptreedb::bench::run_compare(argc - 1, argv + 1);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ptreedb-bench %s: %s\n", subcommand.c_str(), e.what());
    return 1;
  }
  std::fprintf(stderr, "ptreedb-bench: unknown subcommand '%s'\n", subcommand.c_str());
  print_usage();
  return 2;
}
