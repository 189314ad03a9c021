#include "server/stat_commit_view.h"

#include "storage/catalog/object_acl.h"
#include "storage/catalog/role.h"
#include "storage/table/leaf_columns.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace ptreedb::server {
namespace {

bool mentions_stat_commit(std::string_view text) {
  if (text.size() < kStatCommitRelation.size()) return false;
  auto it = std::search(text.begin(), text.end(), kStatCommitRelation.begin(), kStatCommitRelation.end(),
                        [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
  return it != text.end();
}

std::string decimal(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  return buffer;
}

}  // namespace

txn::WorldPtr with_stat_commit_view(txn::WorldPtr world, std::string_view statement_text, txn::Database& database) {
  if (!mentions_stat_commit(statement_text)) return world;
  std::string name(kStatCommitRelation);
  if (world->find_table(name) || world->find_view(name)) return world;
  txn::CommitStats::Snapshot stats = database.commit_stats().read();
  const txn::CommitterOptions& options = database.committer().options();
  double mean_batch = stats.batches == 0 ? 0.0 : static_cast<double>(stats.batched_requests) / stats.batches;
  std::uint64_t requests = stats.batched_requests;
  double mean_latency_us = requests == 0 ? 0.0 : static_cast<double>(stats.commit_latency_ns) / requests / 1000.0;
  auto view = std::make_shared<storage::ViewDefinition>();
  view->name = name;
  view->oid = world->next_oid();
  txn::WorldRetention::Reading retention = database.committer().retention();
  const txn::LatencyHistogram& latency = database.commit_stats().commit_latency;
  std::vector<std::pair<std::string, std::string>> columns = {
      {"commits", std::to_string(stats.commits) + "::bigint"},
      {"aborts_serialization", std::to_string(stats.serialization_aborts) + "::bigint"},
      {"aborts_unique", std::to_string(stats.unique_aborts) + "::bigint"},
      {"aborts_other", std::to_string(stats.other_aborts) + "::bigint"},
      {"batches", std::to_string(stats.batches) + "::bigint"},
      {"mean_batch_size", decimal(mean_batch) + "::float8"},
      {"max_batch_size", std::to_string(stats.max_batch_size) + "::bigint"},
      {"mean_commit_latency_us", decimal(mean_latency_us) + "::float8"},
      {"batch_window_us", std::to_string(options.batch_window.count()) + "::bigint"},
      {"batch_max", std::to_string(options.max_batch) + "::bigint"},
      {"reapplied", std::to_string(stats.reapplied) + "::bigint"},
      {"commit_latency_p50_us", decimal(latency.percentile_us(0.50)) + "::float8"},
      {"commit_latency_p99_us", decimal(latency.percentile_us(0.99)) + "::float8"},
      {"commit_latency_max_us", decimal(latency.percentile_us(1.0)) + "::float8"},
      {"live_worlds", std::to_string(retention.live_worlds) + "::bigint"},
      {"oldest_snapshot_age_ms", decimal(retention.oldest_snapshot_age_ms) + "::float8"},
      {"live_row_nodes", std::to_string(retention.live_row_nodes) + "::bigint"},
      {"retained_row_nodes", std::to_string(retention.retained_row_nodes) + "::bigint"},
      {"leaf_column_bytes", std::to_string(storage::LeafColumns::live_bytes()) + "::bigint"},
  };
  view->query_sql = "SELECT ";
  for (std::size_t i = 0; i < columns.size(); ++i) {
    view->column_names.push_back(columns[i].first);
    view->query_sql += (i == 0 ? "" : ", ") + columns[i].second;
  }
  // A monitoring view, readable by every role like PostgreSQL's pg_stat_* views.
  auto acl = std::make_shared<storage::ObjectAcl>();
  acl->owner = storage::kBootstrapSuperuserOid;
  acl->acl = storage::acl_grant(storage::default_table_acl(acl->owner), storage::kPublicGrantee, acl->owner,
                                storage::kPrivSelect, false);
  const std::uint32_t oid = view->oid;
  return world->with_view(std::move(view))->with_acl(oid, std::move(acl));
}

std::string commit_stats_log_line(txn::Database& database) {
  txn::CommitStats::Snapshot stats = database.commit_stats().read();
  txn::WorldRetention::Reading retention = database.committer().retention();
  const txn::LatencyHistogram& latency = database.commit_stats().commit_latency;
  double mean_batch = stats.batches == 0 ? 0.0 : static_cast<double>(stats.batched_requests) / stats.batches;
  return "commits " + std::to_string(stats.commits) + " in " + std::to_string(stats.batches) + " batches (mean " +
         decimal(mean_batch) + ", max " + std::to_string(stats.max_batch_size) + "), latency p50 " +
         decimal(latency.percentile_us(0.5)) + " us p99 " + decimal(latency.percentile_us(0.99)) +
         " us, aborts serialization " + std::to_string(stats.serialization_aborts) + " unique " +
         std::to_string(stats.unique_aborts) + " other " + std::to_string(stats.other_aborts) + ", reapplied " +
         std::to_string(stats.reapplied) + ", live worlds " + std::to_string(retention.live_worlds) +
         " (oldest out of date " + decimal(retention.oldest_snapshot_age_ms) + " ms), retained row nodes " +
         std::to_string(retention.retained_row_nodes) + ", leaf columns " +
         std::to_string(storage::LeafColumns::live_bytes()) + " bytes";
}

}  // namespace ptreedb::server
