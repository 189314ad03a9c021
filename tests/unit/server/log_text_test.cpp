// Client text in log lines: one printable line, read back unambiguously.
#include "server/log_text.h"

#include <catch2/catch.hpp>
#include <string>

using ptreedb::server::log_text;

TEST_CASE("printable text, UTF-8 included, is kept") {
  CHECK(log_text("alice") == "alice");
  CHECK(log_text("caf\xc3\xa9 \xf0\x9f\x98\x80") == "caf\xc3\xa9 \xf0\x9f\x98\x80");
}

TEST_CASE("line breaks and control characters cannot start a new log line") {
  CHECK(log_text("x\nFAKE LOG LINE") == "x\\nFAKE LOG LINE");
  CHECK(log_text("x\r\ty") == "x\\r\\ty");
  CHECK(log_text("\x1b[2J") == "\\x1b[2J");
  CHECK(log_text(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(log_text("\x7f") == "\\x7f");
  CHECK(log_text("a\xc2\x85" "b") == "a\\x85b");            // NEL, a C1 control
  CHECK(log_text("a\xe2\x80\xa8" "b") == "a\\u2028b");      // line separator
}

TEST_CASE("escapes stay unambiguous and invalid bytes are shown as hex") {
  CHECK(log_text("a\\nb") == "a\\\\nb");
  CHECK(log_text("\xff\xc3\x28") == "\\xff\\xc3(");
}
