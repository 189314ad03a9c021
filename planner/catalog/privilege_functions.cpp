#include "planner/catalog/privilege_functions.h"

#include <algorithm>
#include <cctype>

#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/system_relation.h"
#include "planner/expression_binder.h"
#include "planner/privileges.h"
#include "storage/sql_error.h"

namespace ptreedb::planner::catalog {
namespace {

using value::SqlType;
using value::TypeId;

const SqlType kText = SqlType::of(TypeId::kText);
const SqlType kBool = SqlType::of(TypeId::kBoolean);
const SqlType kBigint = SqlType::of(TypeId::kBigint);
// PostgreSQL's oid of pg_authid, the one system relation closed to non-superusers.
constexpr std::uint32_t kPgAuthidOid = 1260;

BoundExpression constant(bool is_null, std::int64_t number, const std::string& text, SqlType type) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = type;
  out.constant.is_null = is_null;
  out.constant.int_value = number;
  out.constant.text_value = text;
  return out;
}

BoundExpression bool_constant(bool value) { return constant(false, value ? 1 : 0, {}, kBool); }

// The constant under any casts, or null when the argument is not constant.
const BoundExpression* constant_of(const BoundExpression& arg) {
  const BoundExpression* node = &arg;
  while (node->kind == ExprKind::kCast && node->args.size() == 1) node = &node->args[0];
  return node->kind == ExprKind::kConstant ? node : nullptr;
}

bool is_text(const BoundExpression& node) {
  return node.unknown_literal || node.type.id == TypeId::kText || node.type.id == TypeId::kVarchar ||
         node.type.id == TypeId::kChar;
}

// `key = oid`, one WHEN of a CASE over oids.
BoundExpression equals_oid(const BoundExpression& key, std::int64_t oid) {
  BoundExpression equal;
  equal.kind = ExprKind::kComparison;
  equal.comparison = ComparisonOp::kEqual;
  equal.type = kBool;
  equal.args = {key, constant(false, oid, {}, kBigint)};
  return equal;
}

BoundExpression oid_case(BoundExpression oid, const std::vector<std::pair<std::int64_t, bool>>& cases,
                         bool otherwise) {
  BoundExpression key = coerce(resolve_unknown(std::move(oid), kBigint), kBigint, true);
  BoundExpression out;
  out.kind = ExprKind::kCase;
  out.type = kBool;
  for (const auto& [value, result] : cases) {
    out.args.push_back(equals_oid(key, value));
    out.args.push_back(bool_constant(result));
  }
  out.args.push_back(bool_constant(otherwise));
  return out;
}

std::string lower_trimmed(std::string text) {
  std::string out;
  for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto start = out.find_first_not_of(' ');
  auto end = out.find_last_not_of(' ');
  return start == std::string::npos ? std::string() : out.substr(start, end - start + 1);
}

// "SELECT, UPDATE WITH GRANT OPTION" -> bits (grant options in `options`).
struct WantedPrivileges {
  std::uint32_t privileges = 0;
  std::uint32_t options = 0;
};

WantedPrivileges wanted_privileges(const BoundExpression& arg, std::uint32_t allowed, const std::string& function) {
  const BoundExpression* node = constant_of(arg);
  if (node == nullptr || !is_text(*node)) {
    throw SqlError(sqlstate::kFeatureNotSupported, function + "() needs a constant privilege text");
  }
  WantedPrivileges wanted;
  std::string text = node->constant.text_value;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    const std::string chunk = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::string item = lower_trimmed(chunk);
    bool option = false;
    const std::string suffix = " with grant option";
    if (item.size() > suffix.size() && item.ends_with(suffix)) {
      option = true;
      item = lower_trimmed(item.substr(0, item.size() - suffix.size()));
    }
    std::uint32_t bit = item == "select"       ? storage::kPrivSelect
                        : item == "insert"     ? storage::kPrivInsert
                        : item == "update"     ? storage::kPrivUpdate
                        : item == "delete"     ? storage::kPrivDelete
                        : item == "truncate"   ? storage::kPrivTruncate
                        : item == "references" ? storage::kPrivReferences
                        : item == "trigger"    ? storage::kPrivTrigger
                        : item == "usage"      ? storage::kPrivUsage
                        : item == "create"     ? storage::kPrivCreate
                                               : 0u;
    if ((bit & allowed) == 0) {
      // As written, trimmed (PostgreSQL's convert_any_priv_string).
      const auto first = chunk.find_first_not_of(' '), last = chunk.find_last_not_of(' ');
      const std::string written = first == std::string::npos ? std::string() : chunk.substr(first, last - first + 1);
      throw SqlError(sqlstate::kInvalidParameterValue, "unrecognized privilege type: \"" + written + "\"");
    }
    (option ? wanted.options : wanted.privileges) |= bit;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return wanted;
}

std::uint32_t role_argument(const BoundExpression& arg, const storage::World& world, const std::string& function) {
  const BoundExpression* node = constant_of(arg);
  if (node == nullptr) throw SqlError(sqlstate::kFeatureNotSupported, function + "() needs a constant role");
  if (is_text(*node)) {
    const std::string& name = node->constant.text_value;
    if (lower_trimmed(name) == "public") return storage::kPublicGrantee;
    auto role = world.find_role(name);
    if (role == nullptr) throw SqlError(sqlstate::kUndefinedObject, "role \"" + name + "\" does not exist");
    return role->oid;
  }
  return static_cast<std::uint32_t>(node->constant.int_value);
}

// Whether `role` holds any of `wanted` on the relation (or column).
bool holds(const storage::World& world, std::uint32_t role, std::uint32_t relation, const WantedPrivileges& wanted,
           const std::string& column = {}) {
  if (wanted.privileges != 0 && relation_privileges(world, role, relation, wanted.privileges, column) != 0) {
    return true;
  }
  if (wanted.options != 0) {
    if (is_superuser(world, role) || has_privileges_of(world, role, owner_of(world, relation))) return true;
    auto held = storage::held_privileges(relation_acl(world, relation), inherited_roles(world, role));
    if ((held.grant_options & wanted.options) != 0) return true;
  }
  return false;
}

// The relation named or numbered by `arg`; nullopt for a column of oids.
std::optional<std::uint32_t> relation_argument(const BoundExpression& arg, const storage::World& world) {
  const BoundExpression* node = constant_of(arg);
  if (node == nullptr) return std::nullopt;
  if (!is_text(*node)) return static_cast<std::uint32_t>(node->constant.int_value);
  std::string name = node->constant.text_value;
  if (name.starts_with("public.")) name = name.substr(7);
  if (auto table = world.find_table(name)) return table->schema().oid();
  if (auto view = world.find_view(name)) return view->oid;
  if (name == "pg_authid" || name == "pg_catalog.pg_authid") return kPgAuthidOid;
  if (find_system_relation("", name) != nullptr || find_system_relation("pg_catalog", name) != nullptr) {
    return 0;  // a system relation: readable by everyone but pg_authid
  }
  throw SqlError(sqlstate::kUndefinedTable, "relation \"" + name + "\" does not exist");
}

bool holds_on(const storage::World& world, std::uint32_t role, std::uint32_t relation, const WantedPrivileges& wanted,
              const std::string& column = {}) {
  if (relation == kPgAuthidOid) return is_superuser(world, role);
  if (relation == 0 || relation < 16384) {
    return is_superuser(world, role) || ((wanted.privileges | wanted.options) & storage::kPrivSelect) != 0;
  }
  return holds(world, role, relation, wanted, column);
}

}  // namespace

