#include "planner/join_order.h"

#include <algorithm>
#include <optional>
#include <set>

#include "planner/conjuncts.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

using value::SqlType;

namespace {

// A rough fraction of rows a filter keeps, enough to rank relations.
double selectivity(const BoundExpression& predicate) {
  check_stack_depth();
  switch (predicate.kind) {
    case ExprKind::kComparison:
      return predicate.comparison == ComparisonOp::kEqual ? 0.05 : predicate.comparison == ComparisonOp::kNotEqual ? 0.9 : 0.35;
    case ExprKind::kLike:
      return predicate.negated ? 0.9 : 0.1;
    case ExprKind::kAnd: {
      double product = 1;
      for (const auto& arg : predicate.args) product *= selectivity(arg);
      return product;
    }
    case ExprKind::kOr: {
      double sum = 0;
      for (const auto& arg : predicate.args) sum += selectivity(arg);
      return std::min(1.0, sum);
    }
    case ExprKind::kNot:
      return 1 - selectivity(predicate.args[0]) * 0.5;
    default:
      return 0.5;
  }
}

// The share of a table's rows `column = constant` keeps when a key holds
// the column alone: one row of a single-column primary key; one distinct
// value's share under a single-column index (its tree holds one entry per
// distinct value). nullopt for any other predicate.
std::optional<double> keyed_selectivity(const storage::Table& table, const BoundExpression& predicate) {
  if (predicate.kind != ExprKind::kComparison || predicate.comparison != ComparisonOp::kEqual) return std::nullopt;
  const BoundExpression* column = nullptr;
  for (int side = 0; side < 2; ++side) {
    if (predicate.args[side].kind == ExprKind::kColumn && predicate.args[1 - side].is_constant_tree()) {
      column = &predicate.args[side];
    }
  }
  if (column == nullptr || table.row_count() == 0) return std::nullopt;
  const storage::TableSchema& schema = table.schema();
  auto rows = static_cast<double>(table.row_count());
  if (schema.primary_key().size() == 1 && schema.primary_key()[0] == column->column) return 1 / rows;
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    const std::vector<std::size_t>& columns = schema.indexes()[i].columns;
    if (columns.size() == 1 && columns[0] == column->column) {
      return 1 / static_cast<double>(std::max<std::size_t>(1, table.index(i).size()));
    }
  }
  return std::nullopt;
}

// How many times the rows joined so far a relation must be estimated to
// have before it is streamed through a hash of them instead of hashed.
constexpr double kStreamLargerSide = 2.0;

struct Conjunct {
  BoundExpression expr;
  std::set<std::size_t> relations;
  bool applied = false;
};

}  // namespace

