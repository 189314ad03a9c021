// Parse trees of statements seen before, by shape (literal_shape.h). A text
// whose shape is cached gets a copy of the cached tree with its own integer
// literals and locations put in (parse_tree_copy.h), or the cached tree
// itself when it has no literals: no parse, and none of libpg_query's
// protobuf packing and unpacking, which cost more than the parse. Only
// SELECT/INSERT/UPDATE/DELETE and transaction statements are kept, and a
// shape only when each of its literals became exactly the A_Const nodes at
// its position with its value (a literal the grammar folded or consumed,
// like -5 or float(24), makes the shape uncacheable).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "planner/parse/literal_shape.h"
#include "planner/parse/parse_sql.h"

namespace ptreedb::planner {

class ParseCache {
 public:
  static ParseCache& instance();

  // The tree for `sql` from a cached one of its shape, if any (then `sql`
  // has been moved into it).
  std::optional<ParseTree> find(std::string& sql, const LiteralShape& shape);
  // Remembers a freshly parsed tree under its text's shape (when it may).
  void remember(const ParseTree& tree, LiteralShape shape);

  struct Counters {
    std::size_t hits, misses, entries;
  };
  Counters counters();
  void clear();

 private:
  ParseCache() = default;
  struct Entry;
  struct State;
  State& state();
};

}  // namespace ptreedb::planner
