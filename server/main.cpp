// ptreedb: the server program.
#include <csignal>
#include <cstdio>
#include <exception>
#include <memory>

#include <spdlog/spdlog.h>
#ifdef PTREEDB_MIMALLOC
#include <mimalloc.h>
#endif

#include "exec/resident_memory.h"
#include "server/config.h"
#include "server/huge_pages.h"
#include "server/memory_limit.h"
#include "server/server.h"
#include "txn/wal_commit_log.h"

namespace {

// Recovers the data directory into the server's database and logs every later
// commit there; null (with a warning) when durability is off.
std::unique_ptr<ptreedb::txn::WalCommitLog> start_durability(const ptreedb::server::ServerConfig& config,
                                                            ptreedb::txn::Database& database) {
  if (!config.durability) {
    spdlog::warn("durability is off: commits are not logged and are lost when the server stops");
    return nullptr;
  }
  ptreedb::txn::DurabilityOptions options;
  options.data_dir = config.data_dir;
  options.segment_size = config.wal_segment_size;
  options.checkpoint_interval_seconds = config.checkpoint_interval_seconds;
  options.checkpoint_wal_bytes = config.checkpoint_wal_size;
  auto log = std::make_unique<ptreedb::txn::WalCommitLog>(options, database);
  const auto& recovery = log->recovery();
  if (recovery.from_checkpoint) {
    spdlog::info("recovery: checkpoint at LSN {:X} ({} bytes) loaded in {:.3f} s", recovery.checkpoint_lsn,
                 recovery.checkpoint_bytes, recovery.checkpoint_seconds);
  }
  if (!recovery.notes.empty()) spdlog::warn("recovery: {}", recovery.notes);
  double megabytes = static_cast<double>(recovery.record_bytes) / (1 << 20);
  spdlog::info("recovery: {} WAL records ({:.1f} MB) replayed in {:.3f} s, log ends at LSN {:X} ({})",
               recovery.records, megabytes, recovery.replay_seconds, recovery.end_lsn, recovery.stop_reason);
  return log;
}

}  // namespace

int main(int argc, char** argv) {
  auto parsed = ptreedb::server::parse_command_line(argc, argv);
  if (!parsed.config) {
    std::fputs(parsed.message.c_str(), parsed.exit_code == 0 ? stdout : stderr);
    return parsed.exit_code;
  }
  // A file size limit hit while preallocating a WAL segment is reported as a
  // full disk (EFBIG) to the committing client, not a process-killing signal.
  std::signal(SIGXFSZ, SIG_IGN);
  spdlog::set_level(spdlog::level::from_str(parsed.config->log_level));
  spdlog::set_pattern("%Y-%m-%d %H:%M:%S.%e [%l] %v");
#ifdef PTREEDB_MIMALLOC
  // Near the memory limit, pages a statement freed go back to the system at
  // once rather than when their thread next allocates: the check on writes
  // reads the resident size, which would otherwise count memory nobody holds.
  // Far from it, mimalloc keeps them for reuse, which is faster.
  static long page_reset = mi_option_get(mi_option_page_reset);
  static long decommit_delay = mi_option_get(mi_option_decommit_delay);
  ptreedb::exec::set_memory_pressure_handler([](bool under_pressure) {
    mi_option_set(mi_option_page_reset, under_pressure ? 1 : page_reset);
    mi_option_set(mi_option_decommit_delay, under_pressure ? 0 : decommit_delay);
  });
#endif
  std::uint64_t memory_limit = ptreedb::server::apply_memory_limit(*parsed.config);
  spdlog::info("memory limit {} MB", memory_limit >> 20);
  try {
#ifdef PTREEDB_MIMALLOC
    constexpr bool allocator_can = true;
#else
    constexpr bool allocator_can = false;
#endif
    const std::string setting = ptreedb::server::transparent_huge_page_setting();
    if (ptreedb::server::use_huge_pages(parsed.config->huge_pages, setting, allocator_can, memory_limit)) {
#ifdef PTREEDB_MIMALLOC
      mi_option_set(mi_option_large_os_pages, 1);
#endif
      spdlog::info("huge pages: in use (transparent huge pages: {})", setting);
    } else {
      spdlog::info("huge pages: not in use");
    }
    ptreedb::server::Server server(*parsed.config);
    // Declared after the server: stops (and detaches from its database) first.
    auto commit_log = start_durability(*parsed.config, server.database());
    server.run();
  } catch (const std::exception& error) {
    spdlog::critical("cannot start: {}", error.what());
    return 1;
  }
  return 0;
}
