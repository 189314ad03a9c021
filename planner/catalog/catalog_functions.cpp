#include "planner/catalog/catalog_functions.h"
#include "planner/session_directory.h"

#include <unistd.h>

#include <cctype>
#include <charconv>

#include "planner/catalog/catalog_objects.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/check_constraint_text.h"
#include "planner/catalog/privilege_functions.h"
#include "planner/catalog/system_relation.h"
#include "planner/user_type_names.h"
#include "planner/expression_binder.h"
#include "planner/relation_names.h"
#include "planner/functions/function_binding.h"
#include "planner/settings_access.h"
#include "storage/sql_error.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner::catalog {
namespace {

using value::SqlType;
using value::TypeId;

thread_local const storage::World* planning_world = nullptr;

const SqlType kText = SqlType::of(TypeId::kText);
const SqlType kBool = SqlType::of(TypeId::kBoolean);
const SqlType kBigint = SqlType::of(TypeId::kBigint);
const SqlType kInt = SqlType::of(TypeId::kInteger);

// A domain check's SQL as pg_get_constraintdef prints it: VALUE in capitals
// (its deparsed form reads as the column reference value).
std::string domain_check_text(const std::string& sql) {
  std::string out;
  char quote = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote != 0) {
      if (c == quote) quote = 0;
      out += c;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    auto is_word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    if (sql.compare(i, 5, "value") == 0 && (i == 0 || !is_word(sql[i - 1])) &&
        (i + 5 == sql.size() || !is_word(sql[i + 5]))) {
      out += "VALUE";
      i += 4;
      continue;
    }
    out += c;
  }
  return out;
}

BoundExpression text_constant(const std::string& text) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = kText;
  out.constant.is_null = false;
  out.constant.text_value = text;
  return out;
}

BoundExpression int_constant(std::int64_t value, SqlType type) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = type;
  out.constant.is_null = false;
  out.constant.int_value = value;
  return out;
}

BoundExpression null_constant(SqlType type) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = type;
  return out;
}

// An oid argument as bigint: integers widen, '16384' literals parse.
BoundExpression as_oid(BoundExpression arg) { return coerce(resolve_unknown(std::move(arg), kBigint), kBigint, true); }

// CASE oid WHEN k1 THEN v1 ... ELSE otherwise END, the oids known at plan time.
BoundExpression oid_case(BoundExpression oid, const std::vector<std::pair<std::int64_t, BoundExpression>>& cases,
                         BoundExpression otherwise) {
  if (cases.empty()) return otherwise;
  BoundExpression key = as_oid(std::move(oid));
  BoundExpression out;
  out.kind = ExprKind::kCase;
  out.type = otherwise.type;
  for (const auto& [value, result] : cases) {
    BoundExpression equal;
    equal.kind = ExprKind::kComparison;
    equal.comparison = ComparisonOp::kEqual;
    equal.type = kBool;
    equal.args = {key, int_constant(value, kBigint)};
    out.args.push_back(std::move(equal));
    out.args.push_back(result);
  }
  out.args.push_back(std::move(otherwise));
  return out;
}

const storage::World& world_or_empty() {
  static const storage::World empty;
  return planning_world != nullptr ? *planning_world : empty;
}

// current_schema: the search path's first schema that exists, else NULL.
BoundExpression current_schema_constant() {
  auto schema = current_schema(world_or_empty());
  return schema ? text_constant(*schema) : null_constant(kText);
}


// Every relation's oid and name: user tables, views, indexes, system relations.
std::vector<std::pair<std::int64_t, std::string>> relation_names() {
  const storage::World& world = world_or_empty();
  std::vector<std::pair<std::int64_t, std::string>> out;
  for (const auto& table : tables_of(world)) out.emplace_back(table->schema().oid(), table->schema().name());
  for (const auto& view : views_of(world)) out.emplace_back(view->oid, view->name);
  for (auto entry : world.sequences()) out.emplace_back(entry.value->oid, entry.key);
  for (const auto& index : indexes_of(world)) out.emplace_back(index.oid, index.name);
  for (const auto& relation : system_relations()) {
    std::int64_t oid = std::string(relation.name) == "pg_class" ? 1259
                                                                 : system_relation_oid(system_relation_position(relation));
    out.emplace_back(oid, std::string(relation.schema) == "pg_catalog" ? relation.name
                                                                        : std::string(relation.schema) + "." + relation.name);
  }
  return out;
}

