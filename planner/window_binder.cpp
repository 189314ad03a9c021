#include "planner/window_binder.h"

#include <utility>

#include "planner/aggregate_binder.h"
#include "planner/functions/function_binding.h"
#include "planner/sort_direction.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

namespace {

constexpr const char* kWindowingError = "42P20";

struct WindowFunctionName {
  const char* name;
  WindowFunction function;
};

constexpr WindowFunctionName kWindowFunctions[] = {
    {"row_number", WindowFunction::kRowNumber}, {"rank", WindowFunction::kRank},
    {"dense_rank", WindowFunction::kDenseRank}, {"percent_rank", WindowFunction::kPercentRank},
    {"cume_dist", WindowFunction::kCumeDist},   {"ntile", WindowFunction::kNtile},
    {"lag", WindowFunction::kLag},              {"lead", WindowFunction::kLead},
    {"first_value", WindowFunction::kFirstValue}, {"last_value", WindowFunction::kLastValue},
    {"nth_value", WindowFunction::kNthValue}};

std::optional<WindowFunction> window_function_of(const std::string& name) {
  for (const auto& entry : kWindowFunctions) {
    if (name == entry.name) return entry.function;
  }
  return std::nullopt;
}

// A window definition with its reference to a named window applied.
struct ResolvedWindow {
  std::vector<const PgQuery__Node*> partition;
  std::vector<const PgQuery__SortBy*> order;
  int frame_options = frame_option::kDefaults;
  const PgQuery__Node* start_offset = nullptr;
  const PgQuery__Node* end_offset = nullptr;
  int location = -1;
};

const PgQuery__WindowDef* find_definition(const WindowClause* clause, const std::string& name, std::size_t before) {
  if (clause == nullptr) return nullptr;
  for (std::size_t i = 0; i < before && i < clause->definitions.size(); ++i) {
    const PgQuery__WindowDef* definition = clause->definitions[i];
    if (definition->name != nullptr && name == definition->name) return definition;
  }
  return nullptr;
}

std::size_t index_of(const WindowClause* clause, const PgQuery__WindowDef* definition) {
  for (std::size_t i = 0; i < clause->definitions.size(); ++i) {
    if (clause->definitions[i] == definition) return i;
  }
  return clause->definitions.size();
}

// `spec` (OVER (...) or a WINDOW clause entry at `position`) over the
// window it names, if any, as PostgreSQL's transformWindowDefinitions merges them.
ResolvedWindow resolve(const PgQuery__WindowDef& spec, const WindowClause* clause, std::size_t position) {
  check_stack_depth();
  ResolvedWindow out;
  out.location = spec.location;
  std::string refname = spec.refname != nullptr ? spec.refname : "";
  if (!refname.empty()) {
    const PgQuery__WindowDef* base = find_definition(clause, refname, position);
    if (base == nullptr) {
      throw SqlError("42704", "window \"" + refname + "\" does not exist", {}, {}, spec.location + 1);
    }
    ResolvedWindow inherited = resolve(*base, clause, index_of(clause, base));
    if (spec.n_partition_clause > 0) {
      throw SqlError(kWindowingError, "cannot override PARTITION BY clause of window \"" + refname + "\"", {}, {},
                     spec.location + 1);
    }
    if (spec.n_order_clause > 0 && !inherited.order.empty()) {
      throw SqlError(kWindowingError, "cannot override ORDER BY clause of window \"" + refname + "\"", {}, {},
                     spec.location + 1);
    }
    if ((inherited.frame_options & frame_option::kNonDefault) != 0) {
      throw SqlError(kWindowingError, "cannot copy window \"" + refname + "\" because it has a frame clause", {},
                     "Omit the parentheses in this OVER clause.", spec.location + 1);
    }
    out.partition = inherited.partition;
    out.order = inherited.order;
  }
  for (std::size_t i = 0; i < spec.n_partition_clause; ++i) out.partition.push_back(spec.partition_clause[i]);
  for (std::size_t i = 0; i < spec.n_order_clause; ++i) out.order.push_back(spec.order_clause[i]->sort_by);
  out.frame_options = spec.frame_options;
  out.start_offset = spec.start_offset;
  out.end_offset = spec.end_offset;
  return out;
}

void reject_windows_in(const BoundExpression& expr, const char* message, int location) {
  if (expr.contains(ExprKind::kWindow)) throw SqlError(kWindowingError, message, {}, {}, location + 1);
}

// RANGE offsets take the ORDER BY column's type's in_range variants: an
// integer column an integer offset, numeric and floats a number,
// date/time types an interval.
BoundExpression range_offset(BoundExpression offset, const SqlType& key, int location) {
  TypeId type = key.id;
  TypeId given = offset.type.id;
  auto refuse = [&]() -> BoundExpression {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "RANGE with offset PRECEDING/FOLLOWING is not supported for column type " + value::format_type(key) +
                       (offset.unknown_literal ? std::string() : " and offset type " + value::format_type(offset.type)),
                   {}, {}, location + 1);
  };
  if (value::is_integer_type(type)) {
    if (offset.unknown_literal) return coerce(std::move(offset), SqlType::of(TypeId::kBigint), false);
    if (!value::is_integer_type(given)) return refuse();
    return coerce(std::move(offset), SqlType::of(TypeId::kBigint), false);
  }
  if (type == TypeId::kNumeric) {
    if (!offset.unknown_literal && !value::is_integer_type(given) && given != TypeId::kNumeric) return refuse();
    return coerce(std::move(offset), SqlType::of(TypeId::kNumeric), false);
  }
  if (value::is_float_type(type)) {
    if (!offset.unknown_literal && !value::is_integer_type(given) && given != TypeId::kNumeric &&
        !value::is_float_type(given)) {
      return refuse();
    }
    return coerce(std::move(offset), SqlType::of(TypeId::kDouble), false);
  }
  if (value::is_datetime_type(type)) {
    if (!offset.unknown_literal && given != TypeId::kInterval) return refuse();
    return coerce(std::move(offset), SqlType::of(TypeId::kInterval), false);
  }
  return refuse();
}

