// The scalar-function registry: every FunctionId has a binding (planner),
// a kernel (exec) and a display name, and both halves describe the same id.
#include "exec/functions/function_kernel.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace ptreedb;
using planner::BoundExpression;
using planner::FunctionId;
using value::SqlType;
using value::TypeId;

namespace {

BoundExpression constant(SqlType type, std::int64_t int_value, std::string text_value = {}) {
  BoundExpression out;
  out.kind = planner::ExprKind::kConstant;
  out.type = type;
  out.constant.is_null = false;
  out.constant.int_value = int_value;
  out.constant.text_value = std::move(text_value);
  return out;
}

// Constants as their value, enough to see the shape of a call's text.
class ValuePrinter final : public exec::ExpressionPrinter {
 public:
  std::string text(const BoundExpression& expr) const override {
    return expr.constant.text_value.empty() ? std::to_string(expr.constant.int_value) : expr.constant.text_value;
  }
};

}  // namespace

TEST_CASE("every function id has a binding, a kernel and a display name") {
  for (std::size_t i = 0; i < planner::kFunctionIdCount; ++i) {
    auto id = static_cast<FunctionId>(i);
    CAPTURE(i);
    const planner::FunctionBinding& binding = planner::function_binding(id);
    CHECK(binding.id == id);
    CHECK(binding.bind != nullptr);
    CHECK_FALSE(binding.display_name.empty());
    const exec::FunctionKernel& kernel = exec::function_kernel(id);
    CHECK(kernel.id == id);
    CHECK(kernel.evaluate != nullptr);
  }
}

TEST_CASE("each SQL function name reaches exactly one function") {
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < planner::kFunctionIdCount; ++i) {
    const planner::FunctionBinding& binding = planner::function_binding(static_cast<FunctionId>(i));
    for (std::string_view name : binding.sql_names) {
      if (name.empty()) continue;
      CAPTURE(name);
      CHECK(seen.insert(name).second);
      const planner::FunctionBinding* found = planner::find_function_binding(name);
      REQUIRE(found != nullptr);
      CHECK(found->id == binding.id);
    }
  }
  CHECK(planner::find_function_binding("no_such_function") == nullptr);
  CHECK(planner::find_function_binding("") == nullptr);
}

TEST_CASE("a function bound by its rule runs its kernel and shows its name") {
  const SqlType text = SqlType::of(TypeId::kText);
  BoundExpression call = planner::bind_function_call(FunctionId::kUpper, "upper", {constant(text, 0, "abc")}, 0);
  CHECK(call.kind == planner::ExprKind::kFunction);
  CHECK(call.function == FunctionId::kUpper);
  CHECK(call.type.id == TypeId::kText);
  exec::Chunk one_row;
  one_row.size = 1;
  exec::Vector values = exec::evaluate_function(call, one_row);
  REQUIRE(values.size() == 1);
  CHECK(values.nulls[0] == 0);
  CHECK(values.texts[0] == "ABC");
  CHECK(exec::explain_function(call, ValuePrinter()) == "upper(abc)");

  BoundExpression rtrim =
      planner::bind_function_call(FunctionId::kTrim, "rtrim", {constant(text, 0, "xx"), constant(text, 0, "x")}, 0);
  CHECK(exec::explain_function(rtrim, ValuePrinter()) == "rtrim(xx, x)");
}

TEST_CASE("a binding rule refuses arguments no variant takes, as PostgreSQL does") {
  const SqlType integer = SqlType::of(TypeId::kInteger);
  try {
    planner::bind_function_call(FunctionId::kUpper, "upper", {constant(integer, 1), constant(integer, 2)}, 7);
    FAIL("upper(integer, integer) was bound");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "42883");
    CHECK(std::string(error.what()) == "function upper(integer, integer) does not exist");
  }
  try {
    planner::bind_function_call(FunctionId::kSizePretty, "pg_size_pretty", {}, 0);
    FAIL("pg_size_pretty() was bound");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "42883");
    CHECK(std::string(error.what()) == "function pg_size_pretty does not exist");
  }
}