std::int64_t estimated_bytes(const storage::Table& table) {
  auto rows = static_cast<std::int64_t>(table.row_count());
  auto width = 64 + static_cast<std::int64_t>(table.schema().columns().size()) * 16;
  return rows == 0 ? 0 : std::max<std::int64_t>(8192, rows * width);
}

}  // namespace

PlanningWorld::PlanningWorld(const storage::World& world) : previous_(planning_world) {
  if (planning_world == nullptr) planning_world = &world;
}
PlanningWorld::~PlanningWorld() { planning_world = previous_; }
const storage::World* PlanningWorld::current() { return planning_world; }

std::optional<BoundExpression> bind_sql_value_function(int op) {
  switch (op) {
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_ROLE:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_USER:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_USER:
      return text_constant(current_role_setting());
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_SESSION_USER:
      return text_constant(current_session_user());
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_CATALOG:
      return text_constant(kDatabaseName);
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_SCHEMA:
      return current_schema_constant();
    default:
      return std::nullopt;
  }
}

namespace {

// PostgreSQL's rule for signalling a backend: superusers may signal any;
// others only sessions of their own role, never a superuser's.
void check_may_signal(const storage::World& world, const SessionDirectory& directory, std::int32_t target,
                      bool cancel) {
  const std::string caller = current_session_user();
  auto is_superuser = [&](const std::string& role_name) {
    auto role = world.find_role(role_name);
    return role != nullptr ? role->superuser : role_name == storage::kBootstrapSuperuser;
  };
  if (is_superuser(caller)) return;
  for (const BackendActivity& backend : directory.activity()) {
    if (backend.pid != target) continue;
    if (is_superuser(backend.user)) {
      throw SqlError("42501", cancel ? "must be a superuser to cancel superuser query"
                                     : "must be a superuser to terminate superuser process");
    }
    if (backend.user != caller) {
      throw SqlError("42501", cancel ? "must be a member of the role whose query is being canceled or member of "
                                       "pg_signal_backend"
                                     : "must be a member of the role whose process is being terminated or member of "
                                       "pg_signal_backend");
    }
  }
}

}  // namespace

