// Subqueries in expressions (SubLinks): EXISTS, IN, ANY/ALL, scalar and ARRAY
// subqueries become joins, correlated ones decorrelated, never run per row.
#include "planner/query_block_planner.h"

#include <algorithm>
#include <functional>
#include <set>

#include "planner/catalog/catalog_functions.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/system_relation_plan.h"
#include "planner/conjuncts.h"
#include "planner/correlated_subquery.h"
#include "planner/functions/function_binding.h"
#include "planner/join_order.h"
#include "planner/key_order_limit.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "planner/primary_key_lookup.h"
#include "planner/privileges.h"
#include "planner/table_function.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

namespace {

// A correlated aggregate grouped by its keys reads only the outer query's
// keys' rows when the distinct outer keys are estimated at most this
// fraction of its input's rows.
constexpr double kFewOuterKeys = 16;

// ARRAY(SELECT x ...) as the text of a one-dimensional array over the rows'
// group: '{' || coalesce(string_agg(array_quote(x::text), ','), '') || '}'.
BoundExpression array_text_value(const BoundExpression& value) {
  if (value.type.is_array() && !value.array_text) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "ARRAY subqueries over arrays (multidimensional arrays) are not supported yet");
  }
  const SqlType text = SqlType::of(TypeId::kText);
  auto constant = [](const char* literal) { return make_constant_text(literal); };
  BoundExpression joined;
  joined.kind = ExprKind::kAggregate;
  joined.aggregate = AggregateKind::kStringAgg;
  joined.type = text;
  BoundExpression element = bind_function_call(FunctionId::kArrayQuote, "array_quote", {value}, -1);
  joined.args = {std::move(element), constant(",")};
  BoundExpression elements;
  elements.kind = ExprKind::kFunction;
  elements.function = FunctionId::kCoalesce;
  elements.type = text;
  elements.args = {std::move(joined), constant("")};
  BoundExpression open;
  open.kind = ExprKind::kConcat;
  open.type = text;
  open.args = {constant("{"), std::move(elements)};
  BoundExpression out;
  out.kind = ExprKind::kConcat;
  out.type = text;
  out.args = {std::move(open), constant("}")};
  // Typed as an array of the column's type, read back from its text.
  return coerce(std::move(out), SqlType::array_of(value.type), true);
}

}  // namespace

BoundExpression QueryBlockPlanner::row_value_as_aggregate(int location) const {
  bool first = row_limit_ && *row_limit_ == 1 && row_offset_ == 0;
  bool single = !row_limit_ && row_offset_ == 0;
  if (!plain_rows_ || (!first && !single)) {
    not_supported("a correlated scalar subquery with grouping, DISTINCT, OFFSET or a LIMIT other than 1", location);
  }
  BoundExpression call;
  call.kind = ExprKind::kAggregate;
  call.aggregate = first ? AggregateKind::kFirstValue : AggregateKind::kSingleValue;
  call.type = select_list_[0].type;
  call.args.push_back(select_list_[0]);
  for (const auto& key : first ? row_order_ : std::vector<SortKey>{}) {
    call.args.push_back(row_projections_[key.output]);
    call.aggregate_order.push_back({key.descending, key.nulls_first});
  }
  return call;
}

void QueryBlockPlanner::note_top_level_sublinks(const PgQuery__Node* where) {
  check_stack_depth();
  if (where == nullptr) return;
  if (where->node_case == PG_QUERY__NODE__NODE_BOOL_EXPR) {
    const auto& bool_expr = *where->bool_expr;
    if (bool_expr.boolop == PG_QUERY__BOOL_EXPR_TYPE__AND_EXPR) {
      for (std::size_t i = 0; i < bool_expr.n_args; ++i) note_top_level_sublinks(bool_expr.args[i]);
    } else if (bool_expr.boolop == PG_QUERY__BOOL_EXPR_TYPE__NOT_EXPR && bool_expr.n_args == 1 &&
               bool_expr.args[0]->node_case == PG_QUERY__NODE__NODE_SUB_LINK) {
      top_level_sublinks_.push_back({bool_expr.args[0]->sub_link, SublinkPosition::kNegatedConjunct});
    }
    return;
  }
  if (where->node_case == PG_QUERY__NODE__NODE_SUB_LINK) {
    top_level_sublinks_.push_back({where->sub_link, SublinkPosition::kConjunct});
  }
}

