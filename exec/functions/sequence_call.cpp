// nextval, currval, setval, lastval, row by row: each row draws its own
// value from the sequence's counter (a short lock; a log record every 32
// values), and the session remembers it for currval and lastval.
#include "exec/functions/function_kernel.h"
#include "planner/sequence_functions.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

using planner::SequenceFunction;

Vector evaluate_sequence_call(const planner::BoundExpression& expr, const Chunk& input) {
  const planner::SequenceCall& call = *expr.sequence_call;
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector result = new_result(expr.type, input.size);
  const storage::SequenceDefinition* sequence = call.sequence.get();
  for (std::size_t i = 0; i < input.size; ++i) {
    switch (call.function) {
      case SequenceFunction::kNextval: {
        std::int64_t value = sequence->counter->next_value(sequence->options, sequence->name);
        call.session->remember_next(sequence->oid, value);
        result.ints[i] = value;
        break;
      }
      case SequenceFunction::kCurrval: {
        auto value = call.session->current(sequence->oid);
        if (!value) {
          throw SqlError("55000", "currval of sequence \"" + sequence->name + "\" is not yet defined in this session");
        }
        result.ints[i] = *value;
        break;
      }
      case SequenceFunction::kLastval: {
        auto value = call.session->last();
        if (!value) throw SqlError("55000", "lastval is not yet defined in this session");
        result.ints[i] = *value;
        break;
      }
      case SequenceFunction::kSetval: {
        // A strict function: NULL arguments give NULL and set nothing.
        if (args[0].is_null(i) || (args.size() > 1 && args[1].is_null(i))) {
          result.nulls[i] = 1;
          break;
        }
        const std::int64_t value = args[0].ints[i];
        const bool is_called = args.size() > 1 ? args[1].ints[i] != 0 : true;
        sequence->counter->set_value(sequence->options, sequence->name, value, is_called);
        if (is_called) call.session->remember_set(sequence->oid, value);
        result.ints[i] = value;
        break;
      }
    }
  }
  return result;
}

std::string explain_sequence_call(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  const planner::SequenceCall& call = *expr.sequence_call;
  switch (call.function) {
    case SequenceFunction::kNextval: return "nextval('" + call.sequence->name + "'::regclass)";
    case SequenceFunction::kCurrval: return "currval('" + call.sequence->name + "'::regclass)";
    case SequenceFunction::kLastval: return "lastval()";
    case SequenceFunction::kSetval:
      return "setval('" + call.sequence->name + "'::regclass, " + printer.arguments(expr, 0) + ")";
  }
  return "nextval()";
}

}  // namespace

const FunctionKernel kSequenceCallKernel{planner::FunctionId::kSequenceCall, evaluate_sequence_call,
                                         explain_sequence_call};

}  // namespace ptreedb::exec
