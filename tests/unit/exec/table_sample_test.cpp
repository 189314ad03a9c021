#include "exec/table_sample.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

using namespace ptreedb;
using exec::bernoulli_positions;
using exec::RandomOrder;
using exec::sample_seed;

TEST_CASE("REPEATABLE seeds are PostgreSQL's hashfloat8 of the value", "[table_sample]") {
  // Values from PostgreSQL 15: SELECT hashfloat8(0.4), hashfloat8(1), hashfloat8('NaN').
  CHECK(sample_seed(0.4) == 1879225839u);
  CHECK(sample_seed(1.0) == 376496956u);
  CHECK(sample_seed(0.0) == 0u);
  CHECK(sample_seed(-0.0) == 0u);
  CHECK(sample_seed(std::nan("")) == static_cast<std::uint32_t>(-1275764840));
  CHECK(sample_seed(-std::nan("")) == sample_seed(std::nan("")));
}

TEST_CASE("BERNOULLI positions are ascending, inside their stretch and reproducible", "[table_sample]") {
  std::vector<std::size_t> a, b, c;
  bernoulli_positions(42, 3, 0.25, 1000, 5000, a);
  bernoulli_positions(42, 3, 0.25, 1000, 5000, b);
  bernoulli_positions(42, 4, 0.25, 1000, 5000, c);
  CHECK(a == b);
  CHECK(a != c);  // another stretch, another generator
  REQUIRE(!a.empty());
  CHECK(std::is_sorted(a.begin(), a.end()));
  CHECK(std::adjacent_find(a.begin(), a.end()) == a.end());
  CHECK(a.front() >= 1000);
  CHECK(a.back() < 6000);
}

TEST_CASE("BERNOULLI at 0 and 100 percent takes nothing and everything", "[table_sample]") {
  std::vector<std::size_t> none, all;
  bernoulli_positions(7, 0, 0.0, 0, 1000, none);
  bernoulli_positions(7, 0, 1.0, 10, 1000, all);
  CHECK(none.empty());
  REQUIRE(all.size() == 1000);
  CHECK(all.front() == 10);
  CHECK(all.back() == 1009);
}

TEST_CASE("BERNOULLI sample sizes have the binomial mean and spread", "[table_sample]") {
  // 400 samples of 10,000 rows at p = 0.1: mean 1000, standard deviation 30.
  const double n = 10000, p = 0.1;
  double sum = 0, squares = 0;
  const int samples = 400;
  for (int s = 0; s < samples; ++s) {
    std::vector<std::size_t> out;
    bernoulli_positions(sample_seed(s), 0, p, 0, static_cast<std::size_t>(n), out);
    sum += static_cast<double>(out.size());
    squares += static_cast<double>(out.size()) * static_cast<double>(out.size());
  }
  double mean = sum / samples;
  double variance = squares / samples - mean * mean;
  CHECK(std::abs(mean - n * p) < 4 * std::sqrt(n * p * (1 - p) / samples));
  CHECK(variance > 0.7 * n * p * (1 - p));
  CHECK(variance < 1.3 * n * p * (1 - p));
}

TEST_CASE("Page and row draws take about the fraction asked and depend on the seed", "[table_sample]") {
  const std::uint64_t cutoff = exec::sample_cutoff(30.0f);
  CHECK(cutoff == 1288490189u);  // rint(2^32 * 0.3)
  int pages = 0, rows = 0, same = 0;
  for (std::size_t item = 0; item < 100000; ++item) {
    pages += exec::system_takes_page(1, cutoff, item);
    bool here = exec::bernoulli_takes_row(1, cutoff, item, 7);
    rows += here;
    same += here == exec::bernoulli_takes_row(2, cutoff, item, 7);
  }
  CHECK(std::abs(pages - 30000) < 600);
  CHECK(std::abs(rows - 30000) < 600);
  CHECK(same < 70000);  // independent seeds agree on 0.3^2 + 0.7^2 = 58% of items
  CHECK(exec::sample_cutoff(100.0f) == 4294967296u);  // every 32-bit hash is below it
  CHECK(exec::sample_cutoff(0.0f) == 0u);
}

TEST_CASE("RandomOrder gives every number once, in an order set by the seed", "[table_sample]") {
  for (std::size_t count : {0u, 1u, 2u, 7u, 1000u}) {
    RandomOrder order(9, count);
    std::vector<std::size_t> drawn;
    while (auto next = order.next()) drawn.push_back(*next);
    REQUIRE(drawn.size() == count);
    std::vector<std::size_t> sorted = drawn;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t i = 0; i < count; ++i) CHECK(sorted[i] == i);
  }
  RandomOrder a(1, 1000), b(1, 1000), c(2, 1000);
  std::vector<std::size_t> first_a, first_b, first_c;
  for (int i = 0; i < 20; ++i) {
    first_a.push_back(*a.next());
    first_b.push_back(*b.next());
    first_c.push_back(*c.next());
  }
  CHECK(first_a == first_b);
  CHECK(first_a != first_c);
}

TEST_CASE("RandomOrder's first draw is uniform", "[table_sample]") {
  // 20,000 first draws over 10 numbers: each about 2,000 times.
  std::vector<int> counts(10);
  for (std::uint64_t seed = 0; seed < 20000; ++seed) {
    RandomOrder order(seed, 10);
    ++counts[*order.next()];
  }
  double chi_square = 0;
  for (int count : counts) chi_square += (count - 2000.0) * (count - 2000.0) / 2000.0;
  CHECK(chi_square < 27.9);  // the 0.001 critical value at 9 degrees of freedom
}

TEST_CASE("bernoulli_rows takes what bernoulli_takes_row takes, across page boundaries", "[table_sample]") {
  const std::uint64_t cutoff = exec::sample_cutoff(37.5f);
  for (std::size_t rows_per_page : {1, 3, 7, 226}) {
    for (auto [begin, end] : {std::pair<std::size_t, std::size_t>{0, 1000}, {5, 6}, {11, 2000}, {700, 700}}) {
      std::vector<std::size_t> expected, got{42};
      for (std::size_t at = begin; at < end; ++at) {
        if (exec::bernoulli_takes_row(9, cutoff, at, rows_per_page)) expected.push_back(at);
      }
      expected.insert(expected.begin(), 42);  // appended after what was there
      exec::bernoulli_rows(9, cutoff, begin, end, rows_per_page, got);
      CHECK(got == expected);
    }
  }
}
