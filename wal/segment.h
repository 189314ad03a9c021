// One WAL segment file mapped into memory with libpmem. A new segment is
// preallocated in full (so a full disk shows up when it is created, not as a
// fault on a later store) and therefore reads as zeros where nothing was
// written. Stores go through pmem_memcpy_nodrain; persist() makes a range
// durable: one pmem_drain when the mapping is persistent memory, pmem_msync
// on an ordinary file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "wal/record_format.h"

namespace ptreedb::wal {

struct SegmentFile {
  Lsn start = 0;
  std::uint64_t size = 0;
  std::filesystem::path path;
};

// The segment files of a WAL directory in LSN order (other files are ignored).
std::vector<SegmentFile> list_segments(const std::filesystem::path& directory);

class Segment {
 public:
  // Creates and preallocates `size` bytes at dir/<start>.wal; throws WalError.
  static std::unique_ptr<Segment> create(const std::filesystem::path& directory, Lsn start, std::uint64_t size);
  // Maps an existing segment for writing; throws WalError.
  static std::unique_ptr<Segment> open(const SegmentFile& file);
  ~Segment();
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;

  Lsn start() const { return start_; }
  Lsn end() const { return start_ + size_; }
  std::uint64_t size() const { return size_; }
  bool is_pmem() const { return is_pmem_; }
  const std::filesystem::path& path() const { return path_; }
  const unsigned char* data() const { return data_; }

  // Copies without waiting for durability (offsets are within the segment).
  void write_nodrain(std::uint64_t offset, const void* bytes, std::uint64_t length);
  void zero_nodrain(std::uint64_t offset, std::uint64_t length);
  // Makes [offset, offset + length) durable; throws WalError on an I/O error.
  void persist(std::uint64_t offset, std::uint64_t length);

 private:
  Segment() = default;

  Lsn start_ = 0;
  std::uint64_t size_ = 0;
  unsigned char* data_ = nullptr;
  bool is_pmem_ = false;
  std::filesystem::path path_;
};

// fsync of a directory, so that created, renamed or removed entries are durable.
void sync_directory(const std::filesystem::path& directory);

}  // namespace ptreedb::wal
