#include "planner/sequence_options_clause.h"

#include <charconv>

#include "planner/statement_planner.h"
#include "storage/sql_error.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {
namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

// defGetInt64: integers as they are, larger numbers through int8in.
std::int64_t int64_of(const PgQuery__DefElem& option) {
  const PgQuery__Node* arg = option.arg;
  if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_INTEGER) return arg->integer->ival;
  if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_FLOAT) {
    std::string text = arg->float_->fval;
    std::int64_t value = 0;
    const char* begin = text.data();
    if (!text.empty() && text[0] == '+') ++begin;
    auto [end, error] = std::from_chars(begin, text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range) {
      throw SqlError(sqlstate::kNumericValueOutOfRange, "value \"" + text + "\" is out of range for type bigint");
    }
    if (error != std::errc() || end != text.data() + text.size()) {
      throw SqlError(sqlstate::kInvalidTextRepresentation, "invalid input syntax for type bigint: \"" + text + "\"");
    }
    return value;
  }
  throw SqlError(sqlstate::kSyntaxError, std::string(option.defname) + " requires a numeric value");
}

std::optional<std::int64_t> optional_int64_of(const PgQuery__DefElem& option) {
  if (option.arg == nullptr) return std::nullopt;
  return int64_of(option);
}

template <class T>
void set_once(std::optional<T>& slot, T value, const PgQuery__DefElem& option) {
  if (slot) throw SqlError(sqlstate::kSyntaxError, "conflicting or redundant options", {}, {}, option.location + 1);
  slot = std::move(value);
}

}  // namespace

std::string sequence_type_name(value::TypeId type) {
  switch (type) {
    case value::TypeId::kSmallint: return "smallint";
    case value::TypeId::kInteger: return "integer";
    default: return "bigint";
  }
}

std::string nextval_default_sql(const std::string& sequence_key) {
  // A sequence of another schema is written qualified, each part quoted as needed.
  auto quote = [](const std::string& name) {
    bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
    for (char c : name) plain = plain && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    if (plain) return name;
    std::string quoted = "\"";
    for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
  };
  const storage::RelationName name = storage::split_relation_key(sequence_key);
  std::string quoted = name.schema == storage::kPublicSchema ? quote(name.relation)
                                                             : quote(name.schema) + "." + quote(name.relation);
  std::string literal;
  for (char c : quoted) literal += c == '\'' ? std::string("''") : std::string(1, c);
  return "nextval('" + literal + "'::regclass)";
}

SequenceOptionChanges read_sequence_options(PgQuery__Node* const* options, std::size_t count, bool for_identity) {
  SequenceOptionChanges changes;
  for (std::size_t i = 0; i < count; ++i) {
    const PgQuery__DefElem& option = *options[i]->def_elem;
    const std::string name = option.defname;
    if (name == "as") {
      const PgQuery__TypeName& type_name = *option.arg->type_name;
      value::TypeId type = resolve_column_type(type_name).id;
      if (changes.type) {
        throw SqlError(sqlstate::kSyntaxError, "conflicting or redundant options", {}, {}, option.location + 1);
      }
      if (type != value::TypeId::kSmallint && type != value::TypeId::kInteger && type != value::TypeId::kBigint) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       for_identity ? "identity column type must be smallint, integer, or bigint"
                                    : "sequence type must be smallint, integer, or bigint");
      }
      changes.type = type;
    } else if (name == "increment") {
      set_once(changes.increment, int64_of(option), option);
    } else if (name == "start") {
      set_once(changes.start, int64_of(option), option);
    } else if (name == "restart") {
      set_once(changes.restart, optional_int64_of(option), option);
    } else if (name == "maxvalue") {
      set_once(changes.max_value, optional_int64_of(option), option);
    } else if (name == "minvalue") {
      set_once(changes.min_value, optional_int64_of(option), option);
    } else if (name == "cache") {
      set_once(changes.cache, int64_of(option), option);
    } else if (name == "cycle") {
      const PgQuery__Node* arg = option.arg;
      bool cycle = arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_BOOLEAN ? arg->boolean->boolval
                   : arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_INTEGER ? arg->integer->ival != 0
                                                                                       : true;
      set_once(changes.cycle, cycle, option);
    } else if (name == "owned_by") {
      std::vector<std::string> names;
      if (option.arg != nullptr && option.arg->node_case == PG_QUERY__NODE__NODE_LIST) {
        for (std::size_t n = 0; n < option.arg->list->n_items; ++n) names.push_back(string_of(option.arg->list->items[n]));
      }
      set_once(changes.owned_by, std::move(names), option);
    } else if (name == "sequence_name") {
      if (!for_identity) {
        throw SqlError(sqlstate::kSyntaxError, "invalid sequence option SEQUENCE NAME", {}, {}, option.location + 1);
      }
      std::string qualified;
      if (option.arg != nullptr && option.arg->node_case == PG_QUERY__NODE__NODE_LIST) {
        const auto& list = *option.arg->list;
        qualified = string_of(list.items[list.n_items - 1]);
      }
      set_once(changes.sequence_name, std::move(qualified), option);
    } else {
      throw SqlError(sqlstate::kFeatureNotSupported, "sequence option \"" + name + "\" is not supported");
    }
  }
  return changes;
}

