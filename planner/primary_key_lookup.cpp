#include "planner/primary_key_lookup.h"

#include <algorithm>
#include <optional>
#include <set>

#include "planner/planner_methods.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

namespace {

using value::TypeId;

// Lookups cost about a tree descent each, a scan a row read per row: look up
// when the other side has at most this share of the table's rows.
constexpr double kLookupShare = 1.0 / 16;

bool integer_family(TypeId id) { return id == TypeId::kSmallint || id == TypeId::kInteger || id == TypeId::kBigint; }

// Key values whose key encoding the lookup can make (exec's
// primary_key_lookup_join): integers against integers, dates against dates.
bool lookup_types(const value::SqlType& table_column, const value::SqlType& other) {
  if (integer_family(table_column.id)) return integer_family(other.id);
  return table_column.id == TypeId::kDate && other.id == TypeId::kDate;
}

// Whether `columns` starts with exactly the join keys' columns, in any order.
bool keys_lead(const std::vector<std::size_t>& columns, const std::set<std::size_t>& key_columns) {
  if (key_columns.size() > columns.size()) return false;
  std::set<std::size_t> prefix(columns.begin(), columns.begin() + static_cast<std::ptrdiff_t>(key_columns.size()));
  return key_columns == prefix;
}

// The key `side` (with `keys`, the other side's `other_keys` and rows) can be
// read by: a plain scan whose primary key, or else a secondary index, starts
// with exactly its join keys, each a column compared with a key of a type the
// lookup encodes; and only when the rows found are estimated far fewer than
// the table's. nullopt when no key pays.
std::optional<std::size_t> lookup_key(const PlanNode& side, const std::vector<BoundExpression>& keys,
                                      const std::vector<BoundExpression>& other_keys, double other_rows) {
  const auto* scan = std::get_if<ScanNode>(&side.op);
  if (scan == nullptr || scan->key_order_limit || scan->row_positions || scan->sample || keys.empty()) {
    return std::nullopt;
  }
  const storage::TableSchema& schema = scan->table->schema();
  std::set<std::size_t> key_columns;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (keys[k].kind != ExprKind::kColumn) return std::nullopt;
    if (!lookup_types(schema.column(keys[k].column).type, other_keys[k].type)) return std::nullopt;
    key_columns.insert(keys[k].column);
  }
  if (key_columns.size() != keys.size()) return std::nullopt;
  auto table_rows = static_cast<double>(scan->table->rows().size());
  double lookups = std::max(1.0, other_rows);
  if (keys_lead(schema.primary_key(), key_columns)) {
    if (lookups > table_rows * kLookupShare) return std::nullopt;
    return JoinNode::kPrimaryKey;
  }
  // A secondary index: each key finds about rows / distinct index keys rows
  // (the index tree holds one entry per distinct key; a prefix finds more).
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    if (!keys_lead(schema.indexes()[i].columns, key_columns)) continue;
    auto distinct = static_cast<double>(std::max<std::size_t>(1, scan->table->index(i).size()));
    double found = lookups * std::max(1.0, table_rows / distinct);
    if (found <= table_rows * kLookupShare) return i;
  }
  return std::nullopt;
}

void mark_key_lookups(PlanNode& root) {
  check_stack_depth();
  if (auto* join = std::get_if<JoinNode>(&root.op); join != nullptr && !join->null_aware) {
    join->lookup = JoinNode::Lookup::kNone;
    bool inner = join->kind == JoinKind::kInner;
    bool filtering = join->kind == JoinKind::kSemi || join->kind == JoinKind::kAnti;
    std::optional<std::size_t> key;
    if ((inner || filtering) &&
        (key = lookup_key(*join->build, join->build_keys, join->probe_keys, join->probe->estimated_rows))) {
      join->lookup = JoinNode::Lookup::kBuild;
      join->lookup_index = *key;
    } else if (inner &&
               (key = lookup_key(*join->probe, join->probe_keys, join->build_keys, join->build->estimated_rows))) {
      join->lookup = JoinNode::Lookup::kProbe;
      join->lookup_index = *key;
    }
  }
  std::visit(
      [&](auto& op) {
        if constexpr (requires { op.input; }) {
          if (op.input) mark_key_lookups(*op.input);
        }
        if constexpr (requires { op.probe; op.build; }) {
          if (op.probe) mark_key_lookups(*op.probe);
          if (op.build) mark_key_lookups(*op.build);
        }
        if constexpr (requires { op.left; op.right; }) {
          if (op.left) mark_key_lookups(*op.left);
          if (op.right) mark_key_lookups(*op.right);
        }
      },
      root.op);
}

}  // namespace

void choose_primary_key_lookups(PlanNode& root) {
  if (!current_planner_methods().key_lookup_joins) return;  // enable_nestloop = off
  mark_key_lookups(root);
}

}  // namespace ptreedb::planner
