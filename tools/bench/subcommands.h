// Entry points of the ptreedb-bench subcommands; argv[0] is the subcommand name.
#pragma once

namespace ptreedb::bench {

int run_ptree_bench(int argc, char** argv);
int run_tpch_bench(int argc, char** argv);
int run_ycsb_bench(int argc, char** argv);
int run_tpchc_bench(int argc, char** argv);
int run_compare(int argc, char** argv);

}  // namespace ptreedb::bench
