// Readers take the currently published version (a handle copied under a
// mutex) and then read it without any lock, while one writer keeps deriving and
// publishing new versions with multi_insert / multi_delete, partly in place.
// Every published version holds exactly the keys [low, high) with value 3k + 1,
// so a reader can check any snapshot on its own. Also built under TSan.
//
// Catch2 assertions are not thread-safe, so threads only record the first
// problem they see; the main thread asserts after joining them.
#include "storage/ptree/ptree.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using ptreedb::ptree::PTree;

namespace {

struct SumAug {
  using value_type = long long;
  static value_type identity() { return 0; }
  static value_type from_entry(int, long long value) { return value; }
  static value_type combine(value_type a, value_type b) { return a + b; }
};
using Tree = PTree<int, long long, SumAug>;

long long value_of(int key) { return 3LL * key + 1; }

// Sum of value_of(k) for k in [low, high).
long long sum_between(long long low, long long high) {
  if (high <= low) return 0;
  long long n = high - low;
  return 3 * ((low + high - 1) * n / 2) + n;  // (low + high - 1) * n is even
}

struct Snapshot {
  std::uint64_t version = 0;
  int low = 0, high = 0;  // the tree holds exactly the keys [low, high)
  Tree tree;
};

// The published version. Only the O(1) handle copy happens under the lock;
// readers then read their copy without synchronization.
class Publisher {
 public:
  Snapshot get() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return current_;
  }
  void publish(Snapshot next) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      std::swap(current_, next);
    }
    // `next` holds the previous version now: released (maybe freed) unlocked.
  }

 private:
  mutable std::mutex mutex_;
  Snapshot current_;
};

// "" when the snapshot reads exactly as (low, high) promise; `deep` adds the
// parallel traversals, `invariants` the full structural check.
std::string check_snapshot(const Snapshot& s, std::mt19937_64& rng, bool deep, bool invariants) {
  const Tree& t = s.tree;
  const std::size_t n = static_cast<std::size_t>(s.high - s.low);
  if (t.size() != n) return "size " + std::to_string(t.size()) + " vs " + std::to_string(n);
  if (invariants) {
    if (std::string problem = t.check_invariants(); !problem.empty()) return problem;
  }
  if (t.aug() != sum_between(s.low, s.high)) return "root sum";
  if (n == 0) return t.empty() && t.begin() == t.end() ? "" : "empty tree is not empty";
  if (t.first().key != s.low || t.last().key != s.high - 1) return "wrong first or last key";
  int expected = s.low;
  for (auto entry : t) {
    if (entry.key != expected || entry.value != value_of(expected)) {
      return "entry " + std::to_string(entry.key) + " where " + std::to_string(expected) + " expected";
    }
    ++expected;
  }
  if (expected != s.high) return "iteration stopped at " + std::to_string(expected);
  for (int i = 0; i < 4; ++i) {
    int a = s.low + static_cast<int>(rng() % n), b = s.low + static_cast<int>(rng() % n);
    if (b < a) std::swap(a, b);
    if (!t.contains(a) || *t.find(b) != value_of(b)) return "find";
    if (t.rank(a) != static_cast<std::size_t>(a - s.low)) return "rank";
    if (t.select(static_cast<std::size_t>(b - s.low)).key != b) return "select";
    if (t.aug_range(a, b) != sum_between(a, b + 1)) return "aug_range";
  }
  if (t.contains(s.low - 1) || t.contains(s.high)) return "a key outside [low, high)";
  if (deep) {
    long long sum = t.map_reduce([](int, long long v) { return v; }, std::plus<long long>(), 0LL);
    if (sum != sum_between(s.low, s.high)) return "map_reduce sum";
    std::vector<int> keys(n);
    t.foreach_index([&](int key, long long, std::size_t i) { keys[i] = key; });
    for (std::size_t i = 0; i < n; ++i) {
      if (keys[i] != s.low + static_cast<int>(i)) return "foreach_index position " + std::to_string(i);
    }
  }
  return "";
}

