#include "txn/checkpoint_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include "txn/byte_codec.h"
#include "txn/world_change.h"
#include "wal/crc32c.h"
#include "wal/segment.h"
#include "wal/wal_error.h"

namespace ptreedb::txn {
namespace {

constexpr char kMagic[8] = {'P', 'T', 'D', 'B', 'C', 'K', 'P', '1'};
constexpr std::size_t kHeaderBytes = 8 + 8 + 8 + 4 + 4;

}  // namespace

std::string checkpoint_file_name(std::uint64_t lsn) {
  char name[32];
  std::snprintf(name, sizeof(name), "%016llx.ckpt", static_cast<unsigned long long>(lsn));
  return name;
}

namespace {

std::optional<std::uint64_t> parse_checkpoint_name(const std::string& name) {
  if (name.size() != 21 || name.substr(16) != ".ckpt") return std::nullopt;
  std::uint64_t value = 0;
  for (char c : name.substr(0, 16)) {
    if (!std::isxdigit(static_cast<unsigned char>(c)) || std::isupper(static_cast<unsigned char>(c))) return std::nullopt;
    value = value * 16 + static_cast<std::uint64_t>(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : c - 'a' + 10);
  }
  return value;
}

void write_all(int fd, const char* data, std::size_t size, const std::string& path) {
  while (size > 0) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      throw wal::WalError::from_errno(errno, "could not write checkpoint \"" + path + "\"");
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

}  // namespace

std::filesystem::path write_checkpoint(const std::filesystem::path& directory, std::uint64_t lsn,
                                       const storage::World& world) {
  std::filesystem::create_directories(directory);
  std::string payload = encode_world_change(storage::World{}, world);
  if (payload.empty()) ByteWriter(payload).put<std::uint32_t>(world.next_oid());
  std::string header(kMagic, sizeof(kMagic));
  ByteWriter out(header);
  out.put<std::uint64_t>(lsn);
  out.put<std::uint64_t>(payload.size());
  out.put<std::uint32_t>(wal::crc32c(0, payload.data(), payload.size()));
  out.put<std::uint32_t>(wal::crc32c(0, header.data(), header.size()));

  std::filesystem::path final_path = directory / checkpoint_file_name(lsn);
  std::filesystem::path temporary = final_path;
  temporary += ".tmp";
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw wal::WalError::from_errno(errno, "could not create checkpoint \"" + temporary.string() + "\"");
  try {
    write_all(fd, header.data(), header.size(), temporary.string());
    write_all(fd, payload.data(), payload.size(), temporary.string());
    if (::fsync(fd) != 0) throw wal::WalError::from_errno(errno, "could not sync checkpoint \"" + temporary.string() + "\"");
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temporary.c_str(), final_path.c_str()) != 0) {
    int error = errno;
    ::unlink(temporary.c_str());
    throw wal::WalError::from_errno(error, "could not rename checkpoint \"" + temporary.string() + "\"");
  }
  wal::sync_directory(directory);
  return final_path;
}

std::optional<LoadedCheckpoint> load_newest_checkpoint(const std::filesystem::path& directory, std::string* skipped) {
  std::vector<std::pair<std::uint64_t, std::filesystem::path>> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    if (auto lsn = parse_checkpoint_name(entry.path().filename().string())) files.emplace_back(*lsn, entry.path());
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [name_lsn, path] : files) {
    std::string bytes;
    {
      std::ifstream in(path, std::ios::binary | std::ios::ate);
      bytes.resize(static_cast<std::size_t>(std::max<std::streamoff>(in.tellg(), 0)));
      in.seekg(0);
      in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      if (!in) bytes.clear();
    }
    auto reject = [&, &path = path](const std::string& why) {
      if (skipped != nullptr) *skipped += "checkpoint \"" + path.string() + "\" skipped: " + why + "\n";
    };
    if (bytes.size() < kHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0) {
      reject("not a checkpoint file");
      continue;
    }
    ByteReader header(std::string_view(bytes).substr(8, kHeaderBytes - 8));
    auto lsn = header.get<std::uint64_t>();
    auto size = header.get<std::uint64_t>();
    auto payload_crc = header.get<std::uint32_t>();
    auto header_crc = header.get<std::uint32_t>();
    if (wal::crc32c(0, bytes.data(), kHeaderBytes - 4) != header_crc || lsn != name_lsn ||
        bytes.size() != kHeaderBytes + size) {
      reject("damaged header or wrong size");
      continue;
    }
    std::string_view payload = std::string_view(bytes).substr(kHeaderBytes);
    if (wal::crc32c(0, payload.data(), payload.size()) != payload_crc) {
      reject("checksum mismatch");
      continue;
    }
    try {
      auto world = apply_world_change(std::make_shared<const storage::World>(), decode_world_change(payload));
      return LoadedCheckpoint{lsn, std::move(world), path, bytes.size()};
    } catch (const CorruptRecord& corrupt) {
      reject(corrupt.what());
    }
  }
  return std::nullopt;
}

void remove_checkpoints_before(const std::filesystem::path& directory, std::uint64_t lsn) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
    std::string name = entry.path().filename().string();
    bool temporary = name.size() > 4 && name.substr(name.size() - 4) == ".tmp";
    auto file_lsn = parse_checkpoint_name(name);
    if (temporary || (file_lsn && *file_lsn < lsn)) std::filesystem::remove(entry.path(), error);
  }
}

}  // namespace ptreedb::txn
