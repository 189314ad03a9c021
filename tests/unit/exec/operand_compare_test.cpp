// Text columns compared with a constant: the constant is prepared once and
// = / <> test bytes, so these check the fast test against PostgreSQL's answers
// (char(n) ignores trailing blanks on both sides; text and varchar do not) and
// against the general three-way comparison, for every operator, with the
// constant on either side, on a whole chunk and on a selection of its rows.
#include "exec/operand.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "exec/evaluate.h"
#include "exec/selection_filter.h"
#include "storage/value/character.h"
#include "tests/unit/exec/expression_builders.h"

using namespace ptreedb;
using exec::Chunk;
using exec::Vector;
using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using value::SqlType;
using value::TypeId;

namespace {

const std::vector<std::optional<std::string>> kRows = {
    "MAIL      ", "MAIL", "MAILX", "MAI", "", "    ", std::nullopt, "\xC3\xA9   ", "\xC3\xA9", "MAIL X", "A",
};

Chunk text_chunk(SqlType type) {
  Chunk chunk;
  chunk.size = kRows.size();
  chunk.columns = {Vector(type)};
  chunk.columns[0].resize(chunk.size);
  for (std::size_t i = 0; i < chunk.size; ++i) {
    chunk.columns[0].nulls[i] = !kRows[i].has_value();
    if (kRows[i]) chunk.columns[0].texts[i] = *kRows[i];
  }
  return chunk;
}

BoundExpression column(SqlType type) { return planner::column_reference(0, type); }

BoundExpression constant(SqlType type, const std::string& text) { return exec::testing::text_constant(text, type); }

BoundExpression compare(ComparisonOp op, BoundExpression a, BoundExpression b) {
  return exec::testing::comparison(op, std::move(a), std::move(b));
}

std::string truths(const BoundExpression& expr, const Chunk& input) {
  Vector result = exec::evaluate(expr, input);
  std::string out;
  for (std::size_t i = 0; i < result.size(); ++i) out += result.nulls[i] ? 'N' : result.ints[i] ? 't' : 'f';
  return out;
}

// The answer the general comparison gives.
std::string expected(ComparisonOp op, bool blank_padded, const std::string& wanted, bool constant_first) {
  std::string out;
  for (const auto& row : kRows) {
    if (!row) {
      out += 'N';
      continue;
    }
    int order = blank_padded ? value::bpchar_compare(*row, wanted) : std::string_view(*row).compare(wanted);
    order = (order > 0) - (order < 0);
    if (constant_first) order = -order;
    bool truth = false;
    switch (op) {
      case ComparisonOp::kEqual: truth = order == 0; break;
      case ComparisonOp::kNotEqual: truth = order != 0; break;
      case ComparisonOp::kLess: truth = order < 0; break;
      case ComparisonOp::kLessEqual: truth = order <= 0; break;
      case ComparisonOp::kGreater: truth = order > 0; break;
      case ComparisonOp::kGreaterEqual: truth = order >= 0; break;
    }
    out += truth ? 't' : 'f';
  }
  return out;
}

const ComparisonOp kOps[] = {ComparisonOp::kEqual,     ComparisonOp::kNotEqual, ComparisonOp::kLess,
                             ComparisonOp::kLessEqual, ComparisonOp::kGreater,  ComparisonOp::kGreaterEqual};

}  // namespace

TEST_CASE("char(n) against a constant ignores trailing blanks on both sides", "[operand]") {
  const SqlType type = SqlType::of(TypeId::kChar);
  Chunk chunk = text_chunk(type);
  // PostgreSQL 15: 'MAIL      '::char(10) = 'MAIL' is true, 'MAIL X' is not, '    ' = '' is true.
  CHECK(truths(compare(ComparisonOp::kEqual, column(type), constant(type, "MAIL")), chunk) == "ttffffNffff");
  CHECK(truths(compare(ComparisonOp::kEqual, constant(type, "MAIL   "), column(type)), chunk) == "ttffffNffff");
  CHECK(truths(compare(ComparisonOp::kNotEqual, column(type), constant(type, "MAIL")), chunk) == "ffttttNtttt");
  CHECK(truths(compare(ComparisonOp::kEqual, column(type), constant(type, "")), chunk) == "ffffttNffff");
  CHECK(truths(compare(ComparisonOp::kEqual, column(type), constant(type, "\xC3\xA9")), chunk) == "ffffffNttff");
}

TEST_CASE("text against a constant compares every byte", "[operand]") {
  const SqlType type = SqlType::of(TypeId::kText);
  Chunk chunk = text_chunk(type);
  CHECK(truths(compare(ComparisonOp::kEqual, column(type), constant(type, "MAIL")), chunk) == "ftffffNffff");
  CHECK(truths(compare(ComparisonOp::kNotEqual, constant(type, "MAIL      "), column(type)), chunk) == "ftttttNtttt");
}

TEST_CASE("text and char constants agree with the general comparison on every operator", "[operand]") {
  for (TypeId id : {TypeId::kChar, TypeId::kVarchar, TypeId::kText}) {
    const SqlType type = SqlType::of(id);
    const bool blank_padded = id == TypeId::kChar;
    Chunk chunk = text_chunk(type);
    for (const std::string wanted : {"MAIL", "MAIL  ", "", " ", "MAI", "\xC3\xA9", "Z"}) {
      for (ComparisonOp op : kOps) {
        for (bool constant_first : {false, true}) {
          BoundExpression expr = constant_first ? compare(op, constant(type, wanted), column(type))
                                                : compare(op, column(type), constant(type, wanted));
          INFO("type " << static_cast<int>(id) << " constant '" << wanted << "' op " << static_cast<int>(op)
                       << (constant_first ? " constant first" : ""));
          const std::string want = expected(op, blank_padded, wanted, constant_first);
          CHECK(truths(expr, chunk) == want);
          // Over a selection of the rows (every other one), as a filter runs it.
          exec::RowList rows, trues, unknowns;
          for (std::uint32_t i = 0; i < chunk.size; i += 2) rows.push_back(i);
          exec::classify_rows(expr, chunk, rows, trues, &unknowns);
          std::string got(chunk.size, '-'), want_selected(chunk.size, '-');
          for (std::uint32_t i : rows) {
            got[i] = 'f';
            want_selected[i] = want[i];
          }
          for (std::uint32_t i : trues) got[i] = 't';
          for (std::uint32_t i : unknowns) got[i] = 'N';
          CHECK(got == want_selected);
        }
      }
    }
  }
}