PlanPtr order_joins(std::vector<JoinInput> inputs, const std::vector<SqlType>& scope_types,
                    std::vector<BoundExpression> conjuncts, std::vector<SemiJoinStep> semi_joins) {
  auto relation_of = [&](std::size_t column) {
    for (std::size_t r = 0; r < inputs.size(); ++r) {
      if (column >= inputs[r].offset && column < inputs[r].offset + inputs[r].width) return r;
    }
    return inputs.size();
  };
  auto relations_of = [&](const BoundExpression& expr) {
    std::set<std::size_t> columns, relations;
    collect_columns(expr, columns);
    for (std::size_t c : columns) relations.insert(relation_of(c));
    return relations;
  };

  std::vector<BoundExpression> top;
  std::vector<std::vector<BoundExpression>> pushed(inputs.size());
  std::vector<Conjunct> multi;
  for (auto& conjunct : conjuncts) {
    auto relations = relations_of(conjunct);
    if (relations.empty() || inputs.empty()) {
      top.push_back(std::move(conjunct));
    } else if (relations.size() == 1) {
      pushed[*relations.begin()].push_back(std::move(conjunct));
    } else {
      // An OR over several relations still lets each relation drop rows that
      // fail every branch: push OR(branch parts on r alone) when each branch has one.
      if (conjunct.kind == ExprKind::kOr) {
        for (std::size_t r : relations) {
          std::vector<BoundExpression> branches;
          for (const auto& branch : conjunct.args) {
            std::vector<BoundExpression> mine;
            for (auto& part : split_conjuncts(branch)) {
              auto part_relations = relations_of(part);
              if (part_relations.size() == 1 && *part_relations.begin() == r) mine.push_back(std::move(part));
            }
            if (mine.empty()) {
              branches.clear();
              break;
            }
            branches.push_back(conjunction(std::move(mine)));
          }
          if (!branches.empty()) pushed[r].push_back(disjunction(std::move(branches)));
        }
      }
      multi.push_back({std::move(conjunct), std::move(relations)});
    }
  }

  // Filters into scans (or over derived relations).
  std::vector<double> rows(inputs.size());
  for (std::size_t r = 0; r < inputs.size(); ++r) {
    JoinInput& input = inputs[r];
    double estimate = input.plan->estimated_rows;
    if (!pushed[r].empty()) {
      std::vector<BoundExpression> local;
      const auto* scanned = std::get_if<ScanNode>(&input.plan->op);
      for (auto& predicate : pushed[r]) {
        local.push_back(remap_columns(std::move(predicate), [&](std::size_t c) { return c - input.offset; }));
        std::optional<double> keyed = scanned ? keyed_selectivity(*scanned->table, local.back()) : std::nullopt;
        estimate *= keyed ? *keyed : selectivity(local.back());
      }
      BoundExpression filter = conjunction(std::move(local));
      if (auto* scan = std::get_if<ScanNode>(&input.plan->op); scan != nullptr && !scan->filter) {
        scan->filter = std::move(filter);
      } else {
        auto types = input.plan->types;
        input.plan = make_node(FilterNode{input.plan, std::move(filter)}, types);
      }
    }
    rows[r] = std::max(1.0, estimate);
    input.plan->estimated_rows = rows[r];
  }

  // The relations joined greedily; the result's columns in scope order, and
  // the conjuncts no join could take.
  struct Joined {
    PlanPtr plan;
    std::vector<BoundExpression> unapplied;
  };
  auto join_all = [&](std::vector<Conjunct> multi) -> Joined {
    if (inputs.empty()) {
      ValuesNode one_row;
      one_row.rows.emplace_back();
      return {make_node(std::move(one_row), {}, 1), {}};
    }
    std::vector<std::size_t> layout(scope_types.size(), 0);  // scope column -> plan column
    std::size_t start = 0;
    for (std::size_t r = 1; r < inputs.size(); ++r) {
      if (rows[r] > rows[start]) start = r;
    }
    std::set<std::size_t> joined{start};
    PlanPtr plan = inputs[start].plan;
    for (std::size_t i = 0; i < inputs[start].width; ++i) layout[inputs[start].offset + i] = i;
    std::size_t width = inputs[start].width;
    double current_rows = rows[start];

    auto inside = [&](const std::set<std::size_t>& relations, const std::set<std::size_t>& set) {
      return std::all_of(relations.begin(), relations.end(), [&](std::size_t r) { return set.count(r) > 0; });
    };
    // An equality with one side on the joined relations and the other on r.
    auto key_sides = [&](const Conjunct& conjunct, std::size_t r) -> std::optional<int> {
      const auto& expr = conjunct.expr;
      if (conjunct.applied || expr.kind != ExprKind::kComparison || expr.comparison != ComparisonOp::kEqual) {
        return std::nullopt;
      }
      auto a = relations_of(expr.args[0]), b = relations_of(expr.args[1]);
      std::set<std::size_t> only_r{r};
      if (!a.empty() && inside(a, joined) && b == only_r) return 0;
      if (!b.empty() && inside(b, joined) && a == only_r) return 1;
      return std::nullopt;
    };

    // An equality between a column of r alone and one of s alone: the side on r.
    auto pair_key_side = [&](const Conjunct& conjunct, std::size_t r, std::size_t s) -> std::optional<int> {
      const auto& expr = conjunct.expr;
      if (conjunct.applied || expr.kind != ExprKind::kComparison || expr.comparison != ComparisonOp::kEqual) {
        return std::nullopt;
      }
      auto a = relations_of(expr.args[0]), b = relations_of(expr.args[1]);
      std::set<std::size_t> only_r{r}, only_s{s};
      if (a == only_r && b == only_s) return 0;
      if (b == only_r && a == only_s) return 1;
      return std::nullopt;
    };
    // Filtered relations joined to nothing but r, by equalities: hashed
    // together with r, they filter its rows before the probe side meets them
    // (TPC-H Q21's supplier with nation, Q11's).
    auto filtering_only_through = [&](std::size_t r) {
      std::vector<std::size_t> chain;
      for (std::size_t s = 0; s < inputs.size(); ++s) {
        if (s == r || joined.count(s) || rows[s] >= inputs[s].base_rows) continue;
        bool to_r = false, elsewhere = false;
        for (const auto& conjunct : multi) {
          if (conjunct.applied || !conjunct.relations.count(s)) continue;
          if (pair_key_side(conjunct, r, s)) {
            to_r = true;
          } else {
            elsewhere = true;
          }
        }
        if (to_r && !elsewhere) chain.push_back(s);
      }
      return chain;
    };
    auto ratio_with = [&](std::size_t r, const std::vector<std::size_t>& chain) {
      double ratio = rows[r] / inputs[r].base_rows;
      for (std::size_t s : chain) ratio *= rows[s] / inputs[s].base_rows;
      return ratio;
    };

    while (joined.size() < inputs.size()) {
      std::optional<std::size_t> best;
      std::vector<std::size_t> best_chain;
      double best_ratio = 0;
      for (std::size_t r = 0; r < inputs.size(); ++r) {
        if (joined.count(r)) continue;
        bool connected = std::any_of(multi.begin(), multi.end(), [&](const Conjunct& c) { return key_sides(c, r).has_value(); });
        if (!connected) continue;
        std::vector<std::size_t> chain = filtering_only_through(r);
        double ratio = ratio_with(r, chain);
        if (!best || ratio < best_ratio * 0.999 || (ratio <= best_ratio * 1.001 && rows[r] < rows[*best])) {
          best = r;
          best_chain = std::move(chain);
          best_ratio = ratio;
        }
      }
      bool cross = !best;
      if (cross) {
        for (std::size_t r = 0; r < inputs.size(); ++r) {
          if (!joined.count(r) && (!best || rows[r] < rows[*best])) best = r;
        }
      }
      std::size_t r = *best;
      const JoinInput& input = inputs[r];
      // The build side: r, then each relation of its chain joined to it.
      std::vector<std::size_t> local(scope_types.size(), 0);  // scope column -> build column
      for (std::size_t i = 0; i < input.width; ++i) local[input.offset + i] = i;
      PlanPtr build = input.plan;
      double build_rows = rows[r];
      for (std::size_t s : best_chain) {
        const JoinInput& filtering = inputs[s];
        JoinNode inner;
        inner.kind = JoinKind::kInner;
        inner.probe = build;
        inner.build = filtering.plan;
        auto to_build = [&](std::size_t c) { return local[c]; };
        auto to_filtering = [&](std::size_t c) { return c - filtering.offset; };
        for (auto& conjunct : multi) {
          auto side = pair_key_side(conjunct, r, s);
          if (!side) continue;
          inner.probe_keys.push_back(remap_columns(conjunct.expr.args[*side], to_build));
          inner.build_keys.push_back(remap_columns(conjunct.expr.args[1 - *side], to_filtering));
          conjunct.applied = true;
        }
        std::size_t build_width = build->types.size();
        for (std::size_t i = 0; i < filtering.width; ++i) local[filtering.offset + i] = build_width + i;
        build_rows = std::max(1.0, build_rows * rows[s] / filtering.base_rows);
        std::vector<SqlType> types = build->types;
        types.insert(types.end(), filtering.plan->types.begin(), filtering.plan->types.end());
        build = make_node(std::move(inner), std::move(types), build_rows);
      }
      JoinNode join;
      join.kind = JoinKind::kInner;
      join.probe = plan;
      join.build = build;
      auto to_plan = [&](std::size_t c) { return layout[c]; };
      auto to_local = [&](std::size_t c) { return local[c]; };
      for (auto& conjunct : multi) {
        auto side = key_sides(conjunct, r);
        if (!side) continue;
        join.probe_keys.push_back(remap_columns(conjunct.expr.args[*side], to_plan));
        join.build_keys.push_back(remap_columns(conjunct.expr.args[1 - *side], to_local));
        conjunct.applied = true;
      }
      // A side much larger than the rows joined so far is better streamed
      // than hashed: building costs several times what probing does (TPC-H
      // Q9 hashed all 1.5M orders for 319k lineitem rows). The rows joined
      // so far become the build side; r's columns then come first.
      // Only a relation no later join can filter: hashed, the keys of later
      // joins' build sides reach its scan as Bloom filters (TPC-H Q8's
      // customer, filtered by nation and region); streamed, they cannot.
      const bool filtered_later = std::any_of(multi.begin(), multi.end(), [&](const Conjunct& c) {
        if (c.applied || !c.relations.count(r)) return false;
        return std::any_of(c.relations.begin(), c.relations.end(), [&](std::size_t s) {
          return s != r && !joined.count(s) &&
                 std::find(best_chain.begin(), best_chain.end(), s) == best_chain.end();
        });
      });
      const bool stream_r =
          !join.probe_keys.empty() && !filtered_later && build_rows > kStreamLargerSide * current_rows;
      std::size_t r_start = width;
      if (stream_r) {
        std::swap(join.probe, join.build);
        std::swap(join.probe_keys, join.build_keys);
        for (std::size_t s : joined) {
          for (std::size_t i = 0; i < inputs[s].width; ++i) layout[inputs[s].offset + i] += build->types.size();
        }
        r_start = 0;
      }
      for (std::size_t i = 0; i < input.width; ++i) layout[input.offset + i] = r_start + local[input.offset + i];
      joined.insert(r);
      for (std::size_t s : best_chain) {
        for (std::size_t i = 0; i < inputs[s].width; ++i) layout[inputs[s].offset + i] = r_start + local[inputs[s].offset + i];
        joined.insert(s);
      }
      std::vector<BoundExpression> residual;
      for (auto& conjunct : multi) {
        if (conjunct.applied || !inside(conjunct.relations, joined)) continue;
        residual.push_back(remap_columns(conjunct.expr, to_plan));
        conjunct.applied = true;
      }
      if (!residual.empty()) join.condition = conjunction(std::move(residual));
      current_rows = join.probe_keys.empty() ? current_rows * build_rows
                                             : std::max(current_rows * build_rows / input.base_rows, 1.0);
      if (join.condition) current_rows *= 0.5;
      std::vector<SqlType> types = join.probe->types;
      types.insert(types.end(), join.build->types.begin(), join.build->types.end());
      width = types.size();
      plan = make_node(std::move(join), std::move(types), current_rows);
    }
    // Put the columns back in scope order.
    bool identity = width == scope_types.size();
    for (std::size_t c = 0; c < scope_types.size() && identity; ++c) identity = layout[c] == c;
    if (!identity) {
      std::vector<BoundExpression> reorder;
      for (std::size_t c = 0; c < scope_types.size(); ++c) reorder.push_back(column_reference(layout[c], scope_types[c]));
      plan = make_node(ProjectNode{plan, std::move(reorder)}, scope_types, current_rows);
    }
    std::vector<BoundExpression> unapplied;
    for (auto& conjunct : multi) {
      if (!conjunct.applied) unapplied.push_back(std::move(conjunct.expr));
    }
    return {plan, std::move(unapplied)};
  };

  // A semi or anti join goes over its relation's filtered rows when fewer
  // rows reach it there than after every join (an IN over a few keys, or
  // joins that multiply rows), else over the joined rows, as the selective
  // inner joins and filters have by then dropped most probe rows (TPC-H Q21,
  // Q16). Either place gives the same rows: it reads that relation alone.
  struct PlacedSemiJoin {
    SemiJoinStep step;
    std::size_t relation = 0;
    double keeps = 1;  // estimated fraction of probe rows kept
  };
  std::vector<PlacedSemiJoin> placed;
  for (auto& step : semi_joins) {
    std::set<std::size_t> read;
    for (const auto& key : step.probe_keys) collect_columns(key, read);
    if (step.condition) {
      std::set<std::size_t> condition_columns;
      collect_columns(*step.condition, condition_columns);
      for (std::size_t c : condition_columns) {
        if (c < step.probe_width) read.insert(c);
      }
    }
    // Reading no relation or several, it can only go over the joined rows.
    std::size_t relation = read.empty() ? inputs.size() : relation_of(*read.begin());
    if (!read.empty() && relation_of(*read.rbegin()) != relation) relation = inputs.size();
    double base_rows = relation < inputs.size() ? inputs[relation].base_rows : 1;
    // Without statistics: a build side with fewer rows than the relation
    // can match only that many of its keys.
    double covered = std::min(1.0, std::max(1.0, step.build->estimated_rows) / std::max(1.0, base_rows));
    double keeps = step.probe_keys.empty() ? 0.5
                   : step.kind == JoinKind::kSemi ? std::max(covered, 0.001)
                                                  : 1 - 0.5 * covered;
    placed.push_back({std::move(step), relation, keeps});
  }
  std::stable_sort(placed.begin(), placed.end(),
                   [](const PlacedSemiJoin& a, const PlacedSemiJoin& b) { return a.keeps < b.keeps; });
  auto semi_join_node = [](PlacedSemiJoin& semi, PlanPtr probe, std::size_t offset) {
    SemiJoinStep& step = semi.step;
    std::size_t width = probe->types.size();
    auto to_probe = [&](std::size_t c) { return c < step.probe_width ? c - offset : c - step.probe_width + width; };
    JoinNode join;
    join.kind = step.kind;
    join.null_aware = step.null_aware;
    join.build = step.build;
    for (auto& key : step.probe_keys) join.probe_keys.push_back(remap_columns(key, to_probe));
    join.build_keys = std::move(step.build_keys);
    if (step.condition) join.condition = remap_columns(*step.condition, to_probe);
    auto types = probe->types;
    double rows = std::max(1.0, probe->estimated_rows * semi.keeps);
    join.probe = std::move(probe);
    return make_node(std::move(join), std::move(types), rows);
  };
  std::vector<PlacedSemiJoin*> over_joined;
  if (!placed.empty()) {
    double joined_rows = join_all(multi).plan->estimated_rows;
    for (auto& semi : placed) {
      if (semi.relation >= inputs.size() || rows[semi.relation] > joined_rows) {
        over_joined.push_back(&semi);
        continue;
      }
      JoinInput& input = inputs[semi.relation];
      input.plan = semi_join_node(semi, input.plan, input.offset);
      rows[semi.relation] = input.plan->estimated_rows;
    }
  }

  Joined joined = join_all(std::move(multi));
  PlanPtr plan = std::move(joined.plan);
  for (auto& conjunct : joined.unapplied) top.push_back(std::move(conjunct));
  if (!top.empty()) {
    double rows_after = plan->estimated_rows * 0.5;
    plan = make_node(FilterNode{plan, conjunction(std::move(top))}, scope_types, rows_after);
  }
  for (PlacedSemiJoin* semi : over_joined) plan = semi_join_node(*semi, plan, 0);
  return plan;
}

}  // namespace ptreedb::planner
