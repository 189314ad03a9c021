#include "tools/bench/latency_stats.h"

#include <catch2/catch.hpp>

#include "tools/bench/json_writer.h"

using namespace ptreedb::bench;

TEST_CASE("percentiles use the nearest-rank rule over any order of samples") {
  std::vector<double> samples;
  for (int i = 100; i >= 1; --i) samples.push_back(i);
  auto s = summarize(samples);
  CHECK(s.count == 100);
  CHECK(s.p50_us == 50);
  CHECK(s.p95_us == 95);
  CHECK(s.p99_us == 99);
  CHECK(s.max_us == 100);
  CHECK(s.mean_us == Approx(50.5));
  CHECK(summarize({}).count == 0);
  CHECK(summarize({7}).p99_us == 7);
}

TEST_CASE("median and geometric mean") {
  CHECK(median({3, 1, 2}) == 2);
  CHECK(median({4, 1, 3, 2}) == 2.5);
  CHECK(geometric_mean({1, 100}) == Approx(10));
  CHECK(geometric_mean({}) == 0);
}

TEST_CASE("JSON writer nests, separates and escapes") {
  JsonWriter json;
  json.begin_object().field("name", std::string("a\"b\n")).field("n", 3).field("ok", true);
  json.key("list").begin_array().value(1.5).value(std::string("x")).end_array();
  json.latency("lat", summarize({1, 2, 3})).end_object();
  CHECK(json.text() ==
        "{\"name\": \"a\\\"b\\n\", \"n\": 3, \"ok\": true, \"list\": [1.5, \"x\"], "
        "\"lat\": {\"count\": 3, \"mean_us\": 2, \"p50_us\": 2, \"p95_us\": 3, \"p99_us\": 3, "
        "\"max_us\": 3}}");
}
