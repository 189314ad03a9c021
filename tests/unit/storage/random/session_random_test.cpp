#include "storage/random/session_random.h"

#include <catch2/catch.hpp>

#include <set>
#include <thread>
#include <vector>

using ptreedb::storage::SessionRandom;

TEST_CASE("a seeded session draws PostgreSQL 15's numbers") {
  // PostgreSQL 15: select setseed(0.5); select random() from generate_series(1, 3);
  SessionRandom random;
  random.set_seed(0.5);
  CHECK(random.next_double() == 0.9851677175347999);
  CHECK(random.next_double() == 0.825301858027981);
  CHECK(random.next_double() == 0.12974610012450416);
  // The same seed starts the same sequence again.
  random.set_seed(0.5);
  CHECK(random.next_double() == 0.9851677175347999);
}

TEST_CASE("draws lie in [0, 1), differ between unseeded sessions, and survive concurrent callers") {
  SessionRandom a, b;
  std::set<double> seen;
  for (int i = 0; i < 10000; ++i) {
    double x = a.next_double();
    CHECK(x >= 0.0);
    CHECK(x < 1.0);
    seen.insert(x);
  }
  CHECK(seen.size() == 10000);
  CHECK(a.next_double() != b.next_double());
  // Several threads of one statement draw under the lock: every draw distinct.
  SessionRandom shared;
  shared.set_seed(0.25);
  std::vector<std::vector<double>> drawn(4);
  std::vector<std::thread> threads;
  for (auto& mine : drawn) {
    threads.emplace_back([&shared, &mine] {
      for (int i = 0; i < 5000; ++i) mine.push_back(shared.next_double());
    });
  }
  for (auto& thread : threads) thread.join();
  std::set<double> all;
  for (const auto& mine : drawn) all.insert(mine.begin(), mine.end());
  CHECK(all.size() == 20000);
}
