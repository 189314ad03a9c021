#include "planner/copy_planner.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "planner/ddl_clauses.h"
#include "planner/domain_constraints.h"
#include "planner/expression_binder.h"
#include "planner/modifying_with.h"
#include "planner/privileges.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using storage::TableSchema;
using value::SqlType;
using value::TypeId;

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// defGetString: the option's argument as text.
std::string option_string(const PgQuery__DefElem& option) {
  const PgQuery__Node* arg = option.arg;
  if (arg == nullptr) {
    throw SqlError(sqlstate::kSyntaxError, std::string(option.defname) + " requires a parameter");
  }
  switch (arg->node_case) {
    case PG_QUERY__NODE__NODE_STRING: return arg->string->sval;
    case PG_QUERY__NODE__NODE_INTEGER: return std::to_string(arg->integer->ival);
    case PG_QUERY__NODE__NODE_FLOAT: return arg->float_->fval;
    case PG_QUERY__NODE__NODE_BOOLEAN: return arg->boolean->boolval ? "true" : "false";
    case PG_QUERY__NODE__NODE_A_STAR: return "*";
    default: throw SqlError(sqlstate::kSyntaxError, std::string(option.defname) + " requires a parameter");
  }
}

// defGetBoolean: no argument, 0/1, or true/false/on/off.
bool option_boolean(const PgQuery__DefElem& option) {
  const PgQuery__Node* arg = option.arg;
  if (arg == nullptr) return true;
  if (arg->node_case == PG_QUERY__NODE__NODE_BOOLEAN) return arg->boolean->boolval;
  if (arg->node_case == PG_QUERY__NODE__NODE_INTEGER) {
    if (arg->integer->ival == 0 || arg->integer->ival == 1) return arg->integer->ival == 1;
  } else if (arg->node_case == PG_QUERY__NODE__NODE_STRING) {
    std::string text = lower(arg->string->sval);
    if (text == "true" || text == "on") return true;
    if (text == "false" || text == "off") return false;
  }
  throw SqlError(sqlstate::kSyntaxError, std::string(option.defname) + " requires a Boolean value");
}

// HEADER takes a Boolean or, for COPY FROM, "match".
CopyOptions::Header option_header(const PgQuery__DefElem& option, bool from) {
  const PgQuery__Node* arg = option.arg;
  if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_STRING && lower(arg->string->sval) == "match") {
    if (!from) throw SqlError(sqlstate::kFeatureNotSupported, "cannot use \"match\" with HEADER in COPY TO");
    return CopyOptions::Header::kMatch;
  }
  try {
    return option_boolean(option) ? CopyOptions::Header::kPresent : CopyOptions::Header::kNone;
  } catch (const SqlError&) {
    throw SqlError(sqlstate::kSyntaxError, std::string(option.defname) + " requires a Boolean value or \"match\"");
  }
}

// Encodings PostgreSQL knows, by name without punctuation; only UTF-8 is served.
bool is_known_encoding(const std::string& name) {
  static const std::set<std::string> kNames = {
      "sqlascii", "eucjp", "euccn", "euckr", "euctw", "eucjis2004", "mulecinternal", "latin1", "latin2",
      "latin3", "latin4", "latin5", "latin6", "latin7", "latin8", "latin9", "latin10", "win1256", "win1258",
      "win866", "win874", "koi8r", "win1251", "win1252", "iso88595", "iso88596", "iso88597", "iso88598",
      "win1250", "win1253", "win1254", "win1255", "win1257", "koi8u", "sjis", "big5", "gbk", "uhc",
      "gb18030", "johab", "shiftjis2004", "windows1251", "windows1252", "alt", "tcvn", "tcvn5712", "vscii",
      "abc", "mskanji", "shiftjis", "win", "unicode", "utf8"};
  return kNames.count(name) > 0;
}

// Names in a FORCE_* option's list.
std::vector<std::string> option_names(const PgQuery__DefElem& option) {
  const PgQuery__Node* arg = option.arg;
  if (arg == nullptr || arg->node_case != PG_QUERY__NODE__NODE_LIST) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   "argument to option \"" + std::string(option.defname) + "\" must be a list of column names", {},
                   {}, option.location + 1);
  }
  std::vector<std::string> names;
  for (std::size_t i = 0; i < arg->list->n_items; ++i) {
    const PgQuery__Node* item = arg->list->items[i];
    if (item->node_case == PG_QUERY__NODE__NODE_STRING) names.push_back(item->string->sval);
  }
  return names;
}

struct ParsedOptions {
  CopyOptions options;
  bool binary = false;
  bool force_quote_all = false;
  std::optional<std::vector<std::string>> force_quote, force_not_null, force_null;
};