BoundExpression frame_offset(const ExpressionBinder& binder, const PgQuery__Node* node, int frame_options,
                             const std::vector<BoundExpression>& order_keys, int location) {
  const char* mode = (frame_options & frame_option::kRows) != 0     ? "ROWS"
                     : (frame_options & frame_option::kGroups) != 0 ? "GROUPS"
                                                                    : "RANGE";
  BoundExpression offset = binder.bind(node);
  if (offset.contains(ExprKind::kColumn) || offset.contains(ExprKind::kOuterColumn)) {
    throw SqlError("42P10", std::string("argument of ") + mode + " must not contain variables", {}, {}, location + 1);
  }
  if (offset.contains_aggregate()) {
    throw SqlError("42803", std::string("aggregate functions are not allowed in window ") + mode, {}, {}, location + 1);
  }
  reject_windows_in(offset, (std::string("window functions are not allowed in window ") + mode).c_str(), location);
  if ((frame_options & frame_option::kRange) != 0) {
    if (order_keys.size() != 1) {
      throw SqlError(kWindowingError, "RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column", {},
                     {}, location + 1);
    }
    return range_offset(std::move(offset), order_keys[0].type, location);
  }
  if (!offset.unknown_literal && (offset.type.id == TypeId::kNumeric || value::is_float_type(offset.type.id))) {
    // Assignment coercion, as PostgreSQL's coerce_to_specific_type: 1.5 rounds to 2.
    return coerce(std::move(offset), SqlType::of(TypeId::kBigint), true);
  }
  if (!offset.unknown_literal && !value::is_integer_type(offset.type.id)) {
    throw SqlError(sqlstate::kDatatypeMismatch,
                   std::string("argument of ") + mode + " must be type bigint, not type " +
                       value::format_type(offset.type),
                   {}, {}, location + 1);
  }
  return coerce(std::move(offset), SqlType::of(TypeId::kBigint), false);
}

}  // namespace

bool is_window_only_function(const std::string& name) { return window_function_of(name).has_value(); }

