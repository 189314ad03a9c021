// GROUP BY's grouping sets expanded as PostgreSQL 15 expands them (the
// queries themselves are compared with a real server in
// tests/sql/cases/grouping_sets.sql).
#include "planner/grouping_sets.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/sql_error.h"

using namespace ptreedb;
using namespace ptreedb::planner;

namespace {

using Kind = GroupingElement::Kind;

GroupingElement key(std::size_t k) { return GroupingElement{Kind::kSimple, {k}, {}}; }
GroupingElement simple(std::vector<std::size_t> keys) { return GroupingElement{Kind::kSimple, std::move(keys), {}}; }
GroupingElement empty() { return GroupingElement{Kind::kEmpty, {}, {}}; }
GroupingElement of(Kind kind, std::vector<GroupingElement> content) { return GroupingElement{kind, {}, std::move(content)}; }

std::string sqlstate_of(const std::vector<GroupingElement>& elements) {
  try {
    expand_grouping_sets(elements, false);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace

TEST_CASE("ROLLUP is its prefixes, longest first, then ()") {
  GroupingSets sets = expand_grouping_element(of(Kind::kRollup, {key(0), simple({1, 2}), key(3)}));
  CHECK(sets == GroupingSets{{0, 1, 2, 3}, {0, 1, 2}, {0}, {}});
}

TEST_CASE("CUBE is every subset, by the bits of a counter") {
  GroupingSets sets = expand_grouping_element(of(Kind::kCube, {key(0), key(1)}));
  CHECK(sets == GroupingSets{{}, {0}, {1}, {0, 1}});
}

TEST_CASE("GROUPING SETS concatenates its items' sets") {
  GroupingSets sets = expand_grouping_element(
      of(Kind::kSets, {key(0), empty(), of(Kind::kRollup, {key(1)}), of(Kind::kSets, {simple({0, 1})})}));
  CHECK(sets == GroupingSets{{0}, {}, {1}, {}, {0, 1}});
}

TEST_CASE("a clause is the cross product of its elements, sets sorted by size") {
  GroupingSets sets = expand_grouping_sets({key(0), of(Kind::kRollup, {key(1), key(2)})}, false);
  CHECK(sets == GroupingSets{{0}, {0, 1}, {0, 1, 2}});
  // Keys repeated across elements count once in a set; repeated sets stay.
  sets = expand_grouping_sets({of(Kind::kRollup, {key(0)}), of(Kind::kRollup, {key(0), key(1)})}, false);
  CHECK(sets == GroupingSets{{}, {0}, {0}, {0}, {0, 1}, {0, 1}});
}

TEST_CASE("DISTINCT drops repeated sets, whatever the order of their keys") {
  GroupingSets sets = expand_grouping_sets(
      {of(Kind::kRollup, {key(0)}), of(Kind::kRollup, {key(1), key(0)})}, true);
  CHECK(sets == GroupingSets{{}, {0}, {1}, {0, 1}});
}

TEST_CASE("no elements is the one empty set") {
  CHECK(expand_grouping_sets({}, false) == GroupingSets{{}});
  CHECK(expand_grouping_sets({empty()}, true) == GroupingSets{{}});
}

TEST_CASE("PostgreSQL's limits on grouping sets") {
  std::vector<GroupingElement> twelve;
  for (std::size_t k = 0; k < 12; ++k) twelve.push_back(key(k));
  CHECK(sqlstate_of({of(Kind::kCube, twelve)}).empty());
  CHECK(expand_grouping_sets({of(Kind::kCube, twelve)}, false).size() == 4096);
  auto thirteen = twelve;
  thirteen.push_back(key(12));
  CHECK(sqlstate_of({of(Kind::kCube, thirteen)}) == "54011");
  CHECK(sqlstate_of({of(Kind::kCube, twelve), of(Kind::kRollup, {key(12)})}) == "54001");
  std::vector<GroupingElement> rollups(13, of(Kind::kRollup, {key(0)}));
  CHECK(sqlstate_of(rollups) == "54001");
}
