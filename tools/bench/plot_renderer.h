// --plot: hands a driver's JSON results to tools/bench/plot_results.py, which
// renders them with matplotlib (C++ has no plotting library worth depending on).
#pragma once

#include <string>

namespace ptreedb::bench {

// kind: "tpch", "ycsb" or "tpchc". Returns false (after printing why) on failure.
bool render_plot(const std::string& kind, const std::string& json, const std::string& png_path);

}  // namespace ptreedb::bench
