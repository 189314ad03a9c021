#include "planner/join_order.h"

#include <catch2/catch.hpp>

using ptreedb::planner::BoundExpression;
using ptreedb::planner::column_reference;
using ptreedb::planner::ComparisonOp;
using ptreedb::planner::ExprKind;
using ptreedb::planner::JoinInput;
using ptreedb::planner::JoinKind;
using ptreedb::planner::JoinNode;
using ptreedb::planner::make_node;
using ptreedb::planner::order_joins;
using ptreedb::planner::PlanPtr;
using ptreedb::planner::SemiJoinStep;
using ptreedb::planner::ValuesNode;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

const SqlType kInt = SqlType::of(TypeId::kInteger);

// A relation of `width` integer columns the planner believes has `rows` rows.
PlanPtr relation(std::size_t width, double rows) {
  return make_node(ValuesNode{}, std::vector<SqlType>(width, kInt), rows);
}

BoundExpression equal(BoundExpression a, BoundExpression b) {
  BoundExpression out;
  out.kind = ExprKind::kComparison;
  out.comparison = ComparisonOp::kEqual;
  out.type = SqlType::of(TypeId::kBoolean);
  out.args = {std::move(a), std::move(b)};
  return out;
}

BoundExpression equal_constant(std::size_t column) {
  BoundExpression constant;
  constant.type = kInt;
  constant.constant.is_null = false;
  constant.constant.int_value = 3;
  return equal(column_reference(column, kInt), std::move(constant));
}

// The semi or anti join nearest the root, and whether an inner join sits below it.
const JoinNode* top_semi_join(const PlanPtr& plan, bool& inner_below) {
  const ptreedb::planner::PlanNode* node = plan.get();
  while (node != nullptr) {
    if (const auto* join = std::get_if<JoinNode>(&node->op)) {
      if (join->kind == JoinKind::kSemi || join->kind == JoinKind::kAnti) {
        inner_below = std::holds_alternative<JoinNode>(join->probe->op);
        return join;
      }
      node = join->probe.get();
    } else if (const auto* project = std::get_if<ptreedb::planner::ProjectNode>(&node->op)) {
      node = project->input.get();
    } else if (const auto* filter = std::get_if<ptreedb::planner::FilterNode>(&node->op)) {
      node = filter->input.get();
    } else {
      return nullptr;
    }
  }
  return nullptr;
}

// Scope: fact (columns 0, 1) then dimension (columns 2, 3); the semi join
// reads fact's column 1 (probe_width 4, its build column at 4).
SemiJoinStep semi_on_fact(JoinKind kind, double build_rows) {
  SemiJoinStep step;
  step.kind = kind;
  step.build = relation(1, build_rows);
  step.probe_keys = {column_reference(1, kInt)};
  step.build_keys = {column_reference(0, kInt)};
  step.probe_width = 4;
  BoundExpression differs = equal(column_reference(0, kInt), column_reference(4, kInt));
  differs.comparison = ComparisonOp::kNotEqual;
  step.condition = differs;
  return step;
}

}  // namespace

TEST_CASE("a semi or anti join goes above inner joins that leave fewer rows than its relation") {
  for (JoinKind kind : {JoinKind::kSemi, JoinKind::kAnti}) {
    std::vector<JoinInput> inputs{{relation(2, 10000), 0, 2, 10000}, {relation(2, 100), 2, 2, 100}};
    std::vector<BoundExpression> conjuncts{equal(column_reference(0, kInt), column_reference(2, kInt)),
                                           equal_constant(3)};
    std::vector<SemiJoinStep> semi_joins{semi_on_fact(kind, 10000)};
    PlanPtr plan = order_joins(std::move(inputs), std::vector<SqlType>(4, kInt), std::move(conjuncts),
                               std::move(semi_joins));
    bool inner_below = false;
    const JoinNode* semi = top_semi_join(plan, inner_below);
    REQUIRE(semi != nullptr);
    CHECK(semi->kind == kind);
    CHECK(inner_below);
    CHECK(semi->probe->estimated_rows < 10000);
    // Over the joined rows in scope order: the key and the condition's probe
    // column stay where they were, the build column follows the four.
    CHECK(semi->probe_keys[0].column == 1);
    CHECK(semi->condition->args[0].column == 0);
    CHECK(semi->condition->args[1].column == 4);
  }
}

TEST_CASE("a semi join stays over its relation when the joins multiply its rows") {
  // The dimension-like relation with the IN is the smaller: joined to the
  // large one, its rows multiply.
  std::vector<JoinInput> inputs{{relation(2, 100), 0, 2, 100}, {relation(2, 10000), 2, 2, 10000}};
  std::vector<BoundExpression> conjuncts{equal(column_reference(0, kInt), column_reference(3, kInt))};
  std::vector<SemiJoinStep> semi_joins{semi_on_fact(JoinKind::kSemi, 5)};
  PlanPtr plan = order_joins(std::move(inputs), std::vector<SqlType>(4, kInt), std::move(conjuncts),
                             std::move(semi_joins));
  bool inner_below = true;
  const JoinNode* semi = top_semi_join(plan, inner_below);
  // Not on the probe path: it filters the build side of the inner join.
  CHECK(semi == nullptr);
  const auto* project = std::get_if<ptreedb::planner::ProjectNode>(&plan->op);
  REQUIRE(project != nullptr);
  const auto* join = std::get_if<JoinNode>(&project->input->op);
  REQUIRE(join != nullptr);
  const auto* build = std::get_if<JoinNode>(&join->build->op);
  REQUIRE(build != nullptr);
  CHECK(build->kind == JoinKind::kSemi);
  // Over the relation alone: its own columns, the build column after them.
  CHECK(build->probe_keys[0].column == 1);
  CHECK(build->condition->args[1].column == 2);
}