struct Config {
  int window;          // about how many keys each version holds
  int max_batch;       // largest insert / delete batch
  int steps;           // writer steps (each one insert and one delete batch)
  int readers;
  bool invariants;     // readers run check_invariants on every snapshot
  // With two lanes the writer alternates between two trees and publishes one
  // at a time, so the lane it comes back to is held by nobody but itself and
  // readers' old snapshots: when those go, its nodes turn private and are
  // reused in place right after another thread read them.
  int lanes = 1;
};

struct ReaderResult {
  std::string problem;
  std::uint64_t snapshots = 0;
  std::uint64_t derived = 0;
};

void run_reader(const Publisher& publisher, const std::atomic<bool>& done, const Config& config,
                std::uint64_t seed, ReaderResult& result) {
  std::mt19937_64 rng(seed);
  std::deque<Snapshot> kept;  // older snapshots, read again later
  std::uint64_t last_version = 0;
  auto fail = [&](const std::string& what, const Snapshot& s) {
    result.problem = what + " (version " + std::to_string(s.version) + ", keys [" +
                     std::to_string(s.low) + ", " + std::to_string(s.high) + "))";
  };
  for (std::uint64_t iteration = 0;; ++iteration) {
    // Read `done` before the snapshot, so the last pass sees the final version.
    const bool last_pass = done.load(std::memory_order_acquire);
    Snapshot s = publisher.get();
    if (s.version < last_version) return fail("published versions went backwards", s);
    last_version = s.version;
    if (std::string problem = check_snapshot(s, rng, iteration % 2 == 0, config.invariants); !problem.empty()) {
      return fail(problem, s);
    }
    ++result.snapshots;

    // A private version derived from the snapshot, in place where possible:
    // its path copies run concurrently with the writer's on shared nodes.
    if (iteration % 4 == 1) {
      const int grow = 1 + static_cast<int>(rng() % 100);
      const int shrink = std::min(s.high - s.low, static_cast<int>(rng() % 100));
      std::vector<std::pair<int, long long>> batch;
      for (int k = s.high; k < s.high + grow; ++k) batch.emplace_back(k, value_of(k));
      std::vector<int> doomed;
      for (int k = s.low; k < s.low + shrink; ++k) doomed.push_back(k);
      Snapshot mine{s.version, s.low + shrink, s.high + grow, s.tree};
      mine.tree = std::move(mine.tree).multi_insert(std::move(batch));
      mine.tree = std::move(mine.tree).multi_delete(std::move(doomed));
      if (std::string problem = check_snapshot(mine, rng, false, config.invariants); !problem.empty()) {
        return fail("derived version: " + problem, s);
      }
      ++result.derived;
    }

    if (iteration % 3 == 0) {
      kept.push_back(s);
      if (kept.size() > 3) kept.pop_front();
    }
    if (!kept.empty()) {
      const Snapshot& old = kept[iteration % kept.size()];
      if (std::string problem = check_snapshot(old, rng, false, config.invariants); !problem.empty()) {
        return fail("kept snapshot: " + problem, old);
      }
    }
    if (last_pass) return;
  }
}

// Keys [from, to) shuffled, an eighth of them repeated.
std::vector<int> shuffled_keys(int from, int to, std::mt19937_64& rng) {
  std::vector<int> keys;
  for (int k = from; k < to; ++k) keys.push_back(k);
  for (int i = 0, extra = (to - from) / 8; i < extra; ++i) keys.push_back(from + static_cast<int>(rng() % (to - from)));
  std::shuffle(keys.begin(), keys.end(), rng);
  return keys;
}