// ProcessCopyOptions: each option once, then the defaults, then the checks.
ParsedOptions parse_options(const PgQuery__CopyStmt& copy) {
  ParsedOptions parsed;
  CopyOptions& options = parsed.options;
  bool from = copy.is_from;
  std::optional<std::string> format, delimiter, null_string, quote, escape, encoding;
  bool header_given = false, freeze_given = false;
  auto once = [](bool given, const PgQuery__DefElem& option) {
    if (given) throw SqlError(sqlstate::kSyntaxError, "conflicting or redundant options", {}, {}, option.location + 1);
  };
  for (std::size_t i = 0; i < copy.n_options; ++i) {
    const PgQuery__DefElem& option = *copy.options[i]->def_elem;
    std::string name = option.defname;
    if (name == "format") {
      once(format.has_value(), option);
      format = option_string(option);
      if (*format == "csv") {
        options.csv = true;
      } else if (*format == "binary") {
        parsed.binary = true;
      } else if (*format != "text") {
        throw SqlError(sqlstate::kInvalidParameterValue, "COPY format \"" + *format + "\" not recognized", {}, {},
                       option.location + 1);
      }
    } else if (name == "freeze") {
      once(freeze_given, option);
      freeze_given = true;
      option_boolean(option);  // nothing to freeze: every load is one new version
    } else if (name == "delimiter") {
      once(delimiter.has_value(), option);
      delimiter = option_string(option);
    } else if (name == "null") {
      once(null_string.has_value(), option);
      null_string = option_string(option);
    } else if (name == "header") {
      once(header_given, option);
      header_given = true;
      options.header = option_header(option, from);
    } else if (name == "quote") {
      once(quote.has_value(), option);
      quote = option_string(option);
    } else if (name == "escape") {
      once(escape.has_value(), option);
      escape = option_string(option);
    } else if (name == "force_quote") {
      once(parsed.force_quote || parsed.force_quote_all, option);
      if (option.arg != nullptr && option.arg->node_case == PG_QUERY__NODE__NODE_A_STAR) {
        parsed.force_quote_all = true;
      } else {
        parsed.force_quote = option_names(option);
      }
    } else if (name == "force_not_null") {
      once(parsed.force_not_null.has_value(), option);
      parsed.force_not_null = option_names(option);
    } else if (name == "force_null") {
      once(parsed.force_null.has_value(), option);
      parsed.force_null = option_names(option);
    } else if (name == "encoding") {
      once(encoding.has_value(), option);
      encoding = option_string(option);
      std::string normalized;
      for (char c : lower(*encoding)) {
        if (std::isalnum(static_cast<unsigned char>(c))) normalized.push_back(c);
      }
      if (!is_known_encoding(normalized)) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "argument to option \"encoding\" must be a valid encoding name", {}, {}, option.location + 1);
      }
      if (normalized != "utf8" && normalized != "unicode") {
        throw SqlError(sqlstate::kFeatureNotSupported, "COPY with an encoding other than UTF8 is not supported");
      }
    } else {
      throw SqlError(sqlstate::kSyntaxError, "option \"" + name + "\" not recognized", {}, {},
                     option.location + 1);
    }
  }
  if (parsed.binary && delimiter) throw SqlError(sqlstate::kSyntaxError, "cannot specify DELIMITER in BINARY mode");
  if (parsed.binary && null_string) throw SqlError(sqlstate::kSyntaxError, "cannot specify NULL in BINARY mode");

  if (!delimiter) delimiter = options.csv ? "," : "\t";
  if (!null_string) null_string = options.csv ? "" : "\\N";
  if (options.csv) {
    if (!quote) quote = "\"";
    if (!escape) escape = *quote;
  }
  if (delimiter->size() != 1) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY delimiter must be a single one-byte character");
  }
  if (delimiter->find_first_of("\r\n") != std::string::npos) {
    throw SqlError(sqlstate::kInvalidParameterValue, "COPY delimiter cannot be newline or carriage return");
  }
  if (null_string->find_first_of("\r\n") != std::string::npos) {
    throw SqlError(sqlstate::kInvalidParameterValue, "COPY null representation cannot use newline or carriage return");
  }
  // In text format these would be ambiguous with escapes and the end marker.
  if (!options.csv && std::string_view("\\.abcdefghijklmnopqrstuvwxyz0123456789").find((*delimiter)[0]) !=
                          std::string_view::npos) {
    throw SqlError(sqlstate::kInvalidParameterValue, "COPY delimiter cannot be \"" + *delimiter + "\"");
  }
  if (parsed.binary && options.header != CopyOptions::Header::kNone) {
    throw SqlError(sqlstate::kFeatureNotSupported, "cannot specify HEADER in BINARY mode");
  }
  if (!options.csv && quote) throw SqlError(sqlstate::kFeatureNotSupported, "COPY quote available only in CSV mode");
  if (options.csv && quote->size() != 1) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY quote must be a single one-byte character");
  }
  if (options.csv && (*delimiter)[0] == (*quote)[0]) {
    throw SqlError(sqlstate::kInvalidParameterValue, "COPY delimiter and quote must be different");
  }
  if (!options.csv && escape) throw SqlError(sqlstate::kFeatureNotSupported, "COPY escape available only in CSV mode");
  if (options.csv && escape->size() != 1) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY escape must be a single one-byte character");
  }
  bool forcing_quotes = parsed.force_quote || parsed.force_quote_all;
  if (!options.csv && forcing_quotes) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY force quote available only in CSV mode");
  }
  if (forcing_quotes && from) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY force quote only available using COPY TO");
  }
  if (!options.csv && parsed.force_not_null) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY force not null available only in CSV mode");
  }
  if (parsed.force_not_null && !from) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY force not null only available using COPY FROM");
  }
  if (!options.csv && parsed.force_null) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY force null available only in CSV mode");
  }
  if (parsed.force_null && !from) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY force null only available using COPY FROM");
  }
  if (null_string->find((*delimiter)[0]) != std::string::npos) {
    throw SqlError(sqlstate::kFeatureNotSupported, "COPY delimiter must not appear in the NULL specification");
  }
  if (options.csv && null_string->find((*quote)[0]) != std::string::npos) {
    throw SqlError(sqlstate::kFeatureNotSupported, "CSV quote character must not appear in the NULL specification");
  }
  options.binary = parsed.binary;
  options.delimiter = (*delimiter)[0];
  options.null_string = *null_string;
  if (options.csv) {
    options.quote = (*quote)[0];
    options.escape = (*escape)[0];
  }
  return parsed;
}

