#include "tools/bench/key_chooser.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using namespace ptreedb::bench;

TEST_CASE("Zipfian ranks stay in range and favour the first ranks") {
  ZipfianGenerator zipf(10000);
  std::mt19937_64 random(5);
  std::vector<int> counts(10000, 0);
  const int draws = 200000;
  for (int i = 0; i < draws; ++i) {
    auto rank = zipf.next(random);
    REQUIRE(rank < 10000);
    ++counts[rank];
  }
  // theta 0.99 over 10^4 items: rank 0 takes about 1/H(10^4, 0.99) ~ 10% of draws.
  CHECK(counts[0] > draws / 20);
  CHECK(counts[0] < draws / 5);
  CHECK(counts[0] > counts[1]);
  CHECK(counts[1] > counts[10]);
  // The top 1% of ranks gets far more than 1% of the draws.
  long top = 0;
  for (int r = 0; r < 100; ++r) top += counts[r];
  CHECK(top > draws / 3);
}

TEST_CASE("scrambled Zipfian keys spread hot keys over the key space") {
  KeyChooser keys(KeyDistribution::zipfian, 100000);
  std::mt19937_64 random(9);
  std::map<std::uint64_t, int> hits;
  for (int i = 0; i < 50000; ++i) {
    auto key = keys.existing(random, 100000);
    REQUIRE(key < 100000);
    ++hits[key];
  }
  std::vector<std::pair<int, std::uint64_t>> hottest;
  for (auto [key, n] : hits) hottest.emplace_back(n, key);
  std::sort(hottest.rbegin(), hottest.rend());
  // Skewed: the hottest key is hit far more often than uniform's 0.5 per key...
  CHECK(hottest[0].first > 1000);
  // ...and the ten hottest are not clustered at the start of the key space.
  auto far = std::count_if(hottest.begin(), hottest.begin() + 10,
                           [](const auto& h) { return h.second > 1000; });
  CHECK(far >= 8);
}

TEST_CASE("uniform keys cover the range evenly; latest favours the newest keys") {
  KeyChooser uniform(KeyDistribution::uniform, 1000);
  std::mt19937_64 random(3);
  std::vector<int> buckets(10, 0);
  for (int i = 0; i < 100000; ++i) {
    auto key = uniform.existing(random, 1000);
    REQUIRE(key < 1000);
    ++buckets[key / 100];
  }
  for (int b : buckets) CHECK((b > 9000 && b < 11000));

  KeyChooser latest(KeyDistribution::zipfian, 1000);
  int newest_tenth = 0;
  for (int i = 0; i < 10000; ++i) {
    auto key = latest.latest(random, 5000);  // 5000 present after inserts
    REQUIRE(key < 5000);
    newest_tenth += key >= 4500;
  }
  CHECK(newest_tenth > 5000);
}
