// ptreedb-bench: benchmark drivers. Each subcommand measures ptreedb against a
// baseline or a peer engine in the same run and prints both with their ratio.
#include <cstdio>
#include <cstring>
#include <string>

#include "tools/bench/subcommands.h"

namespace {

void print_usage() {
  std::fputs(
      "usage: ptreedb-bench <subcommand> [options]\n"
      "subcommands:\n"
      "  ptree [--n N] [--json]   P-Tree library operations against std::map / vectors\n",
      stderr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    print_usage();
    return argc < 2 ? 2 : 0;
  }
  std::string subcommand = argv[1];
  if (subcommand == "ptree") return ptreedb::bench::run_ptree_bench(argc - 1, argv + 1);
  std::fprintf(stderr, "ptreedb-bench: unknown subcommand '%s'\n", subcommand.c_str());
  print_usage();
  return 2;
}
