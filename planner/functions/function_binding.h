// The planner's half of the scalar-function registry: per FunctionId, the
// names a call reaches it by, the name EXPLAIN shows, and the binding rule
// (argument checks and coercions, result type). The kernels that run the
// functions are the executor's half, keyed by the same id
// (exec/functions/function_kernel.h).
#pragma once

#include <array>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

// Binds a call: `name` is the name or operator it was called by (upper,
// rtrim, !~*), `args` its bound arguments, `location` its offset in the text
// (for errors). Throws PostgreSQL's error when no variant takes the arguments.
using BindFunction = BoundExpression (*)(const std::string& name, std::vector<BoundExpression>& args, int location);

struct FunctionBinding {
  FunctionId id;
  // The name EXPLAIN shows: name(arguments), unless the kernel prints its own form.
  std::string_view display_name;
  // The SQL function names a call binds by; empty for functions the binder
  // reaches from syntax (COALESCE, NULLIF, ~, array[i], = ANY, IN lists).
  std::array<std::string_view, 4> sql_names;
  BindFunction bind;
};

#define PTREEDB_DECLARE_FUNCTION_BINDING(name) extern const FunctionBinding k##name##Binding;
PTREEDB_SCALAR_FUNCTIONS(PTREEDB_DECLARE_FUNCTION_BINDING)
#undef PTREEDB_DECLARE_FUNCTION_BINDING

const FunctionBinding& function_binding(FunctionId id);

// The function a call of `name` binds to, or null when no registered
// function has that SQL name.
const FunctionBinding* find_function_binding(std::string_view name);

// `function`'s binding rule applied to a call by `name`.
BoundExpression bind_function_call(FunctionId function, const std::string& name, std::vector<BoundExpression> args,
                                   int location);

// A kFunction node of `function` with result `type` over `args`, as bound.
BoundExpression function_node(FunctionId function, value::SqlType type, std::vector<BoundExpression> args);

// A call of a function with one fixed signature: untyped literals take the
// parameter's type, other arguments must cast to it implicitly (else 42883
// with the argument types, as PostgreSQL finds no such function).
BoundExpression bind_signature(FunctionId function, const std::string& name, std::vector<BoundExpression>& args,
                               int location, std::initializer_list<value::TypeId> parameters, value::TypeId result);
BoundExpression bind_signature(FunctionId function, const std::string& name, std::vector<BoundExpression>& args,
                               int location, const std::vector<value::TypeId>& parameters, value::TypeId result);

// Every argument as text: untyped literals become text, the character types
// are coerced to it; any other type is 42883 (no such function).
std::vector<BoundExpression> text_arguments(const std::string& name, std::vector<BoundExpression>& args,
                                            int location);

// 42883 "function name does not exist" with PostgreSQL's hint, as the catalog
// functions report a call with the wrong number of arguments.
[[noreturn]] void throw_wrong_arguments(const std::string& name, int location);

}  // namespace ptreedb::planner
