#include "planner/relation_names.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <set>
#include <unordered_set>

#include "planner/catalog/system_relation.h"
#include "planner/parse/parse_tree_copy.h"
#include "planner/parse/parse_tree_walk.h"
#include "planner/privileges.h"
#include "planner/session_directory.h"
#include "planner/settings_access.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {
namespace {

using storage::World;

std::string text_of(const char* text) { return text != nullptr ? text : ""; }

bool is_system_schema(const std::string& schema) {
  return schema == "pg_catalog" || schema == "information_schema" || schema == "pg_toast";
}

// search_path's entries as written: SplitIdentifierString's rules (quoted
// names kept, others folded to lower case).
std::vector<std::string> search_path_entries() {
  std::string text = current_setting_text("search_path").value_or("\"$user\", public");
  std::vector<std::string> entries;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ',' || text[i] == '\t')) ++i;
    if (i >= text.size()) break;
    std::string entry;
    if (text[i] == '"') {
      for (++i; i < text.size(); ++i) {
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            entry += '"';
            ++i;
          } else {
            ++i;
            break;
          }
        } else {
          entry += text[i];
        }
      }
    } else {
      while (i < text.size() && text[i] != ',') entry += text[i++];
      while (!entry.empty() && (entry.back() == ' ' || entry.back() == '\t')) entry.pop_back();
      for (char& c : entry) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

bool is_default_search_path() {
  auto text = current_setting_text("search_path");
  return !text || *text == "\"$user\", public";
}

// The key for a name in `schema`, "pg_temp" meaning this session's.
std::string key_in(const std::string& schema, const std::string& name) {
  return storage::relation_key(schema == "pg_temp" ? temp_schema_name() : schema, name);
}

bool relation_exists(const World& world, const std::string& key) {
  return storage::relation_kind(world, key).has_value();
}

class NameQualifier {
 public:
  NameQualifier(const World& world, std::pmr::memory_resource& arena) : world_(world), arena_(arena) {}

  void qualify(PgQuery__Node& statement) {
    collect_common_table_names(statement);
    collect_write_targets(statement);
    qualify_created(statement);
    walk_messages(&statement.base, [&](ProtobufCMessage& message) {
      if (message.descriptor == &pg_query__range_var__descriptor) {
        auto& range = reinterpret_cast<PgQuery__RangeVar&>(message);
        if (!handled_.contains(&range)) {
          qualify_reference(range);
          reads_temporary_ = reads_temporary_ || storage::is_temp_relation_key(text_of(range.relname));
        }
        return false;
      }
      return true;
    });
    // As in PostgreSQL, a view over a temporary relation is temporary itself.
    if (view_ != nullptr && view_unqualified_ && reads_temporary_ &&
        !storage::is_temp_relation_key(text_of(view_->relname))) {
      view_->relname = copy(storage::relation_key(temp_schema_name(),
                                                  storage::split_relation_key(text_of(view_->relname)).relation));
    }
  }

 private:
  char* copy(const std::string& text) {
    auto* out = static_cast<char*>(arena_.allocate(text.size() + 1, 1));
    std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
  }

  void collect_write_targets(PgQuery__Node& statement) {
    walk_messages(&statement.base, [&](ProtobufCMessage& message) {
      if (message.descriptor == &pg_query__insert_stmt__descriptor) {
        targets_.insert(reinterpret_cast<PgQuery__InsertStmt&>(message).relation);
      } else if (message.descriptor == &pg_query__update_stmt__descriptor) {
        targets_.insert(reinterpret_cast<PgQuery__UpdateStmt&>(message).relation);
      } else if (message.descriptor == &pg_query__delete_stmt__descriptor) {
        targets_.insert(reinterpret_cast<PgQuery__DeleteStmt&>(message).relation);
      }
      return true;
    });
  }

  void collect_common_table_names(PgQuery__Node& statement) {
    walk_messages(&statement.base, [&](ProtobufCMessage& message) {
      if (message.descriptor == &pg_query__common_table_expr__descriptor) {
        common_tables_.insert(text_of(reinterpret_cast<PgQuery__CommonTableExpr&>(message).ctename));
      }
      return true;
    });
  }

  // Points the RangeVar at `key`, keeping the name it is referred to by.
  void set_key(PgQuery__RangeVar& range, const std::string& key) {
    if (range.alias == nullptr) {
      auto* alias = static_cast<PgQuery__Alias*>(arena_.allocate(sizeof(PgQuery__Alias), alignof(PgQuery__Alias)));
      pg_query__alias__init(alias);
      alias->aliasname = copy(text_of(range.relname));
      range.alias = alias;
    }
    range.relname = copy(key);
    range.schemaname = copy("");
  }

  // The key an unqualified name stands for: what the path finds, else, for a
  // relation of public while public is off the path, a key nothing has (so
  // the name is not found, as in PostgreSQL); nullopt: the name as it is.
  std::optional<std::string> unqualified_key(const std::string& name) {
    auto key = resolve_unqualified_relation(world_, name);
    if (key) return *key == name ? std::nullopt : key;
    if (!relation_exists(world_, name)) return std::nullopt;
    const auto schemas = search_path_schemas(world_);
    if (std::find(schemas.begin(), schemas.end(), "public") != schemas.end()) return std::nullopt;
    return storage::relation_key(current_schema(world_).value_or("pg_catalog"), name);
  }

  void qualify_reference(PgQuery__RangeVar& range) {
    const std::string schema = text_of(range.schemaname);
    const std::string name = text_of(range.relname);
    if (schema.empty()) {
      // An INSERT, UPDATE or DELETE target is a table even when a WITH query has its name.
      if (common_tables_.contains(name) && !targets_.contains(&range)) return;
      if (auto key = unqualified_key(name)) set_key(range, *key);
      return;
    }
    if (auto key = relation_key_of(world_, schema, name)) set_key(range, *key);
  }

  // Where a created relation goes; rewrites its RangeVar (TEMPORARY becomes
  // the pg_temp_N key, so later checks see an ordinary relation).
  void qualify_created_range(PgQuery__RangeVar* range) {
    if (range == nullptr) return;
    handled_.insert(range);
    const std::string schema = text_of(range->schemaname);
    const std::string persistence = text_of(range->relpersistence);
    const std::string name = text_of(range->relname);
    if (persistence == "t") {
      if (!schema.empty() && schema != "pg_temp" && schema != temp_schema_name()) {
        throw SqlError("42P16", "cannot create temporary relation in non-temporary schema", {}, {},
                       range->location + 1);
      }
      range->relname = copy(storage::relation_key(temp_schema_name(), name));
      range->schemaname = copy("");
      range->relpersistence = copy("p");
      return;
    }
    if (schema == "pg_temp") {
      // PostgreSQL makes a relation created in pg_temp temporary.
      range->relname = copy(storage::relation_key(temp_schema_name(), name));
      range->schemaname = copy("");
      return;
    }
    if (!schema.empty()) {
      if (schema == "public" || is_system_schema(schema) || !schema_exists(world_, schema)) return;
      range->relname = copy(storage::relation_key(schema, name));
      range->schemaname = copy("");
      return;
    }
    auto target = current_schema(world_);
    if (!target) throw SqlError("3F000", "no schema has been selected to create in", {}, {}, range->location + 1);
    if (*target == "public") return;
    if (is_system_schema(*target)) {
      range->schemaname = copy(*target);  // refused as a system schema later
      return;
    }
    range->relname = copy(storage::relation_key(*target, name));
  }

  // A foreign key naming the table being created refers to it, as in
  // PostgreSQL, where the new relation is found first (the temporary schema
  // is searched first; a permanent one is created in the path's first schema).
  void qualify_self_references(PgQuery__CreateStmt& create, const std::string& written_schema,
                               const std::string& written_name) {
    const std::string key = text_of(create.relation->relname);
    walk_messages(&create.base, [&](ProtobufCMessage& message) {
      if (message.descriptor != &pg_query__constraint__descriptor) return true;
      auto& constraint = reinterpret_cast<PgQuery__Constraint&>(message);
      if (constraint.contype != PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN || constraint.pktable == nullptr) return false;
      PgQuery__RangeVar& referenced = *constraint.pktable;
      const std::string schema = text_of(referenced.schemaname);
      if (text_of(referenced.relname) != written_name) return false;
      if (!schema.empty() && schema != written_schema) return false;
      if (schema.empty() && !written_schema.empty() && key != storage::relation_key(temp_schema_name(), written_name)) {
        return false;  // an unqualified name reaches a qualified new table only through the path
      }
      handled_.insert(&referenced);
      referenced.relname = copy(key);
      referenced.schemaname = copy("");
      return false;
    });
  }

  void qualify_name_list(PgQuery__Node* item) {
    if (item == nullptr || item->node_case != PG_QUERY__NODE__NODE_LIST) return;
    PgQuery__List& list = *item->list;
    auto part = [&](std::size_t i) {
      const PgQuery__Node* node = list.items[i];
      return node->node_case == PG_QUERY__NODE__NODE_STRING ? text_of(node->string->sval) : std::string();
    };
    std::optional<std::string> key;
    if (list.n_items == 1) {
      key = unqualified_key(part(0));
    } else if (list.n_items == 2) {
      key = relation_key_of(world_, part(0), part(1));
    }
    if (!key) return;
    list.n_items = 1;
    list.items[0]->string->sval = copy(*key);
  }

  void qualify_created(PgQuery__Node& statement) {
    switch (statement.node_case) {
      case PG_QUERY__NODE__NODE_CREATE_STMT:
        // ON COMMIT is the session's to carry out (temp_table_creation).
        if (temp_table_creation(statement)) statement.create_stmt->oncommit = PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_NOOP;
        if (statement.create_stmt->relation != nullptr) {
          const PgQuery__RangeVar written = *statement.create_stmt->relation;
          const std::string written_schema = text_of(written.schemaname), written_name = text_of(written.relname);
          qualify_created_range(statement.create_stmt->relation);
          qualify_self_references(*statement.create_stmt, written_schema, written_name);
        }
        break;
      case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT:
        if (statement.create_table_as_stmt->into != nullptr) {
          if (temp_table_creation(statement)) {
            statement.create_table_as_stmt->into->on_commit = PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_NOOP;
          }
          qualify_created_range(statement.create_table_as_stmt->into->rel);
        }
        break;
      case PG_QUERY__NODE__NODE_SELECT_STMT:
        if (statement.select_stmt->into_clause != nullptr) {
          if (temp_table_creation(statement)) {
            statement.select_stmt->into_clause->on_commit = PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_NOOP;
          }
          qualify_created_range(statement.select_stmt->into_clause->rel);
        }
        break;
      case PG_QUERY__NODE__NODE_VIEW_STMT:
        view_ = statement.view_stmt->view;
        view_unqualified_ = view_ != nullptr && text_of(view_->schemaname).empty();
        qualify_created_range(statement.view_stmt->view);
        break;
      case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT:
        qualify_created_range(statement.create_seq_stmt->sequence);
        break;
      case PG_QUERY__NODE__NODE_INDEX_STMT: {
        // The index goes in its table's schema.
        PgQuery__IndexStmt& index = *statement.index_stmt;
        if (index.relation == nullptr) break;
        handled_.insert(index.relation);
        qualify_reference(*index.relation);
        const std::string index_name = text_of(index.idxname);
        if (!index_name.empty()) {
          index.idxname = copy(storage::sibling_key(text_of(index.relation->relname), index_name));
        }
        break;
      }
      case PG_QUERY__NODE__NODE_RENAME_STMT: {
        PgQuery__RenameStmt& rename = *statement.rename_stmt;
        if (rename.relation == nullptr) break;
        handled_.insert(rename.relation);
        qualify_reference(*rename.relation);
        const bool renames_relation = rename.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE ||
                                      rename.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW ||
                                      rename.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_INDEX ||
                                      rename.rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE;
        if (renames_relation && rename.newname != nullptr) {
          rename.newname = copy(storage::sibling_key(text_of(rename.relation->relname), rename.newname));
        }
        break;
      }
      case PG_QUERY__NODE__NODE_DROP_STMT: {
        PgQuery__DropStmt& drop = *statement.drop_stmt;
        const auto kind = drop.remove_type;
        if (kind == PG_QUERY__OBJECT_TYPE__OBJECT_TABLE || kind == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW ||
            kind == PG_QUERY__OBJECT_TYPE__OBJECT_INDEX || kind == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE) {
          for (std::size_t i = 0; i < drop.n_objects; ++i) qualify_name_list(drop.objects[i]);
        }
        break;
      }
      default:
        break;
    }
  }

  const World& world_;
  std::pmr::memory_resource& arena_;
  std::set<std::string> common_tables_;
  PgQuery__RangeVar* view_ = nullptr;  // CREATE VIEW's
  bool view_unqualified_ = false;
  bool reads_temporary_ = false;
  std::unordered_set<const PgQuery__RangeVar*> handled_;
  std::unordered_set<const PgQuery__RangeVar*> targets_;  // INSERT/UPDATE/DELETE targets
};

}  // namespace