BoundExpression bind_window_call(const ExpressionBinder& binder, const std::string& name,
                                 const PgQuery__FuncCall& call, const WindowClause* clause) {
  const PgQuery__WindowDef& over = *call.over;
  auto shape = std::make_shared<WindowShape>();
  shape->name = name;
  BoundExpression out;
  out.kind = ExprKind::kWindow;
  std::optional<BoundExpression> filter;
  std::optional<AggregateKind> aggregate = aggregate_kind_of(name);
  if (aggregate) {
    if (is_ordered_set_aggregate(*aggregate)) return bind_aggregate_call(binder, *aggregate, name, call);  // refuses OVER
    if (call.agg_distinct) {
      throw SqlError(sqlstate::kFeatureNotSupported, "DISTINCT is not implemented for window functions", {}, {},
                     call.location + 1);
    }
    if (call.n_agg_order > 0) {
      throw SqlError(sqlstate::kFeatureNotSupported, "aggregate ORDER BY is not implemented for window functions", {},
                     {}, call.location + 1);
    }
    BoundExpression bound = bind_aggregate_call(binder, *aggregate, name, call);
    shape->function = WindowFunction::kAggregate;
    shape->aggregate = static_cast<std::uint8_t>(bound.aggregate);
    out.type = bound.type;
    if (bound.aggregate_filter) {
      filter = std::move(bound.args.back());
      bound.args.pop_back();
    }
    out.args = std::move(bound.args);
  } else {
    std::optional<WindowFunction> function = window_function_of(name);
    if (!function) {
      if (find_function_binding(name) == nullptr) {
        // Not a function ptreedb knows: as PostgreSQL reports a missing one.
        std::vector<BoundExpression> args;
        for (std::size_t i = 0; i < call.n_args; ++i) args.push_back(binder.bind(call.args[i]));
        throw_no_such_function(name, args, call.location);
      }
      throw SqlError("42809", "OVER specified, but " + name + " is not a window function nor an aggregate function",
                     {}, {}, call.location + 1);
    }
    if (call.agg_distinct) {
      throw SqlError("42809", "DISTINCT specified, but " + name + " is not an aggregate function", {}, {},
                     call.location + 1);
    }
    if (call.n_agg_order > 0) {
      throw SqlError("42809", "ORDER BY specified, but " + name + " is not an aggregate function", {}, {},
                     call.location + 1);
    }
    if (call.agg_filter != nullptr) {
      throw SqlError(sqlstate::kFeatureNotSupported, "FILTER is not implemented for non-aggregate window functions",
                     {}, {}, call.location + 1);
    }
    if (call.agg_star) {
      throw SqlError("42809", name + "(*) specified, but " + name + " is not an aggregate function", {}, {},
                     call.location + 1);
    }
    shape->function = *function;
    bool hypothetical = *function == WindowFunction::kRank || *function == WindowFunction::kDenseRank ||
                        *function == WindowFunction::kPercentRank || *function == WindowFunction::kCumeDist;
    if (hypothetical && call.n_args > 0) {
      // With arguments these name PostgreSQL's hypothetical-set aggregates.
      throw SqlError("42809", "WITHIN GROUP is required for ordered-set aggregate " + name, {}, {},
                     call.location + 1);
    }
    std::vector<BoundExpression> args;
    for (std::size_t i = 0; i < call.n_args; ++i) {
      args.push_back(binder.bind(call.args[i]));
      reject_windows_in(args.back(), "window function calls cannot be nested", call.location);
    }
    auto no_such = [&]() { throw_no_such_function(name, args, call.location); };
    auto unknown_polymorphic = [&]() {
      throw SqlError(sqlstate::kDatatypeMismatch, "could not determine polymorphic type because input has type unknown",
                     {}, {}, call.location + 1);
    };
    const SqlType kInteger = SqlType::of(TypeId::kInteger);
    auto integer_argument = [&](BoundExpression& arg) {
      if (!arg.unknown_literal && !value::is_integer_type(arg.type.id)) no_such();
      if (arg.type.id == TypeId::kBigint) no_such();
      arg = coerce(std::move(arg), kInteger, false);
    };
    switch (*function) {
      case WindowFunction::kRowNumber:
      case WindowFunction::kRank:
      case WindowFunction::kDenseRank:
        if (!args.empty()) no_such();
        out.type = SqlType::of(TypeId::kBigint);
        break;
      case WindowFunction::kPercentRank:
      case WindowFunction::kCumeDist:
        if (!args.empty()) no_such();
        out.type = SqlType::of(TypeId::kDouble);
        break;
      case WindowFunction::kNtile:
        if (args.size() != 1) no_such();
        integer_argument(args[0]);
        out.type = kInteger;
        break;
      case WindowFunction::kLag:
      case WindowFunction::kLead: {
        if (args.empty() || args.size() > 3) no_such();
        if (args[0].unknown_literal && (args.size() < 3 || args[2].unknown_literal)) unknown_polymorphic();
        if (args.size() >= 2) integer_argument(args[1]);
        if (args.size() == 3) {
          SqlType common = common_type({args[0], args[2]}, name.c_str());
          args[0] = coerce(resolve_unknown(std::move(args[0]), common), common, false);
          args[2] = coerce(resolve_unknown(std::move(args[2]), common), common, false);
        } else {
          args[0] = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
        }
        out.type = args[0].type;
        break;
      }
      case WindowFunction::kFirstValue:
      case WindowFunction::kLastValue:
        if (args.size() != 1) no_such();
        if (args[0].unknown_literal) unknown_polymorphic();
        args[0] = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
        out.type = args[0].type;
        break;
      case WindowFunction::kNthValue:
        if (args.size() != 2) no_such();
        if (args[0].unknown_literal) unknown_polymorphic();
        integer_argument(args[1]);
        args[0] = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
        out.type = args[0].type;
        break;
      case WindowFunction::kAggregate:
        break;
    }
    out.args = std::move(args);
  }
  for (const auto& arg : out.args) reject_windows_in(arg, "window function calls cannot be nested", call.location);
  shape->argument_count = out.args.size();

  ResolvedWindow window;
  if (over.name != nullptr && *over.name != '\0') {
    const PgQuery__WindowDef* definition =
        find_definition(clause, over.name, clause != nullptr ? clause->definitions.size() : 0);
    if (definition == nullptr) {
      throw SqlError("42704", std::string("window \"") + over.name + "\" does not exist", {}, {},
                     (over.location >= 0 ? over.location : call.location) + 1);
    }
    window = resolve(*definition, clause, index_of(clause, definition));
  } else {
    window = resolve(over, clause, clause != nullptr ? clause->definitions.size() : 0);
  }
  for (const PgQuery__Node* node : window.partition) {
    BoundExpression key = resolve_unknown(binder.bind(node), SqlType::of(TypeId::kText));
    reject_windows_in(key, "window functions are not allowed in window definitions", call.location);
    out.args.push_back(std::move(key));
  }
  shape->partition_count = window.partition.size();
  std::vector<BoundExpression> order_keys;
  for (const PgQuery__SortBy* sort : window.order) {
    BoundExpression key = resolve_unknown(binder.bind(sort->node), SqlType::of(TypeId::kText));
    reject_windows_in(key, "window functions are not allowed in window definitions", call.location);
    WindowOrderKey order;
    order.descending = sort_is_descending(*sort);
    order.nulls_first = sort->sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_DEFAULT
                            ? order.descending
                            : sort->sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST;
    shape->order.push_back(order);
    order_keys.push_back(key);
  }
  for (auto& key : order_keys) out.args.push_back(std::move(key));
  int options = window.frame_options;
  if ((options & frame_option::kGroups) != 0 && window.order.empty()) {
    throw SqlError(kWindowingError, "GROUPS mode requires an ORDER BY clause", {}, {}, window.location + 1);
  }
  shape->frame_options = options;
  std::vector<BoundExpression> key_view(out.args.end() - static_cast<std::ptrdiff_t>(window.order.size()),
                                        out.args.end());
  if ((options & frame_option::kStartOffset) != 0) {
    out.args.push_back(frame_offset(binder, window.start_offset, options, key_view, window.location));
  }
  if ((options & frame_option::kEndOffset) != 0) {
    out.args.push_back(frame_offset(binder, window.end_offset, options, key_view, window.location));
  }
  if (filter) {
    shape->filter = true;
    reject_windows_in(*filter, "window functions are not allowed in FILTER", call.location);
    out.args.push_back(std::move(*filter));
  }
  out.window = std::move(shape);
  return out;
}

