// Reads the logical records of a WAL directory in LSN order, from a given LSN
// (a checkpoint's) on, and stops cleanly at the end of the valid log: a zero
// header, a CRC or LSN mismatch, a logical record missing its last fragment,
// or a gap between segment files. end_lsn() is then where a writer resumes.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "wal/record_format.h"
#include "wal/segment.h"

namespace ptreedb::wal {

struct LogRecord {
  Lsn lsn = 0;
  Lsn end = 0;  // the LSN after its last fragment
  std::uint8_t kind = 0;
  std::uint32_t fragments = 0;
  std::string payload;
};

class WalReader {
 public:
  // from: the first LSN to read; nullopt starts at the oldest segment.
  WalReader(const std::filesystem::path& directory, std::optional<Lsn> from);
  ~WalReader();
  WalReader(const WalReader&) = delete;
  WalReader& operator=(const WalReader&) = delete;

  // The next valid record, or false at the end of the valid log.
  bool next(LogRecord& record);
  Lsn end_lsn() const { return end_; }
  // Why reading stopped: "end of log", "zero header", "CRC mismatch", ...
  const std::string& stop_reason() const { return stop_reason_; }

 private:
  bool map_segment_at(Lsn lsn);
  void unmap();
  void stop(std::string reason) { stop_reason_ = std::move(reason); stopped_ = true; }

  std::vector<SegmentFile> segments_;
  std::size_t segment_index_ = 0;
  const unsigned char* data_ = nullptr;
  std::uint64_t mapped_size_ = 0;
  Lsn segment_start_ = 0;
  Lsn position_ = 0;
  Lsn end_ = 0;
  bool stopped_ = false;
  std::string stop_reason_;
};

}  // namespace ptreedb::wal
