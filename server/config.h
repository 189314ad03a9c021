// Server settings from the command line (and, later, a configuration file).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ptreedb::server {

struct ServerConfig {
  std::string listen_address = "127.0.0.1";
  std::uint16_t port = 5432;
  std::string data_dir = "./data";
  unsigned threads = 1;  // threads accepting connections
  unsigned workers = 0;  // threads running sessions; 0: two per core
  unsigned max_connections = 100;
  // A client must finish startup and authentication within this many seconds.
  unsigned authentication_timeout_seconds = 60;
  std::string log_level = "info";
  // Client authentication rules in pg_hba.conf format; empty: trust everyone.
  std::string hba_file;
  // PEM certificate and key; with both, SSLRequest is answered 'S' and TLS used.
  std::string ssl_cert_file;
  std::string ssl_key_file;
  unsigned commit_batch_window_us = 0;  // the committer's batch window
  unsigned commit_batch_max = 1024;     // and its largest batch
  // Durability: DATA_DIR/wal (log segments) and DATA_DIR/checkpoint.
  bool durability = true;
  std::uint64_t wal_segment_size = 64ull << 20;
  unsigned checkpoint_interval_seconds = 300;         // 0: only by WAL volume and CHECKPOINT
  std::uint64_t checkpoint_wal_size = 256ull << 20;   // 0: not by WAL volume
  // Bytes statements may hold at once and the resident size writes may grow
  // the server to; 0: 80% of physical memory or of the cgroup's limit.
  std::uint64_t memory_limit = 0;
  // Memory the server allocates in 2 MB pages where the kernel offers them
  // (transparent huge pages): fewer TLB misses for hash tables and scans.
  // As PostgreSQL's huge_pages: try (default; only with a memory limit of
  // 4 GB or more), on (refuse to start without), off.
  std::string huge_pages = "try";
};

struct ParsedCommandLine {
  std::optional<ServerConfig> config;  // empty when the program should exit
  int exit_code = 0;
  std::string message;  // usage or error text to print
};

ParsedCommandLine parse_command_line(int argc, const char* const* argv);

}  // namespace ptreedb::server
