#include "wal/wal_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

#include "wal/wal_error.h"

namespace ptreedb::wal {

WalReader::WalReader(const std::filesystem::path& directory, std::optional<Lsn> from)
    : segments_(list_segments(directory)) {
  position_ = from ? *from : (segments_.empty() ? 0 : segments_.front().start);
  end_ = position_;
  if (!map_segment_at(position_)) stop("end of log");
}

WalReader::~WalReader() { unmap(); }

void WalReader::unmap() {
  if (data_ != nullptr) ::munmap(const_cast<unsigned char*>(data_), mapped_size_);
  data_ = nullptr;
  mapped_size_ = 0;
}

bool WalReader::map_segment_at(Lsn lsn) {
  unmap();
  for (std::size_t i = 0; i < segments_.size(); ++i) {
    const SegmentFile& file = segments_[i];
    if (file.start > lsn || lsn >= file.start + file.size) continue;
    int fd = ::open(file.path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw WalError::from_errno(errno, "could not open WAL segment \"" + file.path.string() + "\"");
    void* data = ::mmap(nullptr, file.size, PROT_READ, MAP_SHARED, fd, 0);
    int error = errno;
    ::close(fd);
    if (data == MAP_FAILED) throw WalError::from_errno(error, "could not map WAL segment \"" + file.path.string() + "\"");
    data_ = static_cast<const unsigned char*>(data);
    mapped_size_ = file.size;
    segment_start_ = file.start;
    segment_index_ = i;
    return true;
  }
  return false;
}

bool WalReader::next(LogRecord& record) {
  if (stopped_) return false;
  record = LogRecord{};
  bool in_record = false;
  for (;;) {
    Lsn segment_end = segment_start_ + mapped_size_;
    if (data_ == nullptr || position_ >= segment_end) {
      if (!map_segment_at(position_)) {
        stop(in_record ? "incomplete record at end of log" : "end of log");
        return false;
      }
      segment_end = segment_start_ + mapped_size_;
    }
    std::uint64_t offset = position_ - segment_start_;
    if (segment_end - position_ < kFragmentHeaderBytes) {
      stop("segment ends inside a fragment header");
      return false;
    }
    FragmentHeader header;
    std::memcpy(&header, data_ + offset, sizeof(header));
    if (header.crc == 0 && header.length == 0 && header.lsn == 0) {
      stop(in_record ? "incomplete record (zero header)" : "zero header");
      return false;
    }
    if (header.lsn != position_ || header.length > segment_end - position_ - kFragmentHeaderBytes) {
      stop("invalid fragment header");
      return false;
    }
    if (fragment_crc(header, data_ + offset + kFragmentHeaderBytes) != header.crc) {
      stop("CRC mismatch");
      return false;
    }
    auto type = static_cast<FragmentType>(header.type);
    bool starts = type == FragmentType::kFull || type == FragmentType::kFirst;
    bool valid_type = type >= FragmentType::kFull && type <= FragmentType::kLast;
    if (!valid_type || starts == in_record) {
      stop("unexpected fragment type");
      return false;
    }
    if (!in_record) {
      record.lsn = position_;
      record.kind = header.kind;
      in_record = true;
    }
    record.payload.append(reinterpret_cast<const char*>(data_ + offset + kFragmentHeaderBytes), header.length);
    ++record.fragments;
    position_ += align_up(kFragmentHeaderBytes + header.length);
    if (type == FragmentType::kFull || type == FragmentType::kLast) {
      record.end = position_;
      end_ = position_;
      return true;
    }
  }
}

}  // namespace ptreedb::wal
