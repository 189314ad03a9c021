// Old worlds are freed exactly when their last reader lets go: the
// committer's retention reading counts the worlds still held and the row-tree
// nodes they keep beyond the current world's, and both return to the
// current world alone (1 world, 0 retained nodes) when the reader ends.
// Also the latency histogram behind the commit-latency percentiles.
#include "txn/world_retention.h"

#include <catch2/catch.hpp>

#include "storage/table/table.h"
#include "storage/table/table_keys.h"
#include "txn/batch_committer.h"

using namespace ptreedb;
using namespace ptreedb::storage;
using value::SqlType;
using value::TypeId;

namespace {

std::shared_ptr<const TableSchema> items_schema() {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint), true},
                                       {"n", SqlType::of(TypeId::kBigint), false}};
  return std::make_shared<TableSchema>(16384, "items", columns, std::vector<std::size_t>{0},
                                       std::vector<IndexSchema>{});
}

RowRef item(const TableSchema& schema, std::int64_t id, std::int64_t n) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  builder.set_int(1, n);
  return builder.finish();
}

void update_one(txn::BatchCommitter& committer, WorldHolder& worlds, const TableSchema& schema, std::int64_t id,
                std::int64_t n) {
  auto snapshot = worlds.current();
  auto table = snapshot->find_table("items");
  RowRef row = item(schema, id, n);
  auto next = snapshot->with_table(std::make_shared<Table>(table->replace_rows({primary_key_of(schema, row)}, {row})));
  committer.commit(snapshot, next, txn::IsolationLevel::kReadCommitted);
}

}  // namespace

TEST_CASE("a held snapshot retains nodes until its reader ends, then exactly none", "[txn]") {
  auto schema = items_schema();
  WorldHolder worlds;
  txn::BatchCommitter committer(worlds, txn::CommitterOptions{});
  {
    std::vector<RowRef> rows;
    for (int i = 0; i < 1000; ++i) rows.push_back(item(*schema, i, 0));
    auto empty = worlds.current();
    auto loaded = empty->with_table(std::make_shared<Table>(Table(schema).insert_rows(rows)));
    committer.commit(empty, loaded, txn::IsolationLevel::kReadCommitted);
  }
  // Nodes of the current world's row tree (leaves of many rows and the inner nodes above them).
  auto current_nodes = [&] {
    return static_cast<std::int64_t>(worlds.current()->find_table("items")->rows().node_count());
  };
  const std::int64_t loaded_nodes = current_nodes();
  auto before = committer.retention();
  CHECK(before.live_worlds == 1);  // the empty world was nobody's snapshot
  CHECK(before.retained_row_nodes == 0);
  CHECK(loaded_nodes > 1);
  CHECK(before.live_row_nodes == loaded_nodes);

  auto reader = worlds.current();  // a long query's snapshot
  for (int i = 0; i < 200; ++i) update_one(committer, worlds, *schema, i * 5, i + 1);
  auto during = committer.retention();
  CHECK(during.live_worlds == 2);  // the current one and the reader's
  CHECK(during.oldest_snapshot_age_ms >= 0);
  // The reader's world still holds the leaves of the 200 rows replaced since
  // and the path-copied ancestors of each: here every node, since the
  // replaced ids (every fifth) fall in every leaf.
  CHECK(during.retained_row_nodes == loaded_nodes);
  CHECK(during.live_row_nodes == current_nodes() + during.retained_row_nodes);

  reader.reset();
  auto after = committer.retention();
  CHECK(after.live_worlds == 1);
  CHECK(after.retained_row_nodes == 0);
  CHECK(after.live_row_nodes == current_nodes());
  CHECK(after.oldest_snapshot_age_ms == 0);
}

TEST_CASE("latency buckets bound their values within a quarter power of two", "[txn]") {
  using txn::LatencyHistogram;
  for (std::uint64_t micros : {1ull, 2ull, 3ull, 7ull, 100ull, 1000ull, 12345ull, 1000000ull}) {
    int bucket = LatencyHistogram::bucket_of(micros * 1000);
    double upper = LatencyHistogram::upper_bound_us(bucket);
    CHECK(static_cast<double>(micros) < upper);
    CHECK(upper <= static_cast<double>(micros) * 1.25 + 0.25);
    if (bucket > 0) CHECK(LatencyHistogram::upper_bound_us(bucket - 1) <= static_cast<double>(micros));
  }
  LatencyHistogram histogram;
  for (int i = 0; i < 99; ++i) histogram.record(100'000);  // 100 µs
  histogram.record(50'000'000);                           // one 50 ms outlier
  CHECK(histogram.percentile_us(0.5) == Approx(112.0));
  CHECK(histogram.percentile_us(0.99) == Approx(112.0));
  CHECK(histogram.percentile_us(1.0) > 50000.0);
  CHECK(LatencyHistogram().percentile_us(0.5) == 0.0);
}
