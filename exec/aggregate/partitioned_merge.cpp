#include "exec/aggregate/partitioned_merge.h"

#include <unordered_set>

#include <tbb/parallel_for.h>

namespace ptreedb::exec {

namespace {

// 64 partitions: enough to balance two to a few dozen threads, few enough
// that each holds thousands of groups.
constexpr int kPartitionBits = 6;

}  // namespace

std::vector<Chunk> merge_partitioned(std::vector<std::unique_ptr<AggregationTable>> tables,
                                     const std::vector<planner::BoundExpression>& keys,
                                     const std::vector<planner::AggregateCall>& aggregates, OperatorMemory& memory,
                                     const std::function<void()>& check) {
  std::vector<AggregationTable*> sources;
  for (auto& table : tables) sources.push_back(table.get());
  AggregationTable::match_key_forms(sources);

  std::vector<std::vector<std::vector<std::uint32_t>>> lists(sources.size());
  tbb::parallel_for(std::size_t{0}, sources.size(),
                    [&](std::size_t t) { lists[t] = sources[t]->groups_by_partition(kPartitionBits); });

  // The partitions' keys and values point into the tables' input text.
  auto text = std::make_shared<TextStorage>();
  std::unordered_set<const TextStorage*> seen;
  for (AggregationTable* source : sources) {
    for (const auto& owner : source->text_owners()) {
      if (seen.insert(owner.get()).second) text->others.push_back(owner);
    }
  }

  const std::size_t partitions = std::size_t{1} << kPartitionBits;
  std::vector<Chunk> results(partitions);
  tbb::parallel_for(std::size_t{0}, partitions, [&](std::size_t p) {
    check();
    AggregationTable partition(keys, aggregates, sources[0]->carried_keys());
    // Take the sources' key form before reserving room in it (the sources
    // already share one, so none of them changes).
    AggregationTable::match_key_forms({&partition, sources[0]});
    std::size_t groups = 0;
    for (const auto& list : lists) groups += list[p].size();
    partition.reserve(groups);
    for (std::size_t t = 0; t < sources.size(); ++t) {
      partition.merge_groups(*sources[t], lists[t][p]);
      lists[t][p] = {};
    }
    partition.share_text(text);
    memory.add(partition.approximate_bytes());
    results[p] = partition.finish();
  });
  tbb::parallel_for(std::size_t{0}, tables.size(), [&](std::size_t t) { tables[t].reset(); });
  return results;
}

}  // namespace ptreedb::exec
