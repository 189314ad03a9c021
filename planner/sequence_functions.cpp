#include "planner/sequence_functions.h"

#include "planner/catalog/catalog_functions.h"
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"
#include "planner/privileges.h"
#include "planner/relation_names.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {
namespace {

thread_local std::shared_ptr<storage::SequenceSession> installed_session;

// Without a session installed (unit tests, tools) one memory serves the process.
std::shared_ptr<storage::SequenceSession> current_sequence_session() {
  if (installed_session) return installed_session;
  static auto process_session = std::make_shared<storage::SequenceSession>();
  return process_session;
}

const value::SqlType kBigintType = value::SqlType::of(value::TypeId::kBigint);

// regclass input: a name, possibly schema-qualified (split_qualified_name).
std::string relation_name_of(const std::string& text, const storage::World& world) {
  std::vector<std::string> parts = split_qualified_name(text);
  if (parts.size() == 2 && parts[0] != "public" && parts[0] != "pg_catalog") {
    if (auto key = relation_key_of(world, parts[0], parts[1])) return *key;
    throw SqlError("3F000", "schema \"" + parts[0] + "\" does not exist");
  }
  if (parts.size() == 1) return resolve_unqualified_relation(world, parts[0]).value_or(parts[0]);
  return parts.size() <= 2 ? parts.back() : "";
}

// The sequence a regclass argument names: a string ('s', 'public.s'), or an
// oid ('s'::regclass binds to one).
std::shared_ptr<const storage::SequenceDefinition> sequence_argument(BoundExpression arg, const std::string& function,
                                                                     int location) {
  const storage::World* world = catalog::PlanningWorld::current();
  if (world == nullptr) throw SqlError(sqlstate::kInternalError, "no catalog to look sequences up in");
  // A bound text parameter arrives as a cast of its text.
  while (arg.kind == ExprKind::kCast && arg.args.size() == 1 && value::is_character_type(arg.type.id) &&
         (arg.args[0].unknown_literal || value::is_character_type(arg.args[0].type.id))) {
    BoundExpression inner = std::move(arg.args[0]);
    arg = std::move(inner);
  }
  if (arg.kind != ExprKind::kConstant) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   function + " with an argument that is not a constant is not supported", {}, {}, location + 1);
  }
  if (arg.unknown_literal || value::is_character_type(arg.type.id)) {
    if (arg.constant.is_null) return nullptr;
    const std::string name = relation_name_of(arg.constant.text_value, *world);
    if (auto sequence = world->find_sequence(name)) return sequence;
    if (storage::relation_kind(*world, name)) {
      throw SqlError("42809", "\"" + name + "\" is not a sequence");
    }
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + (name.empty() ? arg.constant.text_value : name) + "\" does not exist", {}, {},
                   location + 1);
  }
  if (!value::is_integer_type(arg.type.id)) {
    throw SqlError("42883", "function " + function + "(" + value::format_type(arg.type) + ") does not exist", {},
                   "No function matches the given name and argument types. You might need to add explicit type casts.",
                   location + 1);
  }
  if (arg.constant.is_null) return nullptr;
  const auto oid = static_cast<std::uint32_t>(arg.constant.int_value);
  if (auto sequence = world->find_sequence(oid)) return sequence;
  for (auto entry : world->tables()) {
    if (entry.value->schema().oid() == oid) throw SqlError("42809", "\"" + entry.key + "\" is not a sequence");
  }
  for (auto entry : world->views()) {
    if (entry.value->oid == oid) throw SqlError("42809", "\"" + entry.key + "\" is not a sequence");
  }
  throw SqlError(sqlstate::kUndefinedTable, "could not open relation with OID " + std::to_string(oid));
}

}  // namespace

SequenceSessionScope::SequenceSessionScope(std::shared_ptr<storage::SequenceSession> session)
    : previous_(std::move(installed_session)) {
  installed_session = std::move(session);
}

SequenceSessionScope::~SequenceSessionScope() { installed_session = std::move(previous_); }

std::optional<BoundExpression> bind_sequence_function(const std::string& name, std::vector<BoundExpression>& args,
                                                      int location) {
  SequenceFunction function;
  std::size_t arity_min = 1, arity_max = 1;
  if (name == "nextval") {
    function = SequenceFunction::kNextval;
  } else if (name == "currval") {
    function = SequenceFunction::kCurrval;
  } else if (name == "setval") {
    function = SequenceFunction::kSetval;
    arity_min = 2;
    arity_max = 3;
  } else if (name == "lastval") {
    function = SequenceFunction::kLastval;
    arity_min = arity_max = 0;
  } else {
    return std::nullopt;
  }
  if (args.size() < arity_min || args.size() > arity_max) throw_wrong_arguments(name, location);
  auto call = std::make_shared<SequenceCall>();
  call->function = function;
  call->session = current_sequence_session();
  std::vector<BoundExpression> values;
  const storage::World* world = catalog::PlanningWorld::current();
  if (function != SequenceFunction::kLastval) {
    call->sequence = sequence_argument(std::move(args[0]), name, location);
    if (!call->sequence) {  // NULL::regclass: a strict function's NULL
      BoundExpression null;
      null.type = kBigintType;
      return null;
    }
    // PostgreSQL's checks: nextval USAGE or UPDATE, currval SELECT or USAGE, setval UPDATE.
    const std::uint32_t any_of = function == SequenceFunction::kNextval   ? storage::kPrivUsage | storage::kPrivUpdate
                                 : function == SequenceFunction::kCurrval ? storage::kPrivSelect | storage::kPrivUsage
                                                                          : storage::kPrivUpdate;
    check_sequence_privilege(*world, call->sequence->oid, storage::split_relation_key(call->sequence->name).relation,
                             any_of, true);
  } else if (auto last = call->session->last_used(); last && world != nullptr) {
    auto sequence = world->find_sequence(*last);
    // A dropped sequence leaves lastval undefined, as in PostgreSQL.
    if (sequence == nullptr) throw SqlError("55000", "lastval is not yet defined in this session");
    check_sequence_privilege(*world, *last, storage::split_relation_key(sequence->name).relation,
                             storage::kPrivSelect | storage::kPrivUsage, true);
  }
  if (function == SequenceFunction::kSetval) {
    values.push_back(coerce(resolve_unknown(std::move(args[1]), kBigintType), kBigintType, false));
    if (args.size() == 3) {
      const value::SqlType boolean = value::SqlType::of(value::TypeId::kBoolean);
      values.push_back(coerce(resolve_unknown(std::move(args[2]), boolean), boolean, false));
    }
  }
  BoundExpression node = function_node(FunctionId::kSequenceCall, kBigintType, std::move(values));
  node.sequence_call = std::move(call);
  return node;
}

}  // namespace ptreedb::planner
