// Appends logical records to the segment files of one WAL directory. append()
// only copies (pmem_memcpy_nodrain); persist() makes every record appended
// since the last persist durable at once, so a commit batch costs one drain
// (or one msync per touched segment on ordinary files). A record that cannot
// be written or persisted is wiped again before the error is thrown, so the
// log never holds a record whose commit was refused.
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>

#include "wal/record_format.h"
#include "wal/segment.h"

namespace ptreedb::wal {

class WalWriter {
 public:
  WalWriter(std::filesystem::path directory, std::uint64_t segment_size);

  // Starts appending at `lsn`, the end of the valid log found by recovery:
  // what follows it (a torn tail) is zeroed and later segments are removed.
  void open(Lsn lsn);

  // Appends one logical record and returns its LSN; durable after persist().
  // Throws WalError (a segment could not be created), leaving nothing behind.
  Lsn append(std::uint8_t kind, std::string_view payload);
  // Makes everything appended durable. Throws WalError after wiping the
  // records appended since the last persist.
  void persist();
  // Drops the records appended since the last persist (their commit failed).
  void discard_pending();

  Lsn end_lsn() const { return position_; }
  Lsn durable_lsn() const { return durable_; }
  bool is_pmem() const;
  // Since construction: records appended, and persists that made bytes
  // durable (one per commit batch; the two are equal when every batch is one
  // record).
  std::uint64_t records_appended() const { return records_appended_.load(std::memory_order_relaxed); }
  std::uint64_t persists() const { return persists_.load(std::memory_order_relaxed); }

  // Removes the segment files that lie wholly before `lsn`; returns how many.
  std::size_t remove_segments_before(Lsn lsn);

 private:
  struct OpenSegment {
    std::unique_ptr<Segment> segment;
    std::uint64_t dirty_begin = 0;  // offsets within the segment not yet persisted
    std::uint64_t dirty_end = 0;
  };

  void write_fragment(OpenSegment& target, Lsn lsn, FragmentType type, std::uint8_t kind,
                      std::string_view piece);

  std::filesystem::path directory_;
  std::uint64_t segment_size_;
  // Segments written since the last persist; the last one is being appended to.
  std::vector<OpenSegment> open_;
  Lsn position_ = 0;
  Lsn durable_ = 0;
  std::atomic<std::uint64_t> records_appended_{0};
  std::atomic<std::uint64_t> persists_{0};
  std::mutex files_mutex_;  // segment creation vs. removal by the checkpointer
};

}  // namespace ptreedb::wal
