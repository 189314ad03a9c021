// Files the drivers read at run time (TPC-H schema and queries, the plot script):
// from $PTREEDB_BENCH_SHARE, else ../share/ptreedb/ beside an installed binary,
// else tools/bench/ of the source tree the binary was built from.
#pragma once

#include <string>

namespace ptreedb::bench {

std::string resource_path(const std::string& relative);
std::string read_text_file(const std::string& path);

}  // namespace ptreedb::bench