BoundExpression QueryBlockPlanner::bind_sublink(const PgQuery__SubLink& sublink, const ExpressionBinder& binder) {
  if (sublink.subselect == nullptr || sublink.subselect->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    not_supported("this subquery", sublink.location);
  }
  std::optional<SublinkPosition> position;
  if (binding_where_) {
    for (const auto& [link, where] : top_level_sublinks_) {
      if (link == &sublink) position = where;
    }
  }
  QueryBlockPlanner child(context_, &binder.scope());
  QueryBlock block = child.plan(*sublink.subselect->select_stmt);
  bool correlated = !child.correlated().empty() || child.outer_in_output();
  // Decorrelation rewrites the subquery's select list over joined rows; a
  // window there would need its own partitions per outer row.
  if (correlated && child.has_windows()) not_supported("window functions in a correlated subquery", sublink.location);
  std::size_t probe_width = binder.scope().columns.size() + hidden_width();
  if (&binder.scope() != &scope_) not_supported("a subquery here", sublink.location);

  auto uncorrelated_plan = [&]() {
    auto plan = std::make_shared<SelectPlan>();
    choose_primary_key_lookups(*block.root);
    prune_columns(*block.root, std::vector<bool>(block.root->types.size(), true));
    plan->root = block.root;
    plan->columns = block.columns;
    return plan;
  };

  bool array_sublink = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK;
  if (array_sublink && !correlated) {
    if (block.columns.size() != 1) {
      throw SqlError(sqlstate::kSyntaxError, "subquery must return only one column", {}, {}, sublink.location + 1);
    }
    // Run once: its rows' array text, the aggregate over all of them, then
    // the braces around it.
    Grouping grouping;
    BoundExpression value =
        over_groups(array_text_value(column_reference(0, block.columns[0].type)), child.scope(), grouping);
    prune_columns(*block.root, std::vector<bool>(block.root->types.size(), true));
    PlanPtr grouped = make_node(AggregateNode{block.root, {}, grouping.aggregates}, grouping_types(grouping), 1);
    auto plan = std::make_shared<SelectPlan>();
    plan->root = make_node(ProjectNode{grouped, {value}}, {value.type}, 1);
    plan->columns = {{"array", value.type}};
    BoundExpression out;
    out.kind = ExprKind::kSubquery;
    out.type = value.type;
    out.subquery = plan;
    return out;
  }
  if (sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK || array_sublink) {
    if (block.columns.size() != 1) {
      throw SqlError(sqlstate::kSyntaxError, "subquery must return only one column", {}, {}, sublink.location + 1);
    }
    if (!correlated) {
      BoundExpression out;
      out.kind = ExprKind::kSubquery;
      out.type = block.columns[0].type;
      out.subquery = uncorrelated_plan();
      return out;
    }
    // A correlated scalar aggregate: group the subquery by its correlation
    // keys and left-join the groups; a missing group is NULL (count: 0).
    // A correlated ARRAY(subquery) is its rows' array text per outer row.
    BoundExpression value = child.select_list()[0];
    if (array_sublink) {
      if (value.contains_aggregate() || !child.simple_block()) {
        not_supported("an ARRAY subquery with aggregates, GROUP BY, DISTINCT or LIMIT", sublink.location);
      }
      value = array_text_value(value);
    } else if (!value.contains_aggregate()) {
      value = child.row_value_as_aggregate(sublink.location);
    } else if (!child.simple_block()) {
      not_supported("a correlated scalar subquery with GROUP BY, HAVING, DISTINCT or LIMIT", sublink.location);
    }
    Apply apply;
    apply.kind = JoinKind::kLeft;
    apply.probe_width = probe_width;
    Grouping grouping;
    // Equalities inner = outer only, and no outer reference inside an
    // aggregate: group the subquery by its inner keys (TPC-H Q2, Q17, Q20).
    bool by_keys = true;
    for (const auto& conjunct : child.correlated()) {
      bool equality = conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual;
      bool keyed = false;
      for (int side = 0; equality && side < 2 && !keyed; ++side) {
        const auto& a = conjunct.args[side];
        const auto& b = conjunct.args[1 - side];
        keyed = !a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
                !b.contains(ExprKind::kColumn);
      }
      by_keys = by_keys && keyed;
    }
    std::function<bool(const BoundExpression&)> outer_in_aggregate = [&](const BoundExpression& expr) {
      check_stack_depth();
      if (expr.kind == ExprKind::kAggregate) return expr.contains(ExprKind::kOuterColumn);
      return std::any_of(expr.args.begin(), expr.args.end(), outer_in_aggregate);
    };
    by_keys = by_keys && !outer_in_aggregate(value) && child.outer_value_columns().empty();
    BoundExpression grouped_input_value = value;
    if (by_keys) {
      for (const auto& conjunct : child.correlated()) {
        for (int side = 0; side < 2; ++side) {
          const auto& a = conjunct.args[side];
          const auto& b = conjunct.args[1 - side];
          if (!a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
              !b.contains(ExprKind::kColumn)) {
            grouping.keys.push_back(a);
            apply.probe_keys.push_back(correlated_to_joined(b, 0));
            break;
          }
        }
      }
    } else {
      // Any correlation: join the subquery's rows with the distinct outer
      // values it reads, group by those values, and join back on them (NULL
      // matching NULL).
      std::vector<SqlType> scope_types;
      for (const auto& column : binder.scope().columns) scope_types.push_back(column.type);
      DecorrelatedInput input = decorrelate(child.filtered_input(), child.correlated(), {&value}, scope_types);
      for (std::size_t j = 0; j < input.outer_columns.size(); ++j) {
        grouping.keys.push_back(column_reference(input.inner_width + j, input.outer_types[j]));
        append_null_safe_key(column_reference(input.outer_columns[j], input.outer_types[j]), apply.probe_keys);
        apply.outer_values.push_back(column_reference(input.outer_columns[j], input.outer_types[j]));
      }
      grouped_input_value = outer_into_aggregates(value, input);
      Grouping inner_grouping = grouping;
      BoundExpression probe_value = over_groups(grouped_input_value, child.scope(), inner_grouping);
      (void)probe_value;
      std::vector<SqlType> types = grouping_types(inner_grouping);
      std::vector<BoundExpression> keys = inner_grouping.keys;
      std::vector<AggregateCall> aggregates = inner_grouping.aggregates;
      apply.make_build = [input, keys, aggregates, types](PlanPtr distinct_outer) {
        DecorrelatedInput bound = input;
        // FROM functions that read the outer row take their values from D too.
        bound.inner = bind_outer_values(input.inner, distinct_outer, input.outer_columns);
        PlanPtr joined = bound.join(std::move(distinct_outer));
        double rows = std::max(1.0, joined->estimated_rows * 0.1);
        return make_node(AggregateNode{joined, keys, aggregates}, types, rows);
      };
    }
    std::size_t key_count = grouping.keys.size();
    BoundExpression grouped_value = over_groups(grouped_input_value, child.scope(), grouping);
    std::vector<SqlType> group_types = grouping_types(grouping);
    double rows = std::max(1.0, child.filtered_input()->estimated_rows * 0.1);
    apply.added_types = group_types;
    if (by_keys) {
      PlanPtr input = child.filtered_input();
      PlanPtr whole = make_node(AggregateNode{input, grouping.keys, grouping.aggregates}, group_types, rows);
      apply.build = whole;
      for (std::size_t k = 0; k < key_count; ++k) apply.build_keys.push_back(column_reference(k, group_types[k]));
      // When the outer query holds few key values, group only the subquery's
      // rows with those keys: its input joined with D, the distinct outer
      // keys, which a lookup or the join's key filter turns into reading
      // just those rows (TPC-H Q17: 200 parts' lineitems, not six million).
      apply.outer_values = apply.probe_keys;
      apply.make_build = [input, whole, keys = grouping.keys, aggregates = grouping.aggregates,
                          group_types](PlanPtr distinct_outer) {
        if (distinct_outer->estimated_rows * kFewOuterKeys > input->estimated_rows) return whole;
        JoinNode narrow;
        narrow.kind = JoinKind::kInner;
        narrow.probe = input;
        narrow.build = distinct_outer;
        narrow.probe_keys = keys;
        for (std::size_t k = 0; k < keys.size(); ++k) {
          narrow.build_keys.push_back(column_reference(k, distinct_outer->types[k]));
        }
        double found = std::min(input->estimated_rows, distinct_outer->estimated_rows * 8);
        std::vector<SqlType> types = concat_types(input->types, distinct_outer->types);
        PlanPtr narrowed = make_node(std::move(narrow), std::move(types), found);
        return make_node(AggregateNode{narrowed, keys, aggregates}, group_types,
                         std::max(1.0, distinct_outer->estimated_rows));
      };
    } else {
      for (std::size_t k = 0; k < key_count; ++k) append_null_safe_key(column_reference(k, group_types[k]), apply.build_keys);
    }
    // The value is computed on the joined row: group columns follow the probe
    // columns, outer references read the probe row. A missing group means the
    // subquery saw no rows: its counts are 0, its other aggregates NULL.
    std::vector<bool> is_count(group_types.size(), false);
    for (std::size_t a = 0; a < grouping.aggregates.size(); ++a) {
      AggregateKind kind = grouping.aggregates[a].kind;
      is_count[key_count + a] = kind == AggregateKind::kCount || kind == AggregateKind::kCountStar;
    }
    std::function<BoundExpression(BoundExpression)> on_joined_row = [&](BoundExpression expr) {
      check_stack_depth();
      if (expr.kind == ExprKind::kColumn) {
        bool count = is_count[expr.column];
        expr.column += probe_width;
        if (!count) return expr;
        BoundExpression zero = boolean_constant(false);
        zero.type = expr.type;
        BoundExpression coalesce;
        coalesce.kind = ExprKind::kFunction;
        coalesce.function = FunctionId::kCoalesce;
        coalesce.type = expr.type;
        coalesce.args = {std::move(expr), std::move(zero)};
        return coalesce;
      }
      if (expr.kind == ExprKind::kOuterColumn) {
        expr.kind = ExprKind::kColumn;
        return expr;
      }
      for (auto& arg : expr.args) arg = on_joined_row(std::move(arg));
      return expr;
    };
    applies_.push_back(std::move(apply));
    return on_joined_row(std::move(grouped_value));
  }

  bool exists = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK;
  bool any = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ANY_SUBLINK;
  bool all = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ALL_SUBLINK;
  std::string op = sublink.n_oper_name > 0 ? string_of(sublink.oper_name[sublink.n_oper_name - 1]) : "=";
  if (!exists && !any && !all) not_supported("this kind of subquery", sublink.location);
  static const std::pair<const char*, const char*> kNegatedOperators[] = {
      {"=", "<>"}, {"<>", "="}, {"!=", "="}, {"<", ">="}, {"<=", ">"}, {">", "<="}, {">=", "<"}};
  // x op ALL (q) is NOT (x negated-op ANY (q)); x = ANY (q) is x IN (q).
  std::string any_op = op;
  if (all) {
    auto negation = std::find_if(std::begin(kNegatedOperators), std::end(kNegatedOperators),
                                 [&](const auto& pair) { return op == pair.first; });
    if (negation == std::end(kNegatedOperators)) not_supported("this operator with ALL", sublink.location);
    any_op = std::string(negation->second);
  }
  bool hashed = exists || any_op == "=";
  Apply apply;
  apply.probe_width = probe_width;
  apply.null_aware = !exists;
  bool negated = all;
  if (position == SublinkPosition::kNegatedConjunct) negated = !negated;
  bool direct = position.has_value();
  apply.kind = !direct ? JoinKind::kMark : negated ? JoinKind::kAnti : JoinKind::kSemi;

  // A correlated subquery other than a plain semi join (NOT IN, ALL, IN as a value).
  bool general = correlated && !exists && apply.kind != JoinKind::kSemi;
  std::optional<BoundExpression> general_compared;
  std::size_t build_width;
  if (!correlated) {
    apply.build = block.root;
    build_width = block.root->types.size();
  } else {
    // Its correlation becomes join keys over the subquery's rows, which is
    // right only while each of those rows is an output row.
    if (!child.simple_block() || !child.plain_rows()) {
      not_supported("a correlated subquery with aggregates, grouping, DISTINCT or LIMIT", sublink.location);
    }
    apply.build = child.filtered_input();
    build_width = child.scope().columns.size();
  }
  if (!exists) {
    if (block.columns.size() != 1) {
      throw SqlError(sqlstate::kSyntaxError, "subquery has too many columns", {}, {}, sublink.location + 1);
    }
    BoundExpression left = binder.bind(sublink.testexpr);
    BoundExpression right = correlated ? child.select_list()[0] : column_reference(0, block.columns[0].type);
    if (general || right.contains(ExprKind::kOuterColumn)) {
      // Correlated NOT IN, ALL and IN as a value: the comparison is a join
      // condition; NULL rules are spelled out below rather than left to the
      // join's null-aware mode, which sees the whole build side at once.
      BoundExpression compared =
          binder.bind_binary_operator(any_op, std::move(left), std::move(right), sublink.location);
      if (compared.type.id != TypeId::kBoolean) not_supported("this operator with ANY or ALL", sublink.location);
      compared.args[1] = correlated_to_joined(std::move(compared.args[1]), probe_width);
      if (general) {
        apply.null_aware = false;
        general_compared = std::move(compared);
      } else {
        apply.condition = std::move(compared);
      }
    } else if (hashed) {
      BoundExpression equal = binder.bind_binary_operator("=", std::move(left), std::move(right), sublink.location);
      apply.probe_keys.push_back(equal.args[0]);
      apply.build_keys.push_back(equal.args[1]);
    } else {
      // Other comparisons are checked pair by pair (a nested loop).
      BoundExpression compared =
          binder.bind_binary_operator(any_op, std::move(left), std::move(right), sublink.location);
      if (compared.type.id != TypeId::kBoolean) not_supported("this operator with ANY or ALL", sublink.location);
      // The subquery's column follows the probe columns in the joined row.
      compared.args[1] = correlated_to_joined(std::move(compared.args[1]), probe_width);
      apply.condition = std::move(compared);
    }
  }
  std::vector<BoundExpression> conditions;
  if (apply.condition) conditions.push_back(std::move(*apply.condition));
  apply.condition.reset();
  for (const auto& conjunct : child.correlated()) {
    bool placed = false;
    if (conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual) {
      for (int side = 0; side < 2 && !placed; ++side) {
        const auto& a = conjunct.args[side];
        const auto& b = conjunct.args[1 - side];
        if (!a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
            !b.contains(ExprKind::kColumn)) {
          apply.probe_keys.push_back(correlated_to_joined(b, 0));
          apply.build_keys.push_back(a);
          placed = true;
        }
      }
    }
    if (!placed) conditions.push_back(correlated_to_joined(conjunct, probe_width));
  }
  if (!child.outer_value_columns().empty()) {
    // The subquery's FROM functions read the outer row: its rows are made
    // from D, the distinct outer values, once the rows so far are known.
    std::vector<std::size_t> outer_columns = child.outer_value_columns();
    for (std::size_t c : outer_columns) {
      apply.outer_values.push_back(column_reference(c, binder.scope().columns[c].type));
    }
    apply.make_build = [build = apply.build, outer_columns](PlanPtr distinct_outer) {
      return bind_outer_values(build, distinct_outer, outer_columns);
    };
  }
  if (general_compared) {
    BoundExpression unknown;
    unknown.kind = ExprKind::kIsNull;
    unknown.type = SqlType::of(TypeId::kBoolean);
    unknown.args = {*general_compared};
    if (apply.kind == JoinKind::kAnti) {
      // NOT IN / ALL drops the row when some inner row compares true or unknown.
      BoundExpression not_false;
      not_false.kind = ExprKind::kOr;
      not_false.type = SqlType::of(TypeId::kBoolean);
      not_false.args = {std::move(*general_compared), std::move(unknown)};
      conditions.push_back(std::move(not_false));
    } else {
      // As a value: TRUE when some inner row compares true, else NULL when
      // some compares unknown, else FALSE; two mark joins answer both.
      Apply maybe = apply;
      maybe.build = clone_plan(apply.build);
      maybe.probe_width = probe_width + 1;
      auto shift = [&](std::size_t c) { return c >= probe_width ? c + 1 : c; };
      std::vector<BoundExpression> maybe_conditions;
      for (const auto& condition : conditions) maybe_conditions.push_back(remap_columns(condition, shift));
      maybe_conditions.push_back(remap_columns(std::move(unknown), shift));
      conditions.push_back(std::move(*general_compared));
      apply.condition = conjunction(std::move(conditions));
      apply.added_types = {SqlType::of(TypeId::kBoolean)};
      maybe.condition = conjunction(std::move(maybe_conditions));
      maybe.added_types = {SqlType::of(TypeId::kBoolean)};
      applies_.push_back(std::move(apply));
      applies_.push_back(std::move(maybe));
      BoundExpression null_boolean;
      null_boolean.kind = ExprKind::kConstant;
      null_boolean.type = SqlType::of(TypeId::kBoolean);
      BoundExpression answer;
      answer.kind = ExprKind::kCase;
      answer.type = SqlType::of(TypeId::kBoolean);
      answer.args = {column_reference(probe_width, SqlType::of(TypeId::kBoolean)), boolean_constant(true),
                     column_reference(probe_width + 1, SqlType::of(TypeId::kBoolean)), std::move(null_boolean),
                     boolean_constant(false)};
      if (!all) return answer;
      BoundExpression out;
      out.kind = ExprKind::kNot;
      out.type = SqlType::of(TypeId::kBoolean);
      out.args.push_back(std::move(answer));
      return out;
    }
  }
  if (!conditions.empty()) apply.condition = conjunction(std::move(conditions));
  (void)build_width;
  if (apply.kind == JoinKind::kMark) {
    apply.added_types = {SqlType::of(TypeId::kBoolean)};
    applies_.push_back(std::move(apply));
    BoundExpression mark = column_reference(probe_width, SqlType::of(TypeId::kBoolean));
    if (!all) return mark;
    BoundExpression out;
    out.kind = ExprKind::kNot;
    out.type = SqlType::of(TypeId::kBoolean);
    out.args.push_back(std::move(mark));
    return out;
  }
  applies_.push_back(std::move(apply));
  // The join does the filtering; the conjunct itself becomes TRUE (under NOT: NOT FALSE).
  return boolean_constant(position == SublinkPosition::kNegatedConjunct ? false : true);
}

}  // namespace ptreedb::planner::block_planning
