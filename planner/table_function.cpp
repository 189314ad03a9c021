#include "planner/table_function.h"

#include "planner/catalog/catalog_functions.h"
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

bool is_table_function(const std::string& name) {
  return name == "generate_series" || name == "unnest" || name == "pg_partition_ancestors" ||
         name == "json_array_elements" || name == "jsonb_array_elements" || name == "json_array_elements_text" ||
         name == "jsonb_array_elements_text" || name == "json_object_keys" || name == "jsonb_object_keys" ||
         name == "regexp_matches" || name == "regexp_split_to_table";
}

TableFunctionCall bind_table_function(const std::string& name, std::vector<BoundExpression> args, int location) {
  auto no_variant = [&]() -> TableFunctionCall { throw_no_such_function(name, args, location); };
  TableFunctionCall call;
  call.name = name;
  if (name == "generate_series") {
    if (args.size() < 2 || args.size() > 3) return no_variant();
    bool temporal = false;
    for (const auto& arg : args) {
      TypeId id = arg.type.id;
      if (!arg.unknown_literal && value::is_timestamp_or_date(id)) temporal = true;
    }
    if (temporal) {
      // generate_series(timestamp[tz], timestamp[tz], interval); dates widen
      // to timestamps, a timestamptz beside them makes both timestamptz.
      if (args.size() != 3) return no_variant();
      const bool zoned = (!args[0].unknown_literal && args[0].type.id == TypeId::kTimestampTz) ||
                         (!args[1].unknown_literal && args[1].type.id == TypeId::kTimestampTz);
      SqlType timestamp = SqlType::of(zoned ? TypeId::kTimestampTz : TypeId::kTimestamp),
              interval = SqlType::of(TypeId::kInterval);
      for (std::size_t i = 0; i < 2; ++i) {
        args[i] = resolve_unknown(std::move(args[i]), timestamp);
        if (!value::is_timestamp_or_date(args[i].type.id)) return no_variant();
        args[i] = coerce(std::move(args[i]), timestamp, false);
      }
      args[2] = resolve_unknown(std::move(args[2]), interval);
      if (args[2].type.id != TypeId::kInterval) return no_variant();
      call.function = TableFunction::kGenerateSeries;
      call.type = timestamp;
      call.args = std::move(args);
      return call;
    }
    // Integers (integer unless an argument is bigint), else numeric.
    SqlType type = SqlType::of(TypeId::kInteger);
    for (auto& arg : args) {
      if (arg.unknown_literal) continue;
      if (!value::is_integer_type(arg.type.id) && arg.type.id != TypeId::kNumeric) return no_variant();
      if (arg.type.id == TypeId::kBigint && type.id == TypeId::kInteger) type = SqlType::of(TypeId::kBigint);
      if (arg.type.id == TypeId::kNumeric) type = SqlType::of(TypeId::kNumeric);
    }
    for (auto& arg : args) arg = coerce(resolve_unknown(std::move(arg), type), type, false);
    call.function = TableFunction::kGenerateSeries;
    call.type = type;
    call.args = std::move(args);
    return call;
  }
  if (name == "unnest") {
    if (args.size() != 1) return no_variant();
    call.function = TableFunction::kUnnest;
    // A typed array's elements come out as its element type (read from their
    // texts); a catalog array's as text.
    call.type = args[0].type.is_array() && !args[0].array_text ? args[0].type.element_type() : SqlType::of(TypeId::kText);
    call.args.push_back(catalog::bind_array_text_cast(std::move(args[0])));
    return call;
  }
  if (name.find("_array_elements") != std::string::npos || name.ends_with("_object_keys")) {
    if (args.size() != 1) return no_variant();
    const SqlType json_type = SqlType::of(name.starts_with("jsonb") ? TypeId::kJsonb : TypeId::kJson);
    BoundExpression value = resolve_unknown(std::move(args[0]), json_type);
    if (value.type.id != json_type.id) {
      args[0] = std::move(value);
      return no_variant();
    }
    const bool keys = name.ends_with("_object_keys");
    call.function = keys ? TableFunction::kJsonObjectKeys : TableFunction::kJsonArrayElements;
    call.type = keys || name.ends_with("_text") ? SqlType::of(TypeId::kText) : json_type;
    if (!keys) call.column_name = "value";
    call.args.push_back(std::move(value));
    return call;
  }
  if (name == "regexp_matches" || name == "regexp_split_to_table") {
    if (args.size() < 2 || args.size() > 3) return no_variant();
    const bool matches = name == "regexp_matches";
    call.function = matches ? TableFunction::kRegexpMatches : TableFunction::kRegexpSplitToTable;
    const SqlType text = SqlType::of(TypeId::kText);
    call.type = matches ? SqlType::array_of(text) : text;
    call.args = text_arguments(name, args, location);
    return call;
  }
  if (name == "pg_partition_ancestors") {
    if (args.size() != 1) return no_variant();
    BoundExpression relation = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
    if (relation.unknown_literal || value::is_character_type(relation.type.id)) {
      if (auto oid = catalog::bind_catalog_cast("regclass", std::move(relation), location)) relation = std::move(*oid);
    }
    call.function = TableFunction::kPartitionAncestors;
    call.type = SqlType::of(TypeId::kBigint);  // regclass travels as its oid
    call.args.push_back(std::move(relation));
    return call;
  }
  return no_variant();
}

}  // namespace ptreedb::planner
