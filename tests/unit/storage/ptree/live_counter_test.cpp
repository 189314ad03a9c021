// LiveCounter: per-thread padded slots whose sum must be exact, whichever
// threads add and remove and however many threads share a slot.
#include "storage/ptree/live_counter.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "storage/ptree/ptree.h"

using ptreedb::ptree::LiveCounter;
using ptreedb::ptree::PTree;

TEST_CASE("a fresh LiveCounter reads zero and counts single-threaded adds") {
  LiveCounter counter;
  CHECK(counter.total() == 0);
  counter.add(5);
  counter.add(-2);
  counter.add(0);
  CHECK(counter.total() == 3);
  counter.add(-3);
  CHECK(counter.total() == 0);
}

TEST_CASE("LiveCounter adds from many threads sum exactly") {
  LiveCounter counter;
  // Twice as many threads as the 64 slots, all released at once, so threads
  // sharing a slot really add to it at the same time.
  constexpr int kThreads = 128;
  constexpr int kAdds = 200000;  // long enough runs that slot-sharing threads overlap
  std::atomic<int> ready{0};
  std::vector<std::thread> threads;
  threads.reserve(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&counter, &ready, t] {
      ready.fetch_add(1);
      while (ready.load() < kThreads) std::this_thread::yield();  // a start gate, not a delay
      for (int i = 0; i < kAdds; ++i) {
        counter.add(1);
        // Every third thread also removes some, to mix signs within a slot.
        if (t % 3 == 0 && i % 2 == 0) counter.add(-1);
      }
      counter.add(t);  // a per-thread distinct delta
    });
  }
  for (auto& thread : threads) thread.join();

  std::int64_t expected = 0;
  for (int t = 0; t < kThreads; ++t) {
    expected += kAdds + t;
    if (t % 3 == 0) expected -= kAdds / 2;
  }
  CHECK(counter.total() == expected);
}

TEST_CASE("LiveCounter totals read while others add never go backwards for increments") {
  LiveCounter counter;
  constexpr int kThreads = 4;
  constexpr int kAdds = 50000;
  std::atomic<int> finished{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kAdds; ++i) counter.add(1);
      finished.fetch_add(1);
    });
  }
  // Each slot only grows, so a single reader's successive sums cannot shrink
  // (read-read coherence per slot); they stay within [0, total].
  std::int64_t previous = 0;
  bool monotone = true;
  bool bounded = true;
  int reads = 0;
  while (finished.load() < kThreads || reads < 10) {
    std::int64_t now = counter.total();
    if (now < previous) monotone = false;
    if (now < 0 || now > std::int64_t{kThreads} * kAdds) bounded = false;
    previous = now;
    ++reads;
  }
  for (auto& thread : threads) thread.join();
  CHECK(monotone);
  CHECK(bounded);
  CHECK(counter.total() == std::int64_t{kThreads} * kAdds);
}

TEST_CASE("node counts balance when trees are built on one thread and freed on another") {
  using Tree = PTree<int, int>;
  const auto nodes_before = Tree::live_nodes();
  {
    constexpr int kThreads = 6;
    constexpr int kSize = 3000;
    std::vector<Tree> trees(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&trees, t] {
        Tree tree;
        for (int i = 0; i < kSize; ++i) tree = std::move(tree).insert(i * kThreads + t, i);
        trees[t] = std::move(tree);
      });
    }
    for (auto& thread : threads) thread.join();
    std::int64_t all_nodes = 0;
    for (const auto& tree : trees) all_nodes += static_cast<std::int64_t>(tree.node_count());
    CHECK(all_nodes > 0);
    CHECK(Tree::live_nodes() - nodes_before == all_nodes);

    // The main thread frees nodes counted in other threads' slots; only the
    // sum has to come out right.
    trees.resize(kThreads / 2);
    std::int64_t kept_nodes = 0;
    for (const auto& tree : trees) kept_nodes += static_cast<std::int64_t>(tree.node_count());
    CHECK(Tree::live_nodes() - nodes_before == kept_nodes);
  }
  REQUIRE(Tree::live_nodes() == nodes_before);
}