std::string temp_schema_name() {
  std::int32_t pid = current_backend_pid();
  if (pid == 0) {
    SessionDirectory* directory = current_session_directory();
    pid = directory != nullptr ? directory->backend_pid() : static_cast<std::int32_t>(::getpid());
  }
  return storage::kTempSchemaPrefix + std::to_string(pid);
}

bool has_temp_relations(const World& world) {
  const std::string prefix = temp_schema_name() + ".";
  auto holds = [&](const auto& map) {
    const std::size_t rank = map.rank(prefix);
    return rank < map.size() && map.select(rank).key.starts_with(prefix);
  };
  return holds(world.tables()) || holds(world.views());
}

bool schema_exists(const World& world, const std::string& name) {
  if (name == "public" || name == "pg_catalog" || name == "information_schema") return true;
  if (world.find_namespace(name)) return true;
  return name == temp_schema_name() && has_temp_relations(world);
}

std::vector<std::string> search_path_schemas(const World& world) {
  std::vector<std::string> schemas;
  std::vector<std::string> entries = search_path_entries();
  bool catalog_listed = false;
  for (const auto& entry : entries) catalog_listed = catalog_listed || entry == "pg_catalog";
  if (!catalog_listed) schemas.push_back("pg_catalog");
  for (auto entry : entries) {
    if (entry == "$user") entry = current_role_setting();
    if (entry == "pg_temp") entry = temp_schema_name();  // where it is listed, not first
    if (!schema_exists(world, entry)) continue;
    // A schema the role may not use is left out of the path, as in PostgreSQL.
    if (auto created = world.find_namespace(entry); created && !has_schema_usage(world, created->oid)) continue;
    if (std::find(schemas.begin(), schemas.end(), entry) == schemas.end()) schemas.push_back(entry);
  }
  return schemas;
}

