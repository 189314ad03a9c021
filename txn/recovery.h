// Start-up recovery: the newest valid checkpoint, then every valid log record
// after its LSN replayed in order, up to the first torn or corrupt fragment.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "storage/world/world.h"

namespace ptreedb::txn {

struct RecoveryResult {
  std::shared_ptr<const storage::World> world;
  std::uint64_t end_lsn = 0;         // where the log continues
  bool from_checkpoint = false;
  std::uint64_t checkpoint_lsn = 0;
  std::uint64_t checkpoint_bytes = 0;
  std::uint64_t records = 0;         // log records replayed
  std::uint64_t record_bytes = 0;
  double checkpoint_seconds = 0;
  double replay_seconds = 0;
  std::string stop_reason;           // why the log reader stopped
  std::string notes;                 // skipped checkpoints, if any
};

// Reads DATA_DIR/checkpoint and DATA_DIR/wal; changes no file. Throws
// std::runtime_error when a record that passed its CRC cannot be replayed.
RecoveryResult recover(const std::filesystem::path& data_dir);

}  // namespace ptreedb::txn
