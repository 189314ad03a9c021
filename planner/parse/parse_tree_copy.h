// A deep copy of an unpacked parse tree into another arena, through
// protobuf-c's message descriptors, with two edits on the way: every
// location (and a statement's extent) moved by `move_location`, and chosen
// Integer nodes given new values. The parse cache makes a tree for a text
// from the tree of another text of the same shape this way.
#pragma once

#include <cstdint>
#include <functional>
#include <memory_resource>
#include <unordered_map>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

struct ParseTreeEdits {
  std::function<std::int32_t(std::int32_t)> move_location;
  // Integer nodes to change: each with the index of its new value.
  const std::unordered_map<const PgQuery__Integer*, std::size_t>* integer_slots = nullptr;
  std::vector<std::int32_t> values;
};

PgQuery__ParseResult* copy_parse_tree(const PgQuery__ParseResult& source, std::pmr::memory_resource& arena,
                                      const ParseTreeEdits& edits);

// A plain deep copy of one statement's tree (for a rewrite that must leave
// the original, perhaps a cached tree, as it is).
PgQuery__Node* copy_parse_node(const PgQuery__Node& source, std::pmr::memory_resource& arena);

}  // namespace ptreedb::planner
