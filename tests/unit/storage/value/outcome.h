// Test helper: runs a value function and renders what a client would see, so
// expectations can be written as the literal text PostgreSQL 15 printed for
// the same input: the result text, or "ERROR <sqlstate>: <message>" followed by
// " DETAIL: ..." / " HINT: ..." when PostgreSQL sent those.
#pragma once

#include <string>
#include <utility>

#include "storage/sql_error.h"

namespace ptreedb::value::testing {

template <class Produce>
std::string outcome(Produce&& produce) {
  try {
    return std::string(std::forward<Produce>(produce)());
  } catch (const SqlError& error) {
    std::string text = "ERROR " + error.sqlstate() + ": " + error.what();
    if (!error.detail().empty()) text += " DETAIL: " + error.detail();
    if (!error.hint().empty()) text += " HINT: " + error.hint();
    return text;
  }
}

// One input and the text PostgreSQL produced for it.
struct Expectation {
  const char* input;
  const char* expected;
};

}  // namespace ptreedb::value::testing