std::optional<BoundExpression> bind_catalog_function(const std::string& name, std::vector<BoundExpression>& args,
                                                     int location) {
  auto arity = [&](std::size_t low, std::size_t high) {
    if (args.size() < low || args.size() > high) throw_wrong_arguments(name, location);
  };
  const storage::World& world = world_or_empty();
  if (name == "version") {
    arity(0, 0);
    return text_constant("PostgreSQL 15.0 (ptreedb) on x86_64-pc-linux-gnu, 64-bit");
  }
  if (name == "current_database") return arity(0, 0), text_constant(kDatabaseName);
  if (name == "enum_first" || name == "enum_last" || name == "enum_range") {
    // They read only the argument's type: the labels of the planning world's enum.
    if (name == "enum_range") arity(1, 2); else arity(1, 1);
    const BoundExpression* typed = nullptr;
    for (const auto& arg : args) {
      if (!arg.unknown_literal && arg.type.id == value::TypeId::kEnum) {
        if (typed == nullptr) typed = &arg;
      } else if (!arg.unknown_literal) {
        throw_no_such_function(name, args, location);
      }
    }
    if (typed == nullptr) throw_no_such_function(name, args, location);
    if (name == "enum_range") {
      throw SqlError(sqlstate::kFeatureNotSupported, "enum_range is not supported yet: it returns an array");
    }
    auto type = planning_enum_type(typed->type.enum_oid);
    BoundExpression out;
    out.kind = ExprKind::kConstant;
    out.type = typed->type;
    if (type != nullptr && !type->labels.empty()) {
      out.constant.is_null = false;
      out.constant.text_value = value::enum_stored_value(name == "enum_first" ? type->labels.front() : type->labels.back());
    }
    return out;
  }
  if (name == "pg_typeof") {
    // The argument's type as regtype prints it (format_type without a typmod,
    // so character(n) is "character"); known when binding, the value unread.
    arity(1, 1);
    const BoundExpression& arg = args[0];
    if (arg.contains_aggregate() || arg.contains(ExprKind::kWindow) || contains_volatile_call(arg)) {
      // Its value would go unread: an aggregate or window call must not vanish, nextval must run.
      throw SqlError(sqlstate::kFeatureNotSupported, "pg_typeof of an aggregate, window or volatile call is not supported", {}, {},
                     location + 1);
    }
    if (arg.unknown_literal) return text_constant("unknown");
    if (arg.type.is_array()) {
      return text_constant(arg.type.element == value::TypeId::kChar
                               ? "character[]"
                               : value::format_type(value::SqlType::array_of(value::SqlType::of(arg.type.element))));
    }
    if (arg.type.id == value::TypeId::kEnum || arg.type.domain_oid != 0) {
      return text_constant(value::format_type(value::SqlType{
          .id = arg.type.id, .typmod = -1, .enum_oid = arg.type.enum_oid, .domain_oid = arg.type.domain_oid}));
    }
    return text_constant(arg.type.id == value::TypeId::kChar ? "character" : value::format_type(value::SqlType::of(arg.type.id)));
  }
  if (name == "current_schema") return arity(0, 0), current_schema_constant();
  if (name == "current_schemas") {
    arity(1, 1);
    const BoundExpression& implicit = args[0];
    if (implicit.kind != ExprKind::kConstant || implicit.type.id != value::TypeId::kBoolean) {
      throw SqlError(sqlstate::kFeatureNotSupported, "current_schemas() needs a constant boolean argument", {}, {},
                     location + 1);
    }
    if (implicit.constant.is_null) return null_constant(kText);
    return text_constant(current_schemas_text(world_or_empty(), implicit.constant.int_value != 0));
  }
  if (name == "current_user" || name == "current_role" || name == "user") {
    return arity(0, 0), text_constant(current_role_setting());
  }
  if (name == "session_user") return arity(0, 0), text_constant(current_session_user());
  if (name == "pg_backend_pid") {
    arity(0, 0);
    SessionDirectory* directory = current_session_directory();
    return int_constant(directory != nullptr ? directory->backend_pid() : ::getpid(), kInt);
  }
  if (name == "pg_cancel_backend" || name == "pg_terminate_backend") {
    arity(1, name == "pg_terminate_backend" ? 2 : 1);
    const BoundExpression* pid = &args[0];
    while (pid->kind == ExprKind::kCast && pid->args.size() == 1) pid = &pid->args[0];
    if (pid->kind != ExprKind::kConstant) {
      throw SqlError(sqlstate::kFeatureNotSupported, name + "() needs a constant process id", {}, {}, location + 1);
    }
    if (pid->constant.is_null) return null_constant(kBool);
    // Acts only when the statement runs (the directory is installed then),
    // not while a prepared statement is being described.
    SessionDirectory* directory = current_session_directory();
    bool done = false;
    if (directory != nullptr) {
      auto target = static_cast<std::int32_t>(pid->constant.int_value);
      if (!pid->constant.text_value.empty()) {
        // A value bound as text ($1 of the extended protocol): its digits.
        const std::string& digits = pid->constant.text_value;
        auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), target);
        if (error != std::errc() || end != digits.data() + digits.size()) {
          throw SqlError(sqlstate::kInvalidTextRepresentation,
                         "invalid input syntax for type integer: \"" + digits + "\"");
        }
      }
      check_may_signal(world, *directory, target, name == "pg_cancel_backend");
      done = name == "pg_cancel_backend" ? directory->cancel_backend(target) : directory->terminate_backend(target);
    }
    return int_constant(done ? 1 : 0, kBool);
  }
  if (auto privilege = bind_privilege_function(name, args, location, world)) return privilege;
  if (name == "pg_table_is_visible") {
    arity(1, 1);
    // Hidden: relations an earlier schema of the search path shadows, or in
    // schemas off the path.
    const storage::World& world = world_or_empty();
    std::vector<std::pair<std::int64_t, BoundExpression>> hidden;
    if (!world.namespaces().empty() || !world.tables().empty()) {
      auto consider = [&](const std::string& key, std::int64_t oid) {
        const auto name = storage::split_relation_key(key);
        if (name.schema == "public" && world.namespaces().empty() && !storage::is_temp_relation_key(key)) {
          auto found = resolve_unqualified_relation(world, name.relation);
          if (!found || *found == key) return;
        } else if (resolve_unqualified_relation(world, name.relation) == key) {
          return;
        }
        hidden.emplace_back(oid, int_constant(0, kBool));
      };
      for (auto entry : world.tables()) consider(entry.key, entry.value->schema().oid());
      for (auto entry : world.views()) consider(entry.key, entry.value->oid);
      for (auto entry : world.sequences()) consider(entry.key, entry.value->oid);
    }
    return oid_case(std::move(args[0]), hidden, int_constant(1, kBool));
  }
  if (name == "pg_type_is_visible" || name == "pg_function_is_visible" ||
      name == "pg_collation_is_visible") {
    arity(1, 1);
    return int_constant(1, kBool);
  }
  if (name == "has_database_privilege" || name == "has_function_privilege") {
    arity(1, 4);
    return int_constant(1, kBool);
  }
  if (name == "pg_relation_is_publishable") {
    arity(1, 1);
    return int_constant(0, kBool);  // ptreedb has no publications
  }
  if (name == "pg_get_statisticsobjdef_columns") {
    arity(1, 1);
    return null_constant(kText);  // nor extended statistics
  }
  if (name == "obj_description" || name == "col_description" || name == "shobj_description") {
    arity(1, 2);
    return null_constant(kText);
  }
  if (name == "pg_get_function_result" || name == "pg_get_function_arguments" ||
      name == "pg_get_function_identity_arguments") {
    arity(1, 1);
    return null_constant(kText);
  }
  if (name == "pg_encoding_to_char") {
    arity(1, 1);
    return oid_case(std::move(args[0]), {{kUtf8Encoding, text_constant("UTF8")}}, text_constant(""));
  }
  if (name == "pg_get_serial_sequence") {
    // The sequence a serial or identity column owns, as "public.name"; NULL if none.
    arity(2, 2);
    for (auto& arg : args) {
      if (arg.kind != ExprKind::kConstant || (!arg.unknown_literal && !value::is_character_type(arg.type.id))) {
        throw SqlError(sqlstate::kFeatureNotSupported,
                       "pg_get_serial_sequence with arguments that are not text constants is not supported", {}, {},
                       location + 1);
      }
      if (arg.constant.is_null) return null_constant(kText);
    }
    std::string table_name = args[0].constant.text_value;
    if (table_name.rfind("public.", 0) == 0) table_name = table_name.substr(7);
    const std::string& column = args[1].constant.text_value;
    const storage::World& world = world_or_empty();
    auto table = world.find_table(table_name);
    if (!table && !world.find_view(table_name) && !world.find_sequence(table_name)) {
      throw SqlError(sqlstate::kUndefinedTable, "relation \"" + args[0].constant.text_value + "\" does not exist");
    }
    if (!table || !table->schema().find_column(column)) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + column + "\" of relation \"" + table_name + "\" does not exist");
    }
    for (auto entry : world.sequences()) {
      if (entry.value->owner_table == table_name && entry.value->owner_column == column) {
        return text_constant("public." + quote_identifier(entry.key));
      }
    }
    return null_constant(kText);
  }
  if (name == "pg_get_expr") {
    // pg_attrdef.adbin already holds the expression's SQL text.
    arity(2, 3);
    return coerce(resolve_unknown(std::move(args[0]), kText), kText, true);
  }
  if (name == "pg_get_indexdef") {
    arity(1, 3);
    // pg_get_indexdef(oid, column, pretty): pretty omits "public." as PostgreSQL does.
    bool pretty = args.size() == 3 && args[2].kind == ExprKind::kConstant && !args[2].constant.is_null &&
                  args[2].type.id == value::TypeId::kBoolean && args[2].constant.int_value != 0;
    // A column number k > 0 asks for the k-th key column alone (psql's \\d index).
    bool whole = args.size() == 1 || (args[1].kind == ExprKind::kConstant && !args[1].constant.is_null &&
                                      args[1].constant.int_value == 0);
    std::vector<std::pair<std::int64_t, BoundExpression>> cases;
    for (const auto& index : indexes_of(world)) {
      BoundExpression definition = text_constant(index_definition(index, !pretty));
      if (!whole) {
        std::vector<std::pair<std::int64_t, BoundExpression>> columns = {{0, definition}};
        for (std::size_t k = 0; k < index.columns.size(); ++k) {
          columns.emplace_back(static_cast<std::int64_t>(k + 1),
                               text_constant(quote_identifier(index.table->schema().column(index.columns[k]).name)));
        }
        definition = oid_case(args[1], columns, null_constant(kText));
      }
      cases.emplace_back(index.oid, std::move(definition));
    }
    return oid_case(std::move(args[0]), cases, null_constant(kText));
  }
  if (name == "pg_get_constraintdef") {
    arity(1, 2);
    std::vector<std::pair<std::int64_t, BoundExpression>> cases;
    for (const auto& index : indexes_of(world)) {
      if (index.constraint) cases.emplace_back(index.constraint_oid, text_constant(unique_constraint_definition(index)));
    }
    for (const auto& key : foreign_keys_of(world)) cases.emplace_back(key.oid, text_constant(foreign_key_definition(key)));
    // pg_get_constraintdef(oid, pretty): a CHECK's expression has two forms.
    const bool pretty = args.size() == 2 && args[1].kind == ExprKind::kConstant && !args[1].constant.is_null &&
                        args[1].type.id == value::TypeId::kBoolean && args[1].constant.int_value != 0;
    for (auto entry : world.domains()) {
      for (const auto& check : entry.value->checks) {
        // Printed as a table's CHECK over a column named value, then VALUE in capitals.
        const storage::TableSchema over_value(0, entry.value->name, {storage::ColumnSchema("value", entry.value->base)},
                                              {});
        const storage::CheckConstraintSchema as_table_check{check.name, check.expression_sql, {0}};
        std::string text;
        try {
          text = check_constraint_definition(over_value, as_table_check, pretty);
        } catch (const SqlError&) {
          text = "CHECK (" + check.expression_sql + ")";
        }
        cases.emplace_back(check.oid, text_constant(domain_check_text(text)));
      }
    }
    for (const auto& table : tables_of(world)) {
      const auto& schema = table->schema();
      for (std::size_t i = 0; i < schema.checks().size(); ++i) {
        cases.emplace_back(check_constraint_oid(schema, i),
                           text_constant(check_constraint_definition(schema, schema.checks()[i], pretty)));
      }
    }
    return oid_case(std::move(args[0]), cases, null_constant(kText));
  }
  if (name == "pg_get_viewdef") {
    arity(1, 2);
    std::vector<std::pair<std::int64_t, BoundExpression>> cases;
    for (const auto& view : views_of(world)) cases.emplace_back(view->oid, text_constant(" " + view->query_sql + ";"));
    BoundExpression arg = std::move(args[0]);
    if (arg.unknown_literal || value::is_character_type(arg.type.id)) {
      // pg_get_viewdef('name'): look the name up now.
      arg = resolve_unknown(std::move(arg), kText);
      if (arg.kind == ExprKind::kConstant && !arg.constant.is_null) {
        if (auto view = world.find_view(arg.constant.text_value)) return text_constant(" " + view->query_sql + ";");
      }
      return null_constant(kText);
    }
    return oid_case(std::move(arg), cases, null_constant(kText));
  }
  if (name == "pg_relation_size" || name == "pg_total_relation_size" || name == "pg_table_size" ||
      name == "pg_indexes_size") {
    arity(1, 2);
    std::vector<std::pair<std::int64_t, BoundExpression>> cases;
    for (const auto& table : tables_of(world)) {
      std::int64_t bytes = estimated_bytes(*table);
      if (name == "pg_indexes_size") bytes = bytes / 4;
      if (name == "pg_total_relation_size") bytes += bytes / 4;
      cases.emplace_back(table->schema().oid(), int_constant(bytes, kBigint));
    }
    return oid_case(std::move(args[0]), cases, int_constant(0, kBigint));
  }
  if (name == "pg_get_triggerdef" || name == "pg_get_ruledef") {
    arity(1, 2);
    return null_constant(kText);  // ptreedb has no triggers or rules: their catalogs are empty
  }
  return std::nullopt;
}

