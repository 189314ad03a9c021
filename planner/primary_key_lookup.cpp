#include "planner/primary_key_lookup.h"

#include <algorithm>
#include <set>

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

// Whether `side` (with `keys`, the other side's `other_keys` and rows) can
// be read by lookups: a plain scan whose primary key's first columns are
// exactly its join keys, each a column compared with a key of a type the
// lookup encodes.
bool lookup_pays(const PlanNode& side, const std::vector<BoundExpression>& keys,
                 const std::vector<BoundExpression>& other_keys, double other_rows) {
  const auto* scan = std::get_if<ScanNode>(&side.op);
  if (scan == nullptr || scan->key_order_limit || scan->row_positions || keys.empty()) return false;
  const storage::TableSchema& schema = scan->table->schema();
  const std::vector<std::size_t>& primary_key = schema.primary_key();
  if (keys.size() > primary_key.size()) return false;
  std::set<std::size_t> key_columns;
  for (std::size_t k = 0; k < keys.size(); ++k) {
    if (keys[k].kind != ExprKind::kColumn) return false;
    if (!lookup_types(schema.column(keys[k].column).type, other_keys[k].type)) return false;
    key_columns.insert(keys[k].column);
  }
  std::set<std::size_t> prefix(primary_key.begin(), primary_key.begin() + static_cast<std::ptrdiff_t>(keys.size()));
  if (key_columns != prefix) return false;
  auto table_rows = static_cast<double>(scan->table->rows().size());
  return std::max(1.0, other_rows) <= table_rows * kLookupShare;
}

}  // namespace

void choose_primary_key_lookups(PlanNode& root) {
  check_stack_depth();
  if (auto* join = std::get_if<JoinNode>(&root.op); join != nullptr && !join->null_aware) {
    join->lookup = JoinNode::Lookup::kNone;
    bool inner = join->kind == JoinKind::kInner;
    bool filtering = join->kind == JoinKind::kSemi || join->kind == JoinKind::kAnti;
    if ((inner || filtering) &&
        lookup_pays(*join->build, join->build_keys, join->probe_keys, join->probe->estimated_rows)) {
      join->lookup = JoinNode::Lookup::kBuild;
    } else if (inner && lookup_pays(*join->probe, join->probe_keys, join->build_keys, join->build->estimated_rows)) {
      join->lookup = JoinNode::Lookup::kProbe;
    }
  }
  std::visit(
      [&](auto& op) {
        if constexpr (requires { op.input; }) {
          if (op.input) choose_primary_key_lookups(*op.input);
        }
        if constexpr (requires { op.probe; op.build; }) {
          if (op.probe) choose_primary_key_lookups(*op.probe);
          if (op.build) choose_primary_key_lookups(*op.build);
        }
        if constexpr (requires { op.left; op.right; }) {
          if (op.left) choose_primary_key_lookups(*op.left);
          if (op.right) choose_primary_key_lookups(*op.right);
        }
      },
      root.op);
}

}  // namespace ptreedb::planner
