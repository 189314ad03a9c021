#include "exec/postgres_hash.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace ptreedb::exec {

using namespace postgres_hash_detail;

std::uint32_t postgres_hash_bytes(const void* bytes, std::size_t length) {
  static_assert(std::endian::native == std::endian::little, "hash_any's little-endian word order");
  const auto* k = static_cast<const unsigned char*>(bytes);
  State s = initial(length);
  auto word = [&](std::size_t at) {
    std::uint32_t w;
    std::memcpy(&w, k + at, 4);
    return w;
  };
  std::size_t left = length;
  while (left >= 12) {
    s.a += word(0);
    s.b += word(4);
    s.c += word(8);
    mix(s);
    k += 12;
    left -= 12;
  }
  // The last 11 bytes; the lowest byte of c is left for the length.
  switch (left) {
    case 11: s.c += static_cast<std::uint32_t>(k[10]) << 24; [[fallthrough]];
    case 10: s.c += static_cast<std::uint32_t>(k[9]) << 16; [[fallthrough]];
    case 9: s.c += static_cast<std::uint32_t>(k[8]) << 8; [[fallthrough]];
    case 8: s.b += word(4); s.a += word(0); break;
    case 7: s.b += static_cast<std::uint32_t>(k[6]) << 16; [[fallthrough]];
    case 6: s.b += static_cast<std::uint32_t>(k[5]) << 8; [[fallthrough]];
    case 5: s.b += k[4]; [[fallthrough]];
    case 4: s.a += word(0); break;
    case 3: s.a += static_cast<std::uint32_t>(k[2]) << 16; [[fallthrough]];
    case 2: s.a += static_cast<std::uint32_t>(k[1]) << 8; [[fallthrough]];
    case 1: s.a += k[0]; break;
    default: break;
  }
  final_mix(s);
  return s.c;
}

std::uint32_t postgres_hash_float8(double value) {
  if (value == 0) return 0;
  if (std::isnan(value)) value = std::numeric_limits<double>::quiet_NaN();  // get_float8_nan()
  return postgres_hash_bytes(&value, sizeof value);
}

}  // namespace ptreedb::exec
