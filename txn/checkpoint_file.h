// A checkpoint: one world saved whole, with the LSN the log resumes from.
// The file is self-describing (every table's schema and rows, every view, in
// the log's own record format) and checksummed; it is written to a temporary
// name, fsynced and renamed into DATA_DIR/checkpoint/<lsn>.ckpt, so it counts
// only once complete.
//
//   "PTDBCKP1"  u64 lsn  u64 payload bytes  u32 payload CRC32C  u32 header CRC32C
//   payload: encode_world_change(empty world, saved world)
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "storage/world/world.h"

namespace ptreedb::txn {

struct LoadedCheckpoint {
  std::uint64_t lsn = 0;
  std::shared_ptr<const storage::World> world;
  std::filesystem::path path;
  std::uint64_t bytes = 0;
};

// "<16 hex digits of lsn>.ckpt".
std::string checkpoint_file_name(std::uint64_t lsn);
// Writes `world` as of `lsn`; returns the file's path. Throws wal::WalError.
std::filesystem::path write_checkpoint(const std::filesystem::path& directory, std::uint64_t lsn,
                                       const storage::World& world);
// The newest checkpoint whose checksums hold (damaged ones are skipped with a
// warning in `skipped`), or nullopt.
std::optional<LoadedCheckpoint> load_newest_checkpoint(const std::filesystem::path& directory,
                                                       std::string* skipped = nullptr);
// Removes checkpoint files (and leftover temporary ones) older than `lsn`.
void remove_checkpoints_before(const std::filesystem::path& directory, std::uint64_t lsn);

}  // namespace ptreedb::txn
