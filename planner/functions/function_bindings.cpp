#include "planner/functions/function_binding.h"

#include "planner/expression_binder.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

// Indexed by FunctionId: the list's order is the enum's.
const FunctionBinding* const kBindings[] = {
#define PTREEDB_FUNCTION_BINDING_ENTRY(name) &k##name##Binding,
    PTREEDB_SCALAR_FUNCTIONS(PTREEDB_FUNCTION_BINDING_ENTRY)
#undef PTREEDB_FUNCTION_BINDING_ENTRY
};
static_assert(std::size(kBindings) == kFunctionIdCount);

}  // namespace

const FunctionBinding& function_binding(FunctionId id) { return *kBindings[static_cast<std::size_t>(id)]; }

const FunctionBinding* find_function_binding(std::string_view name) {
  for (const FunctionBinding* binding : kBindings) {
    for (std::string_view sql_name : binding->sql_names) {
      if (!sql_name.empty() && sql_name == name) return binding;
    }
  }
  return nullptr;
}

BoundExpression bind_function_call(FunctionId function, const std::string& name, std::vector<BoundExpression> args,
                                   int location) {
  return function_binding(function).bind(name, args, location);
}

BoundExpression function_node(FunctionId function, value::SqlType type, std::vector<BoundExpression> args) {
  BoundExpression out;
  out.kind = ExprKind::kFunction;
  out.function = function;
  out.type = type;
  out.args = std::move(args);
  return out;
}

std::vector<BoundExpression> text_arguments(const std::string& name, std::vector<BoundExpression>& args,
                                            int location) {
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  std::vector<BoundExpression> coerced;
  for (BoundExpression& arg : args) {
    BoundExpression resolved = resolve_unknown(std::move(arg), text);
    if (!value::is_character_type(resolved.type.id)) {
      arg = std::move(resolved);
      throw_no_such_function(name, args, location);
    }
    coerced.push_back(coerce(std::move(resolved), text, false));
  }
  return coerced;
}

BoundExpression bind_signature(FunctionId function, const std::string& name, std::vector<BoundExpression>& args,
                               int location, std::initializer_list<value::TypeId> parameters, value::TypeId result) {
  return bind_signature(function, name, args, location, std::vector<value::TypeId>(parameters), result);
}

BoundExpression bind_signature(FunctionId function, const std::string& name, std::vector<BoundExpression>& args,
                               int location, const std::vector<value::TypeId>& parameters, value::TypeId result) {
  if (args.size() != parameters.size()) throw_no_such_function(name, args, location);
  std::vector<BoundExpression> coerced;
  coerced.reserve(args.size());
  std::size_t i = 0;
  for (value::TypeId parameter : parameters) {
    const BoundExpression& arg = args[i++];
    const bool fits = arg.unknown_literal || arg.type.id == parameter ||
                      (value::is_character_type(arg.type.id) && value::is_character_type(parameter)) ||
                      (value::is_integer_type(arg.type.id) && value::is_integer_type(parameter) &&
                       (parameter == value::TypeId::kBigint || arg.type.id != value::TypeId::kBigint) &&
                       (parameter != value::TypeId::kSmallint || arg.type.id == value::TypeId::kSmallint)) ||
                      // Every number casts to double precision implicitly.
                      (parameter == value::TypeId::kDouble && value::is_numeric_category(arg.type.id));
    if (!fits) throw_no_such_function(name, args, location);
  }
  i = 0;
  for (value::TypeId parameter : parameters) coerced.push_back(coerce(std::move(args[i++]), value::SqlType::of(parameter), false));
  return function_node(function, value::SqlType::of(result), std::move(coerced));
}

void throw_wrong_arguments(const std::string& name, int location) {
  throw SqlError("42883", "function " + name + " does not exist", {},
                 "No function matches the given name and argument types. You might need to add explicit type casts.",
                 location + 1);
}

}  // namespace ptreedb::planner
