#include "txn/recovery.h"

#include <chrono>
#include <stdexcept>

#include "txn/byte_codec.h"
#include "txn/checkpoint_file.h"
#include "txn/log_record_kind.h"
#include "txn/world_change.h"
#include "wal/wal_reader.h"

namespace ptreedb::txn {

RecoveryResult recover(const std::filesystem::path& data_dir) {
  using Clock = std::chrono::steady_clock;
  RecoveryResult result;
  auto started = Clock::now();
  auto checkpoint = load_newest_checkpoint(data_dir / "checkpoint", &result.notes);
  std::optional<wal::Lsn> from;
  if (checkpoint) {
    result.world = checkpoint->world;
    result.from_checkpoint = true;
    result.checkpoint_lsn = checkpoint->lsn;
    result.checkpoint_bytes = checkpoint->bytes;
    from = checkpoint->lsn;
  } else {
    result.world = std::make_shared<const storage::World>();
  }
  auto loaded = Clock::now();
  result.checkpoint_seconds = std::chrono::duration<double>(loaded - started).count();

  wal::WalReader reader(data_dir / "wal", from);
  wal::LogRecord record;
  while (reader.next(record)) {
    if (record.kind != kWorldChangeRecord && record.kind != kSequenceStateRecord) continue;
    try {
      if (record.kind == kSequenceStateRecord) {
        apply_sequence_state(*result.world, decode_sequence_state(record.payload));
      } else {
        result.world = apply_world_change(result.world, decode_world_change(record.payload));
      }
    } catch (const CorruptRecord& corrupt) {
      throw std::runtime_error("log record at LSN " + std::to_string(record.lsn) +
                               " passed its checksum but cannot be replayed: " + corrupt.what());
    }
    ++result.records;
    result.record_bytes += record.payload.size();
  }
  result.end_lsn = reader.end_lsn();
  result.stop_reason = reader.stop_reason();
  result.replay_seconds = std::chrono::duration<double>(Clock::now() - loaded).count();
  return result;
}

}  // namespace ptreedb::txn
