// TPC-H data files: generated once per scale factor with tpchgen-cli (PyPI) into
// a cache directory, then reused by every load.
#pragma once

#include <array>
#include <filesystem>
#include <string>

namespace ptreedb::bench {

// In load order (referenced tables first).
inline constexpr std::array<const char*, 8> kTpchTables = {
    "region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem"};

// The directory holding <table>.csv for `scale`, generating it when missing.
// cache_dir empty: $PTREEDB_BENCH_CACHE, else $XDG_CACHE_HOME/ptreedb, else
// ~/.cache/ptreedb. The generator is $TPCHGEN_CLI or tpchgen-cli on PATH.
std::filesystem::path tpch_data_dir(const std::string& scale, const std::string& cache_dir);

}  // namespace ptreedb::bench