void run_scenario(const Config& config, std::uint64_t seed) {
  const auto nodes_before = Tree::live_nodes();
  {
    std::mt19937_64 rng(seed);
    Publisher publisher;
    std::atomic<bool> done{false};

    // Each lane holds exactly the keys [low, high) of its own key range.
    struct Lane {
      int low, high;
      Tree tree;
    };
    std::vector<Lane> lanes;
    for (int l = 0; l < config.lanes; ++l) {
      const int base = l << 28;
      std::vector<std::pair<int, long long>> initial;
      for (int k = base; k < base + config.window; ++k) initial.emplace_back(k, value_of(k));
      lanes.push_back({base, base + config.window, Tree::from_sorted(initial)});
    }
    std::uint64_t version = 1;
    publisher.publish({version, lanes[0].low, lanes[0].high, lanes[0].tree});

    std::vector<ReaderResult> results(static_cast<std::size_t>(config.readers));
    std::vector<std::thread> readers;
    for (int r = 0; r < config.readers; ++r) {
      readers.emplace_back(run_reader, std::cref(publisher), std::cref(done), std::cref(config),
                           seed * 100 + static_cast<std::uint64_t>(r), std::ref(results[r]));
    }

    std::string writer_problem;
    for (int step = 0; step < config.steps && writer_problem.empty(); ++step) {
      auto& [low, high, tree] = lanes[static_cast<std::size_t>(step % config.lanes)];
      // Insert the next keys, in random order with repeats (KeepNew: same value).
      const int grow = 1 + static_cast<int>(rng() % config.max_batch);
      std::vector<std::pair<int, long long>> batch;
      for (int k : shuffled_keys(high, high + grow, rng)) batch.emplace_back(k, value_of(k));
      // Alternate the copying and the in-place forms.
      tree = step % 3 == 0 ? tree.multi_insert(std::move(batch)) : std::move(tree).multi_insert(std::move(batch));
      high += grow;
      // Sometimes publish in between, so the delete below must copy the path;
      // otherwise it rewrites the insert's fresh (private) nodes in place.
      if (rng() % 2 == 0) publisher.publish({++version, low, high, tree});

      // Delete the oldest keys, drifting back towards `window` entries.
      const int size = high - low;
      int shrink = static_cast<int>(rng() % config.max_batch) + std::max(0, size - config.window) / 2;
      shrink = std::min(shrink, size);
      std::vector<int> doomed = shuffled_keys(low, low + shrink, rng);
      for (int i = 0; i < 5; ++i) doomed.push_back(low - 1 - static_cast<int>(rng() % 1000));  // absent
      tree = std::move(tree).multi_delete(std::move(doomed));
      low += shrink;
      publisher.publish({++version, low, high, tree});

      if (step % 16 == 0) {
        std::mt19937_64 check_rng(static_cast<std::uint64_t>(step));
        writer_problem = check_snapshot({version, low, high, tree}, check_rng, true, true);
      }
    }
    done.store(true, std::memory_order_release);
    for (auto& reader : readers) reader.join();

    REQUIRE(writer_problem == "");
    std::uint64_t snapshots = 0, derived = 0;
    for (const auto& result : results) {
      CHECK(result.problem == "");
      snapshots += result.snapshots;
      derived += result.derived;
    }
    INFO("snapshots checked: " << snapshots << ", derived versions: " << derived);
    CHECK(snapshots >= static_cast<std::uint64_t>(config.readers));  // each saw the final version
    CHECK(version > static_cast<std::uint64_t>(config.steps));
  }
  // Publisher, writer tree and every reader's snapshots are gone.
  REQUIRE(Tree::live_nodes() == nodes_before);
}

}  // namespace

TEST_CASE("readers check published snapshots while a writer publishes bulk updates") {
  run_scenario({/*window=*/20000, /*max_batch=*/2000, /*steps=*/100, /*readers=*/4, /*invariants=*/false}, 1);
}

TEST_CASE("readers check the full invariants of small published trees") {
  // Small trees: readers run check_invariants on every snapshot (it also reads
  // every reference count while other threads change them).
  run_scenario({/*window=*/300, /*max_batch=*/60, /*steps=*/1500, /*readers=*/4, /*invariants=*/true}, 2);
}

TEST_CASE("the writer reuses in place nodes that readers have just released") {
  run_scenario({/*window=*/4000, /*max_batch=*/400, /*steps=*/300, /*readers=*/4, /*invariants=*/false,
                /*lanes=*/2}, 4);
}

TEST_CASE("concurrent readers release the last handle of old versions") {
  // Every reader holds the only remaining copies of some versions, so nodes
  // are freed on reader threads while the writer decides what it may reuse.
  run_scenario({/*window=*/3000, /*max_batch=*/400, /*steps=*/250, /*readers=*/6, /*invariants=*/false}, 3);
}
