// CRC32C (Castagnoli), the checksum of WAL records and checkpoint files. Uses
// the SSE4.2 crc32 instruction when the CPU has it, else a byte-wise table.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ptreedb::wal {

// Extends `crc` (0 to start) over `size` bytes; crc32c(crc32c(0, a), b) == crc32c(0, a + b).
std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size);

}  // namespace ptreedb::wal
