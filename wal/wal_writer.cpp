#include "wal/wal_writer.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>

#include "wal/wal_error.h"

namespace ptreedb::wal {

WalWriter::WalWriter(std::filesystem::path directory, std::uint64_t segment_size)
    : directory_(std::move(directory)), segment_size_(segment_size) {}

bool WalWriter::is_pmem() const { return !open_.empty() && open_.back().segment->is_pmem(); }

void WalWriter::open(Lsn lsn) {
  std::lock_guard lock(files_mutex_);
  open_.clear();
  position_ = durable_ = lsn;
  bool removed = false;
  for (const SegmentFile& file : list_segments(directory_)) {
    if (file.start > lsn || (file.start == lsn && file.size == 0)) {
      std::filesystem::remove(file.path);  // wholly after the end of the valid log
      removed = true;
    } else if (lsn < file.start + file.size) {
      auto segment = Segment::open(file);
      std::uint64_t offset = lsn - file.start;
      std::uint64_t length = segment->size() - offset;
      const unsigned char* rest = segment->data() + offset;
      bool dirty = length > 0 && (rest[0] != 0 || std::memcmp(rest, rest + 1, length - 1) != 0);
      if (dirty) {  // a torn tail: wipe it so no stale fragment is read after new ones
        segment->zero_nodrain(offset, length);
        segment->persist(offset, length);
      }
      open_.push_back({std::move(segment), offset, offset});
    }
  }
  if (removed) sync_directory(directory_);
}

void WalWriter::write_fragment(OpenSegment& target, Lsn lsn, FragmentType type, std::uint8_t kind,
                               std::string_view piece) {
  FragmentHeader header;
  header.length = static_cast<std::uint32_t>(piece.size());
  header.lsn = lsn;
  header.type = static_cast<std::uint8_t>(type);
  header.kind = kind;
  header.crc = fragment_crc(header, piece.data());
  std::uint64_t offset = lsn - target.segment->start();
  target.segment->write_nodrain(offset + kFragmentHeaderBytes, piece.data(), piece.size());
  // The header goes last within the fragment; the whole batch is drained together anyway.
  target.segment->write_nodrain(offset, &header, sizeof(header));
  target.dirty_end = offset + align_up(kFragmentHeaderBytes + piece.size());
}

Lsn WalWriter::append(std::uint8_t kind, std::string_view payload) {
  // Plan the fragments and create every segment they need before writing a byte.
  struct Piece {
    Lsn lsn;
    std::size_t offset, length;
    std::size_t segment;  // index into open_ after the new segments are added
  };
  std::vector<Piece> pieces;
  std::vector<std::unique_ptr<Segment>> created;
  {
    std::lock_guard lock(files_mutex_);
    try {
      Lsn pos = position_;
      Lsn segment_end = open_.empty() ? pos : open_.back().segment->end();
      std::size_t segment_index = open_.empty() ? 0 : open_.size() - 1;
      std::size_t done = 0;
      do {
        if (pos == segment_end) {
          created.push_back(Segment::create(directory_, pos, segment_size_));
          segment_end = created.back()->end();
          segment_index = open_.size() + created.size() - 1;
        }
        std::size_t take = std::min<std::uint64_t>(payload.size() - done, segment_end - pos - kFragmentHeaderBytes);
        pieces.push_back({pos, done, take, segment_index});
        done += take;
        pos += align_up(kFragmentHeaderBytes + take);
      } while (done < payload.size());
    } catch (...) {
      for (auto& segment : created) {
        std::filesystem::path path = segment->path();
        segment.reset();
        ::unlink(path.c_str());
      }
      throw;
    }
  }
  for (auto& segment : created) {
    std::uint64_t begin = 0;
    open_.push_back({std::move(segment), begin, begin});
  }
  Lsn start = pieces.front().lsn;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    FragmentType type = pieces.size() == 1 ? FragmentType::kFull
                        : i == 0           ? FragmentType::kFirst
                        : i + 1 == pieces.size() ? FragmentType::kLast
                                                 : FragmentType::kMiddle;
    write_fragment(open_[pieces[i].segment], pieces[i].lsn, type, kind,
                   payload.substr(pieces[i].offset, pieces[i].length));
  }
  position_ = pieces.back().lsn + align_up(kFragmentHeaderBytes + pieces.back().length);
  records_appended_.fetch_add(1, std::memory_order_relaxed);
  return start;
}

void WalWriter::persist() {
  if (position_ == durable_) return;
  try {
    bool drained = false;
    for (OpenSegment& open : open_) {
      if (open.dirty_end <= open.dirty_begin) continue;
      if (open.segment->is_pmem()) {
        if (!drained) open.segment->persist(open.dirty_begin, open.dirty_end - open.dirty_begin);
        drained = true;
      } else {
        open.segment->persist(open.dirty_begin, open.dirty_end - open.dirty_begin);
      }
    }
  } catch (...) {
    discard_pending();
    throw;
  }
  durable_ = position_;
  persists_.fetch_add(1, std::memory_order_relaxed);
  // Only the segment being appended to stays mapped.
  if (open_.size() > 1) open_.erase(open_.begin(), open_.end() - 1);
  if (!open_.empty()) open_.back().dirty_begin = open_.back().dirty_end;
}

void WalWriter::discard_pending() {
  std::lock_guard lock(files_mutex_);
  std::vector<OpenSegment> kept;
  for (OpenSegment& open : open_) {
    Segment& segment = *open.segment;
    if (segment.start() >= durable_) {
      // Created for the discarded records only: it holds nothing durable.
      std::filesystem::path path = segment.path();
      open.segment.reset();
      ::unlink(path.c_str());
      continue;
    }
    if (open.dirty_end > open.dirty_begin) {
      segment.zero_nodrain(open.dirty_begin, open.dirty_end - open.dirty_begin);
      try {
        segment.persist(open.dirty_begin, open.dirty_end - open.dirty_begin);
      } catch (const WalError&) {
        // The wipe could not be made durable either; the caller reports the first error.
      }
      open.dirty_end = open.dirty_begin;
    }
    kept.push_back(std::move(open));
  }
  open_ = std::move(kept);
  if (open_.size() > 1) open_.erase(open_.begin(), open_.end() - 1);
  position_ = durable_;
}

std::size_t WalWriter::remove_segments_before(Lsn lsn) {
  std::lock_guard lock(files_mutex_);
  std::size_t removed = 0;
  for (const SegmentFile& file : list_segments(directory_)) {
    // Such a segment is wholly durable and never written again (the one being
    // appended to ends after every durable LSN).
    if (file.start + file.size > lsn) continue;
    std::error_code error;
    if (std::filesystem::remove(file.path, error)) ++removed;
  }
  if (removed > 0) sync_directory(directory_);
  return removed;
}

}  // namespace ptreedb::wal
