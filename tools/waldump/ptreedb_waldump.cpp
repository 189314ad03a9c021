// ptreedb-waldump: prints the records of a WAL directory, like pg_waldump:
// each record's LSN, length, fragments and checksum, then what it changed
// (tables created or dropped, rows inserted/updated/deleted with their keys
// and values); --stats prints totals instead.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "storage/row/row_text.h"
#include "storage/table/table_keys.h"
#include "txn/byte_codec.h"
#include "txn/checkpoint_file.h"
#include "txn/log_record_kind.h"
#include "txn/world_change.h"
#include "wal/wal_error.h"
#include "wal/wal_reader.h"

namespace {

using namespace ptreedb;

constexpr const char* kUsage =
    "usage: ptreedb-waldump DIR [--from LSN] [--stats] [--no-rows]\n"
    "  DIR          a WAL directory (DATA_DIR/wal) or a data directory\n"
    "  --from LSN   start at this LSN (hexadecimal), e.g. a checkpoint's\n"
    "  --stats      totals per record and entry kind instead of each record\n"
    "  --no-rows    one line per table change instead of one per row\n";

std::string hex(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out = "\\x";
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string row_values(const storage::TableSchema& schema, const storage::RowRef& row) {
  std::string out = "(";
  for (std::size_t column = 0; column < schema.columns().size(); ++column) {
    if (column > 0) out += ", ";
    out += row.is_null(column) ? "NULL" : storage::column_text(schema.layout(), row, column);
  }
  return out + ")";
}

struct Stats {
  std::uint64_t records = 0, bytes = 0, fragments = 0;
  std::map<std::string, std::uint64_t> entries;
  std::uint64_t rows_upserted = 0, rows_deleted = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::optional<std::filesystem::path> directory;
  std::optional<wal::Lsn> from;
  bool stats_only = false, rows = true;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    } else if (arg == "--stats") {
      stats_only = true;
    } else if (arg == "--no-rows") {
      rows = false;
    } else if (arg == "--from" && i + 1 < argc) {
      from = std::strtoull(argv[++i], nullptr, 16);
    } else if (!arg.empty() && arg[0] != '-' && !directory) {
      directory = arg;
    } else {
      std::fputs(kUsage, stderr);
      return 2;
    }
  }
  if (!directory) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (std::filesystem::is_directory(*directory / "wal")) *directory /= "wal";
  if (!std::filesystem::is_directory(*directory)) {
    std::fprintf(stderr, "ptreedb-waldump: could not open directory \"%s\"\n", directory->c_str());
    return 1;
  }

  // Schemas to print rows with: the newest checkpoint's, then the log's own DDL.
  std::map<std::string, std::shared_ptr<const storage::TableSchema>> schemas;
  if (auto checkpoint = txn::load_newest_checkpoint(directory->parent_path() / "checkpoint")) {
    for (auto it = checkpoint->world->tables().begin(); it != checkpoint->world->tables().end(); ++it) {
      schemas[(*it).key] = (*it).value->schema_ptr();
    }
  }