TEST_CASE("a filtered relation reached only through another is hashed together with it") {
  // fact (0, 1) = dim (2, 3) on 0 = 2; dim's 3 = tiny (4) filtered; other (5) unfiltered on fact's 1.
  std::vector<JoinInput> inputs{{relation(2, 10000), 0, 2, 10000},
                                {relation(2, 100), 2, 2, 100},
                                {relation(1, 25), 4, 1, 25},
                                {relation(1, 1000), 5, 1, 1000}};
  std::vector<BoundExpression> conjuncts{equal(column_reference(0, kInt), column_reference(2, kInt)),
                                         equal(column_reference(3, kInt), column_reference(4, kInt)),
                                         equal(column_reference(1, kInt), column_reference(5, kInt)),
                                         equal_constant(4)};
  PlanPtr plan = order_joins(std::move(inputs), std::vector<SqlType>(6, kInt), std::move(conjuncts));
  // fact streams; its first build side is dim joined with the filtered tiny
  // (the columns are already in scope order: no Project on top).
  REQUIRE(plan->types.size() == 6);
  const auto* top = std::get_if<JoinNode>(&plan->op);
  REQUIRE(top != nullptr);
  const auto* first = std::get_if<JoinNode>(&top->probe->op);
  REQUIRE(first != nullptr);
  const auto* build = std::get_if<JoinNode>(&first->build->op);
  REQUIRE(build != nullptr);
  CHECK(first->probe_keys[0].column == 0);
  CHECK(first->build_keys[0].column == 0);
  CHECK(build->probe_keys[0].column == 1);
  CHECK(build->build_keys[0].column == 0);
  CHECK(top->probe->estimated_rows < 10000);
  CHECK(top->probe_keys[0].column == 1);
  CHECK(top->build_keys[0].column == 0);
}

// The relation at the bottom of a plan's probe path (the one streamed).
const ptreedb::planner::PlanNode* streamed_relation(const PlanPtr& plan) {
  const ptreedb::planner::PlanNode* node = plan.get();
  if (const auto* project = std::get_if<ptreedb::planner::ProjectNode>(&node->op)) node = project->input.get();
  while (const auto* join = std::get_if<JoinNode>(&node->op)) node = join->probe.get();
  return node;
}

TEST_CASE("a relation far larger than the rows joined so far is streamed through a hash of them") {
  // fact (0, 1) of 10,000 rows joins dim (2), filtered to 5 of 100 rows, on
  // 0 = 2: about 500 rows; then big (3, 4) of 5,000 unfiltered rows on 1 = 3.
  std::vector<JoinInput> inputs{
      {relation(2, 10000), 0, 2, 10000}, {relation(1, 100), 2, 1, 100}, {relation(2, 5000), 3, 2, 5000}};
  std::vector<BoundExpression> conjuncts{equal(column_reference(0, kInt), column_reference(2, kInt)),
                                         equal(column_reference(1, kInt), column_reference(3, kInt)),
                                         equal_constant(2)};
  PlanPtr plan = order_joins(std::move(inputs), std::vector<SqlType>(5, kInt), std::move(conjuncts));
  // big's columns come first; a Project puts them back in scope order.
  const auto* project = std::get_if<ptreedb::planner::ProjectNode>(&plan->op);
  REQUIRE(project != nullptr);
  const auto* join = std::get_if<JoinNode>(&project->input->op);
  REQUIRE(join != nullptr);
  CHECK(join->probe->estimated_rows == 5000);
  CHECK(join->build->estimated_rows == 500);
  CHECK(std::holds_alternative<JoinNode>(join->build->op));  // fact joined with dim
  CHECK(join->probe_keys[0].column == 0);                     // big's 3, its first column
  CHECK(join->build_keys[0].column == 1);                     // fact's 1
  REQUIRE(project->expressions.size() == 5);
  const std::size_t scope_to_plan[] = {2, 3, 4, 0, 1};
  for (std::size_t c = 0; c < 5; ++c) CHECK(project->expressions[c].column == scope_to_plan[c]);
  CHECK(streamed_relation(plan)->estimated_rows == 5000);
}

TEST_CASE("a large relation a later join can still filter stays hashed") {
  // As above, but big's 4 also joins mid (5, 6), which joins tiny (7),
  // filtered: hashed, big's scan would get the keys of mid's join as a
  // filter; streamed, it would not.
  std::vector<JoinInput> inputs{{relation(2, 10000), 0, 2, 10000},
                                {relation(1, 100), 2, 1, 100},
                                {relation(2, 5000), 3, 2, 5000},
                                {relation(2, 25), 5, 2, 25},
                                {relation(1, 5), 7, 1, 5}};
  std::vector<BoundExpression> conjuncts{equal(column_reference(0, kInt), column_reference(2, kInt)),
                                         equal(column_reference(1, kInt), column_reference(3, kInt)),
                                         equal(column_reference(4, kInt), column_reference(5, kInt)),
                                         equal(column_reference(6, kInt), column_reference(7, kInt)),
                                         equal_constant(2), equal_constant(7)};
  PlanPtr plan = order_joins(std::move(inputs), std::vector<SqlType>(8, kInt), std::move(conjuncts));
  CHECK(streamed_relation(plan)->estimated_rows == 10000);
}