std::optional<std::string> current_schema(const World& world) {
  for (auto entry : search_path_entries()) {
    if (entry == "$user") entry = current_role_setting();
    if (entry == "pg_temp") return temp_schema_name();  // made when first needed, as PostgreSQL does
    if (auto created = world.find_namespace(entry); created && !has_schema_usage(world, created->oid)) continue;
    if (schema_exists(world, entry)) return entry;
  }
  return std::nullopt;
}

std::string current_schemas_text(const World& world, bool include_implicit) {
  std::vector<std::string> schemas;
  std::vector<std::string> entries = search_path_entries();
  const bool temp_listed = std::find(entries.begin(), entries.end(), "pg_temp") != entries.end();
  if (include_implicit && !temp_listed && has_temp_relations(world)) schemas.push_back(temp_schema_name());
  bool catalog_listed = std::find(entries.begin(), entries.end(), "pg_catalog") != entries.end();
  for (const auto& schema : search_path_schemas(world)) {
    if (schema == "pg_catalog" && !catalog_listed && !include_implicit) continue;
    schemas.push_back(schema);
  }
  std::string text = "{";
  for (std::size_t i = 0; i < schemas.size(); ++i) {
    if (i > 0) text += ",";
    bool plain = !schemas[i].empty();
    for (char c : schemas[i]) {
      plain = plain && (std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
                        c == '_');
    }
    text += plain ? schemas[i] : "\"" + schemas[i] + "\"";
  }
  return text + "}";
}

