#include "wal/segment.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <libpmem.h>

#include "wal/wal_error.h"

namespace ptreedb::wal {

std::vector<SegmentFile> list_segments(const std::filesystem::path& directory) {
  std::vector<SegmentFile> segments;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    auto start = parse_segment_file_name(entry.path().filename().string());
    if (!start || !entry.is_regular_file()) continue;
    segments.push_back({*start, entry.file_size(), entry.path()});
  }
  std::sort(segments.begin(), segments.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
  return segments;
}

std::unique_ptr<Segment> Segment::create(const std::filesystem::path& directory, Lsn start, std::uint64_t size) {
  std::filesystem::path path = directory / segment_file_name(start);
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw WalError::from_errno(errno, "could not create WAL segment \"" + path.string() + "\"");
  int error = ::posix_fallocate(fd, 0, static_cast<off_t>(size));
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  ::close(fd);
  if (error != 0) {
    ::unlink(path.c_str());
    throw WalError::from_errno(error, "could not extend WAL segment \"" + path.string() + "\"");
  }
  sync_directory(directory);
  return open({start, size, path});
}

std::unique_ptr<Segment> Segment::open(const SegmentFile& file) {
  std::unique_ptr<Segment> segment(new Segment());
  std::size_t mapped = 0;
  int is_pmem = 0;
  void* data = pmem_map_file(file.path.c_str(), 0, 0, 0, &mapped, &is_pmem);
  if (data == nullptr) throw WalError::from_errno(errno, "could not map WAL segment \"" + file.path.string() + "\"");
  segment->start_ = file.start;
  segment->size_ = mapped;
  segment->data_ = static_cast<unsigned char*>(data);
  segment->is_pmem_ = is_pmem != 0;
  segment->path_ = file.path;
  return segment;
}

Segment::~Segment() {
  if (data_ != nullptr) pmem_unmap(data_, size_);
}

void Segment::write_nodrain(std::uint64_t offset, const void* bytes, std::uint64_t length) {
  if (is_pmem_) {
    pmem_memcpy_nodrain(data_ + offset, bytes, length);
  } else {
    std::memcpy(data_ + offset, bytes, length);
  }
}

void Segment::zero_nodrain(std::uint64_t offset, std::uint64_t length) {
  if (is_pmem_) {
    pmem_memset_nodrain(data_ + offset, 0, length);
  } else {
    std::memset(data_ + offset, 0, length);
  }
}

void Segment::persist(std::uint64_t offset, std::uint64_t length) {
  if (length == 0) return;
  if (is_pmem_) {
    pmem_drain();
    return;
  }
  if (pmem_msync(data_ + offset, length) != 0) {
    throw WalError::from_errno(errno, "could not sync WAL segment \"" + path_.string() + "\"");
  }
}

void sync_directory(const std::filesystem::path& directory) {
  int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw WalError::from_errno(errno, "could not open directory \"" + directory.string() + "\"");
  int result = ::fsync(fd);
  int error = errno;
  ::close(fd);
  if (result != 0) throw WalError::from_errno(error, "could not sync directory \"" + directory.string() + "\"");
}

}  // namespace ptreedb::wal
