#include "tools/bench/subcommands.h"
namespace ptreedb::bench { int run_tpchc_bench(int, char**) { return 2; } }