std::optional<BoundExpression> bind_privilege_function(const std::string& name, std::vector<BoundExpression>& args,
                                                       int location, const storage::World& world) {
  auto wrong = [&] {
    throw SqlError("42883", "function " + name + " with " + std::to_string(args.size()) + " arguments does not exist",
                   {}, {}, location + 1);
  };
  if (name == "pg_get_userbyid") {
    if (args.size() != 1) wrong();
    BoundExpression key = coerce(resolve_unknown(std::move(args[0]), kBigint), kBigint, true);
    BoundExpression out;
    out.kind = ExprKind::kCase;
    out.type = kText;
    auto add = [&](std::int64_t oid, const std::string& role_name) {
      out.args.push_back(equals_oid(key, oid));
      out.args.push_back(constant(false, 0, role_name, kText));
    };
    for (auto it = world.roles().begin(); it != world.roles().end(); ++it) add((*it).value->oid, (*it).key);
    add(storage::kDatabaseOwnerRoleOid, "pg_database_owner");
    out.args.push_back(constant(true, 0, {}, kText));
    return out;
  }
  const std::uint32_t current = checking_role_oid(world);
  if (name == "has_table_privilege" || name == "has_any_column_privilege") {
    if (args.size() != 2 && args.size() != 3) wrong();
    const std::uint32_t role = args.size() == 3 ? role_argument(args[0], world, name) : current;
    const BoundExpression& relation = args[args.size() - 2];
    WantedPrivileges wanted = wanted_privileges(args.back(), storage::kTablePrivileges, name);
    if (auto oid = relation_argument(relation, world)) return bool_constant(holds_on(world, role, *oid, wanted));
    std::vector<std::pair<std::int64_t, bool>> cases;
    for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
      const std::uint32_t oid = (*it).value->schema().oid();
      cases.emplace_back(oid, holds(world, role, oid, wanted));
    }
    for (auto it = world.views().begin(); it != world.views().end(); ++it) {
      cases.emplace_back((*it).value->oid, holds(world, role, (*it).value->oid, wanted));
    }
    return oid_case(std::move(args[args.size() - 2]), cases, holds_on(world, role, 0, wanted));
  }
  if (name == "has_sequence_privilege") {
    if (args.size() != 2 && args.size() != 3) wrong();
    const std::uint32_t role = args.size() == 3 ? role_argument(args[0], world, name) : current;
    WantedPrivileges wanted = wanted_privileges(args.back(), storage::kSequencePrivileges, name);
    if (const BoundExpression* sequence = constant_of(args[args.size() - 2])) {
      if (sequence->constant.is_null) return constant(true, 0, {}, kBool);
      if (!is_text(*sequence)) {
        const auto oid = static_cast<std::uint32_t>(sequence->constant.int_value);
        if (world.find_sequence(oid) == nullptr) return constant(true, 0, {}, kBool);  // no such sequence: NULL
        return bool_constant(holds(world, role, oid, wanted));
      }
      std::string sequence_name = sequence->constant.text_value;
      if (sequence_name.starts_with("public.")) sequence_name = sequence_name.substr(7);
      if (auto found = world.find_sequence(sequence_name)) return bool_constant(holds(world, role, found->oid, wanted));
      if (world.find_table(sequence_name) || world.find_view(sequence_name)) {
        throw SqlError("42809", "\"" + sequence_name + "\" is not a sequence");
      }
      throw SqlError(sqlstate::kUndefinedTable, "relation \"" + sequence_name + "\" does not exist");
    }
    std::vector<std::pair<std::int64_t, bool>> cases;
    for (auto it = world.sequences().begin(); it != world.sequences().end(); ++it) {
      cases.emplace_back((*it).value->oid, holds(world, role, (*it).value->oid, wanted));
    }
    BoundExpression answer = oid_case(std::move(args[args.size() - 2]), cases, false);
    return answer;
  }
  if (name == "has_column_privilege") {
    if (args.size() != 3 && args.size() != 4) wrong();
    const std::uint32_t role = args.size() == 4 ? role_argument(args[0], world, name) : current;
    auto relation = relation_argument(args[args.size() - 3], world);
    const BoundExpression* column = constant_of(args[args.size() - 2]);
    if (!relation || column == nullptr) {
      throw SqlError(sqlstate::kFeatureNotSupported, name + "() needs a constant relation and column");
    }
    WantedPrivileges wanted = wanted_privileges(args.back(), storage::kColumnPrivileges, name);
    std::string column_name;
    if (*relation >= 16384) {
      auto table = world.find_table(std::string());
      for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
        if ((*it).value->schema().oid() == *relation) table = (*it).value;
      }
      if (is_text(*column)) {
        column_name = column->constant.text_value;
        if (table && !table->schema().find_column(column_name)) {
          throw SqlError(sqlstate::kUndefinedColumn, "column \"" + column_name + "\" of relation \"" +
                                                         table->schema().name() + "\" does not exist");
        }
      } else if (table) {
        const auto position = column->constant.int_value;
        if (position < 1 || position > static_cast<std::int64_t>(table->schema().columns().size())) {
          return constant(true, 0, {}, kBool);
        }
        column_name = table->schema().column(static_cast<std::size_t>(position - 1)).name;
      }
    }
    return bool_constant(holds_on(world, role, *relation, wanted, column_name));
  }
  if (name == "has_schema_privilege") {
    if (args.size() != 2 && args.size() != 3) wrong();
    const std::uint32_t role = args.size() == 3 ? role_argument(args[0], world, name) : current;
    WantedPrivileges wanted = wanted_privileges(args.back(), storage::kSchemaPrivileges, name);
    auto on_public = [&] {
      if (schema_privileges(world, role, wanted.privileges) != 0) return true;
      if (wanted.options == 0) return false;
      if (is_superuser(world, role)) return true;
      auto held = storage::held_privileges(public_schema_acl(world), inherited_roles(world, role));
      return (held.grant_options & wanted.options) != 0;
    };
    // pg_catalog and information_schema: USAGE for everyone, CREATE for superusers.
    const bool system_schema = is_superuser(world, role) || (wanted.privileges & storage::kPrivUsage) != 0;
    const BoundExpression* schema = constant_of(args[args.size() - 2]);
    if (schema == nullptr) {
      return oid_case(std::move(args[args.size() - 2]), {{kPublicNamespace, on_public()}}, system_schema);
    }
    if (is_text(*schema)) {
      const std::string& schema_name = schema->constant.text_value;
      if (schema_name == "public") return bool_constant(on_public());
      if (schema_name == "pg_catalog" || schema_name == "information_schema" || schema_name == "pg_toast") {
        return bool_constant(system_schema);
      }
      throw SqlError("3F000", "schema \"" + schema_name + "\" does not exist");
    }
    return bool_constant(schema->constant.int_value == kPublicNamespace ? on_public() : system_schema);
  }
  if (name == "pg_has_role") {
    if (args.size() != 2 && args.size() != 3) wrong();
    const std::uint32_t role = args.size() == 3 ? role_argument(args[0], world, name) : current;
    const std::uint32_t target = role_argument(args[args.size() - 2], world, name);
    const BoundExpression* mode = constant_of(args.back());
    if (mode == nullptr) throw SqlError(sqlstate::kFeatureNotSupported, name + "() needs a constant mode");
    std::string text = lower_trimmed(mode->constant.text_value);
    if (text.ends_with(" with admin option") || text.ends_with(" with grant option")) {
      text = lower_trimmed(text.substr(0, text.size() - 18));
    }
    if (text == "member") return bool_constant(is_member_of(world, role, target));
    if (text == "usage") return bool_constant(has_privileges_of(world, role, target));
    throw SqlError(sqlstate::kInvalidParameterValue, "unrecognized privilege type: \"" + text + "\"");
  }
  return std::nullopt;
}

}  // namespace ptreedb::planner::catalog
