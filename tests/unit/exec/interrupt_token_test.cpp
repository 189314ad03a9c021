#include "exec/interrupt_token.h"

#include <thread>

#include <catch2/catch.hpp>

#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::exec::InterruptScope;
using ptreedb::exec::InterruptToken;
using ptreedb::exec::check_interrupt;
using ptreedb::exec::current_interrupt_token;
using namespace std::chrono_literals;

namespace {

std::string message_of(const InterruptToken& token) {
  try {
    token.check();
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "57014");
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a cancel ends the running statement with 57014") {
  InterruptToken token;
  InterruptScope scope(&token, 0ms);
  CHECK(current_interrupt_token() == &token);
  CHECK_NOTHROW(check_interrupt(current_interrupt_token()));
  std::thread([&] { token.request_cancel(); }).join();
  CHECK(message_of(token) == "canceling statement due to user request");
}

TEST_CASE("a cancel that arrives between statements does not reach the next one") {
  InterruptToken token;
  token.request_cancel();
  InterruptScope scope(&token, 0ms);
  CHECK(message_of(token).empty());
}

TEST_CASE("the statement timeout trips once its deadline passes") {
  InterruptToken token;
  {
    InterruptScope scope(&token, 20ms);
    CHECK(message_of(token).empty());
    std::this_thread::sleep_for(30ms);
    CHECK(message_of(token) == "canceling statement due to statement timeout");
  }
  // Outside a statement nothing is armed and no token is current.
  CHECK(current_interrupt_token() == nullptr);
  CHECK(message_of(token).empty());
  CHECK_NOTHROW(check_interrupt(nullptr));
}

TEST_CASE("a nested scope keeps the outer statement's deadline") {
  InterruptToken token;
  InterruptScope outer(&token, 20ms);
  { InterruptScope inner(&token, 0ms); }
  std::this_thread::sleep_for(30ms);
  CHECK(message_of(token) == "canceling statement due to statement timeout");
}