ResolvedSequenceOptions resolve_sequence_options(const storage::SequenceOptions* current,
                                                 std::int64_t current_last_value,
                                                 const SequenceOptionChanges& changes) {
  using storage::sequence_type_max;
  using storage::sequence_type_min;
  const bool init = current == nullptr;
  storage::SequenceOptions options = init ? storage::SequenceOptions{} : *current;
  auto invalid = [](std::string message) { throw SqlError(sqlstate::kInvalidParameterValue, std::move(message)); };
  bool reset_max = false, reset_min = false;
  if (changes.type) {
    if (!init) {
      // Bounds at the old type's limits follow the type, unless given.
      reset_max = options.max_value == sequence_type_max(options.type);
      reset_min = options.min_value == sequence_type_min(options.type);
    }
    options.type = *changes.type;
  } else if (init) {
    options.type = value::TypeId::kBigint;
  }
  if (changes.increment) {
    if (*changes.increment == 0) invalid("INCREMENT must not be zero");
    options.increment = *changes.increment;
  } else if (init) {
    options.increment = 1;
  }
  if (changes.cycle) {
    options.cycle = *changes.cycle;
  } else if (init) {
    options.cycle = false;
  }
  if (changes.max_value && *changes.max_value) {
    options.max_value = **changes.max_value;
  } else if (init || changes.max_value || reset_max) {
    options.max_value = options.increment > 0 || reset_max ? sequence_type_max(options.type) : -1;
  }
  if (options.max_value < sequence_type_min(options.type) || options.max_value > sequence_type_max(options.type)) {
    invalid("MAXVALUE (" + std::to_string(options.max_value) + ") is out of range for sequence data type " +
            sequence_type_name(options.type));
  }
  if (changes.min_value && *changes.min_value) {
    options.min_value = **changes.min_value;
  } else if (init || changes.min_value || reset_min) {
    options.min_value = options.increment < 0 || reset_min ? sequence_type_min(options.type) : 1;
  }
  if (options.min_value < sequence_type_min(options.type) || options.min_value > sequence_type_max(options.type)) {
    invalid("MINVALUE (" + std::to_string(options.min_value) + ") is out of range for sequence data type " +
            sequence_type_name(options.type));
  }
  if (options.min_value >= options.max_value) {
    invalid("MINVALUE (" + std::to_string(options.min_value) + ") must be less than MAXVALUE (" +
            std::to_string(options.max_value) + ")");
  }
  if (changes.start) {
    options.start = *changes.start;
  } else if (init) {
    options.start = options.increment > 0 ? options.min_value : options.max_value;
  }
  if (options.start < options.min_value) {
    invalid("START value (" + std::to_string(options.start) + ") cannot be less than MINVALUE (" +
            std::to_string(options.min_value) + ")");
  }
  if (options.start > options.max_value) {
    invalid("START value (" + std::to_string(options.start) + ") cannot be greater than MAXVALUE (" +
            std::to_string(options.max_value) + ")");
  }
  ResolvedSequenceOptions resolved;
  std::int64_t last_value = current_last_value;
  if (changes.restart) {
    last_value = *changes.restart ? **changes.restart : options.start;
    resolved.restart = storage::SequenceState{last_value, 0, false};
  } else if (init) {
    last_value = options.start;
    resolved.restart = storage::SequenceState{last_value, 0, false};
  }
  if (last_value < options.min_value) {
    invalid("RESTART value (" + std::to_string(last_value) + ") cannot be less than MINVALUE (" +
            std::to_string(options.min_value) + ")");
  }
  if (last_value > options.max_value) {
    invalid("RESTART value (" + std::to_string(last_value) + ") cannot be greater than MAXVALUE (" +
            std::to_string(options.max_value) + ")");
  }
  if (changes.cache) {
    if (*changes.cache <= 0) invalid("CACHE (" + std::to_string(*changes.cache) + ") must be greater than zero");
    options.cache = *changes.cache;
  } else if (init) {
    options.cache = 1;
  }
  resolved.options = options;
  return resolved;
}

}  // namespace ptreedb::planner
