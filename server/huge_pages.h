// --huge-pages: the server's heap in 2 MB transparent huge pages.
//
// Hash tables, sort buffers, chunks and leaf column arrays are read at
// random or across gigabytes; with 4 KB pages most of those reads also miss
// the TLB (TPC-H SF 1: Q18, Q21 and Q13 spent 15-25% more CPU). mimalloc
// asks the kernel for huge pages on its segments (madvise), which a kernel
// whose transparent_hugepage setting is "always" or "madvise" grants.
#pragma once

#include <cstdint>
#include <string>

namespace ptreedb::server {

// The text of /sys/kernel/mm/transparent_hugepage/enabled ("always
// [madvise] never"), empty when it cannot be read.
std::string transparent_huge_page_setting();

// Below this memory limit "try" keeps 4 KB pages: mimalloc commits a huge
// page segment whole, so the resident size runs tens of MB ahead of what is
// held, too much against a small limit (a 256 MB one overshot by 35 MB).
inline constexpr std::uint64_t kHugePagesLeastMemoryLimit = 4ull << 30;

// Whether to allocate in huge pages for `mode` (try, on, off), the kernel's
// `setting`, whether the allocator can ask for them and the memory limit in
// force: "try" uses them when the setting's bracketed choice is always or
// madvise and the limit is at least kHugePagesLeastMemoryLimit; "on" uses
// them whatever the limit, and throws std::runtime_error when it cannot.
bool use_huge_pages(const std::string& mode, const std::string& setting, bool allocator_can,
                    std::uint64_t memory_limit);

}  // namespace ptreedb::server
