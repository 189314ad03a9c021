#include "planner/grouping_sets.h"

#include <algorithm>

#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

namespace {

using Kind = GroupingElement::Kind;

// Keys of `from` not yet in `into`, appended in order (list_union_int).
void unite(std::vector<std::size_t>& into, const std::vector<std::size_t>& from) {
  for (std::size_t key : from) {
    if (std::find(into.begin(), into.end(), key) == into.end()) into.push_back(key);
  }
}

// CUBE's size is checked before anything is expanded, as PostgreSQL checks
// it while reading the clause.
void check_cube_sizes(const GroupingElement& element) {
  check_stack_depth();
  if (element.kind == Kind::kCube && element.content.size() > kMaxCubeElements) {
    throw SqlError("54011", "CUBE is limited to 12 elements");
  }
  for (const auto& item : element.content) check_cube_sizes(item);
}

}  // namespace

GroupingSets expand_grouping_element(const GroupingElement& element) {
  check_stack_depth();
  GroupingSets sets;
  switch (element.kind) {
    case Kind::kSimple:
      sets.push_back(element.keys);
      break;
    case Kind::kEmpty:
      sets.emplace_back();
      break;
    case Kind::kRollup:
      for (std::size_t length = element.content.size(); length > 0; --length) {
        std::vector<std::size_t> set;
        for (std::size_t i = 0; i < length; ++i) {
          set.insert(set.end(), element.content[i].keys.begin(), element.content[i].keys.end());
        }
        sets.push_back(std::move(set));
      }
      sets.emplace_back();
      break;
    case Kind::kCube: {
      std::size_t count = std::size_t{1} << element.content.size();
      for (std::size_t bits = 0; bits < count; ++bits) {
        std::vector<std::size_t> set;
        for (std::size_t i = 0; i < element.content.size(); ++i) {
          if ((bits >> i) & 1) set.insert(set.end(), element.content[i].keys.begin(), element.content[i].keys.end());
        }
        sets.push_back(std::move(set));
      }
      break;
    }
    case Kind::kSets:
      for (const auto& item : element.content) {
        GroupingSets inner = expand_grouping_element(item);
        for (auto& set : inner) sets.push_back(std::move(set));
      }
      break;
  }
  return sets;
}

GroupingSets expand_grouping_sets(const std::vector<GroupingElement>& elements, bool distinct) {
  if (elements.empty()) return GroupingSets{{}};
  for (const auto& element : elements) check_cube_sizes(element);
  std::vector<GroupingSets> expanded;
  double product = 1;
  for (const auto& element : elements) {
    expanded.push_back(expand_grouping_element(element));
    product *= static_cast<double>(expanded.back().size());
    if (product > static_cast<double>(kMaxGroupingSets)) {
      throw SqlError("54001", "too many grouping sets present (maximum 4096)");
    }
  }
  GroupingSets result;
  for (const auto& set : expanded[0]) {
    std::vector<std::size_t> united;
    unite(united, set);
    result.push_back(std::move(united));
  }
  for (std::size_t e = 1; e < expanded.size(); ++e) {
    GroupingSets next;
    for (const auto& left : result) {
      for (const auto& right : expanded[e]) {
        std::vector<std::size_t> united = left;
        unite(united, right);
        next.push_back(std::move(united));
      }
    }
    result = std::move(next);
  }
  if (!distinct || result.size() < 2) {
    std::stable_sort(result.begin(), result.end(),
                     [](const auto& a, const auto& b) { return a.size() < b.size(); });
    return result;
  }
  for (auto& set : result) std::sort(set.begin(), set.end());
  std::stable_sort(result.begin(), result.end(), [](const auto& a, const auto& b) {
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
  });
  result.erase(std::unique(result.begin(), result.end()), result.end());
  return result;
}

}  // namespace ptreedb::planner
