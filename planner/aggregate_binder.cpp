#include "planner/aggregate_binder.h"

#include <utility>
#include <vector>

#include "planner/sort_direction.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

namespace {

std::string type_name(const BoundExpression& expr) {
  if (expr.unknown_literal) return "unknown";
  return value::format_type(SqlType::of(expr.type.id));
}

[[noreturn]] void no_such_function(const std::string& name, const std::vector<BoundExpression>& args, int location) {
  std::string types;
  for (std::size_t i = 0; i < args.size(); ++i) types += (i > 0 ? ", " : "") + type_name(args[i]);
  throw SqlError("42883", "function " + name + "(" + types + ") does not exist", {},
                 "No function matches the given name and argument types. You might need to add explicit type casts.",
                 location + 1);
}

// The result type of `kind` over `argument`, coercing the argument where
// PostgreSQL's only candidate function takes another type.
SqlType result_type(AggregateKind kind, const std::string& name, std::vector<BoundExpression>& args, int location) {
  BoundExpression& argument = args[0];
  // sum and avg exist for several types, so an untyped literal is ambiguous.
  if (argument.unknown_literal && (kind == AggregateKind::kSum || kind == AggregateKind::kAvg)) {
    throw SqlError("42725", "function " + name + "(unknown) is not unique", {},
                   "Could not choose a best candidate function. You might need to add explicit type casts.",
                   location + 1);
  }
  const SqlType kText = SqlType::of(TypeId::kText), kBoolean = SqlType::of(TypeId::kBoolean);
  switch (kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount:
      argument = resolve_unknown(std::move(argument), kText);
      return SqlType::of(TypeId::kBigint);
    case AggregateKind::kSum: {
      argument = resolve_unknown(std::move(argument), SqlType::of(TypeId::kNumeric));
      TypeId type = argument.type.id;
      if (type == TypeId::kSmallint || type == TypeId::kInteger) return SqlType::of(TypeId::kBigint);
      if (type == TypeId::kBigint || type == TypeId::kNumeric) return SqlType::of(TypeId::kNumeric);
      if (value::is_float_type(type) || type == TypeId::kInterval) return SqlType::of(type);
      no_such_function(name, args, location);
    }
    case AggregateKind::kAvg: {
      argument = resolve_unknown(std::move(argument), SqlType::of(TypeId::kNumeric));
      TypeId type = argument.type.id;
      if (value::is_integer_type(type) || type == TypeId::kNumeric) return SqlType::of(TypeId::kNumeric);
      if (value::is_float_type(type)) return SqlType::of(TypeId::kDouble);
      if (type == TypeId::kInterval) return SqlType::of(TypeId::kInterval);
      no_such_function(name, args, location);
    }
    case AggregateKind::kMin:
    case AggregateKind::kMax:
      argument = resolve_unknown(std::move(argument), kText);
      // PostgreSQL 15 has no min/max of boolean, uuid or bytea.
      if (argument.type.id == TypeId::kBoolean || argument.type.id == TypeId::kUuid ||
          argument.type.id == TypeId::kBytea) {
        no_such_function(name, args, location);
      }
      // varchar and name have no min/max of their own: text's applies. char(n) loses its length.
      if (argument.type.id == TypeId::kVarchar || argument.type.id == TypeId::kName) return kText;
      return argument.type.id == TypeId::kChar ? SqlType::of(TypeId::kChar) : argument.type;
    case AggregateKind::kBoolAnd:
    case AggregateKind::kBoolOr:
      if (!argument.unknown_literal && argument.type.id != TypeId::kBoolean) no_such_function(name, args, location);
      argument = resolve_unknown(std::move(argument), kBoolean);
      return kBoolean;
    case AggregateKind::kStringAgg: {
      // string_agg(bytea, bytea) when the value is a bytea, else string_agg(text, text).
      if (!args.empty() && args[0].type.id == TypeId::kBytea && !args[0].unknown_literal) {
        const SqlType bytea = SqlType::of(TypeId::kBytea);
        for (const BoundExpression& arg : args) {
          if (!arg.unknown_literal && arg.type.id != TypeId::kBytea) no_such_function(name, args, location);
        }
        for (BoundExpression& arg : args) arg = coerce(std::move(arg), bytea, false);
        return bytea;
      }
      for (const BoundExpression& arg : args) {
        if (!arg.unknown_literal && !value::is_character_type(arg.type.id)) no_such_function(name, args, location);
      }
      for (BoundExpression& arg : args) arg = coerce(std::move(arg), kText, false);
      return kText;
    }
    case AggregateKind::kVarPop:
    case AggregateKind::kVarSamp:
    case AggregateKind::kStddevPop:
    case AggregateKind::kStddevSamp: {
      // Exact (numeric) moments of exact inputs, double precision ones of
      // floats; an untyped literal is double precision (every candidate is a
      // number, and that is the preferred one).
      argument = resolve_unknown(std::move(argument), SqlType::of(TypeId::kDouble));
      TypeId type = argument.type.id;
      if (value::is_integer_type(type) || type == TypeId::kNumeric) return SqlType::of(TypeId::kNumeric);
      if (value::is_float_type(type)) return SqlType::of(TypeId::kDouble);
      no_such_function(name, args, location);
    }
    case AggregateKind::kCovarPop:
    case AggregateKind::kCovarSamp:
    case AggregateKind::kCorr:
    case AggregateKind::kRegrCount:
    case AggregateKind::kRegrSxx:
    case AggregateKind::kRegrSyy:
    case AggregateKind::kRegrSxy:
    case AggregateKind::kRegrAvgX:
    case AggregateKind::kRegrAvgY:
    case AggregateKind::kRegrR2:
    case AggregateKind::kRegrSlope:
    case AggregateKind::kRegrIntercept: {
      // Only (double precision, double precision) exists; numbers cast to it.
      const SqlType double_precision = SqlType::of(TypeId::kDouble);
      for (const BoundExpression& arg : args) {
        if (!arg.unknown_literal && !value::is_numeric_category(arg.type.id)) no_such_function(name, args, location);
      }
      for (BoundExpression& arg : args) arg = coerce(resolve_unknown(std::move(arg), double_precision), double_precision, false);
      return kind == AggregateKind::kRegrCount ? SqlType::of(TypeId::kBigint) : double_precision;
    }
    case AggregateKind::kPercentileCont:
    case AggregateKind::kPercentileDisc:
    case AggregateKind::kMode:
    case AggregateKind::kHypotheticalRank:
    case AggregateKind::kHypotheticalDenseRank:
    case AggregateKind::kHypotheticalPercentRank:
    case AggregateKind::kHypotheticalCumeDist:
      break;  // bound by bind_ordered_set_call
    case AggregateKind::kFirstValue:
    case AggregateKind::kSingleValue:
      break;  // planner-made only, never bound from SQL text
    case AggregateKind::kApproxCount:
    case AggregateKind::kApproxSum:
    case AggregateKind::kApproxAvg:
    case AggregateKind::kApproxCountError:
    case AggregateKind::kApproxSumError:
    case AggregateKind::kApproxAvgError:
      break;  // bound by planner/approximate_aggregate
  }
  no_such_function(name, args, location);
}

std::size_t argument_count(AggregateKind kind) {
  return kind == AggregateKind::kStringAgg || (kind >= AggregateKind::kCovarPop && kind <= AggregateKind::kRegrIntercept)
             ? 2
             : 1;
}

// An ORDER BY key's direction; NULLs first by default when descending.
AggregateOrder aggregate_order_of(const PgQuery__SortBy& sort) {
  AggregateOrder order;
  order.descending = sort_is_descending(sort);
  order.nulls_first = sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_DEFAULT
                          ? order.descending
                          : sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST;
  return order;
}

// FILTER (WHERE ...): the call's last argument.
void bind_filter(const ExpressionBinder& binder, const PgQuery__FuncCall& call, BoundExpression& out) {
  if (call.agg_filter == nullptr) return;
  BoundExpression filter = resolve_unknown(binder.bind(call.agg_filter), SqlType::of(TypeId::kBoolean));
  if (filter.contains_aggregate()) {
    throw SqlError("42803", "aggregate functions are not allowed in FILTER", {}, {}, call.location + 1);
  }
  if (filter.type.id != TypeId::kBoolean) {
    throw SqlError(sqlstate::kDatatypeMismatch,
                   "argument of FILTER must be type boolean, not type " + value::format_type(filter.type), {}, {},
                   call.location + 1);
  }
  out.aggregate_filter = true;
  out.args.push_back(std::move(filter));
}

// percentile_cont(fraction), percentile_disc(fraction) and mode() WITHIN
// GROUP (ORDER BY x). The fraction must not read columns (PostgreSQL allows
// grouped ones; refused here), nor be an array (the array forms).
BoundExpression bind_ordered_set_call(const ExpressionBinder& binder, AggregateKind kind, const std::string& name,
                                      const PgQuery__FuncCall& call) {
  if (call.over != nullptr) {
    throw SqlError(sqlstate::kFeatureNotSupported, "OVER is not supported for ordered-set aggregate " + name, {}, {},
                   call.location + 1);
  }
  const SqlType double_precision = SqlType::of(TypeId::kDouble);
  std::vector<BoundExpression> direct;
  for (std::size_t i = 0; i < call.n_args; ++i) direct.push_back(binder.bind(call.args[i]));
  // Without WITHIN GROUP no function takes just the direct arguments.
  if (!call.agg_within_group) no_such_function(name, direct, call.location);
  std::vector<BoundExpression> ordered;
  for (std::size_t i = 0; i < call.n_agg_order; ++i) ordered.push_back(binder.bind(call.agg_order[i]->sort_by->node));
  for (const BoundExpression& arg : direct) {
    if (arg.contains_aggregate()) throw SqlError("42803", "aggregate function calls cannot be nested", {}, {}, call.location + 1);
  }
  for (const BoundExpression& arg : ordered) {
    if (arg.contains_aggregate()) throw SqlError("42803", "aggregate function calls cannot be nested", {}, {}, call.location + 1);
  }
  const bool hypothetical = is_hypothetical_aggregate(kind);
  const std::size_t wanted = kind == AggregateKind::kMode ? 0 : hypothetical ? ordered.size() : 1;
  if (direct.size() != wanted || (!hypothetical && ordered.size() != 1)) {
    std::vector<BoundExpression> all = direct;
    all.insert(all.end(), ordered.begin(), ordered.end());
    no_such_function(name, all, call.location);
  }
  if (ordered.size() != 1) {
    throw SqlError(sqlstate::kFeatureNotSupported, name + " WITHIN GROUP over more than one column is not supported yet",
                   {}, {}, call.location + 1);
  }
  const PgQuery__SortBy& sort = *call.agg_order[0]->sort_by;
  BoundExpression x = std::move(ordered[0]);

  BoundExpression out;
  out.kind = ExprKind::kAggregate;
  out.aggregate = kind;
  if (hypothetical) {
    // The hypothetical value and the ordered one meet in one type, as UNION columns do.
    if (direct[0].contains(ExprKind::kColumn) || direct[0].contains(ExprKind::kOuterColumn)) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     name + " with a hypothetical value that reads columns is not supported yet", {}, {},
                     call.location + 1);
    }
    const SqlType common = common_type({direct[0], x}, "WITHIN GROUP");
    BoundExpression h = coerce(resolve_unknown(std::move(direct[0]), common), common, false);
    x = coerce(resolve_unknown(std::move(x), common), common, false);
    out.type = kind == AggregateKind::kHypotheticalRank || kind == AggregateKind::kHypotheticalDenseRank
                   ? SqlType::of(TypeId::kBigint)
                   : double_precision;
    out.args.push_back(x);
    out.args.push_back(std::move(h));
  } else if (kind == AggregateKind::kPercentileCont) {
    // (double precision) and (interval) versions; other numbers become double precision.
    x = resolve_unknown(std::move(x), double_precision);
    if (x.type.id != TypeId::kInterval) {
      if (!value::is_numeric_category(x.type.id)) no_such_function(name, direct, call.location);
      x = coerce(std::move(x), double_precision, false);
    }
  } else {
    x = resolve_unknown(std::move(x), SqlType::of(TypeId::kText));
  }
  if (!hypothetical) {
    out.type = x.type;
    out.args.push_back(x);
  }
  if (!hypothetical && wanted == 1) {
    BoundExpression fraction = std::move(direct[0]);
    if (fraction.contains(ExprKind::kColumn) || fraction.contains(ExprKind::kOuterColumn)) {
      throw SqlError(sqlstate::kFeatureNotSupported, name + " with a fraction that reads columns is not supported yet",
                     {}, {}, call.location + 1);
    }
    if (fraction.type.is_array() && !fraction.unknown_literal) {
      // The array form: an array of fractions gives an array of values.
      if (!value::is_numeric_category(fraction.type.element)) no_such_function(name, direct, call.location);
      if (x.type.is_array()) {
        throw SqlError(sqlstate::kFeatureNotSupported,
                       name + " of an array column with an array of fractions is not supported yet", {}, {},
                       call.location + 1);
      }
      const SqlType fractions = SqlType::array_of(double_precision);
      out.args.push_back(coerce(std::move(fraction), fractions, false));
      out.type = SqlType::array_of(out.type);
    } else {
      fraction = resolve_unknown(std::move(fraction), double_precision);
      if (!value::is_numeric_category(fraction.type.id)) no_such_function(name, direct, call.location);
      out.args.push_back(coerce(std::move(fraction), double_precision, false));
    }
  }
  out.aggregate_order.push_back(aggregate_order_of(sort));
  out.args.push_back(std::move(x));
  bind_filter(binder, call, out);
  return out;
}

}  // namespace

