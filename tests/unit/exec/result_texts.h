// Evaluated vectors as a client would read them, for the exec unit tests.
#pragma once

#include <string>

#include "exec/evaluate.h"
#include "storage/sql_error.h"

namespace ptreedb::exec::testing {

// The values comma-separated: NULL, t/f for booleans, else the type's text.
inline std::string result_texts(const Vector& result) {
  std::string out;
  for (std::size_t i = 0; i < result.size(); ++i) {
    if (i > 0) out += ",";
    if (result.nulls[i]) {
      out += "NULL";
    } else if (result.type.id == value::TypeId::kBoolean) {
      out += result.ints[i] ? "t" : "f";
    } else {
      append_text(out, result, i);
    }
  }
  return out;
}

// `expr` over `input` as result_texts, or "ERROR <sqlstate>: <message>";
// `holds_units` tells whether a numeric result kept int64 units.
inline std::string evaluated_texts(const planner::BoundExpression& expr, const Chunk& input,
                                   bool* holds_units = nullptr) {
  try {
    Vector result = evaluate(expr, input);
    if (holds_units != nullptr) *holds_units = result.holds_units();
    return result_texts(result);
  } catch (const SqlError& error) {
    return "ERROR " + error.sqlstate() + ": " + error.what();
  }
}

}  // namespace ptreedb::exec::testing