  Stats stats;
  try {
    wal::WalReader reader(*directory, from);
    wal::LogRecord record;
    while (reader.next(record)) {
      ++stats.records;
      stats.bytes += record.payload.size();
      stats.fragments += record.fragments;
      if (!stats_only) {
        std::printf("lsn: %016llx, len: %zu, fragments: %u, crc: ok, kind: %s\n",
                    static_cast<unsigned long long>(record.lsn), record.payload.size(), record.fragments,
                    record.kind == txn::kWorldChangeRecord      ? "world-change"
                    : record.kind == txn::kSequenceStateRecord ? "sequence-value"
                                                                : "unknown");
      }
      if (record.kind == txn::kSequenceStateRecord) {
        ++stats.entries["sequence value"];
        try {
          const txn::SequenceStateChange value = txn::decode_sequence_state(record.payload);
          if (!stats_only) {
            std::printf("    sequence oid %u: last_value %lld, is_called %s\n", value.oid,
                        static_cast<long long>(value.last_value), value.is_called ? "true" : "false");
          }
        } catch (const txn::CorruptRecord& corrupt) {
          std::printf("    undecodable: %s\n", corrupt.what());
        }
        continue;
      }
      if (record.kind != txn::kWorldChangeRecord) continue;
      txn::WorldChange change;
      try {
        change = txn::decode_world_change(record.payload);
      } catch (const txn::CorruptRecord& corrupt) {
        std::printf("    undecodable: %s\n", corrupt.what());
        continue;
      }
      for (const auto& entry : change.entries) {
        switch (entry.kind) {
          case txn::ChangeKind::kTableSchema:
            ++stats.entries["table schema"];
            schemas[entry.name] = entry.schema;
            if (!stats_only) {
              std::printf("    table schema: %s (oid %u, %zu columns, %zu indexes)\n", entry.name.c_str(),
                          entry.schema->oid(), entry.schema->columns().size(), entry.schema->indexes().size());
            }
            break;
          case txn::ChangeKind::kTableDrop:
            ++stats.entries["table drop"];
            if (!stats_only) std::printf("    table drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kViewPut:
            ++stats.entries["view"];
            if (!stats_only) std::printf("    view: %s AS %s\n", entry.name.c_str(), entry.view->query_sql.c_str());
            break;
          case txn::ChangeKind::kViewDrop:
            ++stats.entries["view drop"];
            if (!stats_only) std::printf("    view drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kSequencePut:
            ++stats.entries["sequence"];
            if (!stats_only) {
              const auto logged = entry.sequence->counter->state();
              std::printf("    sequence: %s (oid %u, increment %lld, last_value %lld)\n", entry.name.c_str(),
                          entry.sequence->oid, static_cast<long long>(entry.sequence->options.increment),
                          static_cast<long long>(logged.last_value));
            }
            break;
          case txn::ChangeKind::kSequenceDrop:
            ++stats.entries["sequence drop"];
            if (!stats_only) std::printf("    sequence drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kNamespacePut:
            ++stats.entries["schema"];
            if (!stats_only) {
              std::printf("    schema: %s (oid %u)\n", entry.name.c_str(), entry.schema_namespace->oid);
            }
            break;
          case txn::ChangeKind::kNamespaceDrop:
            ++stats.entries["schema drop"];
            if (!stats_only) std::printf("    schema drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kEnumTypePut:
            ++stats.entries["enum type"];
            if (!stats_only) {
              std::printf("    enum type: %s (oid %u, %zu labels)\n", entry.name.c_str(), entry.enum_type->oid,
                          entry.enum_type->labels.size());
            }
            break;
          case txn::ChangeKind::kEnumTypeDrop:
            ++stats.entries["enum type drop"];
            if (!stats_only) std::printf("    enum type drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kDomainPut:
            ++stats.entries["domain"];
            if (!stats_only) {
              std::printf("    domain: %s (oid %u, over %s, %zu checks%s)\n", entry.name.c_str(), entry.domain->oid,
                          value::format_type(entry.domain->base).c_str(), entry.domain->checks.size(),
                          entry.domain->not_null ? ", not null" : "");
            }
            break;
          case txn::ChangeKind::kDomainDrop:
            ++stats.entries["domain drop"];
            if (!stats_only) std::printf("    domain drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kAclPut:
            ++stats.entries["privileges"];
            if (!stats_only) {
              std::printf("    privileges: object oid %u (owner %u, %s, %zu column grants)\n", entry.oid,
                          entry.acl->owner, entry.acl->acl ? "granted" : "default", entry.acl->column_acls.size());
            }
            break;
          case txn::ChangeKind::kAclDrop:
            ++stats.entries["privileges drop"];
            if (!stats_only) std::printf("    privileges drop: object oid %u\n", entry.oid);
            break;
          case txn::ChangeKind::kRolePut:
          case txn::ChangeKind::kRolePutWithMembers:  // decoded as kRolePut
            ++stats.entries["role"];
            if (!stats_only) {
              std::printf("    role: %s (oid %u%s%s%s)\n", entry.name.c_str(), entry.role->oid,
                          entry.role->superuser ? ", superuser" : "", entry.role->can_login ? ", login" : "",
                          entry.role->password_secret.empty() ? "" : ", password");
            }
            break;
          case txn::ChangeKind::kRoleDrop:
            ++stats.entries["role drop"];
            if (!stats_only) std::printf("    role drop: %s\n", entry.name.c_str());
            break;
          case txn::ChangeKind::kRows: {
            ++stats.entries["rows"];
            stats.rows_upserted += entry.upserted.size();
            stats.rows_deleted += entry.deleted.size();
            if (stats_only) break;
            std::printf("    rows: %s, %zu inserted/updated, %zu deleted\n", entry.name.c_str(),
                        entry.upserted.size(), entry.deleted.size());
            if (!rows) break;
            auto schema = schemas.find(entry.name);
            for (const auto& key : entry.deleted) std::printf("      delete key %s\n", hex(key.view()).c_str());
            for (const auto& [key, row] : entry.upserted) {
              if (schema == schemas.end()) {
                std::printf("      upsert key %s\n", hex(key.view()).c_str());
              } else if (schema->second->has_primary_key()) {
                std::printf("      upsert %s values %s\n",
                            storage::describe_key(*schema->second, schema->second->primary_key(), row).c_str(),
                            row_values(*schema->second, row).c_str());
              } else {
                std::printf("      upsert key %s values %s\n", hex(key.view()).c_str(),
                            row_values(*schema->second, row).c_str());
              }
            }
            break;
          }
        }
      }
    }
    std::printf("%s at LSN %016llx: %s\n", stats_only ? "end" : "end of valid log",
                static_cast<unsigned long long>(reader.end_lsn()), reader.stop_reason().c_str());
  } catch (const wal::WalError& error) {
    std::fprintf(stderr, "ptreedb-waldump: %s\n", error.what());
    return 1;
  }
  if (stats_only) {
    std::printf("records: %llu, payload bytes: %llu, fragments: %llu\n",
                static_cast<unsigned long long>(stats.records), static_cast<unsigned long long>(stats.bytes),
                static_cast<unsigned long long>(stats.fragments));
    for (const auto& [kind, count] : stats.entries) {
      std::printf("entries %-14s %llu\n", (kind + ":").c_str(), static_cast<unsigned long long>(count));
    }
    std::printf("rows inserted/updated: %llu, rows deleted: %llu\n",
                static_cast<unsigned long long>(stats.rows_upserted), static_cast<unsigned long long>(stats.rows_deleted));
  }
  return 0;
}
