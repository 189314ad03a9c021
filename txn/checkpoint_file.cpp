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

#include <tbb/parallel_for.h>

#include "storage/world/relation_name.h"
#include "txn/byte_codec.h"
#include "txn/world_change.h"
#include "wal/crc32c.h"
#include "wal/segment.h"
#include "wal/wal_error.h"

namespace ptreedb::txn {
namespace {

// Version 1: one payload, encode_world_change(empty, world). Version 2: the
// payload is a table of contents (u32 count, then u64 size and u32 CRC32C per
// section) followed by the sections: one per table, encoded and decoded in
// parallel, and a last one with views, roles and the next OID.
constexpr char kMagic[8] = {'P', 'T', 'D', 'B', 'C', 'K', 'P', '1'};
constexpr char kSectionedMagic[8] = {'P', 'T', 'D', 'B', 'C', 'K', 'P', '2'};
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

// The world of a version 2 payload, or null with the reason in `why`. Sections
// are checked and rebuilt in parallel (each table bulk-built on its own).
std::shared_ptr<const storage::World> load_sections(std::string_view payload, std::uint32_t contents_crc,
                                                    std::string& why) {
  try {
    ByteReader toc(payload);
    auto count = toc.get<std::uint32_t>();
    std::size_t contents_size = 4 + std::size_t{count} * 12;
    if (count == 0 || contents_size > payload.size() ||
        wal::crc32c(0, payload.data(), contents_size) != contents_crc) {
      why = "damaged table of contents";
      return nullptr;
    }
    std::vector<std::string_view> sections(count);
    std::vector<std::uint32_t> crcs(count);
    std::size_t offset = contents_size;
    for (std::uint32_t i = 0; i < count; ++i) {
      auto size = toc.get<std::uint64_t>();
      crcs[i] = toc.get<std::uint32_t>();
      if (size > payload.size() - offset) {
        why = "section beyond the end of the file";
        return nullptr;
      }
      sections[i] = payload.substr(offset, size);
      offset += size;
    }
    if (offset != payload.size()) {
      why = "wrong size";
      return nullptr;
    }
    std::vector<std::shared_ptr<const storage::World>> parts(count);
    std::vector<std::string> errors(count);
    tbb::parallel_for(std::uint32_t{0}, count, [&](std::uint32_t i) {
      if (wal::crc32c(0, sections[i].data(), sections[i].size()) != crcs[i]) {
        errors[i] = "checksum mismatch in section " + std::to_string(i);
        return;
      }
      try {
        parts[i] = apply_world_change(std::make_shared<const storage::World>(), decode_world_change(sections[i]));
      } catch (const CorruptRecord& corrupt) {
        errors[i] = corrupt.what();
      }
    });
    for (const std::string& error : errors) {
      if (!error.empty()) {
        why = error;
        return nullptr;
      }
    }
    // Tables first, then views, roles and the next OID from the last section.
    auto world = std::make_shared<const storage::World>();
    for (std::uint32_t i = 0; i + 1 < count; ++i) {
      for (auto it = parts[i]->tables().begin(); it != parts[i]->tables().end(); ++it) {
        world = world->with_table((*it).value);
      }
    }
    const auto& rest = parts[count - 1];
    for (auto it = rest->views().begin(); it != rest->views().end(); ++it) world = world->with_view((*it).value);
    for (auto it = rest->sequences().begin(); it != rest->sequences().end(); ++it) {
      world = world->with_sequence((*it).value);
    }
    for (auto it = rest->namespaces().begin(); it != rest->namespaces().end(); ++it) {
      world = world->with_namespace((*it).value);
    }
    for (auto it = rest->enum_types().begin(); it != rest->enum_types().end(); ++it) {
      world = world->with_enum_type((*it).value);
    }
    for (auto it = rest->domains().begin(); it != rest->domains().end(); ++it) world = world->with_domain((*it).value);
    for (auto it = rest->roles().begin(); it != rest->roles().end(); ++it) world = world->with_role((*it).value);
    for (auto it = rest->acls().begin(); it != rest->acls().end(); ++it) {
      world = world->with_acl((*it).key, (*it).value);
    }
    return world->with_next_oid(rest->next_oid());
  } catch (const CorruptRecord& corrupt) {
    why = corrupt.what();
    return nullptr;
  }
}

}  // namespace

std::filesystem::path write_checkpoint(const std::filesystem::path& directory, std::uint64_t lsn,
                                       const storage::World& world) {
  std::filesystem::create_directories(directory);
  // Each table as the change from the empty world to a world of that table
  // alone; the rest (views, roles, owners and grants, next OID) as a last section.
  std::vector<std::shared_ptr<const storage::Table>> tables;
  std::vector<std::uint32_t> temporary_oids;  // temporary relations and their owners are never saved
  for (auto it = world.views().begin(); it != world.views().end(); ++it) {
    if (storage::is_temp_relation_key((*it).key)) temporary_oids.push_back((*it).value->oid);
  }
  for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
    if (storage::is_temp_relation_key((*it).key)) {
      temporary_oids.push_back((*it).value->schema().oid());
    } else {
      tables.push_back((*it).value);
    }
  }
  std::vector<std::string> sections(tables.size() + 1);
  std::vector<std::uint32_t> crcs(sections.size());
  tbb::parallel_for(std::size_t{0}, sections.size(), [&](std::size_t i) {
    if (i < tables.size()) {
      sections[i] = encode_world_change(storage::World{}, *storage::World{}.with_table(tables[i]));
    } else {
      auto rest = std::make_shared<const storage::World>()->with_next_oid(world.next_oid());
      for (auto it = world.views().begin(); it != world.views().end(); ++it) {
        if (!storage::is_temp_relation_key((*it).key)) rest = rest->with_view((*it).value);
      }
      for (auto it = world.sequences().begin(); it != world.sequences().end(); ++it) {
        if (!storage::is_temp_relation_key((*it).key)) rest = rest->with_sequence((*it).value);
      }
      for (auto it = world.namespaces().begin(); it != world.namespaces().end(); ++it) {
        rest = rest->with_namespace((*it).value);
      }
      for (auto it = world.enum_types().begin(); it != world.enum_types().end(); ++it) {
        rest = rest->with_enum_type((*it).value);
      }
      for (auto it = world.domains().begin(); it != world.domains().end(); ++it) rest = rest->with_domain((*it).value);
      for (auto it = world.roles().begin(); it != world.roles().end(); ++it) rest = rest->with_role((*it).value);
      for (auto it = world.acls().begin(); it != world.acls().end(); ++it) {
        if (std::find(temporary_oids.begin(), temporary_oids.end(), (*it).key) != temporary_oids.end()) continue;
        rest = rest->with_acl((*it).key, (*it).value);
      }
      sections[i] = encode_world_change(storage::World{}, *rest);
      if (sections[i].empty()) ByteWriter(sections[i]).put<std::uint32_t>(world.next_oid());
    }
    crcs[i] = wal::crc32c(0, sections[i].data(), sections[i].size());
  });
  std::string contents;
  ByteWriter toc(contents);
  toc.put<std::uint32_t>(static_cast<std::uint32_t>(sections.size()));
  std::uint64_t payload_size = 0;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    toc.put<std::uint64_t>(sections[i].size());
    toc.put<std::uint32_t>(crcs[i]);
    payload_size += sections[i].size();
  }
  payload_size += contents.size();
  std::string header(kSectionedMagic, sizeof(kSectionedMagic));
  ByteWriter out(header);
  out.put<std::uint64_t>(lsn);
  out.put<std::uint64_t>(payload_size);
  out.put<std::uint32_t>(wal::crc32c(0, contents.data(), contents.size()));
  out.put<std::uint32_t>(wal::crc32c(0, header.data(), header.size()));

  std::filesystem::path final_path = directory / checkpoint_file_name(lsn);
  std::filesystem::path temporary = final_path;
  temporary += ".tmp";
  int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw wal::WalError::from_errno(errno, "could not create checkpoint \"" + temporary.string() + "\"");
  try {
    write_all(fd, header.data(), header.size(), temporary.string());
    write_all(fd, contents.data(), contents.size(), temporary.string());
    for (const std::string& section : sections) write_all(fd, section.data(), section.size(), temporary.string());
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
    bool sectioned = bytes.size() >= kHeaderBytes && std::memcmp(bytes.data(), kSectionedMagic, 8) == 0;
    if (bytes.size() < kHeaderBytes || (!sectioned && std::memcmp(bytes.data(), kMagic, 8) != 0)) {
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
    if (sectioned) {
      std::string why;
      auto world = load_sections(payload, payload_crc, why);
      if (world) return LoadedCheckpoint{lsn, std::move(world), path, bytes.size()};
      reject(why);
      continue;
    }
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