// One flag per target column for a FORCE_* list (empty when not given).
std::vector<std::uint8_t> force_flags(const std::optional<std::vector<std::string>>& names, const char* option,
                                      const std::vector<std::string>& target_names,
                                      const std::vector<std::string>& all_names, const std::string& relation) {
  std::vector<std::uint8_t> flags;
  if (!names) return flags;
  flags.assign(target_names.size(), 0);
  for (const auto& name : *names) {
    if (std::find(all_names.begin(), all_names.end(), name) == all_names.end()) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     relation.empty() ? "column \"" + name + "\" does not exist"
                                      : "column \"" + name + "\" of relation \"" + relation + "\" does not exist");
    }
    auto target = std::find(target_names.begin(), target_names.end(), name);
    if (target == target_names.end()) {
      throw SqlError("42P10", std::string(option) + " column \"" + name + "\" not referenced by COPY");
    }
    flags[target - target_names.begin()] = 1;
  }
  return flags;
}

// The listed columns (each once), or all of them.
std::vector<std::size_t> target_columns(const PgQuery__CopyStmt& copy, const TableSchema& schema) {
  std::vector<std::size_t> targets;
  for (std::size_t i = 0; i < copy.n_attlist; ++i) {
    const PgQuery__Node* item = copy.attlist[i];
    std::string name = item->node_case == PG_QUERY__NODE__NODE_STRING ? item->string->sval : "";
    auto position = schema.find_column(name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + name + "\" of relation \"" + schema.name() + "\" does not exist");
    }
    if (std::find(targets.begin(), targets.end(), *position) != targets.end()) {
      throw SqlError("42701", "column \"" + name + "\" specified more than once");
    }
    targets.push_back(*position);
  }
  if (copy.n_attlist == 0) {
    for (std::size_t c = 0; c < schema.columns().size(); ++c) targets.push_back(c);
  }
  return targets;
}

// COPY table TO is SELECT the columns FROM table.
SelectPlan select_columns(const std::shared_ptr<const storage::Table>& table, const std::vector<std::size_t>& columns) {
  SelectPlan plan;
  const TableSchema& schema = table->schema();
  ScanNode scan;
  scan.table = table;
  std::set<std::size_t> loaded(columns.begin(), columns.end());
  scan.loaded.assign(loaded.begin(), loaded.end());
  std::vector<value::SqlType> table_types;
  for (const auto& column : schema.columns()) table_types.push_back(column.type);
  std::vector<BoundExpression> projections;
  std::vector<value::SqlType> types;
  for (std::size_t position : columns) {
    projections.push_back(column_reference(position, schema.column(position).type));
    types.push_back(schema.column(position).type);
    plan.columns.push_back({schema.column(position).name, schema.column(position).type, schema.oid(),
                            static_cast<std::int16_t>(position + 1)});
  }
  plan.root = make_node(ProjectNode{make_node(std::move(scan), table_types), std::move(projections)}, types);
  return plan;
}

