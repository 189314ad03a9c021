#include "txn/wal_commit_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "storage/sql_error.h"
#include "storage/world/relation_name.h"
#include "txn/checkpoint_file.h"
#include "txn/log_record_kind.h"
#include "txn/world_change.h"
#include "wal/wal_error.h"

namespace ptreedb::txn {

namespace {

// Creates `directory` if needed and checks a file can be created in it, so an
// unusable WAL or checkpoint directory stops the server at start with a clear
// message instead of failing the first commit.
void prepare_directory(const std::filesystem::path& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error || !std::filesystem::is_directory(directory)) {
    throw std::runtime_error("cannot create directory \"" + directory.string() +
                             "\": " + (error ? error.message() : std::string("a file of that name exists")));
  }
  auto probe = directory / ".write-test";
  int fd = ::open(probe.c_str(), O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    throw std::runtime_error("cannot create files in \"" + directory.string() + "\": " + std::strerror(errno));
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

}  // namespace

WalCommitLog::WalCommitLog(DurabilityOptions options, Database& database)
    : options_(std::move(options)), database_(database), writer_(options_.data_dir / "wal", options_.segment_size) {
  prepare_directory(options_.data_dir / "wal");
  // Data directories of earlier versions kept checkpoints in "checkpoints/".
  auto legacy_checkpoints = options_.data_dir / "checkpoints";
  if (std::filesystem::is_directory(legacy_checkpoints) && !std::filesystem::exists(options_.data_dir / "checkpoint")) {
    std::filesystem::rename(legacy_checkpoints, options_.data_dir / "checkpoint");
  }
  prepare_directory(options_.data_dir / "checkpoint");
  recovery_ = recover(options_.data_dir);
  writer_.open(recovery_.end_lsn);
  checkpoint_lsn_ = recovery_.from_checkpoint ? recovery_.checkpoint_lsn : 0;
  remember_lsn(recovery_.world->version(), recovery_.end_lsn);
  // The database owns the recovered world from now on: kept here, it would
  // pin every row version it holds for the life of the process.
  database_.install_recovered(std::move(recovery_.world));
  database_.set_commit_log(this);
  storage::install_sequence_log(this);
  checkpointer_ = std::thread([this] { checkpointer_loop(); });
}

WalCommitLog::~WalCommitLog() {
  {
    std::lock_guard lock(wake_mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  checkpointer_.join();
  storage::install_sequence_log(nullptr);
  database_.set_commit_log(nullptr);
  spdlog::info("WAL: {} records appended, {} persists since start", writer_.records_appended(), writer_.persists());
}

void WalCommitLog::remember_lsn(std::uint64_t version, wal::Lsn lsn) {
  std::lock_guard lock(lsn_mutex_);
  world_lsns_.emplace_back(version, lsn);
  if (world_lsns_.size() > 4096) world_lsns_.pop_front();
}

void WalCommitLog::append_durably(std::uint8_t kind, const std::string& payload) {
  try {
    writer_.append(kind, payload);
    writer_.persist();
  } catch (const wal::WalError& error) {
    writer_.discard_pending();
    spdlog::error("commit refused: {}", error.what());
    if (error.kind() == wal::WalError::Kind::kDiskFull) {
      throw SqlError("53100", std::string("could not write to the write-ahead log: ") + error.what(), "",
                     "Check free disk space.");
    }
    throw SqlError("58030", std::string("could not write to the write-ahead log: ") + error.what());
  }
}

std::unique_lock<std::mutex> WalCommitLog::hold() { return std::unique_lock(log_mutex_); }

void WalCommitLog::write(const storage::SequenceCounter& counter, std::uint32_t oid, std::int64_t last_value,
                         bool is_called) {
  // Only a sequence of the committed world is logged: one created by an open
  // block may share its oid with one committed meanwhile (that block then
  // fails), and its value reaches the log with its definition at commit.
  // Commits publish after their record, under the lock held here.
  // A temporary sequence is never logged: it ends with its session.
  auto committed = database_.snapshot()->find_sequence(oid);
  if (committed == nullptr || committed->counter.get() != &counter) return;
  if (storage::is_temp_relation_key(committed->name)) return;
  append_durably(kSequenceStateRecord, encode_sequence_state({oid, last_value, is_called}));
}

void WalCommitLog::make_durable(const storage::World& before, const storage::World& after) {
  wal::Lsn end;
  {
    std::lock_guard log_lock(log_mutex_);
    std::string payload = encode_world_change(before, after);
    if (!payload.empty()) append_durably(kWorldChangeRecord, payload);
    end = writer_.end_lsn();
    remember_lsn(after.version(), end);
  }
  std::uint64_t since_checkpoint;
  {
    std::lock_guard lock(lsn_mutex_);
    since_checkpoint = end - checkpoint_lsn_;
  }
  if (options_.checkpoint_wal_bytes != 0 && since_checkpoint >= options_.checkpoint_wal_bytes) {
    std::lock_guard lock(wake_mutex_);
    if (!checkpoint_wanted_) {
      checkpoint_wanted_ = true;
      wake_.notify_all();
    }
  }
}

void WalCommitLog::checkpoint() {
  try {
    write_checkpoint_of_current_world();
  } catch (const wal::WalError& error) {
    throw SqlError(error.kind() == wal::WalError::Kind::kDiskFull ? "53100" : "58030",
                   std::string("could not write checkpoint: ") + error.what());
  }
}

void WalCommitLog::write_checkpoint_of_current_world() {
  std::lock_guard checkpoint_lock(checkpoint_mutex_);
  auto started = std::chrono::steady_clock::now();
  std::shared_ptr<const storage::World> world = database_.snapshot();
  std::optional<wal::Lsn> lsn;
  {
    std::lock_guard lock(lsn_mutex_);
    for (auto it = world_lsns_.rbegin(); it != world_lsns_.rend(); ++it) {
      if (it->first == world->version()) {
        lsn = it->second;
        break;
      }
    }
  }
  if (!lsn) {
    spdlog::warn("checkpoint skipped: the snapshot's log position is no longer known");
    return;
  }
  // Nothing logged since the last one (which recovery may have loaded): only
  // tidy up what a crash between rename and removal may have left.
  bool unchanged = *lsn == checkpoint_lsn_ && std::filesystem::exists(options_.data_dir / "checkpoint" /
                                                                      checkpoint_file_name(*lsn));
  std::filesystem::path path;
  if (!unchanged) path = write_checkpoint(options_.data_dir / "checkpoint", *lsn, *world);
  {
    std::lock_guard lock(lsn_mutex_);
    checkpoint_lsn_ = *lsn;
  }
  remove_checkpoints_before(options_.data_dir / "checkpoint", *lsn);
  std::size_t removed = writer_.remove_segments_before(*lsn);
  if (unchanged) return;
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  spdlog::info("checkpoint at LSN {:X} written to {} in {:.3f} s ({} old WAL segments removed)", *lsn,
               path.filename().string(), seconds, removed);
}

void WalCommitLog::checkpointer_loop() {
  auto interval = std::chrono::seconds(options_.checkpoint_interval_seconds);
  auto next_timed = std::chrono::steady_clock::now() + interval;
  for (;;) {
    {
      std::unique_lock lock(wake_mutex_);
      auto wanted = [&] { return stopping_ || checkpoint_wanted_; };
      if (options_.checkpoint_interval_seconds == 0) {
        wake_.wait(lock, wanted);
      } else {
        wake_.wait_until(lock, next_timed, wanted);
      }
      if (stopping_) return;
      checkpoint_wanted_ = false;
    }
    next_timed = std::chrono::steady_clock::now() + interval;
    try {
      write_checkpoint_of_current_world();
    } catch (const std::exception& error) {
      spdlog::error("checkpoint failed: {}", error.what());
    }
  }
}

}  // namespace ptreedb::txn