BoundExpression bind_array_text_cast(BoundExpression expr) {
  return coerce(resolve_unknown(std::move(expr), kText), kText, true);
}

std::optional<BoundExpression> bind_catalog_cast(const std::string& type_name, BoundExpression expr, int location) {
  if (type_name == "char" || type_name == "regproc" || type_name == "regnamespace" ||
      type_name == "regrole") {
    return coerce(resolve_unknown(std::move(expr), kText), kText, true);
  }
  if (type_name == "oid" || type_name == "regtype") {
    if (type_name == "regtype" && (expr.unknown_literal || value::is_character_type(expr.type.id))) {
      // 'integer'::regtype: the type's oid.
      if (expr.kind == ExprKind::kConstant && !expr.constant.is_null) {
        return int_constant(resolve_type(expr.constant.text_value).oid(), kBigint);
      }
    }
    return as_oid(std::move(expr));
  }
  if (type_name != "regclass") return std::nullopt;
  if (expr.unknown_literal || value::is_character_type(expr.type.id)) {
    // 'name'::regclass: the relation's oid, looked up now (42P01 if none).
    if (expr.kind != ExprKind::kConstant || expr.constant.is_null) return null_constant(kBigint);
    std::string name = expr.constant.text_value;
    // regclass input takes a numeric oid as it is ('16415'::regclass).
    if (!name.empty() && name.size() <= 10 && name.find_first_not_of("0123456789") == std::string::npos) {
      return int_constant(std::stoll(name), kBigint);
    }
    for (const char* prefix : {"public.", "pg_catalog."}) {
      if (name.rfind(prefix, 0) == 0) name = name.substr(std::string(prefix).size());
    }
    name = relation_key_from_text(world_or_empty(), name);
    for (const auto& [oid, relation] : relation_names()) {
      if (relation == name) return int_constant(oid, kBigint);
    }
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + expr.constant.text_value + "\" does not exist", {}, {},
                   location + 1);
  }
  // oid::regclass prints the relation's name (or the number for an unknown oid).
  BoundExpression oid = as_oid(std::move(expr));
  std::vector<std::pair<std::int64_t, BoundExpression>> cases;
  for (const auto& [number, relation] : relation_names()) cases.emplace_back(number, text_constant(relation));
  return oid_case(oid, cases, coerce(oid, kText, true));
}

void check_collation(const std::string& collation, int location) {
  if (collation == "default" || collation == "C" || collation == "POSIX" || collation == "ucs_basic") return;
  throw SqlError(sqlstate::kUndefinedObject, "collation \"" + collation + "\" for encoding \"UTF8\" does not exist", {},
                 {}, location + 1);
}

}  // namespace ptreedb::planner::catalog