SelectPlan plan_query(const PgQuery__Node& query, const storage::World& world) {
  std::size_t returning = 0;
  switch (query.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT: {
      if (has_modifying_with(query)) {
        throw SqlError(sqlstate::kFeatureNotSupported, "COPY of a query with data-modifying WITH queries is not supported yet");
      }
      StatementPlan plan = plan_statement(query, world);
      return std::move(std::get<SelectPlan>(plan));
    }
    case PG_QUERY__NODE__NODE_INSERT_STMT: returning = query.insert_stmt->n_returning_list; break;
    case PG_QUERY__NODE__NODE_UPDATE_STMT: returning = query.update_stmt->n_returning_list; break;
    case PG_QUERY__NODE__NODE_DELETE_STMT: returning = query.delete_stmt->n_returning_list; break;
    default: break;
  }
  if (returning == 0) throw SqlError(sqlstate::kFeatureNotSupported, "COPY query must have a RETURNING clause");
  throw SqlError(sqlstate::kFeatureNotSupported, "COPY of INSERT, UPDATE or DELETE ... RETURNING is not supported yet");
}

}  // namespace

CopyPlan plan_copy(const PgQuery__CopyStmt& copy, const storage::World& world) {
  if (copy.is_program || (copy.filename != nullptr && *copy.filename != '\0')) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   copy.is_program
                       ? "COPY to or from an external program is not supported; use COPY ... FROM STDIN or psql's \\copy"
                       : "COPY to or from a file is not supported; use COPY ... FROM STDIN or psql's \\copy");
  }
  CopyPlan plan;
  plan.from = copy.is_from;
  if (copy.relation == nullptr) {
    ParsedOptions parsed = parse_options(copy);
    plan.options = parsed.options;
    plan.query = plan_query(*copy.query, world);
    std::vector<std::string> names;
    for (const auto& column : plan.query->columns) names.push_back(column.name);
    plan.options.force_quote = parsed.force_quote_all ? std::vector<std::uint8_t>(names.size(), 1)
                                                      : force_flags(parsed.force_quote, "FORCE_QUOTE", names, names, "");
    return plan;
  }

  const PgQuery__RangeVar& range = *copy.relation;
  check_named_relation_schema(range);
  auto table = world.find_table(range.relname);
  if (!table) {
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + std::string(range.relname) + "\" does not exist", {},
                   {}, range.location + 1);
  }
  const TableSchema& schema = table->schema();
  // COPY FROM inserts (PostgreSQL asks nothing more, even with WHERE); COPY TO reads.
  check_relation_privilege(world, schema.oid(), schema.name(), false,
                           copy.is_from ? storage::kPrivInsert : storage::kPrivSelect);
  if (copy.where_clause != nullptr) {
    Scope scope;
    for (const auto& column : schema.columns()) scope.columns.push_back({schema.name(), column.name, column.type});
    BoundExpression where = coerce(ExpressionBinder(scope).bind(copy.where_clause), SqlType::of(TypeId::kBoolean), false);
    if (where.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of WHERE must be type boolean");
    }
    if (where.contains_aggregate()) {
      throw SqlError("42803", "aggregate functions are not allowed in COPY FROM WHERE conditions");
    }
    plan.where = std::move(where);
  }
  ParsedOptions parsed = parse_options(copy);
  plan.options = parsed.options;
  std::vector<std::size_t> targets = target_columns(copy, schema);
  std::vector<std::string> all_names, target_names;
  for (const auto& column : schema.columns()) all_names.push_back(column.name);
  for (std::size_t position : targets) target_names.push_back(schema.column(position).name);

  if (!plan.from) {
    plan.query = select_columns(table, targets);
    plan.options.force_quote =
        parsed.force_quote_all ? std::vector<std::uint8_t>(targets.size(), 1)
                               : force_flags(parsed.force_quote, "FORCE_QUOTE", target_names, all_names, schema.name());
    return plan;
  }
  plan.options.force_not_null =
      force_flags(parsed.force_not_null, "FORCE_NOT_NULL", target_names, all_names, schema.name());
  plan.options.force_null = force_flags(parsed.force_null, "FORCE_NULL", target_names, all_names, schema.name());
  plan.table_name = schema.name();
  plan.schema = table->schema_ptr();
  plan.target_columns = targets;
  plan.checks = bind_table_checks(schema);
  for (auto& check : bind_domain_column_checks(schema)) plan.checks.push_back(std::move(check));
  for (std::size_t c = 0; c < schema.columns().size(); ++c) {
    bool targeted = std::find(targets.begin(), targets.end(), c) != targets.end();
    if (targeted) {
      BoundExpression unused;
      unused.type = schema.column(c).type;
      plan.defaults.push_back(std::move(unused));
    } else {
      plan.defaults.push_back(bind_default(schema.column(c)));
    }
  }
  return plan;
}

}  // namespace ptreedb::planner