std::optional<AggregateKind> aggregate_kind_of(const std::string& name) {
  static const std::pair<const char*, AggregateKind> kAggregates[] = {
      {"count", AggregateKind::kCount},          {"sum", AggregateKind::kSum},
      {"avg", AggregateKind::kAvg},              {"min", AggregateKind::kMin},
      {"max", AggregateKind::kMax},              {"string_agg", AggregateKind::kStringAgg},
      {"bool_and", AggregateKind::kBoolAnd},     {"every", AggregateKind::kBoolAnd},
      {"bool_or", AggregateKind::kBoolOr},       {"var_pop", AggregateKind::kVarPop},
      {"var_samp", AggregateKind::kVarSamp},     {"variance", AggregateKind::kVarSamp},
      {"stddev_pop", AggregateKind::kStddevPop}, {"stddev_samp", AggregateKind::kStddevSamp},
      {"stddev", AggregateKind::kStddevSamp},    {"covar_pop", AggregateKind::kCovarPop},
      {"covar_samp", AggregateKind::kCovarSamp}, {"corr", AggregateKind::kCorr},
      {"regr_count", AggregateKind::kRegrCount}, {"regr_sxx", AggregateKind::kRegrSxx},
      {"regr_syy", AggregateKind::kRegrSyy},     {"regr_sxy", AggregateKind::kRegrSxy},
      {"regr_avgx", AggregateKind::kRegrAvgX},   {"regr_avgy", AggregateKind::kRegrAvgY},
      {"regr_r2", AggregateKind::kRegrR2},       {"regr_slope", AggregateKind::kRegrSlope},
      {"regr_intercept", AggregateKind::kRegrIntercept}, {"percentile_cont", AggregateKind::kPercentileCont},
      {"percentile_disc", AggregateKind::kPercentileDisc}, {"mode", AggregateKind::kMode}};
  for (const auto& [aggregate_name, kind] : kAggregates) {
    if (name == aggregate_name) return kind;
  }
  return std::nullopt;
}

