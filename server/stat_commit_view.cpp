#include "server/stat_commit_view.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

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
  view->column_names = {"commits",         "aborts_serialization", "aborts_unique", "aborts_other",
                        "batches",         "mean_batch_size",      "max_batch_size", "mean_commit_latency_us",
                        "batch_window_us", "batch_max",            "reapplied"};
  view->query_sql = "SELECT " + std::to_string(stats.commits) + "::bigint, " +
                    std::to_string(stats.serialization_aborts) + "::bigint, " + std::to_string(stats.unique_aborts) +
                    "::bigint, " + std::to_string(stats.other_aborts) + "::bigint, " + std::to_string(stats.batches) +
                    "::bigint, " + decimal(mean_batch) + "::float8, " + std::to_string(stats.max_batch_size) +
                    "::bigint, " + decimal(mean_latency_us) + "::float8, " +
                    std::to_string(options.batch_window.count()) + "::bigint, " + std::to_string(options.max_batch) +
                    "::bigint, " + std::to_string(stats.reapplied) + "::bigint";
  return world->with_view(std::move(view));
}

}  // namespace ptreedb::server
