#include "wal/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace ptreedb::wal {
namespace {

constexpr std::uint32_t kPolynomial = 0x82F63B78u;  // reflected Castagnoli

constexpr std::array<std::uint32_t, 256> make_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t crc = i;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ ((crc & 1) ? kPolynomial : 0);
    table[i] = crc;
  }
  return table;
}
constexpr auto kTable = make_table();

std::uint32_t crc32c_table(std::uint32_t crc, const unsigned char* bytes, std::size_t size) {
  for (std::size_t i = 0; i < size; ++i) crc = kTable[(crc ^ bytes[i]) & 0xFF] ^ (crc >> 8);
  return crc;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t crc32c_sse42(std::uint32_t crc, const unsigned char* bytes,
                                                             std::size_t size) {
  std::uint64_t wide = crc;
  while (size >= 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes, 8);
    wide = _mm_crc32_u64(wide, word);
    bytes += 8;
    size -= 8;
  }
  crc = static_cast<std::uint32_t>(wide);
  while (size > 0) {
    crc = _mm_crc32_u8(crc, *bytes++);
    --size;
  }
  return crc;
}

bool cpu_has_sse42() {
  static const bool has = __builtin_cpu_supports("sse4.2");
  return has;
}
#endif

}  // namespace

std::uint32_t crc32c(std::uint32_t crc, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  crc = ~crc;
#if defined(__x86_64__)
  if (cpu_has_sse42()) return ~crc32c_sse42(crc, bytes, size);
#endif
  return ~crc32c_table(crc, bytes, size);
}

}  // namespace ptreedb::wal
