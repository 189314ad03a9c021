// GROUP BY with GROUPING SETS, ROLLUP and CUBE expanded into the list of
// grouping sets, as PostgreSQL's expand_grouping_sets does: each top-level
// element stands for a list of sets, the clause for their cross product
// (each set's keys united), sets ordered by size; GROUP BY DISTINCT drops
// repeated sets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ptreedb::planner {

// One element of a GROUP BY clause once its expressions are bound to key
// positions (into the query's list of distinct group keys).
struct GroupingElement {
  enum class Kind : std::uint8_t {
    kSimple,  // `keys` together: a plain key, or (a, b) inside a construct
    kEmpty,   // ()
    kRollup,  // ROLLUP(content): content is kSimple elements
    kCube,    // CUBE(content): content is kSimple elements
    kSets,    // GROUPING SETS(content)
  };
  Kind kind = Kind::kSimple;
  std::vector<std::size_t> keys;
  std::vector<GroupingElement> content;
};

// PostgreSQL's limits: 54001 beyond this many sets, 54011 for a CUBE of more elements.
inline constexpr std::size_t kMaxGroupingSets = 4096;
inline constexpr std::size_t kMaxCubeElements = 12;

using GroupingSets = std::vector<std::vector<std::size_t>>;

// The sets one element stands for, in PostgreSQL's order (ROLLUP from the
// longest prefix down to (), CUBE by the bits of a counter).
GroupingSets expand_grouping_element(const GroupingElement& element);

// The clause's grouping sets: the cross product of its elements' sets, each
// set's keys without repeats, sorted by size (stable), and with `distinct`
// each set's keys sorted and repeated sets dropped. Throws 54001 when the
// product exceeds kMaxGroupingSets, 54011 for a CUBE too large. No elements:
// the one empty set.
GroupingSets expand_grouping_sets(const std::vector<GroupingElement>& elements, bool distinct);

}  // namespace ptreedb::planner