std::optional<AggregateKind> hypothetical_aggregate_of(const std::string& name) {
  if (name == "rank") return AggregateKind::kHypotheticalRank;
  if (name == "dense_rank") return AggregateKind::kHypotheticalDenseRank;
  if (name == "percent_rank") return AggregateKind::kHypotheticalPercentRank;
  if (name == "cume_dist") return AggregateKind::kHypotheticalCumeDist;
  return std::nullopt;
}

void reject_aggregate_clauses(const std::string& name, const PgQuery__FuncCall& call) {
  const char* clause = call.agg_distinct ? "DISTINCT" : call.n_agg_order > 0 ? "ORDER BY" : call.agg_filter ? "FILTER" : nullptr;
  if (clause != nullptr) {
    throw SqlError("42809", std::string(clause) + " specified, but " + name + " is not an aggregate function", {}, {},
                   call.location + 1);
  }
}

BoundExpression bind_aggregate_call(const ExpressionBinder& binder, AggregateKind kind, const std::string& name,
                                    const PgQuery__FuncCall& call) {
  if (is_ordered_set_aggregate(kind)) return bind_ordered_set_call(binder, kind, name, call);
  if (call.agg_within_group) {
    // No such ordered-set aggregate: the direct and the ordered arguments together match nothing.
    std::vector<BoundExpression> all;
    for (std::size_t i = 0; i < call.n_args; ++i) all.push_back(binder.bind(call.args[i]));
    for (std::size_t i = 0; i < call.n_agg_order; ++i) all.push_back(binder.bind(call.agg_order[i]->sort_by->node));
    no_such_function(name, all, call.location);
  }
  BoundExpression out;
  out.kind = ExprKind::kAggregate;
  out.aggregate = kind;
  out.distinct = call.agg_distinct;
  if (call.agg_star) {
    if (kind != AggregateKind::kCount) {
      throw SqlError(sqlstate::kSyntaxError, name + "(*) must be used to call a parameterless aggregate function",
                     {}, {}, call.location + 1);
    }
    out.aggregate = AggregateKind::kCountStar;
    out.type = SqlType::of(TypeId::kBigint);
  } else {
    std::vector<BoundExpression> args;
    for (std::size_t i = 0; i < call.n_args; ++i) {
      args.push_back(binder.bind(call.args[i]));
      if (call.over == nullptr && args.back().contains(ExprKind::kWindow)) {
        throw SqlError("42803", "aggregate function calls cannot contain window function calls", {}, {},
                       call.location + 1);
      }
      if (args.back().contains_aggregate() && call.over == nullptr) {
        throw SqlError("42803", "aggregate function calls cannot be nested", {}, {}, call.location + 1);
      }
    }
    if (args.size() != argument_count(kind)) no_such_function(name, args, call.location);
    // In a LATERAL subquery, an aggregate of the FROM items before it alone
    // belongs to the query around it, whose FROM clause this is.
    const Scope* outer = binder.scope().outer;
    if (outer != nullptr && outer->parameters != nullptr && call.over == nullptr) {
      bool reads_outer = false, reads_own = false;
      for (const auto& arg : args) {
        reads_outer = reads_outer || arg.contains(ExprKind::kOuterColumn);
        reads_own = reads_own || arg.contains(ExprKind::kColumn);
      }
      if (reads_outer && !reads_own) {
        throw SqlError("42803", "aggregate functions are not allowed in FROM clause of their own query level", {}, {},
                       call.location + 1);
      }
    }
    std::vector<BoundExpression> written = args;  // before coercion, for DISTINCT's ORDER BY check
    out.type = result_type(kind, name, args, call.location);
    out.args = std::move(args);

    // ORDER BY inside the call; with DISTINCT every key must be an argument.
    std::vector<BoundExpression> keys;
    for (std::size_t i = 0; i < call.n_agg_order; ++i) {
      const auto& sort = *call.agg_order[i]->sort_by;
      BoundExpression key = resolve_unknown(binder.bind(sort.node), SqlType::of(TypeId::kText));
      if (key.contains_aggregate()) {
        throw SqlError("42803", "aggregate function calls cannot be nested", {}, {}, call.location + 1);
      }
      if (call.agg_distinct) {
        bool listed = false;
        for (std::size_t a = 0; a < out.args.size(); ++a) {
          listed = listed || same_expression(key, out.args[a]) ||
                   same_expression(key, resolve_unknown(written[a], SqlType::of(TypeId::kText)));
        }
        if (!listed) {
          throw SqlError("42P10", "in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list",
                         {}, {}, (sort.location >= 0 ? sort.location : call.location) + 1);
        }
      }
      out.aggregate_order.push_back(aggregate_order_of(sort));
      keys.push_back(std::move(key));
    }
    for (auto& key : keys) out.args.push_back(std::move(key));
  }

  bind_filter(binder, call, out);
  return out;
}

}  // namespace ptreedb::planner
