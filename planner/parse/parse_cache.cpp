#include "planner/parse/parse_cache.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "planner/parse/parse_tree_copy.h"
#include "planner/parse/parse_tree_walk.h"

namespace ptreedb::planner {

namespace {

// Beyond either bound the cache starts over (a tree takes some tens of
// bytes per byte of its text, so this bounds the cache to tens of MB).
constexpr std::size_t kMaxEntries = 4096;
constexpr std::size_t kMaxTotalKeyBytes = 2 << 20;
constexpr std::size_t kMaxKeyBytes = 4096;  // longer texts are parsed each time

bool cacheable_statement(const PgQuery__Node* statement) {
  if (statement == nullptr) return false;
  switch (statement->node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT:
    case PG_QUERY__NODE__NODE_INSERT_STMT:
    case PG_QUERY__NODE__NODE_UPDATE_STMT:
    case PG_QUERY__NODE__NODE_DELETE_STMT:
    case PG_QUERY__NODE__NODE_TRANSACTION_STMT:
      return true;
    default:
      return false;
  }
}

}  // namespace

struct ParseCache::Entry {
  std::optional<ParseTree> tree;           // of the first text of the shape; none: uncacheable
  std::vector<IntegerLiteral> literals;    // that text's
  // The Integer nodes the literals became, each with its literal's index.
  std::unordered_map<const PgQuery__Integer*, std::size_t> literal_of;
};

struct ParseCache::State {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<const Entry>> entries;
  std::size_t key_bytes = 0;
  std::atomic<std::size_t> hits{0}, misses{0};
};

ParseCache& ParseCache::instance() {
  static ParseCache cache;
  return cache;
}

ParseCache::State& ParseCache::state() {
  static State state;
  return state;
}

std::optional<ParseTree> ParseCache::find(std::string& sql, const LiteralShape& shape) {
  State& s = state();
  std::shared_ptr<const Entry> entry;
  {
    std::lock_guard lock(s.mutex);
    auto found = s.entries.find(shape.key);
    if (found != s.entries.end()) entry = found->second;
  }
  if (entry == nullptr || !entry->tree || entry->literals.size() != shape.literals.size()) {
    s.misses.fetch_add(1, std::memory_order_relaxed);
    return std::nullopt;
  }
  s.hits.fetch_add(1, std::memory_order_relaxed);
  if (shape.literals.empty()) return ParseTree(std::move(sql), entry->tree->storage());  // the very same text
  ParseTreeEdits edits;
  // A location in the cached text moves by how much longer each literal
  // before it is written here.
  edits.move_location = [&](std::int32_t location) {
    std::int64_t moved = location;
    for (std::size_t i = 0; i < shape.literals.size(); ++i) {
      if (entry->literals[i].position >= static_cast<std::size_t>(location)) break;
      moved += static_cast<std::int64_t>(shape.literals[i].length) - static_cast<std::int64_t>(entry->literals[i].length);
    }
    return static_cast<std::int32_t>(moved);
  };
  edits.integer_slots = &entry->literal_of;
  edits.values.reserve(shape.literals.size());
  for (const IntegerLiteral& literal : shape.literals) edits.values.push_back(literal.value);
  auto storage = std::make_shared<ParseTree::Storage>();
  storage->arena = std::make_unique<std::pmr::monotonic_buffer_resource>(4096);
  storage->result = copy_parse_tree(*entry->tree->storage()->result, *storage->arena, edits);
  return ParseTree(std::move(sql), std::move(storage));
}

void ParseCache::remember(const ParseTree& tree, LiteralShape shape) {
  if (shape.key.size() > kMaxKeyBytes) return;
  State& s = state();
  {
    // A shape known to be uncacheable (or cached meanwhile) is not examined again.
    std::lock_guard lock(s.mutex);
    if (s.entries.contains(shape.key)) return;
  }
  auto entry = std::make_shared<Entry>();
  bool cacheable = tree.statement_count() > 0;
  for (std::size_t i = 0; cacheable && i < tree.statement_count(); ++i) {
    cacheable = cacheable_statement(tree.statement(i).stmt);
  }
  if (cacheable) {
    // Every integer constant of the tree, by position.
    std::unordered_multimap<std::int32_t, const PgQuery__AConst*> constants;
    for (std::size_t i = 0; i < tree.statement_count(); ++i) {
      walk_messages(const_cast<ProtobufCMessage*>(&tree.statement(i).base), [&](ProtobufCMessage& message) {
        if (message.descriptor == &pg_query__a__const__descriptor) {
          auto& constant = reinterpret_cast<const PgQuery__AConst&>(message);
          constants.emplace(constant.location, &constant);
        }
        return true;
      });
    }
    for (std::size_t i = 0; cacheable && i < shape.literals.size(); ++i) {
      const IntegerLiteral& literal = shape.literals[i];
      auto [begin, end] = constants.equal_range(static_cast<std::int32_t>(literal.position));
      if (begin == end) cacheable = false;  // the grammar did something else with it
      for (auto it = begin; cacheable && it != end; ++it) {
        const PgQuery__AConst& constant = *it->second;
        cacheable = !constant.isnull && constant.val_case == PG_QUERY__A__CONST__VAL_IVAL &&
                    constant.ival != nullptr && constant.ival->ival == literal.value;
        if (cacheable) entry->literal_of.emplace(constant.ival, i);
      }
    }
  }
  if (cacheable) {
    entry->tree.emplace(tree);
    entry->literals = std::move(shape.literals);
  } else {
    entry->literal_of.clear();
  }
  std::lock_guard lock(s.mutex);
  if (s.entries.size() >= kMaxEntries || s.key_bytes + shape.key.size() > kMaxTotalKeyBytes) {
    s.entries.clear();
    s.key_bytes = 0;
  }
  const std::size_t key_size = shape.key.size();
  if (s.entries.emplace(std::move(shape.key), std::move(entry)).second) s.key_bytes += key_size;
}

ParseCache::Counters ParseCache::counters() {
  State& s = state();
  std::lock_guard lock(s.mutex);
  return {s.hits.load(), s.misses.load(), s.entries.size()};
}

void ParseCache::clear() {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.entries.clear();
  s.key_bytes = 0;
  s.hits = 0;
  s.misses = 0;
}

}  // namespace ptreedb::planner
