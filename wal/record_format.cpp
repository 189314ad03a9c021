#include "wal/record_format.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "wal/crc32c.h"
#include "wal/wal_error.h"

namespace ptreedb::wal {

std::uint32_t fragment_crc(const FragmentHeader& header, const void* payload) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&header);
  std::uint32_t crc = crc32c(0, bytes + 4, sizeof(FragmentHeader) - 4);
  return crc32c(crc, payload, header.length);
}

std::string segment_file_name(Lsn start) {
  char name[32];
  std::snprintf(name, sizeof(name), "%016llx.wal", static_cast<unsigned long long>(start));
  return name;
}

std::optional<Lsn> parse_segment_file_name(std::string_view name) {
  if (name.size() != 20 || name.substr(16) != ".wal") return std::nullopt;
  Lsn value = 0;
  for (char c : name.substr(0, 16)) {
    int digit;
    if (c >= '0' && c <= '9') digit = c - '0';
    else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    else return std::nullopt;
    value = value * 16 + static_cast<Lsn>(digit);
  }
  return value;
}

WalError WalError::from_errno(int error_number, const std::string& what) {
  bool no_space = error_number == ENOSPC || error_number == EDQUOT || error_number == EFBIG;
  return WalError(no_space ? Kind::kDiskFull : Kind::kIoError, what + ": " + std::strerror(error_number));
}

}  // namespace ptreedb::wal
