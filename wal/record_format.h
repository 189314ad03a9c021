// How records sit in the log. The LSN is a byte position in the log stream;
// segment files hold consecutive ranges of it and are named by the LSN of
// their first byte. A logical record (one commit batch) is written as one or
// more fragments; each fragment is a 24-byte header and payload, padded to a
// 64-byte cache line, and never crosses a segment's end:
//
//   u32 crc      CRC32C of the rest of the header and the payload
//   u32 length   payload bytes in this fragment
//   u64 lsn      the fragment's own position (stale bytes never match)
//   u8  type     full / first / middle / last piece of a logical record
//   u8  kind     what the logical record is (the caller's tag)
//   u16, u32     zero
//
// Never-written space is zero, so a reader stops at the first fragment whose
// header is zero, whose CRC or LSN does not match, or whose logical record is
// incomplete: that is the torn tail of the log.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::wal {

using Lsn = std::uint64_t;

inline constexpr std::uint64_t kFragmentAlignment = 64;
inline constexpr std::uint64_t kDefaultSegmentSize = 64ull << 20;

enum class FragmentType : std::uint8_t { kFull = 1, kFirst = 2, kMiddle = 3, kLast = 4 };

struct FragmentHeader {
  std::uint32_t crc = 0;
  std::uint32_t length = 0;
  std::uint64_t lsn = 0;
  std::uint8_t type = 0;
  std::uint8_t kind = 0;
  std::uint16_t reserved16 = 0;
  std::uint32_t reserved32 = 0;
};
static_assert(sizeof(FragmentHeader) == 24);
inline constexpr std::uint64_t kFragmentHeaderBytes = sizeof(FragmentHeader);

constexpr std::uint64_t align_up(std::uint64_t bytes) {
  return (bytes + kFragmentAlignment - 1) & ~(kFragmentAlignment - 1);
}

// The CRC a header must carry for `payload`.
std::uint32_t fragment_crc(const FragmentHeader& header, const void* payload);

// "00000000012a0000.wal" for LSN 0x12a0000, and back (nullopt for other names).
std::string segment_file_name(Lsn start);
std::optional<Lsn> parse_segment_file_name(std::string_view name);

}  // namespace ptreedb::wal