void check_window_clause(const ExpressionBinder& binder, const WindowClause& clause) {
  for (std::size_t i = 0; i < clause.definitions.size(); ++i) {
    const PgQuery__WindowDef& definition = *clause.definitions[i];
    std::string name = definition.name != nullptr ? definition.name : "";
    if (find_definition(&clause, name, i) != nullptr) {
      throw SqlError(kWindowingError, "window \"" + name + "\" is already defined", {}, {}, definition.location + 1);
    }
    ResolvedWindow window = resolve(definition, &clause, i);
    std::vector<BoundExpression> order_keys;
    for (const PgQuery__Node* node : window.partition) {
      reject_windows_in(binder.bind(node), "window functions are not allowed in window definitions",
                        definition.location);
    }
    for (const PgQuery__SortBy* sort : window.order) {
      order_keys.push_back(binder.bind(sort->node));
      reject_windows_in(order_keys.back(), "window functions are not allowed in window definitions",
                        definition.location);
    }
    if ((window.frame_options & frame_option::kGroups) != 0 && window.order.empty()) {
      throw SqlError(kWindowingError, "GROUPS mode requires an ORDER BY clause", {}, {}, definition.location + 1);
    }
    if ((window.frame_options & frame_option::kStartOffset) != 0) {
      frame_offset(binder, window.start_offset, window.frame_options, order_keys, definition.location);
    }
    if ((window.frame_options & frame_option::kEndOffset) != 0) {
      frame_offset(binder, window.end_offset, window.frame_options, order_keys, definition.location);
    }
  }
}

}  // namespace ptreedb::planner
