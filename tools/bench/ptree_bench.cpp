// `ptreedb-bench ptree`: the P-Tree library's core operations on N int64 keys and
// values, each timed beside a baseline from the standard library in the same run.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "storage/ptree/ptree.h"
#include "tools/bench/subcommands.h"

namespace ptreedb::bench {
namespace {

using Key = std::int64_t;
using Value = std::int64_t;
using Entry = std::pair<Key, Value>;
using Tree = ptree::PTree<Key, Value>;

struct Result {
  std::string op;
  double seconds;
  std::string baseline;
  double baseline_seconds;
};

template <class F>
double time_seconds(F&& body) {
  auto start = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Keeps the optimizer from discarding a computed value.
template <class T>
void keep(const T& value) {
  asm volatile("" : : "g"(&value) : "memory");
}

std::vector<Entry> random_entries(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Entry> entries(count);
  for (auto& [key, value] : entries) {
    key = static_cast<Key>(random() >> 1);
    value = static_cast<Value>(random() % 1000);
  }
  return entries;
}

std::vector<Entry> sorted_unique(std::vector<Entry> entries) {
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const Entry& a, const Entry& b) { return a.first == b.first; }),
                entries.end());
  return entries;
}

std::vector<Result> run(std::size_t n) {
  std::vector<Result> results;
  auto input = random_entries(n, 42);

  // build: parallel sort + balanced build vs std::sort + std::map from sorted input.
  Tree tree;
  double build_tree = time_seconds([&] { tree = Tree::build(input); });
  std::map<Key, Value> map;
  double build_map = time_seconds([&] {
    auto sorted = input;
    std::sort(sorted.begin(), sorted.end());
    for (const auto& [k, v] : sorted) map.insert_or_assign(map.end(), k, v);
  });
  results.push_back({"build", build_tree, "std::sort + std::map", build_map});

  // multi_insert: n/10 random entries into the n-entry tree, keeping the old version.
  auto batch = random_entries(n / 10, 7);
  Tree grown;
  double insert_tree = time_seconds([&] { grown = tree.multi_insert(batch); });
  double insert_map = time_seconds([&] {
    for (const auto& [k, v] : batch) map.insert_or_assign(k, v);
  });
  results.push_back({"multi_insert", insert_tree, "std::map::insert_or_assign", insert_map});
  grown = Tree();

  // find: 10^6 lookups, half of present keys, one thread each.
  std::mt19937_64 random(3);
  std::vector<Key> probes(1000000);
  for (std::size_t i = 0; i < probes.size(); ++i) {
    probes[i] = (i % 2 == 0) ? input[random() % input.size()].first : Key(random() >> 1);
  }
  std::int64_t found_tree = 0, found_map = 0;
  double find_tree = time_seconds([&] {
    for (Key key : probes) found_tree += tree.find(key) != nullptr;
  });
  double find_map = time_seconds([&] {
    for (Key key : probes) found_map += map.find(key) != map.end();
  });
  keep(found_tree);
  keep(found_map);
  results.push_back({"find", find_tree, "std::map::find", find_map});

  // map_reduce: sum of all values vs a loop over a vector of the pairs.
  auto flat = tree.to_vector();
  std::int64_t sum_tree = 0, sum_vector = 0;
  double reduce_tree = time_seconds([&] {
    sum_tree = tree.map_reduce([](Key, Value v) { return v; },
                               [](std::int64_t a, std::int64_t b) { return a + b; },
                               std::int64_t{0});
  });
  double reduce_vector = time_seconds([&] {
    for (const auto& entry : flat) sum_vector += entry.second;
  });
  if (sum_tree != sum_vector) {
    std::fprintf(stderr, "map_reduce mismatch: %" PRId64 " vs %" PRId64 "\n", sum_tree, sum_vector);
    std::exit(1);
  }
  results.push_back({"map_reduce", reduce_tree, "loop over std::vector", reduce_vector});

  // range_small / range_large: extract 0.1% and 10% of the keys as a tree (O(log n)
  // whatever the size) vs iterating the same span of std::map.
  auto sorted = sorted_unique(input);
  for (auto [name, fraction] : {std::pair{"range_small", 0.001}, std::pair{"range_large", 0.1}}) {
    const int repeats = 200;
    std::size_t span = std::max<std::size_t>(1, std::size_t(sorted.size() * fraction));
    std::vector<std::pair<Key, Key>> bounds(repeats);
    for (auto& [low, high] : bounds) {
      std::size_t start = random() % (sorted.size() - span + 1);
      low = sorted[start].first;
      high = sorted[start + span - 1].first;
    }
    std::size_t sizes = 0;
    double range_tree = time_seconds([&] {
      for (const auto& [low, high] : bounds) sizes += tree.range(low, high).size();
    });
    std::int64_t walked = 0;
    double range_map = time_seconds([&] {
      for (const auto& [low, high] : bounds) {
        for (auto it = map.lower_bound(low); it != map.end() && it->first <= high; ++it) {
          walked += it->second;
        }
      }
    });
    keep(walked);
    if (sizes != span * repeats) {
      std::fprintf(stderr, "%s: range sizes %zu, expected %zu\n", name, sizes, span * repeats);
      std::exit(1);
    }
    results.push_back({name, range_tree, "std::map iteration", range_map});
  }

  // union: two n/10 trees vs std::set_union of sorted vectors.
  auto left_entries = sorted_unique(random_entries(n / 10, 11));
  auto right_entries = sorted_unique(random_entries(n / 10, 13));
  Tree left = Tree::from_sorted(left_entries), right = Tree::from_sorted(right_entries);
  Tree both;
  double union_tree = time_seconds([&] { both = Tree::set_union(left, right); });
  std::vector<Entry> merged;
  double union_vector = time_seconds([&] {
    merged.reserve(left_entries.size() + right_entries.size());
    std::set_union(left_entries.begin(), left_entries.end(), right_entries.begin(),
                   right_entries.end(), std::back_inserter(merged),
                   [](const Entry& a, const Entry& b) { return a.first < b.first; });
  });
  if (both.size() != merged.size()) {
    std::fprintf(stderr, "union size mismatch\n");
    std::exit(1);
  }
  results.push_back({"union", union_tree, "std::set_union on vectors", union_vector});
  return results;
}