std::optional<std::string> resolve_unqualified_relation(const World& world, const std::string& name) {
  const std::string temp_key = storage::relation_key(temp_schema_name(), name);
  if (is_default_search_path()) {
    if (relation_exists(world, temp_key)) return temp_key;
  } else {
    const auto entries = search_path_entries();
    // pg_temp is searched first unless search_path lists it somewhere.
    if (std::find(entries.begin(), entries.end(), "pg_temp") == entries.end() && relation_exists(world, temp_key)) {
      return temp_key;
    }
  }
  if (world.namespaces().empty() && is_default_search_path()) {
    return relation_exists(world, name) ? std::optional<std::string>(name) : std::nullopt;
  }
  for (const auto& schema : search_path_schemas(world)) {
    if (schema == "pg_catalog" || schema == "information_schema") {
      if (catalog::find_system_relation(schema, name) != nullptr) return std::nullopt;  // the system relation
      continue;
    }
    const std::string key = storage::relation_key(schema, name);
    if (relation_exists(world, key)) return key;
  }
  return std::nullopt;
}

std::optional<std::string> relation_key_of(const World& world, const std::string& schema, const std::string& name) {
  if (schema.empty() || schema == "public" || is_system_schema(schema)) return std::nullopt;
  if (schema == "pg_temp") return key_in(schema, name);
  if (storage::is_temp_schema(schema)) {
    if (schema != temp_schema_name() && relation_exists(world, storage::relation_key(schema, name))) {
      throw SqlError(sqlstate::kFeatureNotSupported, "cannot access temporary tables of other sessions");
    }
    return storage::relation_key(schema, name);
  }
  auto created = world.find_namespace(schema);
  if (!created) return std::nullopt;  // "schema ... does not exist" where it is looked up
  if (!has_schema_usage(world, created->oid)) {
    throw SqlError("42501", "permission denied for schema " + schema);
  }
  return storage::relation_key(schema, name);
}

