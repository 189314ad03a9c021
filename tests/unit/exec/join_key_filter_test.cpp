#include "exec/join_key_filter.h"

#include <catch2/catch.hpp>

#include <random>
#include <unordered_set>

using namespace ptreedb;
using value::SqlType;
using value::TypeId;

namespace {

exec::Vector key_vector(const std::vector<std::int64_t>& values) {
  exec::Vector keys(SqlType::of(TypeId::kBigint));
  keys.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    keys.nulls[i] = 0;
    keys.ints[i] = values[i];
  }
  return keys;
}

}  // namespace

TEST_CASE("a key filter never rules out a key it holds and rarely lets another through", "[join_key_filter]") {
  std::mt19937_64 random(42);
  for (std::size_t count : {std::size_t{1}, std::size_t{3}, std::size_t{100}, std::size_t{100000}}) {
    std::vector<std::int64_t> values;
    std::unordered_set<std::int64_t> held;
    while (values.size() < count) {
      auto value = static_cast<std::int64_t>(random() % (count * 1000));
      if (held.insert(value).second) values.push_back(value);
    }
    exec::JoinKeyFilter filter(key_vector(values));
    CHECK(filter.keys() == count);
    for (std::int64_t value : values) REQUIRE(filter.may_contain(value));
    std::size_t tested = 0, passed = 0;
    for (std::int64_t value = 0; tested < 200000; ++value) {
      if (held.count(value) != 0) continue;
      ++tested;
      passed += filter.may_contain(value) ? 1 : 0;
    }
    INFO(count << " keys: " << passed << " of " << tested << " others passed");
    CHECK(passed < tested / 50);  // under 2%
  }
}

TEST_CASE("a key filter of no keys (or only NULLs) lets nothing through", "[join_key_filter]") {
  exec::Vector keys = key_vector({5, 6});
  keys.nulls[0] = keys.nulls[1] = 1;
  exec::JoinKeyFilter filter(keys);
  CHECK(filter.keys() == 0);
  for (std::int64_t value = -1000; value < 1000; ++value) CHECK_FALSE(filter.may_contain(value));
}