void print_json(const std::vector<Result>& results) {
  std::printf("[");
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    std::printf("%s\n  {\"op\": \"%s\", \"seconds\": %.6f, \"baseline\": \"%s\", \"baseline_seconds\": %.6f}",
                i ? "," : "", r.op.c_str(), r.seconds, r.baseline.c_str(), r.baseline_seconds);
  }
  std::printf("\n]\n");
}

void print_table(const std::vector<Result>& results, std::size_t n) {
  std::printf("P-Tree operations on n = %zu int64 keys (baseline measured in the same run)\n\n", n);
  std::printf("%-13s %12s  %-28s %12s  %9s\n", "op", "ptree (s)", "baseline", "baseline (s)",
              "speedup");
  for (const auto& r : results) {
    std::printf("%-13s %12.6f  %-28s %12.6f  %8.2fx\n", r.op.c_str(), r.seconds,
                r.baseline.c_str(), r.baseline_seconds, r.baseline_seconds / r.seconds);
  }
  double small = 0, large = 0;
  for (const auto& r : results) {
    if (r.op == "range_small") small = r.seconds;
    if (r.op == "range_large") large = r.seconds;
  }
  if (small > 0) std::printf("\nrange_large / range_small time: %.2f\n", large / small);
}

}  // namespace

int run_ptree_bench(int argc, char** argv) {
  std::size_t n = 10'000'000;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0) {
      json = true;
    } else if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) {
      char* end = nullptr;
      n = std::strtoull(argv[++i], &end, 10);
      if (end == argv[i] || *end != '\0') n = 0;
    } else {
      std::fprintf(stderr, "usage: ptreedb-bench ptree [--n N] [--json]\n");
      return 2;
    }
  }
  if (n < 100000) {
    std::fprintf(stderr, "ptreedb-bench ptree: --n must be at least 100000\n");
    return 2;
  }
  auto results = run(n);
  if (json) {
    print_json(results);
  } else {
    print_table(results, n);
  }
  return 0;
}

}  // namespace ptreedb::bench