std::vector<std::string> split_qualified_name(const std::string& text) {
  std::vector<std::string> parts(1);
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        parts.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        parts.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == '.') {
      parts.emplace_back();
    } else {
      parts.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return parts;
}

std::string relation_key_from_text(const World& world, const std::string& text) {
  std::vector<std::string> parts = split_qualified_name(text);
  if (parts.size() == 1) return resolve_unqualified_relation(world, parts[0]).value_or(parts[0]);
  if (parts.size() == 2) {
    if (parts[0] == "public" || is_system_schema(parts[0])) return parts[1];
    return relation_key_of(world, parts[0], parts[1]).value_or(text);
  }
  return text;
}

namespace {

// The relation a CREATE statement makes, if it is one.
const PgQuery__RangeVar* created_relation(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_CREATE_STMT: return statement.create_stmt->relation;
    case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT:
      return statement.create_table_as_stmt->into != nullptr ? statement.create_table_as_stmt->into->rel : nullptr;
    case PG_QUERY__NODE__NODE_SELECT_STMT:
      return statement.select_stmt->into_clause != nullptr ? statement.select_stmt->into_clause->rel : nullptr;
    case PG_QUERY__NODE__NODE_VIEW_STMT: return statement.view_stmt->view;
    case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT: return statement.create_seq_stmt->sequence;
    default: return nullptr;
  }
}

}  // namespace

const PgQuery__Node& qualify_relation_names(const PgQuery__Node& statement, const World& world,
                                            std::pmr::memory_resource& arena) {
  if (world.namespaces().empty() && is_default_search_path() && !has_temp_relations(world)) {
    // Nothing but public to look in, and nothing temporary made: the names are
    // the keys (a name qualified by pg_temp finds nothing either way).
    const PgQuery__RangeVar* created = created_relation(statement);
    if (created == nullptr ||
        (text_of(created->relpersistence) != "t" && text_of(created->schemaname) != "pg_temp")) {
      return statement;
    }
  }
  PgQuery__Node* copy = copy_parse_node(statement, arena);
  NameQualifier(world, arena).qualify(*copy);
  return *copy;
}

std::optional<TempTableCreation> temp_table_creation(const PgQuery__Node& statement) {
  const PgQuery__RangeVar* range = nullptr;
  PgQuery__OnCommitAction on_commit = PG_QUERY__ON_COMMIT_ACTION__ON_COMMIT_ACTION_UNDEFINED;
  if (statement.node_case == PG_QUERY__NODE__NODE_CREATE_STMT) {
    range = statement.create_stmt->relation;
    on_commit = statement.create_stmt->oncommit;
  } else if (statement.node_case == PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT &&
             statement.create_table_as_stmt->into != nullptr) {
    range = statement.create_table_as_stmt->into->rel;
    on_commit = statement.create_table_as_stmt->into->on_commit;
  } else if (statement.node_case == PG_QUERY__NODE__NODE_SELECT_STMT &&
             statement.select_stmt->into_clause != nullptr) {
    range = statement.select_stmt->into_clause->rel;
    on_commit = statement.select_stmt->into_clause->on_commit;
  }
  if (range == nullptr) return std::nullopt;
  const std::string schema = text_of(range->schemaname);
  if (text_of(range->relpersistence) != "t" && schema != "pg_temp") return std::nullopt;
  TempTableCreation creation;
  creation.key = storage::relation_key(temp_schema_name(), text_of(range->relname));
  if (on_commit == PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_DELETE_ROWS) creation.on_commit = OnCommitAction::kDeleteRows;
  if (on_commit == PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_DROP) creation.on_commit = OnCommitAction::kDrop;
  return creation;
}

}  // namespace ptreedb::planner
