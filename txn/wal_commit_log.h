// The commit log of a durable server: recovers DATA_DIR at construction, then
// writes every published world's change to the WAL (wal/) and acknowledges it
// only once persisted. A background thread writes checkpoints from a pinned
// snapshot while commits go on (by time and by WAL volume; CHECKPOINT asks for
// one at once) and removes the segments and checkpoints they make obsolete.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include "storage/sequence/sequence_log.h"
#include "txn/commit_log.h"
#include "txn/database.h"
#include "txn/recovery.h"
#include "wal/wal_writer.h"

namespace ptreedb::txn {

struct DurabilityOptions {
  std::filesystem::path data_dir;
  std::uint64_t segment_size = 64ull << 20;
  unsigned checkpoint_interval_seconds = 300;          // 0: not by time
  std::uint64_t checkpoint_wal_bytes = 256ull << 20;   // 0: not by volume
};

class WalCommitLog final : public CommitLog, public storage::SequenceLog {
 public:
  // Recovers into `database` and installs itself as its commit log.
  WalCommitLog(DurabilityOptions options, Database& database);
  ~WalCommitLog() override;

  void make_durable(const storage::World& before, const storage::World& after) override;
  // Writes a checkpoint of the current world now (the CHECKPOINT statement).
  void checkpoint() override;
  // Sequence values logged ahead of nextval (storage/sequence/sequence_log.h).
  std::unique_lock<std::mutex> hold() override;
  void write(const storage::SequenceCounter& counter, std::uint32_t oid, std::int64_t last_value,
             bool is_called) override;

  const RecoveryResult& recovery() const { return recovery_; }
  bool is_pmem() const { return writer_.is_pmem(); }

 private:
  void checkpointer_loop();
  void write_checkpoint_of_current_world();
  void remember_lsn(std::uint64_t version, wal::Lsn lsn);
  // Appends and persists one record; SqlError 53100/58030 when it cannot.
  void append_durably(std::uint8_t kind, const std::string& payload);

  DurabilityOptions options_;
  Database& database_;
  RecoveryResult recovery_;
  wal::WalWriter writer_;

  std::mutex lsn_mutex_;
  // Orders world-change and sequence records: held from encoding a world
  // change (which reads sequence counters) until it is durable.
  std::mutex log_mutex_;
  // (world version, LSN after its record) for recently published worlds, so a
  // checkpoint of a snapshot knows where replay must resume.
  std::deque<std::pair<std::uint64_t, wal::Lsn>> world_lsns_;
  wal::Lsn checkpoint_lsn_ = 0;

  std::mutex checkpoint_mutex_;  // one checkpoint at a time
  std::mutex wake_mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool checkpoint_wanted_ = false;
  std::thread checkpointer_;
};

}  // namespace ptreedb::txn
